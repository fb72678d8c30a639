// A worker that snapshots a freshly started Python for the next start (interpreter.js
// restores it). It runs after the app is ready, so no start waits on it, and off the
// page's thread, so no tap does. A snapshot must be taken before Python holds any
// JavaScript object or loads a package, so this Python does nothing but start.

import { loadPyodide } from "./pyodide/pyodide.mjs";

self.onmessage = async ({ data: { cache, key, indexURL, stdLibURL } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
    const snapshot = pyodide.makeMemorySnapshot();
    const headers = { "Content-Type": "application/octet-stream" };
    await (await caches.open(cache)).put(key, new Response(snapshot, { headers }));
    self.postMessage("stored");
  } catch (error) {
    console.warn("no memory snapshot this time:", error);
    self.postMessage("failed");
  }
};
