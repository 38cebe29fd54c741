// The Pyramid family's games (issue 51) in the page's rules (static/js/rules/) answer what the
// Python engine wrote into tests/golden/corpus.json's family section (tools/corpus.py): the rules
// data, the view after every step, the legal moves of playouts and the refusals, code by code.
// Run: node --test tests/js/   The Python engine is the specification.

import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, test } from "node:test";
import { golden, loadRules, replaying } from "./conformance.mjs";

const { rules, folder } = await loadRules();
after(() => rmSync(folder, { recursive: true }));
const { family } = golden().corpus;
const { GAMES, getVariant, view, moveText } = rules;
const { newGame, act, refusal } = replaying(rules);

test("the family's rules data: the same fields, layout, stock and pairing", () => {
  assert.deepEqual(Object.keys(GAMES), Object.keys(family.variants));
  for (const [id, { pairing, ...expected }] of Object.entries(family.variants)) {
    const v = getVariant(id);
    assert.deepEqual(Object.fromEntries(Object.keys(expected).map((k) => [k, v[k]])), expected, id);
    assert.deepEqual(v.pairing.rules, pairing, id);
  }
});

test("the family's games: the same view after every step", () => {
  for (const entry of family.games) {
    const game = newGame(entry);
    assert.deepEqual(view(game), entry.start, `${entry.variant}: ${entry.name}, start`);
    entry.steps.forEach((step, i) => {
      act(game, step.do);
      assert.deepEqual(view(game), step.view, `${entry.variant}: ${entry.name}, step ${i + 1} (${step.do})`);
    });
  }
});

test("the family's playouts: the same legal moves, won and stuck after every step", () => {
  for (const entry of family.playouts) {
    const game = newGame(entry);
    entry.steps.forEach(([action, moves, end], i) => {
      act(game, action);
      const where = `${entry.variant} deal ${entry.deal} step ${i + 1} (${action})`;
      assert.equal(game.legalMoves().map(moveText).join(" "), moves, where);
      assert.equal(game.isWon ? "won" : game.isStuck ? "stuck" : "", end, where);
    });
  }
});

test("the family's moves refused alike (or played), with the same code, parameters and English", () => {
  for (const probe of family.illegal) {
    const game = newGame(probe);
    for (const move of probe.moves) game.play(move);
    const { variant, deal, deck, moves, move, ...expected } = probe;
    const got = refusal(() => {
      game.play(move);
      game.undo();
    });
    assert.deepEqual(got, expected, `${variant} ${moves.join(" ")} then ${JSON.stringify(move)}`);
  }
});
