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
        return (await cache.match(SCOPE + "index.html")) || fetch(request);
      }
      const kept = await cache.match(request, { ignoreSearch: true });
      if (kept) return kept;
      const path = new URL(request.url).pathname.slice(new URL(SCOPE).pathname.length);
      return Object.hasOwn(ON_DEMAND, path) ? keepOnDemand(cache, path) : fetch(request);
    })(),
  );
});
