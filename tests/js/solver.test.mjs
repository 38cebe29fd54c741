// The solver in the page (static/js/solver/ over kernel.wasm) answers what the Python solver over
// the native kernel wrote into tests/golden/solver_corpus.json (tools/solver_corpus.py): the same
// verdict, the same winning line, the same shortest length and the same states searched, position
// by position. Both builds come from solver/c/; a pruning rule changed in one of them only (or in
// the C without `make wasm`) changes a state count here or in tests/test_solver_corpus.py.
// Run: node --test tests/js/ (make test does).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { kernel as pageKernel, load, root } from "./page.mjs";

const { KeptSearch, solve, UNKNOWN } = await load("solver/search.js");
const { Game } = await load("rules/game.js");
const { hint } = await load("solver/hints.js");
const { moveText } = await load("rules/deal.js");
const { review } = await load("solver/review.js");
const { Proven } = await load("solver/proven.js");
const { changedBudgets, DEFAULT_BUDGETS } = await load("solver/budgets.js");

const kernel = await pageKernel();
const second = await pageKernel(); // for KeptSearch
const counted = await pageKernel(); // its searches counted
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
    assert.deepEqual(withoutSeconds(hint(kernel, game, { seconds: 60 })), expected.hint, `hint of ${where}`);
    assert.deepEqual(withoutSeconds(review(kernel, game, 60)), expected.review, `review of ${where}`);
  }
});

// What earlier hints proved (solver/proven.js): the next hints along a proven line, and the
// lower bound one move past it (search.js's atLeast).
const hardStart = corpus.find((e) => e.variant === "pyramid" && e.deal === 13 && e.moves.length === 0);

test("a proven lower bound spares the shortest search its last iteration, and keeps its answer", () => {
  const game = position(hardStart);
  const plain = solve(kernel, game.deal, game.state, { shortest: true });
  const bounded = solve(kernel, game.deal, game.state, { shortest: true, atLeast: plain.line.length });
  assert.equal(plain.line.length, hardStart.shortest);
  assert.deepEqual([bounded.line.length, bounded.shortest], [hardStart.shortest, true]);
  // the last iteration is about 40% of the search (23,434 states with the bound, 38,627 without)
  assert.ok(bounded.states < plain.states * 0.65, `${bounded.states} states with the bound, ${plain.states} without`);
  // a bound below the truth (a move off the shortest line was played) costs, but the answer stays
  const low = solve(kernel, game.deal, game.state, { shortest: true, atLeast: plain.line.length - 3 });
  assert.deepEqual([low.line.length, low.shortest], [hardStart.shortest, true]);
});

test("a hint along a proven shortest line is answered from the proof, with no search", () => {
  const proven = new Proven(kernel);
  const game = position(hardStart);
  const first = hint(kernel, game, { seconds: null, nodes: 10_000_000, proven });
  assert.deepEqual([first.checked, first.shortest, first.steps], [true, true, hardStart.shortest]);
  game.play(first.move);
  const tiny = { seconds: null, nodes: 1 }; // one node: no search could check a move
  assert.equal(hint(kernel, game, tiny).verdict, UNKNOWN);
  const next = hint(kernel, game, { ...tiny, proven });
  assert.deepEqual([next.checked, next.shortest, next.steps], [true, true, hardStart.shortest - 1]);
});

/** A move other than `move` that keeps the game winnable (`move` if there is none). */
function otherWinningMove(game, move) {
  for (const other of game.legalMoves().map(moveText)) {
    if (other === move) continue;
    game.play(other);
    const { verdict } = solve(kernel, game.deal, game.state, {});
    game.undo();
    if (verdict === "winnable") return other;
  }
  return move;
}

test("one move past a proven position the bound is its steps - 1, and every hint stays shortest", () => {
  const proven = new Proven(kernel);
  const kept = new KeptSearch(second);
  const game = position(hardStart);
  const line = hint(kernel, game, { seconds: null, nodes: 10_000_000, proven });
  assert.equal(proven.atLeast(game), 0, "no earlier position");
  // another move than the hint's: its bound comes from the position before it
  const other = game.legalMoves().map((m) => moveText(m)).find((m) => m !== line.move);
  game.play(other);
  assert.equal(proven.atLeast(game), hardStart.shortest - 1);
  // the hints with and without memory name lines of the same length all along a game
  for (let n = 0; n < 25 && !game.isWon; n++) {
    const fresh = solve(kernel, game.deal, game.state, { shortest: true });
    if (fresh.verdict !== "winnable") break;
    const given = hint(kernel, game, { seconds: null, nodes: 10_000_000, proven, kept });
    assert.deepEqual([given.steps, given.shortest], [fresh.line.length, true], `after ${game.moves.length} moves`);
    game.play(n % 2 ? given.move : otherWinningMove(game, given.move)); // on the proof's line, then off it
  }
});

