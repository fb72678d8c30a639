// The interpreter PyScript starts (pyscript.json's "interpreter" names this module):
// Pyodide's own loadPyodide, given what PyScript's config cannot pass it. Three ways
// to start, fastest first; each falls back to the next, so the player sees only a start:
//
// 1. From a memory snapshot of a started Python that has imported the engine and the
//    UI, kept in the Cache API next to this build's files (without its zero pages:
//    sparse.js). Python's initialisation and the imports are then a copy of memory. The
//    snapshot is made by snapshot.js in a worker, after the app is ready, so no start
//    waits on it; Pyodide makes its module while it is still being read (restoring).
// 2. From the standard library precompiled to bytecode (build.py makes it with
//    Pyodide's own Python): the stock zip holds only source, which every start
//    compiled again.
// 3. From the stock zip, as PyScript would start Pyodide.
//
// Snapshots and making them are private Pyodide API (_loadSnapshot, _makeSnapshot), so
// every failure of them is expected and only ends in the next way down.
//
// Meanwhile it fetches the UI's files (one bundle: bundle.js) and writes them into
// Python's directory before PyScript runs main.py.

import { bytecodeFiles, fetchBundle, pythonSources, writeBundle } from "./bundle.js";
import { loadPyodide as loadStock, version } from "./pyodide/pyodide.mjs";
import { LENGTH_HEADER, keptLength, unpack } from "./sparse.js";

export { version };

const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const PRECOMPILED = `${INDEX_URL}__PRECOMPILED_STDLIB__`;
// A snapshot is only ever restored into the build that made it: it lives in this
// build's cache (the service worker drops other builds' caches), under a name that
// also changes with Pyodide's files.
const BUILD = document.querySelector('meta[name="app-build"]')?.content ?? "dev";
export const SNAPSHOT = {
  cache: `ten-phases-${BUILD}`,
  key: `${INDEX_URL}__SNAPSHOT_NAME__`,
  // Made with the snapshot: bytecode of the modules a restored Python still imports.
  bytecodeKey: `${INDEX_URL}__SNAPSHOT_NAME__.bytecode`,
};
const root = document.documentElement;
// The UI's modules and catalogues, in one file (build.py), asked for at once.
const BUNDLE_URL = new URL("./__UI_BUNDLE__", import.meta.url).href;
const bundle = fetchBundle(BUNDLE_URL);
bundle.catch(() => {}); // reported when PyScript asks for Python, not before
// Marks of each step of the start, read by benchmarks/startup.py ("ten-phases:" names).
const mark = (name) => performance.mark(`ten-phases:${name}`);
mark("interpreter");

