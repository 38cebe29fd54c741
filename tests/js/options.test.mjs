// The rule options in the page's rules (static/js/rules/: passes, overlap discards, win, the goal)
// answer what the Python engine wrote into tests/golden/options_corpus.json
// (tools/options_corpus.py), beside engine.test.mjs's corpus.json. Run: node --test tests/js/
// The Python engine is the specification: a failure here means rules/ must follow it.

import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, test } from "node:test";
import { golden, loadRules, replayChecks, replaying } from "./conformance.mjs";

const { rules, folder } = await loadRules();
after(() => rmSync(folder, { recursive: true }));
const { options } = golden();
const { Game, getVariant, view, Deal, START, NAMED, parseCard } = rules;
const { refusal } = replaying(rules);

test("option texts: the same variant, canonical text, English name and rules", () => {
  for (const [text, expected] of Object.entries(options.variants)) {
    const { name_de: _, ...wanted } = expected;
    const v = getVariant(text);
    const mine = Object.fromEntries(Object.keys(wanted).map((k) => [k, v[k]]));
    assert.deepEqual(mine, wanted, text);
    assert.equal(getVariant(v.text).text, v.text, `${text}: its text names it again`);
  }
  assert.deepEqual(Object.keys(NAMED), ["original", "overlap", "unlimited"]);
});

test("option texts refused alike: the same code, parameters and English", () => {
  for (const { text, ...expected } of options.refused) assert.deepEqual(refusal(() => getVariant(text)), expected, text);
});

for (const [name, check] of replayChecks(rules, options, "under options, ")) test(name, check);

test("the overlap pair is played under options", () => {
  assert.ok(options.games.some((g) => g.name === "an overlap pair"));
});

test("records with option texts: good ones load to the same view and round-trip, bad ones are refused whole", () => {
  for (const good of options.records.good) {
    const game = Game.fromRecord(good.record);
    assert.deepEqual(view(game), good.view);
    assert.deepEqual(game.toRecord(), good.dump);
  }
  for (const { record, ...expected } of options.records.bad) {
    assert.deepEqual(refusal(() => Game.fromRecord(record)), expected, record.variant);
  }
});

test("the goal as a set of cards: won when those cards are gone, whatever else is left", () => {
  const deal = Deal.fromNumber("pyramid", 8);
  const bottom = deal.cards.slice(21, 28); // the bottom row: free at the start
  const goal = deal.withGoal(bottom);
  let state = START;
  assert.equal(goal.isWon(state), false);
  state = { ...state, removed: state.removed.slice() };
  bottom.forEach((card) => { state.removed[deal.position.get(card)] = 1; });
  assert.equal(goal.isWon(state), true);
  assert.equal(deal.isWon(state), false, "the pyramid is still there");
  assert.deepEqual(goal.legalMoves(state), [], "a won game has no move");
  assert.throws(() => deal.withGoal([]), RangeError);
  assert.throws(() => deal.withGoal([parseCard("Ah"), 99]), RangeError);
  assert.equal(goal.goal, 0b1111111n << 21n, "the goal as deal.py's mask of deck positions");
  assert.equal(deal.withGoal(0b1111111n << 21n).isWon(state), true);
  assert.throws(() => deal.withGoal(0n), RangeError);
  assert.throws(() => deal.withGoal(1n << 52n), RangeError);
  assert.equal(deal.goal, (1n << 28n) - 1n, "the pyramid");
  assert.equal(Deal.fromNumber("classic:win=all", 8).goal, (1n << 52n) - 1n, "win=all: every card");
});
