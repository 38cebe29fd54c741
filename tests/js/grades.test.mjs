// The grades in the page (static/js/goals/ over kernel.wasm) answer what goals/ in Python wrote
// into tests/golden/grades_corpus.json (tools/grades_corpus.py): the same greedy games seed by
// seed, the same verdict and states of the decision search, the same grade, deal by deal.
// Run: node --test tests/js/ (make test does).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { kernel as pageKernel, load, root } from "./page.mjs";

const { Deal } = await load("rules/deal.js");
const { greedyGame, SplitMix64 } = await load("goals/players.js");
const { difficulty, gradeOf, keyOf, GRADES, MEASURE_VERSION } = await load("goals/grades.js");
const { gradedIndex, pickFrom } = await load("goals/index.js");

const kernel = await pageKernel();
const corpus = JSON.parse(readFileSync(new URL("tests/golden/grades_corpus.json", root), "utf8"));
const index = JSON.parse(readFileSync(new URL("src/pyramid_solitaire/static/grades.json", root), "utf8"));
const where = (e) => `${e.variant} deal ${e.deal}`;

test("SplitMix64 gives the rules' numbers", () => {
  const rng = new SplitMix64(0);
  assert.deepEqual([rng.next(), rng.next()], [0xe220a8397b1dcdafn, 0x6e789e6aa1b965f4n]);
});

test("the greedy player plays the games of the Python player, seed by seed", () => {
  for (const e of corpus) {
    const deal = Deal.fromNumber(e.variant, e.deal);
    const games = Array.from({ length: e.games.length }, (_, seed) => (greedyGame(deal, seed) ? "1" : "0")).join("");
    assert.equal(games, e.games, where(e));
  }
});

test("Apophis: a pass that removed nothing does not end the game (the gathered order plays differently)", () => {
  assert.equal(greedyGame(Deal.fromNumber("apophis", 277), 1), true, "won only after such a pass, as in Python");
});

test("every deal grades as in Python: verdict, wins, states, losing removals, grade", () => {
  assert.ok(corpus.some((e) => e.grade === "expert") && corpus.some((e) => e.grade === "easy"));
  for (const e of corpus) {
    assert.equal(e.measure_version, MEASURE_VERSION, "the corpus is of another measure: regenerate it");
    const found = difficulty(kernel, Deal.fromNumber(e.variant, e.deal));
    assert.deepEqual([found.verdict, found.wins, found.states, found.losing, found.grade],
      [e.verdict, e.greedy_wins, e.states, e.losing, e.grade], where(e));
  }
});

test("a key past every threshold is expert, the lowest is easy", () => {
  assert.equal(gradeOf("pyramid", keyOf(16, 0)), "easy");
  assert.equal(gradeOf("pyramid", keyOf(0, 2_000_000, 100)), "expert");
  assert.ok(keyOf(0, 2_000_000, 2) < keyOf(0, 1, 3), "more losing removals is harder");
  assert.equal(keyOf(1, 5, 40), keyOf(1, 5), "counted only when the greedy player wins none");
});

test("the index is read only when whole and of this measure; a pick is one of its deals", () => {
  assert.equal(gradedIndex(index).version, MEASURE_VERSION);
  assert.equal(gradedIndex({ version: "old", variants: {} }), null);
  assert.equal(gradedIndex("junk"), null);
  assert.equal(gradedIndex({ version: MEASURE_VERSION, variants: { giza: { easy: ["x"] } } }), null);
  for (const grade of GRADES) {
    const number = pickFrom(index, "giza", grade, () => 0.5);
    assert.ok(index.variants.giza[grade].includes(number), grade);
  }
  assert.equal(pickFrom(null, "giza", "easy", () => 0.5), null);
});

test("without the index (none can be fetched here) the worker grades a deal itself, as Python", async () => {
  const { gradeOfDeal, loadIndex } = await load("goals/deals.js");
  assert.equal(await loadIndex(async () => ({ ok: false })), null); // a missing file reads as no index
  for (const e of corpus.slice(0, 8)) {
    const found = await gradeOfDeal(kernel, Deal.fromNumber(e.variant, e.deal));
    assert.deepEqual(found, { grade: e.grade, from: "graded" }, where(e));
  }
});

test("the day's challenges read the pinned lists, of any measure, and New game the index", async () => {
  const { loadDailyIndex } = await load("goals/deals.js");
  const asked = [];
  const pinned = { version: "an older measure", variants: { giza: { easy: [7] } } };
  const fetchIt = async (url) => {
    asked.push(String(url).split("/").pop());
    return { ok: true, json: async () => pinned };
  };
  assert.deepEqual(await loadDailyIndex(fetchIt), pinned); // its own version is no reason to drop it
  assert.deepEqual(asked, ["daily-deals.json"]);
});
