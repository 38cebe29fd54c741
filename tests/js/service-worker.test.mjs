// The service worker's fallback copy of the variant list: the network's answer is kept only when
// it is a variant list, so an HTML page answered with a 200 (a captive portal, a misconfigured proxy) never
// becomes what the page reads offline. sw.js runs here in a VM with fake caches and fetch.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../src/pyramid_solitaire/static/sw.js", import.meta.url), "utf8");

/** The browser's caches, by name: what sw.js keeps, and what it finds there. */
function fakeCaches(held = {}, fetcher = null) {
  const named = new Map(Object.entries(held).map(([name, files]) => [name, new Map(Object.entries(files))]));
  const key = (request) => new URL(typeof request === "string" ? `http://game.test${request}` : request.url).pathname;
  const open = async (name) => {
    if (!named.has(name)) named.set(name, new Map());
    const files = named.get(name);
    return {
      put: async (request, response) => { files.set(key(request), response); },
      match: async (request) => files.get(key(request))?.clone(),
      addAll: async (urls) => { for (const url of urls) files.set(key(url), await fetcher(url)); },
    };
  };
  const match = async (request, { cacheName } = {}) => {
    for (const [name, files] of named) {
      if ((!cacheName || name === cacheName) && files.has(key(request))) return files.get(key(request)).clone();
    }
    return undefined;
  };
  return { open, match, keys: async () => [...named.keys()], delete: async (name) => named.delete(name), named };
}

/** sw.js loaded with a network that answers `answer` (or answer(url)), the release's FILES and
 *  caches held before; `kept` is what the current release's cache is given. */
function serviceWorker(answer, { files = {}, held = {}, release = "dev", online = true } = {}) {
  const listeners = {};
  const fetched = [];
  const caches = fakeCaches({ [`pyramid-solitaire-${release}`]: {}, ...held }, (url) => context.fetch(url));
  const self = { location: { origin: "http://game.test" }, navigator: { onLine: online }, addEventListener: (kind, f) => { listeners[kind] = f; },
    skipWaiting: async () => {} };
  const context = {
    self, URL, Response, Headers, caches, crypto,
    fetch: async (request) => {
      const url = typeof request === "string" ? request : request.url;
      fetched.push(url.replace("http://game.test", ""));
      return (typeof answer === "function" ? answer(url) : answer).clone();
    },
  };
  const source = SOURCE.replace('/*RELEASE*/ "dev"', JSON.stringify(release)).replace("/*FILES*/ {}", JSON.stringify(files));
  vm.runInNewContext(source, context);
  /** Ask the worker for `path` the way the page does; resolves to its answer. */
  const ask = (path, mode = "cors") => new Promise((resolve) => {
    const request = { method: "GET", mode, url: `http://game.test${path}` };
    listeners.fetch({ request, respondWith: (promise) => resolve(promise) });
  });
  /** The install of the release: resolves when it is cached (or rejects). */
  const install = () => new Promise((resolve, reject) => {
    listeners.install({ waitUntil: (promise) => promise.then(resolve, reject) });
  });
  return { ask, install, fetched, caches, kept: caches.named.get(`pyramid-solitaire-${release}`) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a variant list is kept as the offline copy, whatever its content type", async () => {
  // A static host serves the site's api/variants file without a JSON content type.
  const json = new Response('{"variants": [{"id": "pyramid"}]}', { headers: { "content-type": "application/octet-stream" } });
  const { ask, kept } = serviceWorker(json);
  const answer = await ask("/api/variants");
  assert.equal(answer.status, 200);
  await settle();
  assert.deepEqual([...kept.keys()], ["/api/variants"]);
});

test("an HTML page answered with 200 is passed on but never kept", async () => {
  const html = new Response("<html>Log in to the Wi-Fi</html>", { headers: { "content-type": "text/html" } });
  const { ask, kept } = serviceWorker(html);
  const answer = await ask("/api/variants");
  assert.equal(await answer.text(), "<html>Log in to the Wi-Fi</html>");
  await settle();
  assert.equal(kept.size, 0);
});

test("JSON without a list of games is not kept either", async () => {
  const { ask, kept } = serviceWorker(new Response("{}", { headers: { "content-type": "application/json" } }));
  await ask("/api/variants");
  await settle();
  assert.equal(kept.size, 0);
});

