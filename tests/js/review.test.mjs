// solver/review.js: review.py in the page. A won game is "N moves longer" only than a start line
// proven shortest; a review with any move undecided, the last one too, is not complete; the
// split of won and lost positions gives the losing move. Run: node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { kernel, load, root, solverCorpus } from "./page.mjs";

const { review, reviewJson, Split, lastWinnable } = await load("solver/review.js");
const { Game } = await load("rules/game.js");
const k = await kernel();
const hard = solverCorpus().find((e) => e.variant === "pyramid" && e.deal === 13 && e.moves.length === 0);
const LOSE_GIZA_26 = "8s+5d Js+2c 9d+4d 4c+9h 3d+Td Ac+Qh 8d+5h".split(" "); // tests/support/helpers.py
const played = (variant, deal, moves) => Game.fromRecord({ version: 1, variant, deal, moves });

test("a won game whose start line was not proven shortest is longer by nothing", () => {
  const game = played("pyramid", 13, hard.line); // won, by the decision's line: longer than the shortest
  assert.ok(game.isWon);
  let now = 0;
  const clock = () => (now += 0.25); // a quarter second at every reading: no proof in 2 s
  const shown = review(k, game, 2, clock);
  assert.deepEqual([shown.won, shown.start.verdict, shown.start.proven], [true, "winnable", false]);
  assert.equal(shown.longer_by, null);
  const proven = review(k, game, 60);
  assert.deepEqual([proven.start.proven, proven.longer_by], [true, hard.line.length - hard.shortest]);
});

test("a review whose last move is undecided is not complete", () => {
  const game = played("giza", 26, LOSE_GIZA_26.slice(0, 3));
  const n = game.moves.length;
  const shown = reviewJson(game, new Split(n - 1, n + 1), { verdict: "unknown", line: [], proven: false }, null, 0);
  assert.deepEqual(shown.moves.map((m) => m.mark), [...Array(n - 1).fill("winnable"), "unknown"]);
  assert.deepEqual([shown.complete, shown.losing_move, shown.last_winnable], [false, null, null]);
});

test("a lost game: the losing move, the last winnable position and the way from it", () => {
  const game = played("giza", 26, LOSE_GIZA_26);
  const shown = review(k, game, 60);
  assert.deepEqual(shown.moves.map((m) => m.mark), [...Array(3).fill("winnable"), "losing", ...Array(3).fill("lost")]);
  assert.deepEqual([shown.losing_move, shown.last_winnable, shown.complete, shown.longer_by], [4, 3, true, null]);
  assert.ok(shown.at_loss.proven && shown.at_loss.steps < shown.start.steps);
  assert.equal(lastWinnable(k, game, () => Infinity), 3);
});

test("the split: winnable up to one position, lost from the next, unknown between", () => {
  const found = new Split(2, 5);
  assert.deepEqual([0, 2, 3, 4, 5, 9].map((i) => found.verdict(i)), ["winnable", "winnable", "unknown", "unknown", "unwinnable", "unwinnable"]);
  assert.equal(found.lastWinnable(9), null, "undecided between 2 and 5");
  assert.equal(new Split(2, 3).lastWinnable(9), 2);
  assert.equal(new Split(9, 10).lastWinnable(9), null, "not lost");
  assert.equal(new Split(-1, 0).lastWinnable(9), -1, "never winnable");
});

// tests/golden/solver_shared.json (tools/solver_corpus.py): the review's JSON the server builds
// from the same facts (the split, the ways found), where a budget ran out.
const shared = JSON.parse(readFileSync(new URL("tests/golden/solver_shared.json", root), "utf8")).filter((c) => c.review);
const way = (json) => (json ? { verdict: json.verdict, line: json.line ?? [], proven: json.proven } : null);

test("the page's review of the shared cases is the server's, field by field", () => {
  assert.deepEqual(shared.map((c) => c.case), ["won, the start line not proven", "won, the start line proven", "cut off at its last move"]);
  for (const c of shared) {
    const game = Game.fromRecord(c.record);
    const { seconds, ...shown } = reviewJson(game, new Split(...c.split), way(c.start), way(c.at_loss), 0);
    assert.deepEqual(shown, c.review, c.case);
  }
});
