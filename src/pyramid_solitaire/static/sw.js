// The service worker: after one visit the page, its modules, styles and card images come from a
// cache, so the game opens and plays without a network (moves are played by the page's rules).
// The server serves this file at /sw.js (scope: the whole site) with RELEASE and FILES filled in
// (web/offline.py): FILES maps every file of the page to the hash of its bytes, which is also the
// file's ETag (web/assets.py), and RELEASE changes with any of them.
//
// A release is cached whole or not at all, one file per changed file: a file whose hash an older
// release's cache holds is copied from there; any other is fetched by its versioned URL
// (?v=HASH) bypassing the HTTP cache, and kept only if its ETag or its bytes are that hash, so no
// old file can enter a new release's cache. Each copy is kept with its hash (HASH_HEADER), so the
// next release compares hashes, not ETags: on a static host that sends none, a one-file release
// still fetches one file. When anything fails the new cache is dropped and the old release goes
// on serving. The game API is never cached; only the variant list is kept as a fallback, so the
// page can name the variants offline.
//
// What the network answers is never trusted to be what was asked for: a captive portal's page, a
// proxy's error or a truncated file in place of a file of the release or of the variant list is
// answered from the cache instead (whenever the cache holds a copy).

const RELEASE = /*RELEASE*/ "dev";
const FILES = /*FILES*/ {};
const PREFIX = "pyramid-solitaire-";
const CACHE = `${PREFIX}${RELEASE}`;
const KEPT_API = ["/api/variants"];
const HASH_HEADER = "x-release-hash"; // the content hash a kept copy was checked against

self.addEventListener("install", (event) => {
  event.waitUntil(cacheRelease().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const old = (names) => names.filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(old(names).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (KEPT_API.includes(url.pathname)) event.respondWith(keptFirst(request));
  else if (request.mode === "navigate") event.respondWith(cacheFirst(request, "/"));
  else if (!url.pathname.startsWith("/api/")) event.respondWith(cacheFirst(request));
  // Everything else (the game API) goes to the network as if there were no service worker.
});

async function cacheRelease() {
  const cache = await caches.open(CACHE);
  try {
    const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
    await Promise.all(Object.entries(FILES).map(([url, hash]) => keep(cache, older, url, hash)));
    await cache.addAll(KEPT_API);
  } catch (err) {
    await caches.delete(CACHE); // never half a release
    throw err;
  }
}

/** One file of the release into its cache: copied from an older cache when the hash is the same. */
async function keep(cache, older, url, hash) {
  if (await cache.match(url).then((r) => r && hashOf(r) === hash)) return;
  for (const name of older) {
    const kept = await (await caches.open(name)).match(url);
    if (kept && hashOf(kept) === hash) return cache.put(url, kept);
  }
  const response = await fetch(`${url}?v=${hash}`, { cache: "no-store" });
  if (!(await isTheFile(response, hash))) throw new Error(`${url} is not the release's file`);
  return cache.put(url, await withHash(response, hash));
}

/** Whether an answer is the file of that hash: its ETag says so, or its bytes do. */
async function isTheFile(response, hash) {
  return response.ok && (hashOf(response) === hash || (await bytesHash(response)) === hash);
}

/** The answer with the hash it was checked against, for the next release to compare. */
async function withHash(response, hash) {
  const headers = new Headers(response.headers);
  headers.set(HASH_HEADER, hash);
  return new Response(await response.arrayBuffer(), { status: response.status, statusText: response.statusText, headers });
}

/** A static host's ETag is not the content hash (or missing): then hash the bytes themselves
 *  (web/assets.py content_hash: SHA-256, its first 20 hex digits). */
async function bytesHash(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 20);
}

/** The content hash a kept copy was checked against, else the one an answer's ETag names ("HASH",
 *  or W/"HASH" from a proxy that compressed it). */
function hashOf(response) {
  const kept = response.headers.get(HASH_HEADER);
  return kept || (response.headers.get("etag") || "").replace(/^W\//, "").replace(/"/g, "");
}

/** The cached copy (the page itself for any navigation, whatever its query), else the network;
 *  for a file of the release, the network's answer only if it is that file (else any cache's). */
async function cacheFirst(request, as = request) {
  const cached = await caches.match(as, { ignoreSearch: typeof as === "string", cacheName: CACHE });
  if (cached) return cached;
  const path = typeof as === "string" ? as : new URL(request.url).pathname;
  let response;
  try {
    response = await fetch(request);
  } catch {
    response = null; // offline: any release's copy is better than none
  }
  const hash = FILES[path];
  if (response && (hash === undefined || (await isTheFile(response, hash)))) return response;
  const other = await caches.match(path, { ignoreSearch: true });
  if (other) return other;
  if (response) return response;
  return Response.error();
}

/** The variant list this release's cache holds, at once and with no request when the browser is
 *  offline (the page asks for it at every load: a failed request each time, issue 37 point 10);
 *  online, the network's answer refreshes the kept copy for the next load. Without a kept copy,
 *  the network's answer (networkFirst). */
async function keptFirst(request) {
  const kept = await caches.match(request, { cacheName: CACHE });
  if (!kept) return networkFirst(request);
  if (self.navigator?.onLine !== false) networkFirst(request).catch(() => {});
  return kept;
}

/** The network's answer, kept for later; the kept one when the network fails or answers anything
 *  but a variant list: a captive portal's or a misconfigured proxy's page, even with a 200, is
 *  neither kept nor handed to the page when the list is at hand. (The body is checked, not the
 *  content type: a static host serves the site's api/variants file as application/octet-stream.) */
async function networkFirst(request) {
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    const cached = await caches.match(request, { cacheName: CACHE });
    if (cached) return cached;
    throw err;
  }
  if (response.ok && (await isVariantList(response))) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
    return response;
  }
  return (await caches.match(request, { cacheName: CACHE })) || response;
}

async function isVariantList(response) {
  try {
    const { variants } = await response.clone().json();
    return Array.isArray(variants) && variants.length > 0;
  } catch {
    return false;
  }
}
