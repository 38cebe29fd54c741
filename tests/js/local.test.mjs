// state/local.js: the page's own game service answers the game API as the server does, a refusal
// of the rules as the server's (same status, code and parameters); where no solver runs in the
// page (here: node has no Worker) its features go to the server, and offline they fail naming
// the feature (a winnable-only deal becomes a random one, marked so). Run: node --test tests/js/
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { load } from "./page.mjs";

const local = await load("state/local.js");
const { Offline, Refused } = await load("net/api.js");

const RECORD = { version: 1, variant: "pyramid", deal: 1, moves: [], redo: [] };
const realFetch = globalThis.fetch;
const realWarn = console.warn;
afterEach(() => {
  globalThis.fetch = realFetch;
  console.warn = realWarn;
});
const offline = () => {
  console.warn = () => {}; // "no solver in the page"
  globalThis.fetch = async () => { throw new TypeError("Failed to fetch"); };
};

test("moves, undo, redo and restart are answered in the page, with no request", async () => {
  globalThis.fetch = () => assert.fail("no request for the rules");
  const moved = await local.move(RECORD, "Kc");
  assert.deepEqual([moved.record.moves, moved.played], [["Kc"], "Kc"]);
  const undone = await local.undo(moved.record);
  assert.deepEqual([undone.record.moves, undone.record.redo, undone.undone], [[], ["Kc"], "Kc"]);
  const redone = await local.redo(undone.record);
  assert.deepEqual([redone.record.moves, redone.redone], [["Kc"], "Kc"]);
  const again = await local.restart(redone.record);
  assert.deepEqual(again.record.moves, []);
  assert.equal((await local.state(RECORD)).view.move_count, 0);
  assert.equal((await local.newGame("giza", "7")).record.deal, 7);
});

test("a refusal of the rules is the server's: 409 for an illegal move, 400 for a bad record", async () => {
  const illegal = await local.move(RECORD, "Qs+Ah").catch((err) => err);
  assert.ok(illegal instanceof Refused);
  assert.deepEqual([illegal.status, typeof illegal.code], [409, "string"]);
  const bad = await local.state({ ...RECORD, deal: -1 }).catch((err) => err);
  assert.ok(bad instanceof Refused);
  assert.equal(bad.status, 400);
  const both = await local.newGame("pyramid", "3", { daily: "2026-12-01" }).catch((err) => err);
  assert.deepEqual([both.status, both.code], [400, "deal_source"]);
});

test("with no solver in the page and no server, a hint fails naming it", async () => {
  offline();
  const err = await local.hint(RECORD).catch((e) => e);
  assert.ok(err instanceof local.NeedsServer && err instanceof Offline, String(err));
  assert.equal(err.feature, "hint");
  assert.equal((await local.review(RECORD).catch((e) => e)).feature, "review");
  assert.equal((await local.newGame("pyramid", null, { daily: "2026-12-01" }).catch((e) => e)).feature, "daily");
});

test("offline, a winnable-only deal becomes a random one, marked so", async () => {
  offline();
  const dealt = await local.newGame("giza", null, { winnable_only: true });
  assert.deepEqual([dealt.winnable, dealt.offline, dealt.record.variant], [false, true, "giza"]);
  assert.equal(await local.warmSolver(), false);
});

test("with no solver in the page, the server's hint is the answer", async () => {
  console.warn = () => {};
  const asked = [];
  globalThis.fetch = async (path, init) => {
    asked.push([path, JSON.parse(init.body)]);
    const body = { record: RECORD, view: {}, hint: { verdict: "winnable", move: "Kc" } };
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  };
  const answer = await local.hint(RECORD);
  assert.equal(answer.hint.move, "Kc");
  assert.deepEqual(asked, [["/api/hint", { record: RECORD }]]);
});

test("every option set goes to the solver: with none in the page, the server's hint", async () => {
  console.warn = () => {};
  const asked = [];
  globalThis.fetch = async (path, init) => {
    const { record } = JSON.parse(init.body);
    asked.push([path, record.variant]);
    const body = { record, view: {}, hint: { verdict: "winnable", move: "draw" } };
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  };
  const variants = ["overlap", "unlimited", "original", "pyramid:win=all", "classic:passes=32"];
  for (const variant of variants) {
    for (const ask of [local.hint, local.review, local.way]) assert.equal((await ask({ ...RECORD, variant })).hint.move, "draw");
  }
  const paths = ["/api/hint", "/api/review", "/api/way"];
  assert.deepEqual(asked, variants.flatMap((variant) => paths.map((path) => [path, variant])));
});

test("a deal of a grade with options: random and said so, as grades are the six variants'", async () => {
  globalThis.fetch = () => assert.fail("no request: no grades for options anywhere");
  for (const variant of ["overlap", "unlimited", "original", "pyramid:win=all"]) {
    const dealt = await local.newGame(variant, null, { grade: "easy" });
    assert.deepEqual([dealt.grade, dealt.options, dealt.view.variant], [null, true, variant]);
  }
  const moved = await local.move({ ...RECORD, variant: "unlimited" }, "draw");
  assert.deepEqual([moved.view.passes, moved.view.passes_left, moved.view.recycles], [null, null, 0]);
});

test("four-pass Apophis's winnable-only deal, the server out of reach, is random and said so: the page's solver does not play it", async () => {
  globalThis.fetch = async () => { throw new TypeError("Failed to fetch"); };
  const dealt = await local.newGame("apophis:passes=4", null, { winnable_only: true });
  assert.deepEqual([dealt.winnable, dealt.family, dealt.view.variant], [false, true, "apophis:passes=4"]);
});
