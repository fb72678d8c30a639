#!/usr/bin/env python3
"""Build the Ten Phases web app into dist/, and serve it.

    python3 build.py                      build dist/
    python3 build.py serve [--port 8000]  build, then serve dist/ on http://127.0.0.1:PORT

Inputs, all pinned: Pyodide and PyScript from package-lock.json (installed with
``npm ci`` when missing), the engine wheel built from pyproject.toml, and the wheels
loaded on demand (ON_DEMAND_WHEELS: version and sha256, fetched with ``pip download``).  The
same inputs give the same dist/, byte for byte: files are copied or generated
deterministically, and the wheel is built with a fixed SOURCE_DATE_EPOCH.

No micropip: with ``packages_cache: "passthrough"`` PyScript hands the engine
to Pyodide's own loader, which fetches it through the build's lock file and
checks its sha256, so micropip would only add start-up time and bytes.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache" / "build"
NODE_MODULES = ROOT / "node_modules"

# Wheels get this timestamp inside, so rebuilding the same source gives the same bytes.
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest a zip file can say

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Pyodide's standard library with every module compiled to bytecode at build time:
# the stock zip holds source only, so every start compiled Python's own start-up
# modules again. web/interpreter.js loads this one, and the stock zip if it fails.
PRECOMPILED_STDLIB = "python_stdlib.pyc.zip"
# Pyodide's JavaScript (pyodide.asm.mjs, 1.2 MB) made a classic script that also loads as
# a module (classic_glue). Chromium keeps the compiled code of a classic script that a
# service worker caches as it installs, and uses it at every start; a module script from
# a service worker's cache it parses afresh in every new browser (measured: docs/research/
# 2026-11-startup-history.md, the ninth look). The page and the snapshot worker load this
# copy and hand Pyodide the function it defines (loadPyodide's createPyodideModule).
CLASSIC_GLUE = "pyodide.asm.js"
GLUE_GLOBAL = "tenPhasesCreatePyodideModule"
# In dist/ but never fetched by the app: the stock library (web/interpreter.js's last
# resort, fetched only then) and the stock module glue, which only the start-up
# benchmark's bare page loads.
NOT_PRECACHED = ("pyodide/python_stdlib.zip", "pyodide/pyodide.asm.mjs")
# Pure-Python wheels from the package registry that the app loads only when a screen first
# needs one, never as it starts: name -> (version, sha256 of the wheel). ``pip download``
# fetches each into .cache/build/wheels, and a wheel that is not these bytes fails the
# build. Each goes into the lock file (Pyodide's loadPackage checks its sha256 too) and
# into the service worker's ON_DEMAND list: kept once fetched, so never a first visit's
# bytes, but offline from its first use on. segno draws the QR codes that pair phones.
ON_DEMAND_WHEELS = {
    "segno": ("1.6.6", "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"),
}
# The QR code reader for browsers without BarcodeDetector (web/scanner.js, which imports it
# from this path): jsQR, pinned in package-lock.json, pure JavaScript with no wasm (about a
# quarter of the bytes of ZXing's reader-only wasm, and nothing to compile or to locate), its
# UMD build made an ES module here. Like the on-demand wheels, it is not precached: the
# service worker keeps it once the first scan fetches it.
QR_READER = "decoder/jsqr.mjs"
# PyScript plugins the app switches off (config "plugins": "!name"); with them off,
# the page loads only core.js, its core chunk, and the error chunk.
PYSCRIPT_PLUGINS_OFF = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
PYSCRIPT_KEEP = ("core.js", "core-", "error-")
# The app's own JavaScript modules that its Python imports: web/platform.js settles
# the platform's promises before Pyodide sees them (see ui/shell/platform.py).
JS_MODULES = {"./platform.js": "platform"}

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".json": "application/json",
    ".gz": "application/gzip",
}


def run(*command: str | Path, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run([str(part) for part in command], cwd=ROOT, check=True, env=env)


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- inputs ------------------------------------------------------------------------------


def ensure_npm_packages(dev: bool = False) -> None:
    """``npm ci`` when node_modules does not match package-lock.json.

    The app needs only its own packages; the tests (``dev``) also need their
    devDependencies (the driver of Firefox).  The stamp says which were installed.
    """
    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".package-lock.sha256"
    digest = sha256_of(lock)
    installed = stamp.read_text().split() if stamp.exists() else []
    if installed[:1] == [digest] and (not dev or "dev" in installed):
        return
    if shutil.which("npm") is None:
        sys.exit("npm is missing: install Node.js 20 with npm, then run this again")
    run("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", *([] if dev else ["--omit=dev"]))
    stamp.write_text(f"{digest} {'dev' if dev else 'app'}")


def engine_wheel() -> Path:
    """The engine's wheel, built from pyproject.toml."""
    folder = CACHE / "engine"
    folder.mkdir(parents=True, exist_ok=True)
    # Built in a folder of its own, then renamed into place: two builds at once (the tests'
    # workers) must not empty each other's folder mid-build. The bytes are reproducible.
    out = Path(tempfile.mkdtemp(prefix=".build-", dir=folder))
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", out, ROOT, env=env)
    (built,) = out.glob("phase10-*.whl")
    wheel = folder / built.name
    built.replace(wheel)
    shutil.rmtree(out, ignore_errors=True)
    return wheel


