// The page's kernel (kernel.wasm, driven by solver/search.js) under the rule options and goals of
// its own answers what the native kernel wrote into tests/golden/solver_options_corpus.json
// (tools/solver_options_corpus.py): the same verdict, line, shortest length and states. The page's
// rules do not play options yet, so each entry gives its deck, rules, goal and position as numbers.
// Run: node --test tests/js/

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { kernel as pageKernel, load, root } from "./page.mjs";

const { solve } = await load("solver/search.js");

const kernel = await pageKernel();
const corpus = JSON.parse(readFileSync(new URL("tests/golden/solver_options_corpus.json", root), "utf8"));
const NODES = 60_000; // tools/solver_options_corpus.py's budget

/** The entry as search.js takes a position: a deal {cards, variant, goal} and a state. */
function position(entry) {
  const variant = { id: entry.variant, ...entry.rules, overlap: entry.overlap };
  const deal = { cards: entry.cards, variant, goal: BigInt(entry.goal) };
  const bits = BigInt(entry.removed);
  const removed = Uint8Array.from({ length: 52 }, (_, p) => Number((bits >> BigInt(p)) & 1n));
  return [deal, { removed, drawn: entry.drawn, recycles: entry.recycles }];
}

test("the corpus covers every option and goals of their own", () => {
  const texts = corpus.map((e) => e.variant).join(" ");
  for (const option of ["passes=unlimited", "overlap=yes", "win=all"]) assert.ok(texts.includes(option), option);
  assert.ok(corpus.some((e) => e.challenge && e.verdict === "winnable"));
  assert.ok(corpus.some((e) => e.verdict === "unwinnable"));
});

test("options and goals: the same verdicts, lines, lengths and states as the native kernel", () => {
  for (const entry of corpus) {
    const [deal, state] = position(entry);
    const where = `${entry.variant} goal ${entry.goal} removed ${entry.removed}`;
    const found = solve(kernel, deal, state, { nodeLimit: NODES });
    assert.deepEqual([found.verdict, found.states, found.line], [entry.verdict, entry.states, entry.line], where);
    const best = solve(kernel, deal, state, { shortest: true, nodeLimit: NODES });
    const steps = best.verdict === "winnable" ? best.line.length : null;
    assert.deepEqual([steps, best.states], [entry.shortest, entry.shortest_states], where);
  }
});
