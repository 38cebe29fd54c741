// solver/hints.js: a hint keeps (in a Proven) only a line its search proved shortest, so a later
// hint answered from memory never says "shortest" of a line that was merely winning.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { kernel, load, root, solverCorpus } from "./page.mjs";

const { hint, WON } = await load("solver/hints.js");
const { Proven } = await load("solver/proven.js");
const { Game } = await load("rules/game.js");
const { UNKNOWN, WINNABLE } = await load("solver/search.js");

const k = await kernel();
const hard = solverCorpus().find((e) => e.variant === "pyramid" && e.deal === 13 && e.moves.length === 0);
const start = () => Game.fromRecord({ version: 1, variant: hard.variant, deal: hard.deal, moves: [] });

test("a hint whose budget ran out before the proof is remembered as no proof", () => {
  assert.ok(hard.line.length > hard.shortest, "the decision's line is not the shortest");
  const proven = new Proven(k);
  const game = start();
  const cut = hint(k, game, { seconds: null, nodes: hard.states + 1, proven }); // decided, not proven
  assert.deepEqual([cut.verdict, cut.checked, cut.shortest, cut.steps], [WINNABLE, true, false, hard.line.length]);
  assert.equal(proven.line(game), null, "a line not proven shortest was kept as proven");
  assert.equal(proven.atLeast(game), 0);
  game.play(cut.move);
  const next = hint(k, game, { seconds: null, nodes: 1, proven }); // no search can check a move
  assert.deepEqual([next.verdict, next.shortest], [UNKNOWN, false]);
});

test("a proven hint answers the next one along its line from memory", () => {
  const proven = new Proven(k);
  const game = start();
  const first = hint(k, game, { seconds: null, nodes: 10_000_000, proven });
  assert.deepEqual([first.shortest, first.steps], [true, hard.shortest]);
  game.play(first.move);
  const next = hint(k, game, { seconds: null, nodes: 1, proven });
  assert.deepEqual([next.checked, next.shortest, next.steps], [true, true, hard.shortest - 1]);
});

test("a won game's hint says won, with no move", () => {
  const game = start();
  for (const move of hard.line) game.play(move);
  const done = hint(k, game, { seconds: null, nodes: 1 });
  assert.deepEqual([done.verdict, done.move, done.undo], [WON, null, null]);
});

// tests/golden/solver_shared.json (tools/solver_corpus.py): the server's hints at a budget of 0 s
// (one slice of 256 nodes in either solver): a line not proven shortest, no verdict, a lost
// position whose last winnable one was not found.
test("the page's hints after the budget ran out are the server's, field by field", () => {
  const shared = JSON.parse(readFileSync(new URL("tests/golden/solver_shared.json", root), "utf8")).filter((c) => c.hint);
  assert.deepEqual(shared.map((c) => c.hint.verdict), ["winnable", "unknown", "unwinnable"]);
  for (const c of shared) {
    const { seconds, ...given } = hint(k, Game.fromRecord(c.record), { seconds: 0 });
    assert.deepEqual(given, c.hint, c.case);
  }
});