// Pyodide fetches the zip itself; asking first means a missing one never reaches it
// (it would log an error and start a Python with no library). The body is neither
// read (Pyodide's own fetch gets it from the same cache) nor cancelled (Firefox then
// reports the service worker's answer as failed).
async function available(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

// The stored snapshot's response, its body not yet read, or null.
async function storedSnapshot() {
  try {
    return (await (await caches.open(SNAPSHOT.cache)).match(SNAPSHOT.key)) ?? null;
  } catch {
    return null; // no Cache API (an insecure origin), or storage that will not open
  }
}

// The kept bytecode's files, or none (not kept yet, or damaged: then Python compiles).
async function storedBytecode() {
  try {
    const response = await (await caches.open(SNAPSHOT.cache)).match(SNAPSHOT.bytecodeKey);
    return response ? await bytecodeFiles(response) : {};
  } catch (error) {
    console.warn("the kept bytecode is not used:", error);
    return {};
  }
}

async function forgetSnapshot() {
  try {
    const cache = await caches.open(SNAPSHOT.cache);
    await Promise.all([cache.delete(SNAPSHOT.key), cache.delete(SNAPSHOT.bytecodeKey)]);
  } catch {
    // Nothing to forget.
  }
}

// Python starts before PyScript asks for it, so each waits on the other less.
// What a start writes goes to the console until PyScript gives its own writers; what
// a failed start writes (a Python that found no library says "Fatal Python error")
// goes nowhere, as PyScript would show it on the page.
function writer() {
  let held = [];
  let write = null;
  return {
    line: (text) => (write ? write(text) : held?.push(text)),
    drop: () => (held = []),
    to(target) {
      write = target ?? ((text) => console.log(text));
      held.splice(0).forEach(write);
    },
  };
}
const stdout = writer();
const stderr = writer();

// Pyodide's JavaScript, as the classic script build.py makes of it (classic_glue), which
// index.html runs (deferred) just before this module: Chromium keeps compiled code for a
// classic script from the service worker's cache, never for a module. It defines the
// function Pyodide is handed (loadPyodide's createPyodideModule).
// build.py's CLASSIC_GLUE and GLUE_GLOBAL (tests/web/test_boot_js.py holds them equal).
const GLUE_FILE = "pyodide.asm.js";
const GLUE_GLOBAL = "tenPhasesCreatePyodideModule";

function glue() {
  const create = globalThis[GLUE_GLOBAL];
  if (typeof create !== "function") throw new Error(`${GLUE_FILE} did not run: no ${GLUE_GLOBAL}`);
  return create;
}

// ``moduleMade``, if given, is awaited before the module Pyodide makes is handed back.
async function attempt({ moduleMade = null, ...extra }) {
  stdout.drop();
  stderr.drop();
  const glued = glue();
  const createPyodideModule = async (settings) => {
    const module = await glued(settings);
    await moduleMade;
    return module;
  };
  return loadStock({ indexURL: INDEX_URL, createPyodideModule, stdout: stdout.line, stderr: stderr.line, ...extra });
}

// What Pyodide is handed to restore the stored snapshot. Pyodide waits for the snapshot,
// which sizes Python's memory, before it makes its module (and compiles its WebAssembly:
// Firefox compiles it afresh at every start). Handed zeros of the length kept beside the
// snapshot at once, it makes the module while the snapshot is read; the snapshot is written
// into them before the module is handed back, and Pyodide copies them into Python's memory
// only after that. An entry without a length it could have (sparse.js's keptLength) is
// damaged: refused before any memory is made, as any other damage.
function restoring(stored) {
  const memory = new Uint8Array(keptLength(stored.headers.get(LENGTH_HEADER)));
  const moduleMade = stored.arrayBuffer().then((bytes) => {
    mark("snapshot-read");
    unpack(new Uint8Array(bytes), memory);
  });
  moduleMade.catch(() => {}); // awaited as the module is made; a start that fails first never asks
  return { _loadSnapshot: memory, moduleMade };
}

// A restored Python holds the random state of the moment it was snapshotted: give it
// the browser's entropy again (games take their seeds from os.urandom, which asks
// the browser each time, but nothing else should repeat either).
function reseed(pyodide) {
  pyodide.runPython("import random as _r; _r.seed(); del _r");
}

// Once the app is ready and its service worker controls the page (so the worker's
// fetches come from the service worker's cache, not the network), a worker starts a
// Python of its own and snapshots it for the next start. The page goes on; the
// worker ends when done. With no service worker, the app is not kept offline either,
// and no snapshot is made.
function snapshotWhenReady() {
  if (typeof Worker === "undefined" || typeof caches === "undefined") return;
  if (!("serviceWorker" in navigator)) return;
  const begin = async () => {
    // PyScript's package, as PyScript wrote it into Python's directory, to compile.
    const sources = pythonSources(await started, "pyscript");
    const worker = new Worker(new URL("./snapshot.js", import.meta.url), { type: "module" });
    const done = (state) => {
      root.dataset.snapshot = state;
      worker.terminate();
    };
    worker.onmessage = (event) => done(event.data === "stored" ? "stored" : "failed");
    worker.onerror = () => done("failed");
    worker.postMessage({ ...SNAPSHOT, indexURL: INDEX_URL, stdLibURL: PRECOMPILED, bundleURL: BUNDLE_URL, sources });
  };
  const whenControlled = () => {
    if (navigator.serviceWorker.controller) return begin();
    navigator.serviceWorker.addEventListener("controllerchange", begin, { once: true });
  };
  if (root.dataset.appReady === "1") return whenControlled();
  new MutationObserver((_, observer) => {
    if (root.dataset.appReady !== "1") return;
    observer.disconnect();
    whenControlled();
  }).observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });
}

async function start() {
  // A snapshot was made from this build's precompiled library, which the service worker
  // keeps with it: the library is not asked for first (in a browser just opened, that
  // waits for the service worker to start).
  const stored = await storedSnapshot();
  if (stored) {
    bytecode = storedBytecode();
    try {
      const pyodide = await attempt({ stdLibURL: PRECOMPILED, ...restoring(stored) });
      reseed(pyodide);
      root.dataset.snapshot = "restored";
      mark("python");
      return pyodide;
    } catch (error) {
      console.warn("the memory snapshot did not restore; starting Python afresh:", error);
      await forgetSnapshot();
    }
  }
  if (await available(PRECOMPILED)) {
    try {
      const pyodide = await attempt({ stdLibURL: PRECOMPILED });
      snapshotWhenReady();
      return pyodide;
    } catch (error) {
      console.warn("the precompiled standard library did not start; starting from source:", error);
    }
  }
  root.dataset.snapshot = "none";
  return attempt({});
}

// The kept bytecode's files, read alongside a restore (none otherwise).
let bytecode = Promise.resolve({});

// Begun as the page loads this module (index.html does, before PyScript), and
// awaited when PyScript asks.
const started = start();
// The started Python, for the browser tests (what it imported, and from where).
export const python = started;

// What PyScript calls: its indexURL is ignored (Pyodide's files are in ./pyodide/);
// its packages are loaded as loadPyodide would have, checked against the lock file.
export async function loadPyodide({ stdout: out, stderr: err, packages = [] } = {}) {
  mark("pyscript-asks");
  const pyodide = await started;
  stdout.to(out);
  stderr.to(err ?? ((text) => console.error(text)));
  // A restored Python has imported the engine already (snapshot.js): installing its
  // package again would only write files nothing reads.
  if (root.dataset.snapshot === "restored" && pyodide.runPython("'phase10' in __import__('sys').modules")) {
    packages = packages.filter((name) => name !== "phase10");
  }
  if (packages.length > 0) {
    await pyodide.loadPackage(packages, { messageCallback: () => {}, errorCallback: stderr.line });
  }
  writeBundle(pyodide, await bundle);
  writeBundle(pyodide, await bytecode);
  mark("packages");
  return pyodide;
}