test("a kept shortest search gives the next positions of the deal its bounds, even when cut short", () => {
  const game = position(hardStart);
  const kept = new KeptSearch(second);
  const cut = solve(kernel, game.deal, game.state, { shortest: true, nodeLimit: 20_000, kept });
  assert.equal(cut.shortest, false, "cut short");
  let fresh = 0;
  let reused = 0;
  for (const move of hardStart.line.slice(0, 3)) {
    game.play(move);
    const alone = solve(kernel, game.deal, game.state, { shortest: true });
    const after = solve(kernel, game.deal, game.state, { shortest: true, kept });
    assert.deepEqual([after.line.length, after.shortest], [alone.line.length, true], `after ${move}`);
    fresh += alone.states;
    reused += after.states;
  }
  assert.ok(reused < fresh * 0.8, `${reused} states with the kept table, ${fresh} without`);
  // another deal starts its own table
  const other = position(corpus.find((e) => e.variant === "pyramid" && e.deal === 15 && e.moves.length === 0));
  const found = solve(kernel, other.deal, other.state, { shortest: true, kept });
  assert.equal(found.line.length, 76);
});

test("the worker's budgets: the defaults are the modules' constants, a bad one is named", () => {
  assert.deepEqual([DEFAULT_BUDGETS.hintSeconds, DEFAULT_BUDGETS.reviewSeconds, DEFAULT_BUDGETS.hintNodes], [10, 2, 1_000_000]);
  const changed = changedBudgets(DEFAULT_BUDGETS, { hintSeconds: null, hintNodes: 500 });
  assert.deepEqual([changed.hintSeconds, changed.hintNodes, changed.reviewSeconds], [null, 500, 2]);
  assert.throws(() => changedBudgets(DEFAULT_BUDGETS, { hintSecs: 1 }), /no such budget: hintSecs/);
  assert.throws(() => changedBudgets(DEFAULT_BUDGETS, { reviewSeconds: -1 }), /reviewSeconds must be seconds, 0 or more, not -1/);
  assert.throws(() => changedBudgets(DEFAULT_BUDGETS, { hintNodes: 0.5 }), /hintNodes must be a whole number/);
  assert.throws(() => changedBudgets(DEFAULT_BUDGETS, { hintSeconds: null, hintNodes: null }), /a hint needs a budget/);
});

test("a line of one step is the shortest, and no line of none is asked for", () => {
  // tests/test_solver.py's ONE_STEP_LEFT: the decision finds Kc Ah+Qs, the shortest is Ah+Qs; asked
  // for a line of no step (limit 0), the kernel finds Ah+Qs again, for ever (a win before the limit)
  const moves = ("Ks 9h+4h Qc+Ad draw draw Jc+2s draw 7c+6h draw draw 5d+8d 3c+Tc 6c+7h 8h+5s Ts+3d Kh 5h+8s "
    + "draw draw Qh+As Kd 3s+Td Js+2h 3h+Th 4s+9s 7s+6d 9d+4d draw 7d+6s 2d+Jh 8c+5c").split(" ");
  const game = Game.fromRecord({ version: 1, variant: "three-wastes", deal: 6, moves });
  const limits = [];
  const search = counted.search.bind(counted);
  counted.search = (table, budget, limit) => {
    limits.push(limit);
    assert.ok(limits.length < 100, `asked ${limits.length} times, limits ${limits.slice(-5)}`);
    return search(table, budget, limit);
  };
  assert.deepEqual(solve(counted, game.deal, game.state, {}).line, ["Kc", "Ah+Qs"]);
  limits.length = 0;
  const found = solve(counted, game.deal, game.state, { shortest: true });
  assert.deepEqual([found.line, found.shortest], [["Ah+Qs"], true]);
  assert.deepEqual(limits, [0, 1]); // the decision (no limit), one iteration at limit 1, none at 0
});
