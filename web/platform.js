// Platform promises, made safe for Python to wait on (ui/shell/platform.py imports this module).
//
// Pyodide turns a rejected promise into a Python exception only when the rejection
// has a name, a message and a stack. Some engines reject with less: WebKit rejects a
// service worker's update() while offline with a TypeError that has no stack. Pyodide
// then fails inside its own promise handler ("invalid exception object", an unhandled
// rejection), and in Node an `await` on it never returns. Python cannot catch that, so
// the promise is settled here, before Python sees it.

/** Wait for target[name]: called with args if it is a method, as it is if it is a
 * promise (navigator.serviceWorker.ready). Resolve, never reject, to what happened:
 * {ok: true, value} or {ok: false, error: "TypeError: ..."}. */
export async function settle(target, name, ...args) {
  try {
    const member = target[name];
    if (member === undefined) throw new TypeError(`${name} is not supported here`);
    return { ok: true, value: await (typeof member === "function" ? member.apply(target, args) : member) };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}

function describe(error) {
  if (error !== null && typeof error === "object") {
    return `${error.name ?? "Error"}: ${error.message ?? ""}`;
  }
  return String(error);
}

// --- backup files ---------------------------------------------------------------------
// A backup holds every stored text of the app exactly as it is, damaged or not; the app
// checks each again when the file is restored (web/ui/saves/backups.py reads this format).
// It lives here because the page must also offer it when Python cannot start (boot.js).

const KEY_PREFIX = "ten-phases/";

/** The backup file's text: the app's stored texts (none may be readable). */
export function backupText(build, made) {
  const saves = {};
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key && key.startsWith(KEY_PREFIX) && key !== `${KEY_PREFIX}probe`) {
        saves[key] = localStorage.getItem(key);
      }
    }
  } catch {
    // Storage that refuses to be read: the file says so by holding nothing.
  }
  return JSON.stringify({ format: "ten-phases/backup", version: 1, made, build, saves }, null, 1);
}

/** The phone's local date and time, ISO 8601 without a zone, as the players see it. */
export function localTime() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
}

/** Offer ``text`` as a file named ``name`` to save; returns the name. */
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: let it go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/** Save a backup of everything the app keeps on this phone; returns the file's name. */
export function saveBackup(build) {
  const made = localTime();
  return download(`ten-phases-${made.slice(0, 10)}.json`, backupText(build, made));
}

// --- sharing a score sheet --------------------------------------------------------------
// Call these within a tap: browsers open the share sheet and write the clipboard only then.

/** Send ``text`` to the phone's share sheet, or copy it where there is none. Resolves,
 * never rejects, to what happened: "shared", "copied", "cancelled" (the player closed the
 * share sheet) or "failed". */
export async function share(text) {
  if (!text) return "failed";
  const data = { text };
  try {
    if (hasShareSheet(data)) {
      await navigator.share(data);
      return "shared";
    }
  } catch (error) {
    if (error?.name === "AbortError") return "cancelled";
    // Refused (no permission, another share still open): copying may still work.
  }
  return (await copy(text)) ? "copied" : "failed";
}

function hasShareSheet(data) {
  return typeof navigator.share === "function" && (!navigator.canShare || navigator.canShare(data));
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (an older browser, an insecure origin), or it refused.
  }
  try {
    return copyBySelection(text);
  } catch {
    return false; // no document to select in
  }
}

/** The old way: select the text in an unseen text area and copy the selection. */
function copyBySelection(text) {
  const focused = document.activeElement;
  const area = document.createElement("textarea");
  area.value = text;
  area.readOnly = true; // no on-screen keyboard
  area.tabIndex = -1;
  area.setAttribute("aria-hidden", "true");
  Object.assign(area.style, { position: "fixed", top: "0", left: "0", opacity: "0", fontSize: "16px" });
  document.body.append(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length); // iOS selects nothing with select() alone
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus?.({ preventScroll: true });
  }
}

// --- the camera -----------------------------------------------------------------------

/** The module that reads QR codes with the camera (ui/shell/camera.py), imported the first
 * time a scan starts, not as the app starts. The service worker precaches it (6 kB), so a
 * browser with BarcodeDetector scans offline from the first time; only the decoder for the
 * others is fetched on demand (build.py's QR_READER). */
export function loadScanner() {
  return import("./scanner.js");
}

/** Where the browser would ask for the camera, ask now, before a connection is made: with
 * the camera allowed, browsers list the phone's real network addresses as its ICE
 * candidates instead of .local names, which multicast DNS often fails to resolve on home
 * Wi-Fi. The camera is stopped at once (nothing is shown). Resolves, never rejects, to
 * what the browser said ("granted", "denied", "refused", or "unknown" where it cannot
 * say), or to "unanswered" after ``capMs``: the code is then made without waiting on. */
export async function askCamera(capMs) {
  let state;
  try {
    state = (await navigator.permissions.query({ name: "camera" })).state;
  } catch {
    return "unknown";
  }
  if (state !== "prompt") return state;
  const asked = navigator.mediaDevices.getUserMedia({ audio: false, video: true }).then(
    (stream) => {
      for (const track of stream.getTracks()) track.stop();
      return "granted";
    },
    () => "refused",
  );
  const capped = new Promise((resolve) => setTimeout(() => resolve("unanswered"), capMs));
  return Promise.race([asked, capped]);
}

// --- the first screen, served with the page ------------------------------------------
// The screen kept for the next start (ui/shell/first_paint.py, in localStorage) is copied
// into a cache of its own, where the service worker can read it: answering the next start's
// page, it writes the screen into index.html, so the page's first frame draws it, before
// any script has run (sw.js's servedPage). localStorage stays the authority: the copy is
// written after it, and can lag, so boot.js keeps a served screen only if its stamp is that
// of the screen localStorage keeps. The copy is of one build; an update's clean-up of the
// build caches (named "ten-phases-<build>") leaves it be, and the new build replaces it.

export const FIRST_SCREEN_CACHE = "ten-phases/first-screen";
export const FIRST_SCREEN_PATH = "first-screen";
const FIRST_SCREEN_STAMP = "x-first-screen-stamp";

/** A short fingerprint of a kept screen's stored text (32-bit FNV-1a of its UTF-16 code units,
 * in hex): equal texts, equal stamps; any change, almost surely another. */
export function firstScreenStamp(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

function firstScreenUrl() {
  return new URL(`./${FIRST_SCREEN_PATH}`, document.baseURI).href;
}

/** Copy the kept screen's stored ``text`` for the service worker. Never rejects: a cache that
 * will not open only costs the next start the page served with its screen. */
export async function keepFirstScreen(text) {
  if (typeof caches === "undefined") return; // no Cache API (an insecure origin): no service worker either
  try {
    const cache = await caches.open(FIRST_SCREEN_CACHE);
    const headers = { "content-type": "application/json", [FIRST_SCREEN_STAMP]: firstScreenStamp(text) };
    await cache.put(firstScreenUrl(), new Response(text, { headers }));
  } catch (error) {
    console.warn(`the first screen was not copied for the service worker: ${describe(error)}`);
  }
}

/** Delete the copy, as the kept screen is deleted. Never rejects. */
export async function forgetFirstScreen() {
  if (typeof caches === "undefined") return;
  try {
    await caches.delete(FIRST_SCREEN_CACHE);
  } catch (error) {
    console.warn(`the first screen's copy was not deleted: ${describe(error)}`);
  }
}
