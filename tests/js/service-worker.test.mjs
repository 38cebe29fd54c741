// The service worker's fallback copy of the variant list: the network's answer is kept only when
// it is a variant list, so an HTML page answered with a 200 (a captive portal, a misconfigured proxy) never
// becomes what the page reads offline. sw.js runs here in a VM with fake caches and fetch.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../src/pyramid_solitaire/static/sw.js", import.meta.url), "utf8");

/** sw.js loaded with a network that answers `answer` and a cache that records what it is given. */
function serviceWorker(answer) {
  const kept = new Map();
  const listeners = {};
  const cache = { put: async (request, response) => kept.set(new URL(request.url).pathname, response) };
  const self = { location: { origin: "http://game.test" }, addEventListener: (kind, f) => { listeners[kind] = f; } };
  const context = {
    self, URL, Response, Headers,
    caches: { open: async () => cache, match: async () => undefined, keys: async () => [] },
    fetch: async () => answer.clone(),
  };
  vm.runInNewContext(SOURCE, context);
  /** Ask the worker for `path` the way the page does; resolves to its answer. */
  const ask = (path) => new Promise((resolve) => {
    const request = { method: "GET", mode: "cors", url: `http://game.test${path}` };
    listeners.fetch({ request, respondWith: (promise) => resolve(promise) });
  });
  return { ask, kept };
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
