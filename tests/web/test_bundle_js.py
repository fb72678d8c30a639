"""web/bundle.js in Node: the UI's files written into Python's directory, and the
bytecode kept with the snapshot, read back as it was written.

Each start writes the UI's sources (and the kept bytecode) into Python's file system
before PyScript imports anything: as bytes the page encoded, one folder made once (the
file system's own string path and a folder made again per file cost 38 ms of a start).
The snapshot's worker keeps the compiled modules in one binary response; each start
reads them back: byte for byte, and a damaged, cut or foreign body is refused (the page
then lets Python compile the sources).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

BUNDLE = Path(__file__).resolve().parents[2] / "web" / "bundle.js"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node runs bundle.js")

# Run as an ES module: the cases' outcomes, as JSON, on standard output.
SCRIPT = """
const { bytecodeFiles, bytecodeResponse } = await import(process.argv[1]);
const files = {
  "pyscript/__pycache__/__init__.cpython-314.pyc": new Uint8Array([97, 13, 13, 10, 0, 255]),
  "ui/shell/__pycache__/app.cpython-314.pyc": new Uint8Array(70000).map((_, i) => (i * 7) % 256),
  "empty.pyc": new Uint8Array(0),
};
const kept = await bytecodeResponse(files);
const body = new Uint8Array(await kept.clone().arrayBuffer());
const headers = kept.headers;
const outcome = async (bytes, withHeaders = headers) => {
  try {
    const read = await bytecodeFiles(new Response(bytes, { headers: withHeaders }));
    const listed = Object.entries(read).map(([path, data]) => [path, Array.from(data)]);
    return { files: Object.fromEntries(listed) };
  } catch (error) {
    return { error: String(error.message) };
  }
};
// A body that passes the digest (as if stored so by a broken build), to reach the checks after it.
const digested = async (bytes) => {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const digest = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
  return outcome(bytes, { "X-Ten-Phases-Digest": digest });
};
const flipped = body.slice();
flipped[flipped.length >> 1] ^= 1;
const otherFormat = body.slice();
otherFormat[0] = 1;
const jsonFormat = new TextEncoder().encode(JSON.stringify({ format: 1, files: {} }));
const longIndex = body.slice();
new DataView(longIndex.buffer).setUint32(4, body.length, true);
console.log(JSON.stringify({
  back: await outcome(body),
  flipped: await outcome(flipped),
  cut: await digested(body.subarray(0, body.length - 1)),
  tiny: await digested(body.subarray(0, 5)),
  otherFormat: await digested(otherFormat),
  jsonFormat: await digested(jsonFormat),
  longIndex: await digested(longIndex),
  size: body.length,
}));
"""


def run_with_bundle(script: str) -> Any:
    """What ``script`` (an ES module given bundle.js's address) printed, as JSON."""
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script, BUNDLE.as_uri()],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(run.stdout)


@pytest.fixture(scope="module")
def outcomes() -> dict[str, object]:
    result: dict[str, object] = run_with_bundle(SCRIPT)
    return result


def test_the_kept_files_come_back_byte_for_byte(outcomes: dict[str, object]) -> None:
    back = outcomes["back"]
    assert isinstance(back, dict)
    assert back["files"] == {
        "pyscript/__pycache__/__init__.cpython-314.pyc": [97, 13, 13, 10, 0, 255],
        "ui/shell/__pycache__/app.cpython-314.pyc": [(i * 7) % 256 for i in range(70000)],
        "empty.pyc": [],
    }


def test_the_files_are_kept_as_bytes_not_as_text(outcomes: dict[str, object]) -> None:
    """Binary: about the files' own size (base64 in JSON, format 1, was a third more)."""
    size = outcomes["size"]
    assert isinstance(size, int)
    assert 70006 < size < 70006 + 300


@pytest.mark.parametrize(
    ("case", "words"),
    [
        ("flipped", "damaged"),
        ("cut", "do not fill it"),
        ("tiny", "cut short"),
        ("otherFormat", "in format 1"),
        ("jsonFormat", "in format"),
        ("longIndex", "no index"),
    ],
)
def test_a_damaged_or_foreign_body_is_refused(outcomes: dict[str, object], case: str, words: str) -> None:
    outcome = outcomes[case]
    assert isinstance(outcome, dict)
    assert words in outcome.get("error", ""), outcome


# writeBundle into a file system that records what it is asked (Emscripten's FS calls).
WRITE_SCRIPT = """
const { writeBundle } = await import(process.argv[1]);
const calls = [];
const FS = {
  cwd: () => "/home/pyodide",
  mkdirTree: (path) => calls.push(["mkdirTree", path]),
  writeFile: (path, data) =>
    calls.push(["writeFile", path, typeof data === "string" ? data : Array.from(data)]),
};
writeBundle({ FS }, {
  "ui/app.py": "print('máquina ♠')\\n",
  "ui/shell/home.py": "",
  "ui/shell/menu.py": "x = 1\\n",
  "ui/app.cpython-314.pyc": new Uint8Array([97, 13, 13, 10, 0, 255]),
  "main2.py": "y",
});
console.log(JSON.stringify(calls));
"""


def test_the_ui_files_are_written_as_utf8_bytes_each_folder_made_once() -> None:
    calls = run_with_bundle(WRITE_SCRIPT)
    home = "/home/pyodide"
    assert [call[1] for call in calls if call[0] == "mkdirTree"] == [f"{home}/ui", f"{home}/ui/shell", home]
    written = {call[1]: call[2] for call in calls if call[0] == "writeFile"}
    assert written == {
        f"{home}/ui/app.py": list("print('máquina ♠')\n".encode()),
        f"{home}/ui/shell/home.py": [],
        f"{home}/ui/shell/menu.py": list(b"x = 1\n"),
        f"{home}/ui/app.cpython-314.pyc": [97, 13, 13, 10, 0, 255],
        f"{home}/main2.py": list(b"y"),
    }
