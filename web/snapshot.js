// A worker that snapshots a freshly started Python for the next start (interpreter.js
// restores it). It runs after the app is ready, so no start waits on it, and off the
// page's thread, so no tap does.
//
// The snapshot holds a Python that has already imported the engine and every UI module
// that does not talk to the page, and read both message catalogues: a restored Python
// then starts the app without compiling or importing them (that was about 200 ms of a
// start here, and 0.8 s or more on a phone). Nothing page-specific is captured: this
// Python never sees the page, holds no JavaScript object (a snapshot cannot), and the
// restored one is reseeded. The files themselves are not in the snapshot (it is
// Python's memory, not its file system); interpreter.js leaves the engine's package
// uninstalled when the restored Python holds it already.

import { bytecodeResponse, fetchBundle, writeBundle } from "./bundle.js";
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { LENGTH_HEADER, pack } from "./sparse.js";

// What the page imports, and the engine's players that it imports when first asked
// (bots, expert, coach); a UI module that needs PyScript is left to the page.
const PREPARE = `
import importlib
import pkgutil

import phase10, phase10.bots, phase10.coach, phase10.expert
import ui

# Every module of every folder; a package is imported (by this loop) before it is walked.
for module in pkgutil.walk_packages(ui.__path__, "ui."):
    try:
        importlib.import_module(module.name)
    except ModuleNotFoundError as error:
        if error.name != "pyscript":
            raise

from ui.kit.i18n import LANGUAGES, words

for language in LANGUAGES:
    words(language)
del importlib, pkgutil, phase10, ui, module, LANGUAGES, words, language
`;

// Bytecode of what a restored Python still compiles as the app starts: PyScript's
// package (its sources come from the page, which has them) and the UI's modules that
// need PyScript, so were not imported above. Compiled after the snapshot is taken, so
// none of it is in the snapshot. Answers the compiled files' paths.
const COMPILE = `
import importlib.util, py_compile, sys

def _compiled(paths):
    for path in paths:
        name = path[:-3].replace("/", ".").removesuffix(".__init__")
        if name in sys.modules:
            continue
        cached = importlib.util.cache_from_source(path)
        py_compile.compile(
            path, cfile=cached, doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        yield cached

sorted(_compiled(sorted(PATHS)))
`;

// The engine's wheel, unpacked where Pyodide installs packages. Not by loadPackage:
// that leaves JavaScript objects in Python's keeping, and then no snapshot can be made.
async function writeEngine(pyodide, indexURL) {
  const lock = await (await fetch(new URL("pyodide-lock.json", indexURL))).json();
  const response = await fetch(new URL(lock.packages.phase10.file_name, indexURL));
  if (!response.ok) throw new Error(`the engine's wheel: ${response.status}`);
  pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(await response.arrayBuffer()));
  pyodide.runPython(`
import site, zipfile
with zipfile.ZipFile("/tmp/engine.whl") as wheel:
    wheel.extractall(site.getsitepackages()[0])
del site, zipfile, wheel
`);
  pyodide.FS.unlink("/tmp/engine.whl");
}

function bytecode(pyodide, files) {
  writeBundle(pyodide, files);
  const paths = Object.keys(files).filter((path) => path.endsWith(".py"));
  const compiled = pyodide.runPython(COMPILE, { globals: pyodide.toPy({ PATHS: paths }) }).toJs();
  return Object.fromEntries(compiled.map((path) => [path, pyodide.FS.readFile(path)]));
}

// Pyodide's JavaScript as the page runs it (build.py's classic_glue, CLASSIC_GLUE and
// GLUE_GLOBAL; tests/web/test_boot_js.py holds them equal), run from its text: imported,
// as a module worker would, Chromium would keep module code for the file over the classic
// code it keeps for the page's starts, which then compile most of it again (measured:
// 20 KB of code kept instead of 1.7 MB).
const GLUE_FILE = "pyodide.asm.js";
const GLUE_GLOBAL = "tenPhasesCreatePyodideModule";

async function pyodideGlue(indexURL) {
  const response = await fetch(indexURL + GLUE_FILE);
  if (!response.ok) throw new Error(`${GLUE_FILE}: ${response.status}`);
  (0, eval)(await response.text()); // a classic script's text, run as one: defines GLUE_GLOBAL
  return globalThis[GLUE_GLOBAL];
}

self.onmessage = async ({ data: { cache, key, bytecodeKey, indexURL, stdLibURL, bundleURL, sources } }) => {
  try {
    const createPyodideModule = await pyodideGlue(indexURL);
    const pyodide = await loadPyodide({ indexURL, stdLibURL, createPyodideModule, _makeSnapshot: true });
    await writeEngine(pyodide, indexURL);
    const ui = await fetchBundle(bundleURL);
    writeBundle(pyodide, ui);
    pyodide.runPython(PREPARE);
    const memory = pyodide.makeMemorySnapshot();
    const snapshot = pack(memory);
    const compiled = bytecode(pyodide, { ...ui, ...sources });
    const headers = { "Content-Type": "application/octet-stream", [LENGTH_HEADER]: String(memory.length) };
    const store = await caches.open(cache);
    await store.put(bytecodeKey, await bytecodeResponse(compiled));
    await store.put(key, new Response(snapshot, { headers }));
    self.postMessage("stored");
  } catch (error) {
    console.warn("no memory snapshot this time:", error);
    self.postMessage("failed");
  }
};
