// state/achievements.js: each achievement is earned once, on its first day; the checks are data
// (ACHIEVEMENTS); junk in storage reads as none earned. tests/js/records.test.mjs plays them
// through the end of games with the personal bests. Run: node --test tests/js/
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const achievements = await load("state/achievements.js");

let storage;
beforeEach(() => {
  storage = memoryStorage();
});

const end = (context = {}) => ({
  variant: "pyramid", won: true, score: 100, moves: 40, hints: 1, undos: 1, recycles: 1, challenge: false,
  wonVariants: ["pyramid"], dayRun: 1, ...context,
});

test("an achievement is earned once, on the day first reached, and kept", () => {
  const first = achievements.withEnd({}, end(), "2026-12-01");
  assert.deepEqual(first.fresh, ["first-win"]);
  const again = achievements.withEnd(first.earned, end(), "2026-12-02");
  assert.deepEqual([again.fresh, again.earned], [[], { "first-win": "2026-12-01" }]);
  assert.deepEqual(achievements.noteEnd(end({ undos: 0 }), "2026-12-03"), ["first-win", "no-undo"]);
  assert.deepEqual(achievements.earned(), { "first-win": "2026-12-03", "no-undo": "2026-12-03" });
});

test("a loss earns only what needs no win; every id is unique", () => {
  assert.deepEqual(achievements.withEnd({}, end({ won: false, score: 500, dayRun: 7 }), "2026-12-01").fresh, ["score-500", "days-7"]);
  const ids = achievements.ACHIEVEMENTS.map((a) => a.id);
  assert.equal(new Set(ids).size, ids.length);
});

test("junk in storage reads as none earned", () => {
  storage.setItem(achievements.ACHIEVEMENTS_KEY, JSON.stringify({ "first-win": "yesterday", nonsense: "2026-12-01", "no-hint": "2026-12-01" }));
  assert.deepEqual(achievements.earned(), { "no-hint": "2026-12-01" });
  storage.setItem(achievements.ACHIEVEMENTS_KEY, "[");
  assert.deepEqual(achievements.earned(), {});
});
