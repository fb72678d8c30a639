// The little the app does before Python runs, which only JavaScript can:
// show loading progress, and register the service worker that keeps the app offline.

const progress = document.getElementById("loading-progress");
const step = document.getElementById("loading-step");
// PyScript reports about this many steps while Pyodide starts (counted on a real start).
const EXPECTED_STEPS = 10;
let seen = 0;

addEventListener("py:progress", (event) => {
  seen += 1;
  const percent = Math.min(95, Math.round((100 * seen) / EXPECTED_STEPS));
  progress.value = percent;
  progress.textContent = `${percent}%`;
  if (typeof event.detail === "string") {
    step.textContent = `${event.detail.replace(/^Load(ing|ed)/, "Loading")}…`;
  }
});

// Registered once the app is ready: on a first visit its precache then finds the
// files the page just fetched in the HTTP cache, instead of competing with the start.
function registerWorker() {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("./sw.js", { scope: "./" }).catch((error) => {
      console.warn("service worker registration failed:", error);
    });
  }
}

const root = document.documentElement;
new MutationObserver((_, observer) => {
  if (root.dataset.appReady === "1") {
    observer.disconnect();
    registerWorker();
  }
}).observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });
