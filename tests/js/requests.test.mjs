// state/requests.js: the session's requests run one at a time, in the order asked; listeners hear
// when a request is under way and when it is done; a refusal is told with its move, any
// other failure as the server out of reach, and the request resolves to undefined.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

const { createRequests } = await load("state/requests.js");
const { Refused } = await load("net/api.js");

test("requests run one at a time, in order, each told as under way while it runs", async () => {
  const heard = [];
  const run = createRequests((change) => heard.push(change));
  let release;
  const first = run(() => new Promise((resolve) => { release = resolve; }).then(() => heard.push("first done") && "one"));
  const second = run(async () => {
    heard.push("second runs");
    return "two";
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(heard, [{ type: "busy", busy: true }], "the second waits for the first");
  release();
  assert.deepEqual(await Promise.all([first, second]), ["one", "two"]);
  const [on, off] = [{ type: "busy", busy: true }, { type: "busy", busy: false }];
  assert.deepEqual(heard, [on, "first done", off, on, "second runs", off]);
});

test("a failed request resolves to undefined; a refusal is told with its move, else the server is out of reach", async () => {
  const heard = [];
  const run = createRequests((change) => change.type !== "busy" && heard.push(change));
  const refused = Object.assign(new Refused("no", 400, "card_covered"), { move: "7d+6c" });
  assert.equal(await run(async () => { throw refused; }), undefined);
  const down = new TypeError("Failed to fetch");
  assert.equal(await run(async () => { throw down; }), undefined);
  assert.deepEqual(heard, [{ type: "refused", error: refused, move: "7d+6c" }, { type: "offline", error: down }]);
  assert.equal(await run(async () => 3), 3, "the queue goes on after a failure");
});
