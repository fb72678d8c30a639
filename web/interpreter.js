// The interpreter PyScript starts (pyscript.json's "interpreter" names this module):
// Pyodide's own loadPyodide, given what PyScript's config cannot pass it. Three ways
// to start, fastest first; each falls back to the next, so the player sees only a start:
//
// 1. From a memory snapshot of a started Python, kept in the Cache API next to this
//    build's files. Python's initialisation is then a copy of memory. The snapshot is
//    made by snapshot.js in a worker, after the app is ready, so no start waits on it.
// 2. From the standard library precompiled to bytecode (build.py makes it with
//    Pyodide's own Python): the stock zip holds only source, which every start
//    compiled again.
// 3. From the stock zip, as PyScript would start Pyodide.
//
// Snapshots and making them are private Pyodide API (_loadSnapshot, _makeSnapshot), so
// every failure of them is expected and only ends in the next way down.

import { loadPyodide as loadStock, version } from "./pyodide/pyodide.mjs";

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
};
const root = document.documentElement;

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

async function storedSnapshot() {
  try {
    const response = await (await caches.open(SNAPSHOT.cache)).match(SNAPSHOT.key);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // no Cache API (an insecure origin), or storage that will not open
  }
}

async function forgetSnapshot() {
  try {
    await (await caches.open(SNAPSHOT.cache)).delete(SNAPSHOT.key);
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

async function attempt(extra) {
  stdout.drop();
  stderr.drop();
  return loadStock({ indexURL: INDEX_URL, stdout: stdout.line, stderr: stderr.line, ...extra });
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
  const begin = () => {
    const worker = new Worker(new URL("./snapshot.js", import.meta.url), { type: "module" });
    const done = (state) => {
      root.dataset.snapshot = state;
      worker.terminate();
    };
    worker.onmessage = (event) => done(event.data === "stored" ? "stored" : "failed");
    worker.onerror = () => done("failed");
    worker.postMessage({ ...SNAPSHOT, indexURL: INDEX_URL, stdLibURL: PRECOMPILED });
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
  if (await available(PRECOMPILED)) {
    const snapshot = await storedSnapshot();
    if (snapshot) {
      try {
        const pyodide = await attempt({ stdLibURL: PRECOMPILED, _loadSnapshot: snapshot });
        reseed(pyodide);
        root.dataset.snapshot = "restored";
        return pyodide;
      } catch (error) {
        console.warn("the memory snapshot did not restore; starting Python afresh:", error);
        await forgetSnapshot();
      }
    }
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

// Begun as the page loads this module (index.html does, before PyScript), and
// awaited when PyScript asks.
const started = start();

// What PyScript calls: its indexURL is ignored (Pyodide's files are in ./pyodide/);
// its packages are loaded as loadPyodide would have, checked against the lock file.
export async function loadPyodide({ stdout: out, stderr: err, packages = [] } = {}) {
  const pyodide = await started;
  stdout.to(out);
  stderr.to(err ?? ((text) => console.error(text)));
  if (packages.length > 0) {
    await pyodide.loadPackage(packages, { messageCallback: () => {}, errorCallback: stderr.line });
  }
  return pyodide;
}
