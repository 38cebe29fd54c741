// solver/search.js: search.py's solve over the wasm kernel (tests/js/solver.test.mjs holds it to
// the native kernel's answers position by position). Here: the budget refuses what no search can
// keep, a node limit is kept to the node, moves and keys are read as the rules write them, and
// the shortest search's estimate is a lower bound. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { kernel, load, solverCorpus } from "./page.mjs";

const { Budget, lowerBound, moveOf, solve, stateKey, UNKNOWN, WINNABLE } = await load("solver/search.js");
const { PK } = await load("solver/kernel.js");
const { Game } = await load("rules/game.js");
const k = await kernel();
const corpus = solverCorpus();
const position = (e) => Game.fromRecord({ version: 1, variant: e.variant, deal: e.deal, moves: e.moves });

test("a budget of no nodes, or of negative or unnumbered seconds, is refused", () => {
  for (const nodes of [0, -1, 1.5, "9"]) assert.throws(() => new Budget(null, nodes), /node limit must be a positive whole number/);
  for (const seconds of [-1, "1", NaN]) assert.throws(() => new Budget(seconds, null), /time limit must be a number of seconds/);
  const budget = new Budget(null, 500);
  assert.equal(budget.nextStop(0), 500);
  assert.deepEqual([budget.spent(499), budget.spent(500), budget.left()], [false, true, Infinity]);
});

test("the clock's deadline: spent when it passes, and the slices shrink towards it", () => {
  let now = 10;
  const budget = new Budget(1, null, () => now);
  assert.equal(budget.spent(0), false);
  now = 10.999;
  const step = budget.nextStop(1_000_000) - 1_000_000; // a million nodes a second, a ms left
  assert.ok(step >= 256 && step <= 1000, `${step} nodes in the last slice`);
  now = 11;
  assert.deepEqual([budget.spent(0), budget.left()], [true, 0]);
});

test("moves read as the rules write them: kings, pairs in deck order, draw, recycle", () => {
  const game = new Game("pyramid", { deal: 1 });
  const { deal } = game;
  assert.equal(moveOf(deal, PK.DRAW), "draw");
  assert.equal(moveOf(deal, PK.RECYCLE), "recycle");
  const [a, b] = [3, 30];
  const pair = PK.PAIR | (b << 2) | (a << 8); // the kernel may name the later card first
  const text = moveOf(deal, pair);
  assert.equal(text.split("+").length, 2);
  assert.equal(moveOf(deal, PK.PAIR | (a << 2) | (b << 8)), text);
});

test("the same position has the same key, another a different one", () => {
  const one = new Game("pyramid", { deal: 1 });
  const two = new Game("pyramid", { deal: 1 });
  assert.equal(stateKey(k, one.state), stateKey(k, two.state));
  one.play("draw");
  assert.notEqual(stateKey(k, one.state), stateKey(k, two.state));
});

test("a node limit is kept; the shortest search's estimate never exceeds the shortest line", () => {
  const hard = corpus.find((e) => e.states > 1000);
  const cut = solve(k, position(hard).deal, position(hard).state, { nodeLimit: hard.states - 1 });
  assert.equal(cut.verdict, UNKNOWN);
  for (const entry of corpus.filter((e) => e.verdict === WINNABLE).slice(0, 20)) {
    const game = position(entry);
    assert.ok(lowerBound(k, game.deal, game.state) <= entry.shortest, `${entry.variant} ${entry.deal}`);
  }
});
