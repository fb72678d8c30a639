"""build.py: what dist/ holds, the lock file, reproducibility, and how it is served."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import re
import shutil
import socket
import struct
import subprocess
import sys
import threading
import urllib.request
import zipfile
from pathlib import Path

import build
import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="builds need subprocesses")


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("build") / "dist"
    build.build(out)
    return out


def _files(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_dist_holds_only_what_the_app_needs(dist):
    names = set(_files(dist))
    assert {"index.html", "sw.js", "manifest.webmanifest", "pyscript.json", "main.py", "app.css"} <= names
    assert {f"pyodide/{name}" for name in build.PYODIDE_FILES} <= names
    assert not [n for n in names if n.endswith(".map")], "no source maps"
    assert not [n for n in names if "console" in n], "no Pyodide consoles"
    pyscript = sorted(n.split("/")[1].split("-")[0] for n in names if n.startswith("pyscript/"))
    assert pyscript == ["core", "core.js", "error"], "no editor, terminal or other unused PyScript chunks"
    assert not [n for n in names if n.endswith((".d.ts", "package.json", "README.md", ".svg"))]


def test_the_style_is_its_parts_joined_in_order_into_one_file(dist):
    web = build.ROOT / "web"
    parts = [web / part for part in build.STYLES]
    assert sorted(parts) == sorted(web.rglob("*.css")), "every part is joined, once"
    assert all(part.read_text(encoding="utf-8").startswith("/*") for part in parts), "each says what it holds"
    assert (dist / "app.css").read_bytes() == b"".join(part.read_bytes() for part in parts)
    assert [path.name for path in dist.rglob("*.css")] == ["app.css"], "the parts are not served: one request"


def test_the_lock_file_names_the_shipped_wheels_with_their_hashes(dist):
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    stock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"] == stock["info"]
    # Only what dist/ ships, loaded by Pyodide itself (no micropip needed): the engine, and
    # the wheels loaded on demand (segno, for QR codes), at their pinned versions and bytes.
    assert set(lock["packages"]) == {"phase10", "segno"}
    for name, entry in lock["packages"].items():
        wheel = dist / "pyodide" / entry["file_name"]
        assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
        assert entry["imports"] == [name] and entry["depends"] == []
    assert build.ON_DEMAND_WHEELS == {
        "segno": ("1.6.6", "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7")
    }
    segno = lock["packages"]["segno"]
    assert segno["file_name"] == "segno-1.6.6-py3-none-any.whl"
    assert segno["sha256"] == build.ON_DEMAND_WHEELS["segno"][1]
    wheels = sorted(p.name for p in (dist / "pyodide").glob("*.whl"))
    assert wheels == sorted(entry["file_name"] for entry in lock["packages"].values())
    requirements = (ROOT / "tests" / "requirements.txt").read_text().split()
    assert "segno==1.6.6" in requirements, "the CPython tests draw with the version the app ships"


def test_the_qr_code_reader_is_the_pinned_jsqr_as_a_module(dist):
    """The scanner's decoder for browsers without BarcodeDetector: jsQR at the exact version
    the lock file pins, its build unchanged between the module's two lines around it."""
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert package["dependencies"]["jsqr"] == "1.4.0", "pinned exactly"
    assert lock["packages"]["node_modules/jsqr"]["version"] == "1.4.0"
    reader = (dist / build.QR_READER).read_text(encoding="utf-8")
    source = (ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js").read_text(encoding="utf-8")
    assert reader.startswith("// jsQR 1.4.0 (npm jsqr; Apache-2.0")
    assert source.rstrip() in reader and reader.endswith("export default module.exports;\n")
    scanner = (dist / "scanner.js").read_text()
    assert f'const READER = "./{build.QR_READER}";' in scanner, "the path the scanner imports"
    assert "http" not in scanner.replace("https://www.apache.org", ""), "nothing from another origin"


# A file run as a classic script (vm.Script) in a context with a document: prints "classic"
# if it defined the named function, else what went wrong (an error's name: the error's own
# message would quote the 1.2 MB line it is on).
RUN_GLUE_IN_NODE = r"""
const fs = require("fs"), vm = require("vm");
const text = fs.readFileSync(process.argv[1], "utf8");
const context = vm.createContext({ document: { currentScript: { src: "http://127.0.0.1/pyodide/x.js" } } });
context.globalThis = context;
try {
  new vm.Script(text).runInContext(context);
  process.stdout.write(typeof context[process.argv[2]] === "function" ? "classic" : "no function");
} catch (error) {
  process.stdout.write(error.name);
}
"""


def _node(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["node", *arguments], check=False, capture_output=True, text=True, timeout=60)


def test_pyodides_javascript_ships_as_a_classic_script_that_also_loads_as_a_module(dist, tmp_path):
    """Chromium keeps compiled code for the classic script a service worker caches, never for
    a module from its cache: the page runs pyodide.asm.mjs as build.py's classic copy, the
    stock text but for its export (an assignment) and import.meta.url (its own address)."""
    stock = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    glue = (dist / "pyodide" / build.CLASSIC_GLUE).read_text(encoding="utf-8")
    assert build.classic_glue(stock) == glue
    body = glue[glue.index("async function _createPyodideModule") : glue.rindex("\n})();")]
    assigned = f"globalThis.{build.GLUE_GLOBAL} = _createPyodideModule;"
    expected = stock.replace("export default _createPyodideModule;", assigned)
    assert body == expected.replace("import.meta.url", "glueURL").rstrip()
    for name, text in (("glue.js", glue), ("glue.mjs", glue), ("stock.js", stock)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    run = _node("-e", RUN_GLUE_IN_NODE, str(tmp_path / "glue.js"), build.GLUE_GLOBAL)
    assert run.stdout == "classic", run.stderr[-2000:]
    assert _node("--check", str(tmp_path / "glue.mjs")).returncode == 0, "and a module"
    refused = _node("-e", RUN_GLUE_IN_NODE, str(tmp_path / "stock.js"), build.GLUE_GLOBAL)
    assert refused.stdout == "SyntaxError", "the stock module is no classic script"


@pytest.mark.parametrize(
    "module",
    [
        "async function _createPyodideModule(){}",  # no export
        "async function _createPyodideModule(){}"
        "export default _createPyodideModule;export default _createPyodideModule;",
        "async function _createPyodideModule(){import.meta.resolve('x')}export default _createPyodideModule;",
        'import x from "y";\nasync function _createPyodideModule(){}export default _createPyodideModule;',
        "async function _createPyodideModule(){}export default _createPyodideModule;\nexport const y = 1;",
    ],
    ids=["no export", "two exports", "import.meta.resolve", "a static import", "another export"],
)
def test_a_pyodide_of_another_shape_stops_the_build(module):
    """A Pyodide update that changes the glue's shape stops the build, saying so, rather than
    shipping a copy that fails as the app starts."""
    with pytest.raises(SystemExit, match=r"not the shape build\.py's classic_glue expects"):
        build.classic_glue(module)


def test_a_pinned_wheel_with_other_bytes_fails_the_build(tmp_path, monkeypatch):
    """A copy in the cache that is not the pinned bytes is fetched again; a download that
    is not them either stops the build, saying which wheel and both hashes."""
    downloads = []

    def download(*command, env=None):  # pip download, writing other bytes
        dest = Path(command[command.index("--dest") + 1])
        (dest / "segno-1.6.6-py3-none-any.whl").write_bytes(b"other bytes")
        downloads.append(command)

    monkeypatch.setattr(build, "CACHE", tmp_path)
    monkeypatch.setattr(build, "run", download)
    (tmp_path / "wheels").mkdir()
    kept = tmp_path / "wheels" / "segno-1.6.6-py3-none-any.whl"
    kept.write_bytes(b"not the wheel")
    other = hashlib.sha256(b"other bytes").hexdigest()
    with pytest.raises(SystemExit, match=f"segno-1.6.6-py3-none-any.whl has sha256 {other}, not the 0{{64}}"):
        build.pinned_wheel("segno", "1.6.6", "0" * 64)
    assert len(downloads) == 1 and "segno==1.6.6" in downloads[0]
    assert not kept.exists(), "the damaged copy is not kept"


def test_the_service_worker_precaches_every_file_with_its_hash(dist):
    worker = (dist / "sw.js").read_text()
    files = _files(dist)
    del files["sw.js"]
    # Only the fallback to a precompiled library that fails, fetched when needed, and the
    # stock module glue (only the start-up benchmark's bare page loads it).
    assert build.NOT_PRECACHED == ("pyodide/python_stdlib.zip", "pyodide/pyodide.asm.mjs")
    for name in build.NOT_PRECACHED:
        del files[name]
    # And what is loaded on demand, the wheels and the QR code reader: kept once a screen
    # first asks, never on a first visit.
    assert build.QR_READER == "decoder/jsqr.mjs"
    later = ("pyodide/segno-1.6.6-py3-none-any.whl", build.QR_READER)
    on_demand = {name: files.pop(name) for name in later}
    start = worker.index("const ON_DEMAND = ") + len("const ON_DEMAND = ")
    assert json.loads(worker[start : worker.index(";\nconst PRECACHE")]) == on_demand
    start = worker.index("const PRECACHE = ") + len("const PRECACHE = ")
    precache = json.loads(worker[start : worker.index(";\nconst CACHE")])
    assert precache == files
    build_id = (dist / "index.html").read_text().split('name="app-build" content="')[1][:16]
    assert f'const BUILD = "{build_id}"' in worker


def test_the_build_is_reproducible(dist, tmp_path):
    again = tmp_path / "dist"
    build.build(again)
    assert _files(again) == _files(dist)


def test_a_note_changes_the_build_id(dist, tmp_path):
    noted = tmp_path / "dist"
    first = (dist / "index.html").read_text()
    build.build(noted, note="<b>x</b>")
    page = (noted / "index.html").read_text()
    assert page != first
    assert "&lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_and_icons(dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Ten Phases" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["theme_color"] and manifest["background_color"]
    icons = {(icon["sizes"], icon["purpose"]): icon["src"] for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _), src in icons.items():
        size = int(sizes.split("x")[0])
        assert _png_size(dist / src) == (size, size)
    assert _png_size(dist / "icons" / "apple-touch-icon.png") == (180, 180)
    assert 'rel="apple-touch-icon" href="./icons/apple-touch-icon.png"' in (dist / "index.html").read_text()


def test_the_server_sends_the_right_types(dist):
    server = build.make_server(dist, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        expected = {
            "pyodide/pyodide.asm.wasm": "application/wasm",
            "pyodide/pyodide.mjs": "text/javascript",
            "manifest.webmanifest": "application/manifest+json",
            "sw.js": "text/javascript",
            "index.html": "text/html",
        }
        for path, mime in expected.items():
            with urllib.request.urlopen(base + path) as response:
                assert response.headers.get_content_type() == mime, path
    finally:
        server.shutdown()
        server.server_close()


def _hang_up_during(port: int, path: str) -> None:
    """Ask for ``path`` and hang up after its first bytes, as a browser drops a download it
    no longer wants: a reset (linger 0), with a small receive buffer so the answer is cut."""
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        connection.sendall(f"GET /{path} HTTP/1.0\r\n\r\n".encode())
        assert connection.recv(12).startswith(b"HTTP/1.0 200")
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def test_a_browser_hanging_up_is_no_error_of_the_servers(dist, capfd):
    server = build.make_server(dist, 0)
    answered = threading.Semaphore(0)
    finish = server.shutdown_request

    def finished(request):  # the last step of each request's thread, after any error
        finish(request)
        answered.release()

    server.shutdown_request = finished
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    try:
        for _ in range(3):
            _hang_up_during(port, "pyodide/pyodide.asm.wasm")
        for _ in range(3):
            assert answered.acquire(timeout=10), "a request's thread did not finish"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/sw.js") as response:
            assert response.status == 200, "the server stopped answering"
    finally:
        server.shutdown()
        server.server_close()
    printed = capfd.readouterr().err
    assert "Traceback" not in printed and "Exception occurred" not in printed, printed


def test_the_server_still_prints_its_own_errors(dist, capfd):
    server = build.make_server(dist, 0)
    try:
        try:
            raise ValueError("a fault of the server's")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))  # type: ignore[arg-type]
    finally:
        server.server_close()
    printed = capfd.readouterr().err
    assert "ValueError: a fault of the server's" in printed and "Traceback" in printed


def test_the_standard_library_is_shipped_precompiled_by_pyodides_python(dist):
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as stock:
        sources = {name for name in stock.namelist() if name.endswith(".py")}
    with zipfile.ZipFile(dist / "pyodide" / build.PRECOMPILED_STDLIB) as built:
        names = set(built.namelist())
        headers = {built.read(name)[:8] for name in names if name.endswith(".pyc")}
    assert {f"{name}c" for name in sources} <= names, "every module of the stock library, compiled"
    assert not [name for name in names if name.endswith(".py")], "bytecode only"
    # One Python wrote them all, and not the host's (3.11 cannot write 3.14 bytecode):
    # unchecked hash-based .pyc (flags 1), so no timestamp makes two builds differ.
    assert len(headers) == 1
    (header,) = headers
    assert header[:4] != importlib.util.MAGIC_NUMBER
    assert int.from_bytes(header[4:8], "little") == 1


def test_the_page_preloads_only_files_the_build_has(dist):
    page = (dist / "index.html").read_text()
    linked = re.findall(r'<(?:link|script)[^>]*(?:href|src)="\./([^"]+)"', page)
    assert "pyodide/python_stdlib.pyc.zip" in linked and "interpreter.js" in linked
    assert [name for name in linked if not (dist / name).is_file()] == []
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["interpreter"] == "./interpreter.js"
    module = (dist / "interpreter.js").read_text()
    assert "__PRECOMPILED_STDLIB__" not in module and "__SNAPSHOT_NAME__" not in module
    assert "__UI_BUNDLE__" not in module and f'"./{build.UI_BUNDLE}"' in module
    assert build.PRECOMPILED_STDLIB in module and ".snapshot" in module


def test_the_uis_modules_and_catalogues_come_as_one_file(dist):
    bundle = json.loads(gzip.decompress((dist / build.UI_BUNDLE).read_bytes()))
    assert bundle["format"] == build.UI_BUNDLE_FORMAT
    web = ROOT / "web"
    expected = {
        path.relative_to(web).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted((web / "ui").rglob("*"))
        if path.suffix in {".py", ".json"} and "__pycache__" not in path.parts
    }
    assert "ui/shell/app.py" in expected and "ui/kit/messages/es.json" in expected
    assert bundle["files"] == expected, "every module and catalogue, as written"
    assert not (dist / "ui").exists(), "and not also one by one"
    assert "files" not in json.loads((dist / "pyscript.json").read_text()), "PyScript fetches none"
    assert (dist / "main.py").is_file()


# sw.js's servedPage run in Node on the built sw.js and index.html, with the copy of the kept
# screen (web/platform.js's keepFirstScreen) stubbed in the Cache API.
SERVE_IN_NODE = r"""
const fs = require("fs");
const [worker, index, cases] = JSON.parse(fs.readFileSync(0, "utf8"));
globalThis.self = { location: new URL("http://127.0.0.1:8000/sw.js"), addEventListener() {} };
let copy;
globalThis.caches = {
  match: async (url, options) =>
    url === "http://127.0.0.1:8000/first-screen" && options?.cacheName === "ten-phases/first-screen"
      ? copy
      : undefined,
};
const { servedPage } = new Function(fs.readFileSync(worker, "utf8") + "\nreturn { servedPage };")();
(async () => {
  const out = [];
  for (const kept of cases) {
    copy = kept && new Response(kept.text, { headers: { "x-first-screen-stamp": kept.stamp } });
    const page = new Response(fs.readFileSync(index, "utf8"), { headers: { "content-type": "text/html" } });
    const served = await servedPage(page, kept?.address ?? "http://127.0.0.1:8000/?seed=7");
    out.push({ text: await served.text(), type: served.headers.get("content-type") });
  }
  console.log(JSON.stringify(out));
})();
"""


def _served_pages(dist: Path, cases: list[dict[str, str] | None]) -> list[dict[str, str]]:
    """The page sw.js answers a start with, for each copy of a kept screen (None: no copy)
    and the address it is asked for (the copy's "address", or the app's own)."""
    arguments = json.dumps([str(dist / "sw.js"), str(dist / "index.html"), cases])
    out = subprocess.run(
        ["node", "-e", SERVE_IN_NODE], input=arguments, capture_output=True, text=True, check=True, timeout=60
    )
    return list(json.loads(out.stdout))


def _kept_copy(build_id: str, stamp: str = "0123abcd", **changes: object) -> dict[str, str]:
    record: dict[str, object] = {
        "format": 1,
        "build": build_id,
        "language": "es",
        "large_type": True,
        "screen": "home",
        "html": '<h1 class="title">Diez $& fases $1</h1>',
    }
    return {"text": json.dumps(record | changes), "stamp": stamp}


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the service worker's function")
def test_the_service_worker_serves_the_page_with_the_kept_screen_of_its_build_only(dist):
    index = (dist / "index.html").read_text()
    build_id = index.split('name="app-build" content="')[1][:16]
    served, *refused = _served_pages(
        dist,
        [
            _kept_copy(build_id),
            None,
            _kept_copy("another-build"),
            _kept_copy(build_id, format=2),
            _kept_copy(build_id, stamp="not-a-stamp"),
            _kept_copy(build_id, language='en" onload="x'),
            _kept_copy(build_id, large_type="yes"),
            _kept_copy(build_id, html=["not", "html"]),
            _kept_copy(build_id, html="x" * 400_000),
            {"text": '{"format": 1, "html": ', "stamp": "0123abcd"},
            # A reload of the rules, which the page reopens, not the kept screen.
            _kept_copy(build_id) | {"address": "http://127.0.0.1:8000/?seed=7&over=rules"},
        ],
    )
    assert all(page == {"text": index, "type": "text/html"} for page in refused), "the page as it is"
    page = served["text"]
    assert served["type"] == "text/html"
    # The screen, verbatim ("$&" is text), in #app: inert and busy until boot.js has checked
    # it, stamped for that check; the page in its language and type size; the loading card
    # drawing nothing but its notice of scripts that never ran.
    app = '<main id="app" class="app" inert aria-busy="true" data-served="0123abcd">'
    assert f'{app}<h1 class="title">Diez $& fases $1</h1></main>' in page
    assert '<html lang="es" class="large-type" data-build=' in page
    assert '<div id="loading" class="loading" data-served role="status"' in page
    undone = (
        page.replace('<html lang="es" class="large-type"', '<html lang="en"')
        .replace('class="loading" data-served ', 'class="loading" ')
        .replace(f'{app}<h1 class="title">Diez $& fases $1</h1>', '<main id="app" class="app" hidden>')
    )
    assert undone == index, "nothing else of the page changes"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node compiles the standard library")
def test_two_builds_at_once_each_get_the_precompiled_library(tmp_path, monkeypatch):
    """The tests' two workers may both build first thing on a fresh clone: neither may
    rename the other's half-made library away from under it."""
    monkeypatch.setattr(build, "CACHE", tmp_path)
    made: list[Path] = []
    failed: list[BaseException] = []

    def compile_it() -> None:
        try:
            made.append(build.precompiled_stdlib(build.NODE_MODULES / "pyodide"))
        except BaseException as error:  # a SystemExit or a CalledProcessError alike
            failed.append(error)

    threads = [threading.Thread(target=compile_it) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failed == []
    assert len(made) == 2 and made[0] == made[1] and zipfile.is_zipfile(made[0])
    assert [path.name for path in (tmp_path / "stdlib").iterdir()] == [made[0].name], "no partial left"