const VARIANTS = '{"variants": [{"id": "pyramid"}]}';
const PORTAL = () => new Response("<html>Log in to the Wi-Fi</html>", { headers: { "content-type": "text/html" } });

test("behind a captive portal the kept variant list is answered, not the portal's page", async () => {
  const held = { "pyramid-solitaire-dev": { "/api/variants": new Response(VARIANTS) } };
  const { ask } = serviceWorker(PORTAL(), { held });
  assert.equal(await (await ask("/api/variants")).text(), VARIANTS);
});

test("offline, the kept variant list is answered with no request; online it is refreshed", async () => {
  const held = () => ({ "pyramid-solitaire-dev": { "/api/variants": new Response(VARIANTS) } });
  const offline = serviceWorker(new Response('{"variants": [{"id": "giza"}]}'), { held: held(), online: false });
  assert.equal(await (await offline.ask("/api/variants")).text(), VARIANTS);
  await settle();
  assert.deepEqual(offline.fetched, []);
  const online = serviceWorker(new Response('{"variants": [{"id": "giza"}]}'), { held: held() });
  assert.equal(await (await online.ask("/api/variants")).text(), VARIANTS);
  await settle();
  assert.deepEqual(online.fetched, ["/api/variants"]);
  assert.equal(await (await online.kept.get("/api/variants")).text(), '{"variants": [{"id": "giza"}]}');
});

/** The short content hash of web/assets.py. */
async function hashOf(text) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 20);
}

const MAIN = "export const release = 2;\n".repeat(20);

for (const [what, wrong] of [
  ["a portal's page", PORTAL],
  ["a truncated file", () => new Response(MAIN.slice(0, 100))],
  ["a 404", () => new Response("not found", { status: 404 })],
]) {
  test(`a file of the release answered with ${what} comes from the cache instead`, async () => {
    // Not in this release's cache (evicted, or its install not done): any release's copy of it.
    const held = { "pyramid-solitaire-old": { "/static/js/main.js": new Response(MAIN) } };
    const files = { "/static/js/main.js": await hashOf(MAIN) };
    const { ask } = serviceWorker(wrong(), { files, held, release: "new" });
    assert.equal(await (await ask("/static/js/main.js")).text(), MAIN);
  });
}

test("a file of the release answered whole by the network is passed on", async () => {
  const files = { "/static/js/main.js": await hashOf(MAIN) };
  const { ask } = serviceWorker(new Response(MAIN), { files, release: "new" });
  assert.equal(await (await ask("/static/js/main.js")).text(), MAIN);
});

test("a release on a host with no ETags fetches only the files whose hash changed", async () => {
  const texts = Object.fromEntries(["a", "b", "c", "d"].map((name) => [`/static/${name}.js`, `// ${name}\n`]));
  const hashes = async (t) => Object.fromEntries(await Promise.all(Object.entries(t).map(async ([u, x]) => [u, await hashOf(x)])));
  const serve = (t) => (url) => new Response(t[new URL(url, "http://game.test").pathname] ?? VARIANTS); // no ETag
  const first = serviceWorker(serve(texts), { files: await hashes(texts), release: "one" });
  await first.install();
  assert.equal(first.fetched.length, 5); // four files and the variant list
  const next = { ...texts, "/static/c.js": "// c, the next release\n" };
  const second = serviceWorker(serve(next), { files: await hashes(next), release: "two", held: Object.fromEntries(
    [...first.caches.named].map(([name, files]) => [name, Object.fromEntries(files)])) });
  await second.install();
  assert.deepEqual(second.fetched.filter((url) => url.startsWith("/static/")).map((u) => u.split("?")[0]), ["/static/c.js"]);
  assert.equal(await (await second.kept.get("/static/a.js").clone().text()), "// a\n");
});

test("a release whose file is not its hash (a host mid-upload) is not cached at all", async () => {
  const files = { "/static/js/main.js": await hashOf(MAIN) };
  const sw = serviceWorker(new Response("export const release = 1;\n"), { files, release: "new" });
  await assert.rejects(sw.install(), /is not the release's file/);
  assert.equal(sw.caches.named.has("pyramid-solitaire-new"), false);
});