def pinned_wheel(name: str, version: str, sha256: str) -> Path:
    """``name``'s wheel at ``version``, from the registry, whose bytes must hash to ``sha256``;
    kept in .cache/ (and fetched again if the copy there is not those bytes)."""
    folder = CACHE / "wheels"
    kept = sorted(folder.glob(f"{name}-{version}-*.whl"))
    if len(kept) == 1 and sha256_of(kept[0]) == sha256:
        return kept[0]
    for old in kept:
        old.unlink(missing_ok=True)
    folder.mkdir(parents=True, exist_ok=True)
    download = Path(tempfile.mkdtemp(prefix=".download-", dir=folder))  # its own, as above
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    # The tags ask for a pure-Python wheel that Pyodide's Python (3.14) can import.
    run(
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--python-version", "3.14", "--implementation", "py", "--abi", "none", "--platform", "any",
        "--dest", download, f"{name}=={version}", env=env,
    )  # fmt: skip
    (wheel,) = download.glob(f"{name}-{version}-*.whl")
    got = sha256_of(wheel)
    if got != sha256:
        sys.exit(
            f"{wheel.name} has sha256 {got}, not the {sha256} pinned in build.py's ON_DEMAND_WHEELS:"
            " the registry served other bytes. Check the release before changing the pin."
        )
    target = folder / wheel.name
    wheel.replace(target)
    shutil.rmtree(download, ignore_errors=True)
    return target


# --- the standard library, compiled by Pyodide's own Python ------------------------------

# Run inside Pyodide (in Node): the host's CPython cannot write Python 3.14 bytecode.
# Each module becomes an unchecked hash-based .pyc (no timestamps, so the zip is
# reproducible) at the path zipimport looks for, and its code keeps the source's
# name, as tracebacks would show it.
_COMPILE_STDLIB = """
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

prefix = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
with zipfile.ZipFile("/stock.zip") as stock, zipfile.ZipFile("/out.zip", "w") as out:
    for entry in sorted(stock.infolist(), key=lambda entry: entry.filename):
        name, data = entry.filename, stock.read(entry)
        if name.endswith(".py"):
            code = compile(data, prefix + name, "exec", dont_inherit=True)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            name += "c"
        info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
        info.external_attr = entry.external_attr
        info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
        out.writestr(info, data, compresslevel=9)
"""

# Then a second Pyodide starts from the new zip, to prove it boots and is used: a
# zip that would not start must fail the build, never a player's game.
_CHECK_STDLIB = """
import json
import sys
import zipfile

assert json.__spec__.origin.endswith("json/__init__.pyc"), json.__spec__.origin
assert sys.modules["encodings"].__spec__.origin.endswith(".pyc")
with zipfile.ZipFile("/stock.zip") as stock, zipfile.ZipFile("/out.zip") as built:
    names = set(built.namelist())
    missing = [name for name in stock.namelist() if name.endswith(".py") and name + "c" not in names]
assert not missing, f"not compiled: {missing[:5]}"
"""

