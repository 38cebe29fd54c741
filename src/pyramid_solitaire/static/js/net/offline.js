// Offline play: the service worker (/sw.js, see static/sw.js) keeps the page, its modules, styles
// and card images, so after one visit the game opens and plays without a network.
//
// A first visit has no service worker yet: its files come straight from the host, and a host in
// the middle of an upload can hand it a mixed set (the new main.js with the old en.js). So a first
// visit checks what it loaded against the release's one manifest of hashes (FILES in /sw.js) and,
// when they are not one release, loads the page again (a few times at most, the upload finishing).

const TRIES = "pyramid-solitaire.release-tries"; // sessionStorage: reloads for a mixed set so far
const MOST_TRIES = 3;

/** Register the worker; `newRelease()` is called when a new release's worker takes over a page
 *  that an older one served (this page's files are the old ones until it is reloaded). */
export function keepForOffline({ newRelease = () => {} } = {}) {
  if (!("serviceWorker" in navigator)) return;
  const servedByOlder = Boolean(navigator.serviceWorker.controller); // none on a first visit
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (servedByOlder) newRelease();
  });
  if (!servedByOlder) keepWhole().catch((err) => console.warn("the release was not checked:", err));
  navigator.serviceWorker.register("/sw.js").catch((err) => console.warn("no offline play:", err));
}

/** A first visit: the files loaded are checked against the manifest; a mixed set is loaded again. */
async function keepWhole() {
  if (!globalThis.crypto?.subtle) return; // not a secure context: no hashing (and no service worker)
  const mixed = await mixedFiles();
  const tries = Number(sessionStorage.getItem(TRIES) || 0);
  if (!mixed.length) {
    sessionStorage.removeItem(TRIES);
    return;
  }
  console.warn("these files are not of one release:", mixed.join(", "));
  if (tries >= MOST_TRIES) return; // the host stays mixed: play on with what came
  sessionStorage.setItem(TRIES, String(tries + 1));
  // The HTTP cache may hold the old copies as fresh (a plain host's Last-Modified lets a browser
  // keep a file for a tenth of its age), and a reload would take them again: fetch them anew first.
  await Promise.all(mixed.map((path) => fetch(path, { cache: "reload" }).catch(() => null)));
  location.reload();
}

/** The loaded files whose bytes are not the manifest's hash ([] when the manifest has none). */
export async function mixedFiles() {
  const manifest = await (await fetch("/sw.js", { cache: "no-store" })).text();
  const found = manifest.match(/^const FILES = (\{.*\});$/m);
  const files = found ? JSON.parse(found[1]) : {};
  const loaded = performance.getEntriesByType("resource").map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname in files)
    .map((url) => url.pathname);
  const mixed = [];
  for (const path of new Set(loaded)) {
    // The copy the page was given: the HTTP cache's, not a fresh one.
    const bytes = await (await fetch(path, { cache: "force-cache" })).arrayBuffer();
    if ((await hashOf(bytes)) !== files[path]) mixed.push(path);
  }
  return mixed;
}

/** web/assets.py's content hash: SHA-256, its first 20 hex digits. */
async function hashOf(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 20);
}
