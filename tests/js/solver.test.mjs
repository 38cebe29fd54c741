// The solver in the page (static/js/solver/ over kernel.wasm) answers what the Python solver over
// the native kernel wrote into tests/golden/solver_corpus.json (tools/solver_corpus.py): the same
// verdict, the same winning line, the same shortest length and the same states searched, position
// by position. Both builds come from solver/c/; a pruning rule changed in one of them only (or in
// the C without `make wasm`) changes a state count here or in tests/test_solver_corpus.py.
// Run: node --test tests/js/ (make test does).

import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
// The page's modules are browser modules: node reads them as ES modules from a copy whose folder says so.
const folder = mkdtempSync(join(tmpdir(), "solver-"));
after(() => rmSync(folder, { recursive: true }));
cpSync(fileURLToPath(new URL("src/pyramid_solitaire/static/js/", root)), folder, { recursive: true });
writeFileSync(join(folder, "package.json"), '{"type": "module"}');
const load = async (name) => import(pathToFileURL(join(folder, name)).href);
const { loadKernel } = await load("solver/kernel.js");
const { solve, UNKNOWN } = await load("solver/search.js");
const { Game } = await load("rules/game.js");
const { hint } = await load("solver/hints.js");
const { review } = await load("solver/review.js");

const kernel = await loadKernel(readFileSync(join(folder, "solver/kernel.wasm")));
const corpus = JSON.parse(readFileSync(new URL("tests/golden/solver_corpus.json", root), "utf8"));
const NODES = 60_000; // tools/solver_corpus.py's budget
const REGENERATE = "kernel.wasm and the native kernel disagree: `make wasm` after a change to solver/c/, "
  + "then `python tools/solver_corpus.py` if the search changed on purpose";

const position = (entry) => Game.fromRecord({ version: 1, variant: entry.variant, deal: entry.deal, moves: entry.moves });
const where = (entry) => `${entry.variant} deal ${entry.deal} after ${entry.moves.length} moves`;

test("the corpus covers every variant, won and lost positions", () => {
  const variants = new Set(corpus.map((e) => e.variant));
  assert.equal(variants.size, 6);
  for (const v of variants) {
    const verdicts = new Set(corpus.filter((e) => e.variant === v).map((e) => e.verdict));
    assert.deepEqual([...verdicts].sort(), ["unwinnable", "winnable"], v);
  }
});

test("the decision search: the same verdict, line and states as the native kernel", () => {
  for (const entry of corpus) {
    const game = position(entry);
    const found = solve(kernel, game.deal, game.state, { nodeLimit: NODES });
    assert.deepEqual([found.verdict, found.states, found.line], [entry.verdict, entry.states, entry.line],
      `${where(entry)}: ${REGENERATE}`);
  }
});

test("the shortest search: the same length and states, and its line wins", () => {
  for (const entry of corpus) {
    const game = position(entry);
    const found = solve(kernel, game.deal, game.state, { shortest: true, nodeLimit: NODES });
    assert.notEqual(found.verdict, UNKNOWN, where(entry));
    const steps = found.verdict === "winnable" ? found.line.length : null;
    assert.deepEqual([steps, found.states], [entry.shortest, entry.shortest_states], `${where(entry)}: ${REGENERATE}`);
    if (steps !== null) {
      assert.ok(found.shortest, where(entry));
      for (const move of found.line) game.play(move);
      assert.ok(game.isWon, `${where(entry)}: the shortest line does not win`);
    }
  }
});

test("a node limit stops the search with an unknown verdict", () => {
  const hard = corpus.find((e) => e.states > 1000);
  const game = position(hard);
  const found = solve(kernel, game.deal, game.state, { nodeLimit: 100 });
  assert.equal(found.verdict, UNKNOWN);
  assert.ok(found.states >= 100 && found.states < 1000, `stopped at ${found.states}`);
});

test("a time limit is kept by the injected clock, not the wall's", () => {
  let now = 0;
  const clock = () => (now += 0.001); // every reading a millisecond later
  const hard = corpus.filter((e) => e.verdict === "winnable").sort((a, b) => b.shortest_states - a.shortest_states)[0];
  const game = position(hard);
  const found = solve(kernel, game.deal, game.state, { shortest: true, timeLimit: 0.005, clock });
  assert.equal(found.shortest, false, "five readings of the clock cannot prove the shortest line");
  assert.ok(found.seconds <= 0.02, `${found.seconds} s by the clock`);
});

test("a table that outgrows its cap is emptied, and the verdicts stay", () => {
  for (const entry of corpus.filter((e) => e.states > 3000).slice(0, 5)) {
    const game = position(entry);
    const found = solve(kernel, game.deal, game.state, { nodeLimit: NODES, maxBits: 10 });
    assert.equal(found.verdict, entry.verdict, where(entry));
  }
});

// tests/golden/solver_answers.json: the server's hint and review of small games (every search
// finishes far inside the budget), which the page's ports of hints.py and review.py must equal.
const answers = JSON.parse(readFileSync(new URL("tests/golden/solver_answers.json", root), "utf8"));
const withoutSeconds = ({ seconds, ...rest }) => rest;

test("the page's hint and review are the server's, field by field", () => {
  assert.ok(answers.some((a) => a.hint.verdict === "unwinnable" && a.hint.undo > 0), "a lost game with Undo N");
  assert.ok(answers.some((a) => a.review.won), "a won game");
  for (const expected of answers) {
    const game = Game.fromRecord(expected.record);
    const where = `${expected.record.variant} deal ${expected.record.deal} after ${game.moves.length} moves`;
    assert.deepEqual(withoutSeconds(hint(kernel, game, 60)), expected.hint, `hint of ${where}`);
    assert.deepEqual(withoutSeconds(review(kernel, game, 60)), expected.review, `review of ${where}`);
  }
});