_NODE_COMPILER = """
import fs from "node:fs";
const { loadPyodide } = await import(process.env.PYODIDE_MJS);
const [stock, out, compileStdlib, checkStdlib] = JSON.parse(process.env.STDLIB_JOB);
const compiler = await loadPyodide();
compiler.FS.writeFile("/stock.zip", fs.readFileSync(stock));
compiler.runPython(compileStdlib);
fs.writeFileSync(out, compiler.FS.readFile("/out.zip"));
const booted = await loadPyodide({ stdLibURL: out });
booted.FS.writeFile("/stock.zip", fs.readFileSync(stock));
booted.FS.writeFile("/out.zip", fs.readFileSync(out));
booted.runPython(checkStdlib);
"""


def precompiled_stdlib(pyodide: Path) -> Path:
    """Pyodide's standard library as bytecode, made once per Pyodide and kept in .cache/."""
    stock = pyodide / "python_stdlib.zip"
    recipe = hashlib.sha256()
    for path in (stock, pyodide / "pyodide.asm.wasm"):
        recipe.update(sha256_of(path).encode())
    recipe.update((_COMPILE_STDLIB + _CHECK_STDLIB + _NODE_COMPILER).encode())
    target = CACHE / "stdlib" / f"{recipe.hexdigest()[:16]}-{PRECOMPILED_STDLIB}"
    if target.exists():
        return target
    if shutil.which("node") is None:
        sys.exit("node is missing: install Node.js 20 (it compiles Pyodide's standard library)")
    target.parent.mkdir(parents=True, exist_ok=True)
    # A name of its own: two builds at once (the tests' workers, on a fresh clone) each
    # compile their own and rename it into place, rather than one renaming the other's away.
    handle, name = tempfile.mkstemp(prefix=f"{target.name}.", suffix=".partial", dir=target.parent)
    os.close(handle)
    partial = Path(name)
    job = json.dumps([str(stock), str(partial), _COMPILE_STDLIB, _CHECK_STDLIB])
    env = {**os.environ, "PYODIDE_MJS": (pyodide / "pyodide.mjs").as_uri(), "STDLIB_JOB": job}
    print("+ compiling Pyodide's standard library in Pyodide (node)", flush=True)
    subprocess.run(["node", "--input-type=module", "-e", _NODE_COMPILER], cwd=ROOT, check=True, env=env)
    partial.replace(target)
    return target


# --- the lock file -----------------------------------------------------------------------


def lock_entry(
    wheel: Path, name: str, imports: Iterable[str], depends: Iterable[str] = ()
) -> dict[str, object]:
    """A pyodide-lock.json package entry for a pure-Python wheel."""
    version = wheel.name.split("-")[1]
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256_of(wheel),
        "package_type": "package",
        "imports": sorted(imports),
        "depends": sorted(depends),
        "unvendored_tests": False,
        "tool": {},
    }


def write_lock_file(stock: Path, target: Path, wheels: dict[str, Path]) -> None:
    """The stock lock file's header, with entries only for the wheels shipped.

    The stock file names 357 packages the app does not ship; listing only what
    is in dist/ keeps every load hash-checked and the file small.
    """
    data = json.loads(stock.read_text())
    packages = {name: lock_entry(path, name, [name]) for name, path in sorted(wheels.items())}
    lock = {"info": data["info"], "packages": packages}
    target.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


# --- assembling dist/ --------------------------------------------------------------------


def qr_reader() -> str:
    """jsQR's UMD build as an ES module: given a ``module`` to fill, it exports its function."""
    package = NODE_MODULES / "jsqr"
    version = json.loads((package / "package.json").read_text())["version"]
    source = (package / "dist" / "jsQR.js").read_text(encoding="utf-8")
    return (
        f"// jsQR {version} (npm jsqr; Apache-2.0: https://www.apache.org/licenses/LICENSE-2.0), its\n"
        "// UMD build made an ES module by build.py for web/scanner.js.\n"
        "const module = { exports: {} };\n"
        "const exports = module.exports;\n"
        f"{source.rstrip()}\n"
        "export default module.exports;\n"
    )


