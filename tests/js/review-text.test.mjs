// text/review-text.js: what the review panel says of a review against the solver: the shortest
// win from the start (proven, or the best found), how much longer the player's win was, the move
// that lost the game and the win there was before it, and what was left undecided.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

const { reviewSummary } = await load("text/review-text.js");

const review = (more) => ({
  busy: false, complete: true, won: false, longer_by: null, losing_move: null, at_loss: null,
  start: { winnable: "winnable", steps: 31, proven: true }, moves: [], ...more,
});

test("a won game: the shortest win from the start, and how much longer the player's was", () => {
  assert.deepEqual(reviewSummary(review({ won: true, longer_by: 0 })),
    ["From the start, the shortest win takes 31 moves.", "You won by a shortest line: no win is shorter."]);
  assert.deepEqual(reviewSummary(review({ won: true, longer_by: 1, start: { winnable: "winnable", steps: 31, proven: false } })), [
    "From the start, the game can be won in 31 moves (the solver found no shorter line in time).",
    "You won with 1 move more than the shortest win.",
  ]);
});

test("a lost game: the move that lost it and the win there was before it; what was left undecided", () => {
  const moves = [{ move: "Kc", mark: "winnable" }, { move: "5h+8s", mark: "losing" }];
  const lines = reviewSummary(review({ losing_move: 2, moves, at_loss: { steps: 1 }, complete: false }));
  assert.equal(lines.length, 4);
  assert.match(lines[1], /^Move 2 \(.*5.*8.*\) lost the game/);
  assert.equal(lines[2], "From just before it, the shortest win took 1 move.");
  assert.equal(lines[3], "Some moves could not be decided in time (marked ?).");
  assert.deepEqual(reviewSummary(review({ start: { winnable: "unwinnable" } })), ["This deal cannot be won from the start."]);
  assert.deepEqual(reviewSummary(review({ busy: true })), ["The solver is busy with other players; try the review again in a moment."]);
});
