// state/local.js's routing of the Pyramid family's solver features (issue 51): with the page's
// solver running (here a stand-in Worker that answers every request and notes it), a hint, a
// review, the way and a winnable-only deal of every game the kernel plays come from the page,
// with no request, Apophis's too (c/gather.c); Apophis with more than three passes goes to the
// server, and on a static site (no server) fails as NeedsServer "family" (play/notices.js's
// familyNoSolver); its winnable-only deal is the server's proof, else random and marked.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { root } from "./page.mjs";

const asked = []; // [op, variant] of every request the page's solver got
class StandInWorker {
  constructor() {
    setTimeout(() => this.onmessage({ data: { ready: true } }));
  }

  postMessage({ id, op, record, variant }) {
    const game = variant ?? record.variant;
    asked.push([op, game]);
    const answer = { record: record ?? { variant: game }, view: {}, hint: { verdict: "winnable", move: "Kd" }, winnable: true };
    setTimeout(() => this.onmessage({ data: { id, answer } }));
  }
}
globalThis.Worker = StandInWorker;

const js = new URL("src/pyramid_solitaire/static/js/", root);
// Two copies of local.js: each learns once whether the page came from the game server.
const served = await import(new URL("state/local.js?served", js).href);
const staticSite = await import(new URL("state/local.js?static", js).href);

const PLAYED_HERE = ["pyramid-dozen", "tuts-tomb", "cheops", "triangle", "eleven-triangle", "pharaohs", "thirteen",
  "apophis", "apophis:passes=1", "pyramid", "giza", "open-stock:passes=1"];
const LONG_APOPHIS = "apophis:passes=4"; // a third gather: only the server's plain search plays it
const record = (variant) => ({ version: 1, variant, deal: 3, moves: [], redo: [] });
const FEATURES = ["hint", "review", "way"];

const requests = [];
/** fetch as the game server (site false) or a static site (its version file says site), noted. */
function answering(site) {
  globalThis.fetch = async (path, init) => {
    requests.push(path);
    const body = path === "/api/version" ? { version: "1", ...(site ? { site: true } : {}) }
      : { record: JSON.parse(init.body).record, view: {}, hint: { verdict: "winnable", move: "draw" }, review: {}, way: {} };
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  };
}
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  asked.length = 0;
  requests.length = 0;
});

test("every game the kernel plays gets its hint, review and way from the page's solver, no request", async () => {
  answering(false);
  for (const variant of PLAYED_HERE) {
    for (const feature of FEATURES) assert.equal((await served[feature](record(variant))).hint.move, "Kd", `${feature} ${variant}`);
  }
  assert.deepEqual(asked, PLAYED_HERE.flatMap((variant) => FEATURES.map((op) => [op, variant])));
  assert.deepEqual(requests, []);
});

test("Apophis with four passes: its hint, review and way go to the game server, never to the page's solver", async () => {
  answering(false);
  for (const feature of FEATURES) assert.equal((await served[feature](record(LONG_APOPHIS))).hint.move, "draw", feature);
  assert.deepEqual(asked, []);
  assert.deepEqual(requests, ["/api/version", "/api/hint", "/api/review", "/api/way"]);
});

test("with the game server out of reach, four-pass Apophis's hint, review and way fail as NeedsServer 'family'", async () => {
  globalThis.fetch = async () => { throw new TypeError("Failed to fetch"); };
  for (const feature of FEATURES) assert.equal((await served[feature](record(LONG_APOPHIS)).catch((e) => e)).feature, "family", feature);
  assert.deepEqual(asked, []);
});

test("on a static site four-pass Apophis's hint, review and way fail as NeedsServer 'family'; the others still answer", async () => {
  answering(true);
  for (const feature of FEATURES) {
    const err = await staticSite[feature](record(LONG_APOPHIS)).catch((e) => e);
    assert.ok(err instanceof staticSite.NeedsServer, String(err));
    assert.equal(err.feature, "family", feature);
  }
  const overlap = await staticSite.hint(record("tuts-tomb:overlap=yes")).catch((e) => e);
  assert.equal(overlap.feature, "overlap", "overlap discards: the server's plain search too, said as such");
  assert.equal((await staticSite.hint(record("pharaohs"))).hint.move, "Kd");
  assert.equal((await staticSite.hint(record("apophis"))).hint.move, "Kd", "Apophis: the page's solver, offline too");
  assert.deepEqual(asked, [["hint", "pharaohs"], ["hint", "apophis"]]);
  assert.deepEqual(requests, ["/api/version"]);
});

test("a winnable-only deal of a family game comes from the page's solver, no request", async () => {
  globalThis.fetch = () => assert.fail("no request: the page proves the deal");
  for (const variant of ["pharaohs", "pyramid-dozen", "thirteen", "tuts-tomb", "apophis"]) {
    assert.equal((await served.newGame(variant, null, { winnable_only: true })).winnable, true, variant);
  }
  assert.deepEqual(asked, ["pharaohs", "pyramid-dozen", "thirteen", "tuts-tomb", "apophis"].map((variant) => ["winnable", variant]));
});

/** fetch as a game server that proves deal 7 winnable (POST /api/new), noting the requests. */
function provingServer() {
  globalThis.fetch = async (path, init) => {
    requests.push(path);
    const { variant } = JSON.parse(init?.body ?? "{}");
    const body = path === "/api/version" ? { version: "1" } : { record: { version: 1, variant, deal: 7 }, view: { variant }, winnable: true };
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  };
}

test("four-pass Apophis's winnable-only deal is the game server's proof; offline or on a static site random, marked", async () => {
  provingServer();
  const proven = await served.newGame(LONG_APOPHIS, null, { winnable_only: true });
  assert.deepEqual([proven.winnable, proven.record.deal, proven.family], [true, 7, undefined]);
  assert.deepEqual(requests.filter((path) => path !== "/api/version"), ["/api/new"]);
  globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch")); // the server out of reach
  const away = await served.newGame(LONG_APOPHIS, null, { winnable_only: true });
  assert.deepEqual([away.winnable, away.family, away.view.variant], [false, true, LONG_APOPHIS]);
  answering(true);
  requests.length = 0;
  const site = await staticSite.newGame(LONG_APOPHIS, null, { winnable_only: true });
  assert.deepEqual([site.winnable, site.family, site.view.variant], [false, true, LONG_APOPHIS]);
  assert.deepEqual(requests.filter((path) => path !== "/api/version"), []);
  assert.deepEqual(asked, []);
});

test("a family game dealt by grade comes from the page's solver, Apophis's too; an option set has no grades", async () => {
  globalThis.fetch = () => assert.fail("no request: the page grades the family's games, and the rest have no grades");
  const graded = ["pharaohs", "cheops", "thirteen", "tuts-tomb", "pyramid-dozen", "triangle", "eleven-triangle", "apophis"];
  for (const variant of graded) assert.equal((await served.newGame(variant, null, { grade: "easy" })).winnable, true, variant);
  assert.deepEqual(asked, graded.map((variant) => ["graded", variant]));
  asked.length = 0;
  for (const variant of ["tuts-tomb:overlap=yes", "cheops:passes=2", "pyramid:win=all", LONG_APOPHIS]) {
    const options = await served.newGame(variant, null, { grade: "easy" });
    assert.deepEqual([options.grade, options.options, options.family, options.view.variant], [null, true, undefined, variant]);
  }
  assert.deepEqual(asked, []);
});
