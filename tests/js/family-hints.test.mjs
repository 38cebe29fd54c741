// The page's hint and review of the Pyramid family's games equal the server's (issue 51): for each
// record of tests/golden/family_hints_corpus.json (tools/family_hints_corpus.py: what the
// server's solver/hints.py advice and solver/review.py review answer, 5 records of each game the
// kernel plays but Thirteen, Apophis's among them, one after a gather), solver/hints.js's hint and solver/review.js's review on kernel.wasm,
// as the page's worker asks them, with no clock in the way. Run: node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { kernel, load, root } from "./page.mjs";

const CORPUS = JSON.parse(readFileSync(new URL("tests/golden/family_hints_corpus.json", root), "utf8"));
const { Game } = await load("rules/game.js");
const { hint } = await load("solver/hints.js");
const { review } = await load("solver/review.js");
const k = await kernel();
const HINT_FIELDS = ["verdict", "move", "checked", "shortest", "steps", "last_winnable", "undo"];

test("the corpus has records of every game the page's solver plays, winnable and lost", () => {
  const games = new Set(CORPUS.map((e) => e.record.variant));
  assert.deepEqual([...games].sort(), ["apophis", "cheops", "eleven-triangle", "pharaohs", "pyramid-dozen", "triangle", "tuts-tomb"]);
  const verdicts = CORPUS.map((e) => e.hint.verdict);
  assert.ok(verdicts.includes("winnable") && verdicts.includes("unwinnable"), verdicts.join(" "));
});

test("the page's hint is the server's: the same move, steps, or last winnable position", () => {
  for (const { record, hint: server } of CORPUS) {
    const found = hint(k, Game.fromRecord(record), { seconds: null, nodes: null });
    const page = Object.fromEntries(HINT_FIELDS.map((name) => [name, found[name]]));
    assert.deepEqual(page, server, `${record.variant} ${record.deal} after ${record.moves.length} moves`);
  }
});

test("the page's review is the server's: the marks, the losing move and the ways to win", () => {
  for (const { record, review: server } of CORPUS) {
    const found = review(k, Game.fromRecord(record), 600);
    const page = {
      marks: found.moves.map((m) => m.mark),
      start: found.start,
      losing_move: found.losing_move,
      last_winnable: found.last_winnable,
      at_loss: found.at_loss,
    };
    assert.deepEqual(page, server, `${record.variant} ${record.deal} after ${record.moves.length} moves`);
  }
});
