// The little the app does before Python runs, which only JavaScript can:
// show loading progress, offer a way out if Python cannot start, and register the
// service worker that keeps the app offline.

import { saveBackup } from "./platform.js";

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

// If Python fails to start, or is still not up long after any phone should be, the
// loading screen offers to try again and to save the games on the phone to a file
// (a backup the app restores from Settings), instead of saying "Starting…" for ever.
const TOO_LONG_MS = 30_000;
const rescue = document.getElementById("rescue");
const words = bootWords[language];

function offerRescue(why) {
  if (document.documentElement.dataset.appReady === "1" || !rescue.hidden) return;
  document.documentElement.dataset.rescue = why;
  document.getElementById("rescue-title").textContent = words[why === "slow" ? "boot.rescue_slow" : "boot.rescue_title"];
  document.getElementById("rescue-lead").textContent = words["boot.rescue_lead"];
  const retry = document.getElementById("rescue-retry");
  const save = document.getElementById("rescue-save");
  retry.textContent = words["boot.retry"];
  save.textContent = words["boot.save"];
  retry.onclick = () => location.reload();
  save.onclick = () => saveBackup(document.documentElement.dataset.build || "");
  rescue.hidden = false;
}

const slow = setTimeout(() => offerRescue("slow"), TOO_LONG_MS);
// PyScript shows a Python error as a .py-error element; a failed start rejects a promise.
new MutationObserver((records, observer) => {
  if (records.some((record) => [...record.addedNodes].some((node) => node.classList?.contains("py-error")))) {
    observer.disconnect();
    offerRescue("failed");
  }
}).observe(document.body, { childList: true });
addEventListener("unhandledrejection", () => offerRescue("failed"));
addEventListener("error", (event) => {
  if (String(event.message).includes("PythonError")) offerRescue("failed");
});

const root = document.documentElement;
new MutationObserver((_, observer) => {
  if (root.dataset.appReady === "1") {
    observer.disconnect();
    clearTimeout(slow);
    registerWorker();
  }
}).observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });
