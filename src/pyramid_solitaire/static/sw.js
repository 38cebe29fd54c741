// The service worker: after one visit the page, its modules, styles and card images come from a
// cache, so the game opens and plays without a network (moves are played by js/rules/).
// The server serves this file at /sw.js (scope: the whole site) with RELEASE and ASSETS filled in
// (web/offline.py): RELEASE changes with every change to the page's files, so a new release
// replaces the cache on the next visit. The game API is never cached; only the variant list
// is kept as a fallback, so the page can name the variants offline.

const RELEASE = /*RELEASE*/ "dev";
const ASSETS = /*ASSETS*/ [];
const CACHE = `pyramid-solitaire-${RELEASE}`;
const KEPT_API = ["/api/variants"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...ASSETS, ...KEPT_API])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const old = (names) => names.filter((name) => name.startsWith("pyramid-solitaire-") && name !== CACHE);
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(old(names).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (KEPT_API.includes(url.pathname)) event.respondWith(networkFirst(request));
  else if (request.mode === "navigate") event.respondWith(cacheFirst(request, "/"));
  else if (!url.pathname.startsWith("/api/")) event.respondWith(cacheFirst(request));
  // Everything else (the game API) goes to the network as if there were no service worker.
});

/** The cached copy (the page itself for any navigation, whatever its query), else the network. */
async function cacheFirst(request, as = request) {
  const cached = await caches.match(as, { ignoreSearch: typeof as === "string", cacheName: CACHE });
  return cached || fetch(request);
}

/** The network's answer, kept for later; the kept one when the network fails. */
async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (err) {
    const cached = await caches.match(request, { cacheName: CACHE });
    if (cached) return cached;
    throw err;
  }
}
