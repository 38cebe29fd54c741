// solver/proven.js: a proven shortest line answers every position along it, a position k moves
// past a proven one needs at least s - k steps, and the memory keeps its newest positions only.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { kernel, load, solverCorpus } from "./page.mjs";

const { Proven } = await load("solver/proven.js");
const { Game } = await load("rules/game.js");
const k = await kernel();
const entry = solverCorpus().find((e) => e.variant === "pyramid" && e.deal === 1 && e.moves.length === 0);
const LINE = entry.line; // a winning line (the decision's), remembered here as if proven

test("every position along a remembered line has its rest of the line", () => {
  const proven = new Proven(k);
  const game = new Game("pyramid", { deal: 1 });
  proven.remember(game.deal, game.state, LINE);
  for (let i = 0; i < LINE.length; i++) {
    assert.deepEqual(proven.line(game), LINE.slice(i), `after ${i} moves`);
    game.play(LINE[i]);
  }
  assert.equal(proven.line(game), null, "the won position is not kept");
  assert.equal(proven.line(new Game("pyramid", { deal: 2 })), null, "another deal knows nothing");
});

test("k moves off a proven position the bound is its steps - k, the best of those passed", () => {
  const proven = new Proven(k);
  const game = new Game("pyramid", { deal: 1 });
  proven.remember(game.deal, game.state, LINE);
  assert.equal(proven.atLeast(game), 0, "no earlier position");
  game.play("draw");
  game.play("draw"); // off the line or on it: two moves past its start either way
  assert.equal(proven.atLeast(game), LINE.length - 2);
});

test("the oldest positions go first past the size", () => {
  const proven = new Proven(k, 5);
  const game = new Game("pyramid", { deal: 1 });
  proven.remember(game.deal, game.state, LINE);
  assert.equal(proven.lines.size, 5);
  assert.equal(proven.line(game), null, "the start was remembered first, and forgotten");
  for (const move of LINE.slice(0, -5)) game.play(move);
  assert.deepEqual(proven.line(game), LINE.slice(-5));
});

test("with unlimited passes a pass more is the same position: its count is not in the key", () => {
  const proven = new Proven(k);
  const game = new Game("unlimited", { deal: 1 });
  proven.remember(game.deal, game.state, LINE);
  for (let pass = 1; pass <= 40; pass++) { // past the kernel's 31 recycles: no count wraps round
    for (let draw = 0; draw < 24; draw++) game.play("draw");
    game.play("recycle");
  }
  assert.deepEqual(proven.line(game), LINE, "the start again, after 40 recycles");
  assert.equal(proven.line(new Game("pyramid", { deal: 1 })), null, "another variant's text knows nothing");
});
