// Ten Phases service worker: keeps every file of one build in a cache named
// after the build, serves from it first, and so starts the app with no network.
// build.py fills in the build id and the precache list (path -> sha256).
//
// Files only some screens need (a wheel a screen loads when first opened: build.py's
// ON_DEMAND_WHEELS; the QR code reader a first scan loads: its QR_READER) are not precached, so they never join a first visit: ON_DEMAND
// lists them (path -> sha256), and each is kept in the build's cache, checked, when the
// page first asks for it, so it works offline from then on.

const BUILD = "__BUILD_ID__";
const ON_DEMAND = __ON_DEMAND__;
const PRECACHE = __PRECACHE__;
const CACHE = `ten-phases-${BUILD}`;
const SCOPE = new URL("./", self.location).href;

async function digest(response) {
  const bytes = await response.clone().arrayBuffer();
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Every file is checked against the build's hash, so a cache never mixes two builds'
// files. The HTTP cache is tried first (on a first visit the page has just fetched
// the same files), and the network only when that copy is not this build's.
async function fetchChecked(path, sha256) {
  for (const mode of ["default", "reload"]) {
    const response = await fetch(new Request(SCOPE + path, { cache: mode }));
    if (response.ok && (await digest(response)) === sha256) return response;
  }
  throw new Error(`${path}: not the file of build ${BUILD}`);
}

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.entries(PRECACHE).map(async ([path, sha256]) => {
      await cache.put(SCOPE + path, await fetchChecked(path, sha256));
    }),
  );
  // An on-demand file an earlier build kept, with the same bytes, stays kept: an update
  // does not take away what already worked offline.
  await Promise.all(
    Object.entries(ON_DEMAND).map(async ([path, sha256]) => {
      const kept = await caches.match(SCOPE + path);
      if (kept && (await digest(kept)) === sha256) await cache.put(SCOPE + path, kept);
    }),
  );
}

// An on-demand file, fetched and checked, then kept in the build's cache.
async function keepOnDemand(cache, path) {
  const response = await fetchChecked(path, ON_DEMAND[path]);
  await cache.put(SCOPE + path, response.clone());
  return response;
}

self.addEventListener("install", (event) => {
  // A new build waits until the page accepts it (see the "skip-waiting" message).
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("ten-phases-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      if (request.mode === "navigate") {
        const page = await cache.match(SCOPE + "index.html");
        return page ? servedPage(page, request.url) : fetch(request);
      }
      const kept = await cache.match(request, { ignoreSearch: true });
      if (kept) return kept;
      const path = new URL(request.url).pathname.slice(new URL(SCOPE).pathname.length);
      return Object.hasOwn(ON_DEMAND, path) ? keepOnDemand(cache, path) : fetch(request);
    })(),
  );
});

// --- The page, served with its first screen ----------------------------------------------
// The page keeps a copy of the screen the next start opens on (web/platform.js's
// keepFirstScreen, after ui/shell/first_paint.py's record in localStorage). Written into
// index.html here, it is drawn with the page's first frame, before any script runs, instead
// of after boot.js has read localStorage. Until boot.js has checked it against localStorage
// (the authority: the copy can lag) the screen is inert, and boot.js puts the loading card
// back, or the kept screen, if it is not the one localStorage keeps. These repeat
// first_paint.FORMAT and MAX_CHARS and platform.js's names; tests/web/test_boot_js.py holds
// them equal.
const FIRST_SCREEN_CACHE = "ten-phases/first-screen";
const FIRST_SCREEN_PATH = "first-screen";
const FIRST_SCREEN_FORMAT = 1;
const FIRST_SCREEN_MAX_CHARS = 400_000;
// Where index.html takes the screen: each is in the page exactly once (tests/test_build.py).
const PAGE_HTML = '<html lang="en"';
const PAGE_LOADING = '<div id="loading" class="loading"';
const PAGE_APP = '<main id="app" class="app" hidden></main>';
// The page marks the address of a screen opened over another (the rules, settings, past
// games, a restore, the phones) with this parameter (ui/shell/app.py's _address): a reload
// there reopens that screen, never the kept one, which boot.js would only take back out for
// the loading card (a flash of the wrong screen). The history's state, which says the same,
// is the page's alone.
const OVER_ANOTHER_PARAM = "over";

async function servedPage(page, address) {
  if (new URL(address).searchParams.has(OVER_ANOTHER_PARAM)) return page;
  const screen = await firstScreen();
  if (screen === null) return page;
  const text = withFirstScreen(await page.clone().text(), screen);
  if (text === null) return page;
  const type = page.headers.get("content-type") ?? "text/html; charset=utf-8";
  return new Response(text, { headers: { "content-type": type } });
}

// The copy, if it is one of this build's screens; null for none, another build's, or damage.
async function firstScreen() {
  try {
    const copy = await caches.match(SCOPE + FIRST_SCREEN_PATH, { cacheName: FIRST_SCREEN_CACHE });
    if (!copy) return null;
    const stamp = copy.headers.get("x-first-screen-stamp") ?? "";
    const text = await copy.text();
    if (!/^[0-9a-f]{8}$/.test(stamp) || text.length > FIRST_SCREEN_MAX_CHARS) return null;
    const kept = JSON.parse(text);
    const fits =
      kept?.format === FIRST_SCREEN_FORMAT &&
      kept.build === BUILD &&
      typeof kept.html === "string" &&
      /^[a-z]{2,3}$/.test(kept.language) &&
      typeof kept.large_type === "boolean";
    return fits ? { html: kept.html, language: kept.language, largeType: kept.large_type, stamp } : null;
  } catch {
    return null; // a copy that is not one: the page as it is
  }
}

// index.html with the screen in #app (inert, stamped for boot.js), in the screen's language
// and type size, and the loading card's contents hidden; null if the page has no place for it.
// (Replaced by functions: a "$" in the screen is text, not a replacement pattern.)
function withFirstScreen(page, { html, language, largeType, stamp }) {
  if (![PAGE_HTML, PAGE_LOADING, PAGE_APP].every((mark) => page.split(mark).length === 2)) return null;
  const served = `<main id="app" class="app" inert aria-busy="true" data-served="${stamp}">${html}</main>`;
  return page
    .replace(PAGE_HTML, () => `<html lang="${language}"${largeType ? ' class="large-type"' : ""}`)
    .replace(PAGE_LOADING, () => `${PAGE_LOADING} data-served`)
    .replace(PAGE_APP, () => served);
}
