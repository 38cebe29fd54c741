// The page makes a day's challenges itself (goals/daily.js, in the solver's worker) for the days
// the release ships no file for: each day of tests/golden/daily_corpus.json (60 days made in
// Python by tools/daily_corpus.py) is made here with the wasm kernel and must be the same whole:
// ids, variants, deals, grades, goals with their pars and scores, proofs. Run: node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { kernel, load, root } from "./page.mjs";

const daily = await load("goals/daily.js");
const { gradedIndex } = await load("goals/index.js");
const corpus = JSON.parse(readFileSync(new URL("tests/golden/daily_corpus.json", root), "utf8")).days;
const index = gradedIndex(JSON.parse(readFileSync(new URL("src/pyramid_solitaire/static/daily-deals.json", root), "utf8")), null);

test("the corpus holds at least 60 days, every goal kind among them", () => {
  assert.ok(Object.keys(corpus).length >= 60);
  const kinds = new Set(Object.values(corpus).flatMap((list) => list.map((ch) => ch.goal.kind)));
  assert.deepEqual([...kinds].sort(), ["cards", "clear", "moves", "score"]);
  assert.ok(index !== null, "static/daily-deals.json reads as whole lists");
});

test("the page makes every day of the corpus as Python made it", async () => {
  const k = await kernel();
  for (const [day, list] of Object.entries(corpus)) {
    assert.deepEqual(await daily.challenges(k, day, index), list, day);
  }
});

test("the variants turn with the date, and days outside the range are refused", () => {
  assert.deepEqual(daily.variantsOf("2000-01-01"), ["pyramid", "classic", "classic-redeal", "three-wastes", "giza"]);
  assert.deepEqual(daily.variantsOf("2000-01-02"), ["classic", "classic-redeal", "three-wastes", "giza", "open-stock"]);
  for (const bad of ["1999-12-31", "2201-01-01", "2026-02-30", "2026-1-1", "", null]) assert.equal(daily.isDay(bad), false, bad);
  assert.equal(daily.isDay("2200-12-31"), true);
});
