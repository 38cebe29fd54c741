// The Pyramid family's games (issue 51) in the page's rules (static/js/rules/) answer what the
// Python engine wrote into tests/golden/corpus.json's family section (tools/corpus.py): the rules
// data, the view after every step, the legal moves of playouts and the refusals, code by code.
// Run: node --test tests/js/   The Python engine is the specification.

import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, test } from "node:test";
import { golden, loadRules, replayChecks } from "./conformance.mjs";

const { rules, folder } = await loadRules();
after(() => rmSync(folder, { recursive: true }));
const { family } = golden().corpus;
const { GAMES, getVariant } = rules;

test("the family's rules data: the same fields, layout, stock and pairing", () => {
  assert.deepEqual(Object.keys(GAMES), Object.keys(family.variants));
  for (const [id, { pairing, ...expected }] of Object.entries(family.variants)) {
    const v = getVariant(id);
    assert.deepEqual(Object.fromEntries(Object.keys(expected).map((k) => [k, v[k]])), expected, id);
    assert.deepEqual(v.pairing.rules, pairing, id);
  }
});

for (const [name, check] of replayChecks(rules, family, "the family's ")) test(name, check);
