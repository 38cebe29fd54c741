// state/records.js and state/achievements.js: personal bests per variant with their days, the
// run of days with a win (a clock set back never undoes it), achievements earned once with the
// day, junk in storage read as nothing. Run: node --test tests/js/
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const records = await load("state/records.js");
const achievements = await load("state/achievements.js");

let storage;
beforeEach(() => {
  storage = memoryStorage();
});

const win = (day, { score = 415, moves = 50, ms = 60_000 } = {}) => ({ won: true, score, moves, ms, day });

test("bests are the best of the results, each with the day it was set", () => {
  records.noteResult("pyramid", win("2026-12-01", { score: 420, moves: 60, ms: 90_000 }));
  const second = records.noteResult("pyramid", win("2026-12-03", { score: 400, moves: 55, ms: 95_000 }));
  assert.deepEqual(second.set, ["moves"]);
  const lost = records.noteResult("pyramid", { won: false, score: 500, moves: 20, ms: 1000, day: "2026-12-04" });
  assert.deepEqual(lost.set, ["score"]); // a lost game sets no fewest moves nor fastest time
  const b = records.load("pyramid");
  assert.deepEqual(b.score, { value: 500, day: "2026-12-04" });
  assert.deepEqual(b.moves, { value: 55, day: "2026-12-03" });
  assert.deepEqual(b.time, { value: 90_000, day: "2026-12-01" });
  assert.equal(records.load("giza").score, null); // per variant
});

test("a run of days counts wins on days in a row; a gap starts again; the longest is kept", () => {
  for (const day of ["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-01"]) records.noteResult("classic", win(day));
  assert.deepEqual(records.load("classic").days, { value: 3, day: "2026-12-01" });
  records.noteResult("classic", win("2026-12-05"));
  const b = records.load("classic");
  assert.deepEqual([b.run.count, b.days.value], [1, 3]);
  assert.equal(records.longestRun(["pyramid", "classic"]), 3);
});

test("a clock set back does not undo a run already counted", () => {
  records.noteResult("giza", win("2026-12-01"));
  records.noteResult("giza", win("2026-12-02"));
  records.noteResult("giza", win("2026-11-20")); // the clock went back
  assert.deepEqual(records.load("giza").run, { count: 2, last: "2026-12-02" });
  records.noteResult("giza", win("2026-12-03"));
  assert.equal(records.load("giza").days.value, 3);
});

test("junk in storage reads as no best", () => {
  storage.setItem(records.recordsKey("pyramid"), JSON.stringify({ score: { value: "x", day: "2026-12-01" }, moves: { value: -3, day: "2026-12-01" }, time: 5, run: { count: 2, last: "nope" } }));
  const b = records.load("pyramid");
  assert.deepEqual([b.score, b.moves, b.time, b.run], [null, null, null, { count: 0, last: null }]);
  storage.setItem(records.recordsKey("pyramid"), "{not json");
  assert.equal(records.load("pyramid").score, null);
});

test("hints count per game", () => {
  records.noteHint("pyramid", "g1");
  assert.equal(records.noteHint("pyramid", "g1"), 2);
  assert.equal(records.hintsIn("pyramid", "g2"), 0);
  assert.equal(records.noteHint("pyramid", "g2"), 1);
});

const end = (extra = {}) => ({
  variant: "pyramid", won: true, score: 415, moves: 60, hints: 1, undos: 1, recycles: 1, wonVariants: ["pyramid"], dayRun: 1, ...extra,
});

test("achievements are earned once, on the day first reached", () => {
  assert.deepEqual(achievements.noteEnd(end(), "2026-12-01"), ["first-win"]);
  assert.deepEqual(achievements.noteEnd(end({ hints: 0 }), "2026-12-02"), ["no-hint"]);
  assert.deepEqual(achievements.noteEnd(end({ hints: 0 }), "2026-12-03"), []);
  assert.deepEqual(achievements.earned(), { "first-win": "2026-12-01", "no-hint": "2026-12-02" });
});

test("each achievement asks what its name says", () => {
  const fresh = (context) => achievements.withEnd({}, end(context), "2026-12-01").fresh;
  assert.ok(!fresh({ won: false }).includes("first-win"));
  assert.ok(fresh({ undos: 0 }).includes("no-undo"));
  assert.ok(fresh({ par: 60 }).includes("shortest"));
  assert.ok(!fresh({ par: 59 }).includes("shortest"));
  assert.ok(fresh({ recycles: 0 }).includes("one-pass"));
  assert.ok(!fresh({ recycles: 0, variant: "classic" }).includes("one-pass")); // one pass is all there is
  assert.ok(!fresh({ wonVariants: ["pyramid", "classic", "classic-redeal", "three-wastes", "giza"] }).includes("every-variant"));
  assert.ok(fresh({ wonVariants: ["pyramid", "classic", "classic-redeal", "three-wastes", "giza", "open-stock"] }).includes("every-variant"));
  assert.ok(fresh({ grade: "expert" }).includes("expert"));
  assert.ok(!fresh({ grade: "hard" }).includes("expert"));
  assert.ok(fresh({ score: 500 }).includes("score-500"));
  assert.ok(!fresh({ dayRun: 6 }).includes("days-7"));
  assert.ok(fresh({ dayRun: 7 }).includes("days-7"));
  assert.ok(fresh({ challenge: true }).includes("challenge"));
});

test("achievements in storage: unknown ids and bad days read as not earned", () => {
  storage.setItem(achievements.ACHIEVEMENTS_KEY, JSON.stringify({ "first-win": "2026-12-01", bogus: "2026-12-01", "no-hint": 3 }));
  assert.deepEqual(achievements.earned(), { "first-win": "2026-12-01" });
});

test("the run of days: one more the next day, the same on the same day or a day set back, a new one after a gap", () => {
  let run = records.nextRun({ count: 0, last: null }, "2026-12-01");
  assert.deepEqual(run, { count: 1, last: "2026-12-01" });
  run = records.nextRun(run, "2026-12-02");
  assert.deepEqual(run, { count: 2, last: "2026-12-02" });
  assert.deepEqual(records.nextRun(run, "2026-12-02"), run, "a second win on the same day");
  assert.deepEqual(records.nextRun(run, "2026-11-30"), run, "a clock set back");
  assert.deepEqual(records.nextRun(run, "2026-12-04"), { count: 1, last: "2026-12-04" });
});
