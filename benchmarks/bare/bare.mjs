// The baseline for benchmarks/startup.py: boot the app's own Pyodide (dist/pyodide/)
// with nothing else, run one line of Python, and say ready the way the app does.
import { loadPyodide } from "../pyodide/pyodide.mjs";

// Registered first thing, as the app's boot.js does, so both pages do the same work.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("./bare-sw.js", { scope: "./" }).catch((error) => {
    console.warn("service worker registration failed:", error);
  });
}

const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
pyodide.runPython("1 + 1");
document.documentElement.dataset.appReady = "1";
performance.mark("ten-phases:ready"); // as the app marks it (web/ui/shell/app.py)

// The started Python, for startup.py's returning session (a dynamic import of this module).
export const python = pyodide;
