// The little the app does before Python runs, which only JavaScript can:
// show loading progress, and register the service worker that keeps the app offline.

const loading = document.getElementById("loading");
const progress = document.getElementById("loading-progress");
const step = document.getElementById("loading-step");
// PyScript reports about this many steps while Pyodide starts (counted on a real start).
const EXPECTED_STEPS = 10;
let seen = 0;

// The settings app.py keeps (storage.py), read early so the loading screen already
// speaks the chosen language in the chosen size; the choice of language is i18n.pick_language's.
function storedSettings() {
  try {
    const settings = JSON.parse(localStorage.getItem("ten-phases/settings") || "{}");
    return settings && typeof settings === "object" ? settings : {};
  } catch {
    return {};
  }
}

function pickLanguage(chosen, words) {
  if (Object.hasOwn(words, chosen)) return chosen;
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag).split("-")[0].toLowerCase();
    if (Object.hasOwn(words, base)) return base;
  }
  return "en";
}

const settings = storedSettings();
const bootWords = JSON.parse(loading.dataset.words);
const language = pickLanguage(settings.language, bootWords);
document.documentElement.lang = language;
document.documentElement.classList.toggle("large-type", settings.large_type === true);
step.textContent = bootWords[language]["boot.starting"];
progress.setAttribute("aria-label", bootWords[language]["boot.loading"]);

addEventListener("py:progress", () => {
  seen += 1;
  const percent = Math.min(95, Math.round((100 * seen) / EXPECTED_STEPS));
  progress.value = percent;
  progress.textContent = `${percent}%`;
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
