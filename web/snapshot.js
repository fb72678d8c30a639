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

import { fetchBundle, writeBundle } from "./bundle.js";
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { pack } from "./sparse.js";

// What the page imports, and the engine's players that it imports when first asked
// (bots, expert, coach); a UI module that needs PyScript is left to the page.
const PREPARE = `
import importlib
import pkgutil

import phase10, phase10.bots, phase10.coach, phase10.expert
import ui

for module in pkgutil.iter_modules(ui.__path__, "ui."):
    try:
        importlib.import_module(module.name)
    except ModuleNotFoundError as error:
        if error.name != "pyscript":
            raise

from ui.i18n import LANGUAGES, words

for language in LANGUAGES:
    words(language)
del importlib, pkgutil, phase10, ui, module, LANGUAGES, words, language
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

self.onmessage = async ({ data: { cache, key, indexURL, stdLibURL, bundleURL } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
    await writeEngine(pyodide, indexURL);
    writeBundle(pyodide, await fetchBundle(bundleURL));
    pyodide.runPython(PREPARE);
    const snapshot = pack(pyodide.makeMemorySnapshot());
    const headers = { "Content-Type": "application/octet-stream" };
    await (await caches.open(cache)).put(key, new Response(snapshot, { headers }));
    self.postMessage("stored");
  } catch (error) {
    console.warn("no memory snapshot this time:", error);
    self.postMessage("failed");
  }
};