def classic_glue(module: str) -> str:
    """pyodide.asm.mjs as a classic script that defines ``globalThis[GLUE_GLOBAL]``: its one
    export made an assignment, and ``import.meta.url`` the script's own address, all in a
    strict function (as a module is strict). With no import or export left, the same text
    also loads as a module, as the snapshot worker (a module worker) loads it."""
    export = "export default _createPyodideModule;"
    rest = module.replace(export, "").replace("import.meta.url", "")
    if (
        module.count(export) != 1
        or "import.meta" in rest
        or re.search(r"^\s*(?:import|export)\b", rest, re.M)
    ):
        sys.exit(
            "pyodide.asm.mjs is not the shape build.py's classic_glue expects (one default export,"
            " import.meta only as import.meta.url, no other import or export): check the Pyodide update"
        )
    body = module.replace(export, f"globalThis.{GLUE_GLOBAL} = _createPyodideModule;")
    # A page's classic script knows its address; in the snapshot worker (at the site's root,
    # no document) the glue sits at ./pyodide/. Pyodide passes locateFile, so this is a fallback.
    here = (
        "globalThis.document?.currentScript?.src"
        f' ?? new URL("./pyodide/{CLASSIC_GLUE}", globalThis.location.href).href'
    )
    return (
        "// Pyodide's pyodide.asm.mjs (npm pyodide; MPL-2.0) as a classic script, by build.py's\n"
        "// classic_glue: Chromium keeps compiled code for classic scripts a service worker caches.\n"
        '(() => {\n"use strict";\n'
        f"const glueURL = {here};\n"
        f"{body.replace('import.meta.url', 'glueURL').rstrip()}\n"
        "})();\n"
    )


def copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def pyscript_files() -> list[Path]:
    """PyScript's files the page loads: the rest are editors, terminals and the like."""
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    return [path for path in sorted(dist.glob("*.js")) if path.name.startswith(PYSCRIPT_KEEP)]


# The page's style, one file per part in web/styles (numbered: the cascade's order), joined
# into one app.css: one request, and the same bytes as one file would be.
# The style's parts, in the cascade's order, joined into the one app.css the page loads:
# each room's own part sits in its folder of web/ui, and what every screen shares (the
# base, the refinements, the Flip edition's cards, focus and Large type, sideways and
# tablets) in web/styles.
STYLES = (
    "styles/base.css",
    "ui/setup/setup.css",
    "ui/table/handoff.css",
    "ui/kit/cards.css",
    "ui/table/table.css",
    "ui/results/results.css",
    "styles/refinements.css",
    "styles/flip-edition.css",
    "styles/focus-and-large-type.css",
    "ui/table/phone-table.css",
    "styles/sideways-and-tablets.css",
    "ui/saves/file-picker.css",
    "ui/pad/pad.css",
    "ui/net/net.css",
)


def app_css() -> bytes:
    """The style's parts (STYLES), joined in the cascade's order."""
    return b"".join((ROOT / "web" / part).read_bytes() for part in STYLES)


