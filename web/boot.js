// The little the app does before Python runs, which only JavaScript can:
// show loading progress, offer a way out if Python cannot start, and register the
// service worker that keeps the app offline.

import { firstScreenStamp, saveBackup } from "./platform.js";

const loading = document.getElementById("loading");
// The page's own word for a start whose scripts never ran (index.html): they did.
document.getElementById("unstarted")?.remove();
const progress = document.getElementById("loading-progress");
const step = document.getElementById("loading-step");
// PyScript reports about this many steps while Pyodide starts (counted on a real start).
const EXPECTED_STEPS = 10;
let seen = 0;

// The settings the shell keeps (ui/saves/storage.py), read early so the loading screen already
// speaks the chosen language in the chosen size; the choice of language is i18n.pick_language's
// (tests/web/test_boot_js.py runs both on the same cases).
const SETTINGS_SLOT = "ten-phases/settings";

function storedSettings() {
  try {
    const settings = JSON.parse(localStorage.getItem(SETTINGS_SLOT) || "{}");
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

// --- The first paint: the screen the last run kept (ui/shell/first_paint.py), at once ------------
// Python takes a while to start; the screen the app opens on was kept by the last run,
// rendered by Python itself. It is painted now if it was made by this build, in this
// language and type size, from the very saves the storage holds, and if the page is not
// being reloaded on a screen opened over another (which Python will show instead). Until
// Python's first render replaces it the page is inert: a tap is held, shown pressed, and
// carried out then if the same control is on the live screen; otherwise it is dropped, and
// the live region says so. The service worker may have served the page with that screen in
// it already (sw.js's servedPage, from a copy that can lag): it is kept if its stamp is the
// kept screen's, and otherwise taken out before anything else is painted.
// These repeat Python's (first_paint.KEY, FORMAT, MAX_CHARS; navigation.OVER_ANOTHER; the
// save slots in ui/saves/storage.py and ui/records.py); tests/web/test_boot_js.py holds them equal.
const KEPT = "ten-phases/screen";
const KEPT_FORMAT = 1;
const KEPT_MAX_CHARS = 400_000;
const GAME_SLOT = "ten-phases/game";
const PAD_SLOT = "ten-phases/pad";
const OVER_ANOTHER = ["rules", "settings", "history", "restore", "phones"];
const root = document.documentElement;
const app = document.getElementById("app");
// The stamp of the kept screen the service worker served the page with (sw.js's servedPage),
// or null: that screen is already drawn, inert, and is kept if it is the one painted here.
const served = app.dataset.served ?? null;

// The sequence number of a save as stored ({"seq": N, ...}), as ui/shell/first_paint.py keeps
// it: -1 for no save, 0 for one from before sequence numbers, -2 for one unreadable.
function savedSeq(key) {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return -1;
    const seq = JSON.parse(text).seq;
    return Number.isInteger(seq) ? seq : 0;
  } catch {
    return -2;
  }
}

function keptScreen() {
  try {
    const text = localStorage.getItem(KEPT);
    if (text === null || text.length > KEPT_MAX_CHARS) return null;
    const kept = JSON.parse(text);
    const same =
      kept?.format === KEPT_FORMAT &&
      kept.build === root.dataset.build &&
      kept.language === language &&
      kept.large_type === (settings.large_type === true) &&
      kept.game_seq === savedSeq(GAME_SLOT) &&
      kept.pad_seq === savedSeq(PAD_SLOT) &&
      typeof kept.html === "string";
    const reloadedOver = OVER_ANOTHER.includes(history.state?.screen);
    if (!same || reloadedOver) return null;
    return { ...kept, stamp: served === null ? null : firstScreenStamp(text) };
  } catch {
    return null; // storage that will not open, or a kept screen that is not one
  }
}

let held = null; // the tap made on the kept screen, waiting for Python
function hold(event) {
  if (root.dataset.appReady === "1") return;
  const control = event.target.closest?.("[data-action], [data-change], summary, input, select");
  if (event.type === "keydown" && !["Enter", " "].includes(event.key)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!control || !control.dataset?.action) return;
  for (const node of app.querySelectorAll(".held")) node.classList.remove("held");
  control.classList.add("held");
  held = { action: control.dataset.action, value: control.dataset.value ?? null };
}

// The marks of the first real screen ("ten-phases:painted" here, Python's "ten-phases:live")
// are set as it is put in the page; it is drawn at the next frame the busy thread makes room
// for, 10-300 ms later in a start on this machine. "ten-phases:shown" marks that frame's end
// for benchmarks/startup.py: a frame's callbacks run just before it is drawn, and a task
// they queue runs after it.
function markShownAfterNextFrame() {
  requestAnimationFrame(() => setTimeout(() => performance.mark("ten-phases:shown")));
}

// The page the service worker served came with the screen in it: "painted" is marked when the
// page arrived, and "shown" at the browser's first contentful paint, which is that screen's
// (it is all the page draws), reported when it is (often after boot.js has run); where the
// engine reports no paints, at the end of the next frame.
function markServed() {
  const arrived = performance.getEntriesByType("navigation")[0]?.responseEnd ?? performance.now();
  performance.mark("ten-phases:painted", { startTime: arrived });
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return markShownAfterNextFrame();
  new PerformanceObserver((paints, observer) => {
    const first = paints.getEntriesByName("first-contentful-paint")[0];
    if (first === undefined) return;
    observer.disconnect();
    performance.mark("ten-phases:shown", { startTime: Math.max(first.startTime, arrived) });
  }).observe({ type: "paint", buffered: true });
}

// The served screen is kept if it is the one painted now; otherwise the page becomes
// index.html as it is, with the loading card, before anything else is painted.
function settleServed(keep) {
  app.removeAttribute("inert");
  delete app.dataset.served;
  delete loading.dataset.served;
  if (keep) return;
  app.replaceChildren();
  app.hidden = true;
  app.removeAttribute("aria-busy");
}

function paintKept() {
  const kept = keptScreen();
  const keepServed = served !== null && kept !== null && kept.stamp === served;
  if (served !== null) settleServed(keepServed);
  if (kept === null) return;
  if (keepServed) {
    root.dataset.served = kept.screen;
    markServed();
  } else {
    app.innerHTML = kept.html;
    app.hidden = false;
    app.setAttribute("aria-busy", "true");
    performance.mark("ten-phases:painted");
    markShownAfterNextFrame();
  }
  loading.hidden = true;
  root.dataset.painted = kept.screen;
  for (const type of ["click", "keydown", "change", "submit"]) document.addEventListener(type, hold, true);
  const wake = () => {
    for (const type of ["click", "keydown", "change", "submit"]) document.removeEventListener(type, hold, true);
    app.removeAttribute("aria-busy");
    if (held === null) return;
    const value = held.value === null ? ":not([data-value])" : `[data-value="${CSS.escape(held.value)}"]`;
    const live = app.querySelector(`[data-action="${CSS.escape(held.action)}"]${value}`);
    if (root.dataset.screen === kept.screen && live && !live.disabled) {
      live.click();
    } else {
      document.getElementById("announcer").textContent = bootWords[language]["boot.tap_dropped"];
    }
    held = null;
  };
  new MutationObserver((_, observer) => {
    if (root.dataset.appReady !== "1") return;
    observer.disconnect();
    wake();
  }).observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });
}
paintKept();

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

new MutationObserver((_, observer) => {
  if (root.dataset.appReady === "1") {
    observer.disconnect();
    clearTimeout(slow);
    registerWorker();
    if (!("painted" in root.dataset)) markShownAfterNextFrame(); // Python's first render is the first screen
  }
}).observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });
