// The bare page's service worker: the app's sw.js (service_worker/sw.js) cut down to
// the same steps, so a warm offline start costs the bare page what it costs the app.
// Precache every file with {cache: "reload"} and check its sha256, claim the page on
// activation, then answer cache-first. benchmarks/startup.py fills in the precache
// list (path relative to this file -> sha256) when it serves this file.

const PRECACHE = __PRECACHE__;
const CACHE = "bare-pyodide-bench";
const BASE = new URL("./", self.location).href;

async function digest(response) {
  const bytes = await response.clone().arrayBuffer();
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.entries(PRECACHE).map(async ([path, sha256]) => {
      const url = new URL(path, BASE).href;
      const response = await fetch(new Request(url, { cache: "reload" }));
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      if ((await digest(response)) !== sha256) throw new Error(`${path}: sha256 mismatch`);
      await cache.put(url, response);
    }),
  );
}

self.addEventListener("install", (event) => event.waitUntil(precache()));
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  // Scope is /bench/, but the page's Pyodide files live in /pyodide/ on the same origin.
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      return (await cache.match(request, { ignoreSearch: true })) || fetch(request);
    })(),
  );
});