def web_files() -> list[Path]:
    """The UI's own files: Python, HTML, CSS and the boot script."""
    web = ROOT / "web"
    return sorted(p for p in web.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


# The UI's Python modules and message catalogues, in one gzipped JSON file that
# interpreter.js writes into Python's directory before main.py runs: one request instead
# of one per module, and a quarter of the bytes (the browser's DecompressionStream
# unpacks it; no server has to compress it).
UI_BUNDLE = "ui.bundle.json.gz"
UI_BUNDLE_FORMAT = 1


def _pyscript_preloads() -> str:
    """``modulepreload`` links for PyScript's chunks, which core.js imports."""
    chunks = [path.name for path in pyscript_files() if path.name != "core.js"]
    return "\n  ".join(f'<link rel="modulepreload" href="./pyscript/{name}">' for name in chunks)


def is_bundled(relative: Path) -> bool:
    """A file of the UI that Python reads (its modules and catalogues), not the page."""
    return relative.parts[0] == "ui" and relative.suffix in {".py", ".json"}


def ui_bundle(files: dict[str, str]) -> bytes:
    """The bundle: the files by their path relative to Python's directory, as JSON,
    gzipped with no timestamp (the same files make the same bytes)."""
    text = json.dumps({"format": UI_BUNDLE_FORMAT, "files": files}, sort_keys=True, separators=(",", ":"))
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def build(out: Path = DIST, note: str = "") -> str:
    """Build the site into ``out``; returns the build id (a hash of every file)."""
    ensure_npm_packages()
    engine = engine_wheel()
    out.parent.mkdir(parents=True, exist_ok=True)
    # Staged next to ``out`` so the finished site replaces the old one by renames: a
    # server running meanwhile never serves half of one build and half of another.
    with tempfile.TemporaryDirectory(prefix=f".{out.name}-", dir=out.parent) as staging_dir:
        staging = Path(staging_dir) / "site"
        pyodide = NODE_MODULES / "pyodide"
        for name in PYODIDE_FILES:
            copy(pyodide / name, staging / "pyodide" / name)
        glue = classic_glue((pyodide / "pyodide.asm.mjs").read_text(encoding="utf-8"))
        (staging / "pyodide" / CLASSIC_GLUE).write_text(glue, encoding="utf-8")
        copy(precompiled_stdlib(pyodide), staging / "pyodide" / PRECOMPILED_STDLIB)
        on_demand = {name: pinned_wheel(name, *pin) for name, pin in ON_DEMAND_WHEELS.items()}
        wheels = {"phase10": engine, **on_demand}
        for wheel in wheels.values():
            copy(wheel, staging / "pyodide" / wheel.name)
        write_lock_file(pyodide / "pyodide-lock.json", staging / "pyodide" / "pyodide-lock.json", wheels)
        for path in pyscript_files():
            copy(path, staging / "pyscript" / path.name)

        bundled: dict[str, str] = {}
        for path in web_files():
            relative = path.relative_to(ROOT / "web")
            if is_bundled(relative):
                bundled[relative.as_posix()] = path.read_text(encoding="utf-8")
                continue
            if relative.suffix == ".css":
                continue  # joined into app.css below
            copy(path, staging / relative)
            if relative.name == "interpreter.js":
                module = (staging / relative).read_text()
                for placeholder, value in _interpreter_names(staging / "pyodide", engine).items():
                    module = module.replace(placeholder, value)
                (staging / relative).write_text(module)
            if relative.name == "index.html":
                plugins = json.dumps({"plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF]})
                page = (staging / relative).read_text().replace("__MPY_CONFIG__", _escape(plugins))
                page = page.replace("__PYSCRIPT_PRELOADS__", _pyscript_preloads())
                (staging / relative).write_text(_with_boot_words(page))
        (staging / UI_BUNDLE).write_bytes(ui_bundle(bundled))
        (staging / QR_READER).parent.mkdir(parents=True, exist_ok=True)
        (staging / QR_READER).write_text(qr_reader(), encoding="utf-8")
        (staging / "app.css").write_bytes(app_css())
        worker_dir = ROOT / "service_worker"
        for path in [worker_dir / "manifest.webmanifest", *sorted(worker_dir.glob("icons/*.png"))]:
            copy(path, staging / path.relative_to(worker_dir))

        config = {
            # Pyodide's loadPyodide with the options PyScript's config cannot give it.
            "interpreter": "./interpreter.js",
            "packages": ["phase10"],
            "packages_cache": "passthrough",
            # Any index_urls, even none, spares PyScript a chunk it loads only to warn
            # about packages missing from Pyodide's CDN.
            "index_urls": [],
            "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF],
            # JavaScript that Python imports (as pyscript.js_modules.NAME).
            "js_modules": {"main": JS_MODULES},
        }
        (staging / "pyscript.json").write_text(json.dumps(config, indent=1, sort_keys=True) + "\n")

        later = [*(f"pyodide/{wheel.name}" for wheel in on_demand.values()), QR_READER]
        build_id = _finish(staging, note, later)
        old = Path(staging_dir) / "old"
        if out.exists():
            out.rename(old)
        staging.rename(out)
    print(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: build {build_id}")
    return build_id


def _finish(staging: Path, note: str, on_demand: list[str]) -> str:
    """Stamp the build id into the page, then write the service worker's lists: the files
    it precaches, and those it keeps only once the page first asks for them."""
    index = staging / "index.html"
    files = sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())
    content = hashlib.sha256()
    for name in files:
        content.update(name.encode() + b"\0" + (staging / name).read_bytes() + b"\0")
    content.update(note.encode())
    build_id = content.hexdigest()[:16]
    page = index.read_text().replace("__BUILD_ID__", build_id).replace("__BUILD_NOTE__", _escape(note))
    index.write_text(page)
    # The stock library is only the fallback of a precompiled one Python refuses, which
    # the build has already seen start: it is fetched then, not on every first visit.
    precache = {name: sha256_of(staging / name) for name in files if name not in (*NOT_PRECACHED, *on_demand)}
    later = {name: sha256_of(staging / name) for name in on_demand}
    worker = (ROOT / "service_worker" / "sw.js").read_text()
    worker = worker.replace("__BUILD_ID__", build_id).replace(
        "__PRECACHE__", json.dumps(precache, indent=1, sort_keys=True)
    )
    worker = worker.replace("__ON_DEMAND__", json.dumps(later, indent=1, sort_keys=True))
    (staging / "sw.js").write_text(worker)
    return build_id


def _interpreter_names(pyodide: Path, engine: Path) -> dict[str, str]:
    """What web/interpreter.js is told: the precompiled library's and the UI bundle's
    names, and a name for the memory snapshot that changes whenever the Python it
    snapshots could (it has imported the engine and the UI: web/snapshot.js)."""
    recipe = hashlib.sha256()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", PRECOMPILED_STDLIB):
        recipe.update(sha256_of(pyodide / name).encode())
    web = ROOT / "web"
    bundled = [path for path in web_files() if is_bundled(path.relative_to(web))]
    for path in [engine, web / "snapshot.js", web / "bundle.js", web / "sparse.js", *bundled]:
        recipe.update(sha256_of(path).encode())
    return {
        "__PRECOMPILED_STDLIB__": PRECOMPILED_STDLIB,
        "__UI_BUNDLE__": UI_BUNDLE,
        "__SNAPSHOT_NAME__": f"memory-{recipe.hexdigest()[:16]}.snapshot",
    }


def _with_boot_words(page: str) -> str:
    """The loading screen's words, from the message catalogues: English in the page, and
    every language for boot.js to choose from before Python runs."""
    catalogues = {
        path.stem: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "web" / "ui" / "kit" / "messages").glob("*.json"))
    }
    keys = tuple(key for key in catalogues["en"] if key.startswith("boot."))
    boot = {language: {key: messages[key] for key in keys} for language, messages in catalogues.items()}
    english = catalogues["en"]
    for placeholder, key in (
        ("__BOOT_WORDS__", None),
        ("__APP_NAME__", "app.name"),
        ("__BOOT_LOADING__", "boot.loading"),
        ("__BOOT_STARTING__", "boot.starting"),
    ):
        value = json.dumps(boot, ensure_ascii=False, sort_keys=True) if key is None else english[key]
        page = page.replace(placeholder, _escape(value))
    return page.replace("__BOOT_UNSTARTED__", _unstarted_notice(catalogues))


def _unstarted_notice(catalogues: dict[str, dict[str, str]]) -> str:
    """What the loading screen says if boot.js never runs: the slow start's words in each
    language (English, the page's own, first), and one link that tries again."""
    languages = sorted(catalogues, key=lambda language: (language != "en", language))
    said = "".join(
        f'<p lang="{language}">{_escape(catalogues[language]["boot.rescue_slow"])}</p>'
        for language in languages
    )
    retry = " · ".join(
        f'<span lang="{language}">{_escape(catalogues[language]["boot.retry"])}</span>'
        for language in languages
    )
    return f'{said}<a href="">{retry}</a>'


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


# --- serving -----------------------------------------------------------------------------


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types, always revalidated (the service worker caches)."""

    extensions_map = {  # noqa: RUF012 (the base class declares it a plain attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("TEN_PHASES_QUIET") != "1":
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    """Each request in a thread of its own; a browser that hangs up is no error of the server's."""

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any) -> None:
        # A browser drops an answer it no longer wants (a reload or a closed tab during a
        # download, a fetch cut short): writing the rest fails, and the stock server would
        # print a traceback for what is ordinary. Every other error is still printed.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path, port: int, host: str = "127.0.0.1", handler: type[Handler] = Handler
) -> Server:
    serve_directory = functools.partial(handler, directory=str(directory))
    return Server((host, port), serve_directory)


def serve(directory: Path, port: int) -> None:
    with make_server(directory, port) as server:
        print(
            f"serving {directory} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)", flush=True
        )
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Ten Phases web app into dist/ and serve it.")
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--port", type=int, default=8000, help="port to serve on (default 8000)")
    parser.add_argument("--out", type=Path, default=DIST, help="where to build (default dist/)")
    parser.add_argument("--note", default="", help="a line shown under the version (tests use it)")
    args = parser.parse_args(argv)
    (ROOT / ".cache").mkdir(exist_ok=True)
    build(args.out.resolve(), args.note)
    if args.command == "serve":
        serve(args.out.resolve(), args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
