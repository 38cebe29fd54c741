// solver/worker.js: the page's solver worker answers {id, op, ...} with {id, answer} shaped as the
// server's, or {id, error} (a refusal of the rules with its code); requests run one at a time,
// in order; new budgets forget earlier proofs. Here `self` and `fetch` stand in for the worker's.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { load } from "./page.mjs";

const posted = [];
const waiting = new Map();
let ready;
const started = new Promise((resolve) => { ready = resolve; });
globalThis.self = {
  postMessage(message) {
    posted.push(message);
    if (message.ready || message.failed) ready(message);
    else waiting.get(message.id)?.(message);
  },
};
const realFetch = globalThis.fetch;
globalThis.fetch = async (url) => new Response(readFileSync(url));
await load("solver/worker.js");
assert.deepEqual(await started, { ready: true });
globalThis.fetch = realFetch;

let nextId = 0;
/** Post a request to the worker; resolves with its reply. */
function ask(op, fields = {}) {
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    self.onmessage({ data: { id, op, ...fields } });
  });
}

const RECORD = { version: 1, variant: "giza", deal: 18, moves: [], redo: [] };

test("a hint, a review and the way are the server's answers, with the position", async () => {
  const { answer } = await ask("hint", { record: RECORD });
  assert.deepEqual([answer.record.deal, answer.hint.verdict, answer.hint.checked], [18, "winnable", true]);
  assert.equal(typeof answer.view.move_count, "number");
  const reviewed = (await ask("review", { record: { ...RECORD, moves: [answer.hint.move] } })).answer.review;
  assert.deepEqual(reviewed.moves.map((m) => m.mark), ["winnable"]);
  const way = (await ask("way", { record: RECORD })).answer.way;
  assert.equal(way.steps, way.line.length);
});

test("a record the rules refuse is an error with its code; an unknown request is named", async () => {
  const { error } = await ask("hint", { record: { ...RECORD, moves: ["Qs+Ah"] } });
  assert.equal(typeof error.code, "string");
  assert.ok(error.code.startsWith("record_"), error.code);
  assert.deepEqual((await ask("guess")).error, { message: "no such request: guess" });
});

test("budgets change for the worker's life; a bad one is refused by name", async () => {
  const { answer } = await ask("budgets", { hintSeconds: null, hintNodes: 1 });
  assert.deepEqual([answer.hintSeconds, answer.hintNodes], [null, 1]);
  const hint = (await ask("hint", { record: RECORD })).answer.hint;
  assert.deepEqual([hint.verdict, hint.checked], ["unknown", false], "one node checks no move, and no proof is remembered");
  assert.match((await ask("budgets", { hintNodes: 0 })).error.message, /hintNodes must be a whole number/);
  await ask("budgets", { hintSeconds: 0.5, hintNodes: null });
});

test("requests are answered in the order asked; daily and winnable deals are dealt", async () => {
  const replies = await Promise.all([ask("daily", { variant: "pyramid", day: "2026-12-01" }), ask("winnable", { variant: "giza" })]);
  assert.deepEqual(replies.map((r) => r.id), [nextId - 1, nextId]);
  assert.deepEqual([replies[0].answer.record.deal, replies[0].answer.daily], ["9936131226517101932", "2026-12-01"]);
  assert.equal(replies[1].answer.winnable, true);
});
