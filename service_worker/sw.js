// Ten Phases service worker: keeps every file of one build in a cache named
// after the build, serves from it first, and so starts the app with no network.
// build.py fills in the build id and the precache list (path -> sha256).

const BUILD = "__BUILD_ID__";
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
      return (await cache.match(request, { ignoreSearch: true })) || fetch(request);
    })(),
  );
});
