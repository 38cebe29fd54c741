// state/sane.js: what a saved figure or date may be, and junk moved aside (issue 49): figures out
// of range (1e308, Infinity written as a string, negative) and dates after tomorrow read as
// nothing in the statistics, bests, challenges and achievements; setAside keeps the text of a record
// holding junk under junk.<key>, writes what could be read and names it; a whole record stays.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const sane = await load("state/sane.js");
const stats = await load("state/stats.js");
const records = await load("state/records.js");
const challenges = await load("state/challenges.js");
const achievements = await load("state/achievements.js");

let storage;
beforeEach(() => {
  storage = memoryStorage();
});

test("the latest day a record may bear is tomorrow, by the player's calendar", () => {
  assert.equal(sane.latestDay(new Date(2026, 11, 31, 23, 59)), "2027-01-01");
  assert.equal(sane.isPastDay("2027-01-01", "2027-01-01"), true);
  assert.equal(sane.isPastDay("2027-01-02", "2027-01-01"), false);
  assert.equal(sane.isPastDay("2026-02-30x", "2027-01-01"), false);
  assert.equal(sane.isPastDay("2099-12-31"), false); // the real clock: years ahead
});

test("figures out of range and dates after tomorrow read as nothing", () => {
  const s = stats.fromStored({ played: 1e308, won: 3, bestTime: 1e308, fewestMoves: -4, streak: 1e9 + 1 });
  assert.deepEqual([s.played, s.won, s.bestTime, s.fewestMoves, s.streak], [0, 3, null, null, 0]);
  const b = records.fromStored({ score: { value: -1e308, day: "2026-11-01" }, time: { value: 5, day: "2099-12-31" },
    run: { count: 400, last: "2099-12-31" } });
  assert.deepEqual([b.score, b.time, b.run], [null, null, { count: 0, last: null }]);
  const c = challenges.fromStored({ run: { count: 400, last: "2099-12-31" }, done: { "2099-12-31-1": { moves: 3, day: "2026-11-01" } } });
  assert.deepEqual([c.run, c.done, c.best], [{ count: 0, last: null }, {}, 0]);
  assert.deepEqual(achievements.fromStored({ "first-win": "2099-12-31", expert: "2026-11-02" }), { expert: "2026-11-02" });
});

test("a record holding junk is moved aside and said; the rest of it, and whole records, stay", () => {
  const key = stats.statsKey("pyramid");
  const junk = JSON.stringify({ played: 1e308, won: 2 });
  storage.setItem(key, junk);
  const whole = { done: {}, given: [], missed: [], counted: [], run: { count: 2, last: "2026-11-02" }, best: 2 };
  storage.setItem(challenges.CHALLENGES_KEY, JSON.stringify(whole));
  storage.setItem(achievements.ACHIEVEMENTS_KEY, JSON.stringify({ "first-win": "2026-11-01" })); // fields left out: no junk
  const names = sane.setAside([
    [key, stats.fromStored, "statistics"], [challenges.CHALLENGES_KEY, challenges.fromStored, "challenges"],
    [achievements.ACHIEVEMENTS_KEY, achievements.fromStored, "achievements"], ["pyramid-solitaire.none", stats.fromStored, "none"],
  ]);
  assert.deepEqual(names, ["statistics"]);
  assert.equal(storage.getItem(sane.asideKey(key)), junk); // kept, not lost
  assert.equal(sane.asideKey(key), "pyramid-solitaire.junk.stats.pyramid");
  assert.deepEqual([stats.load("pyramid").played, stats.load("pyramid").won], [0, 2]);
  assert.deepEqual(challenges.load(), whole);
  assert.deepEqual(sane.setAside([[key, stats.fromStored, "statistics"]]), []); // once
});
