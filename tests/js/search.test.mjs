// solver/search.js: search.py's solve over the wasm kernel (tests/js/solver.test.mjs holds it to
// the native kernel's answers position by position). Here: the budget refuses what no search can
// keep, a node limit is kept to the node, moves and keys are read as the rules write them, and
// the shortest search's estimate is a lower bound. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { kernel, load, solverCorpus } from "./page.mjs";

const { Budget, lowerBound, moveOf, solve, stateKey, UNKNOWN, WINNABLE } = await load("solver/search.js");
const { PK } = await load("solver/kernel.js");
const { Game } = await load("rules/game.js");
const k = await kernel();
const corpus = solverCorpus();
const position = (e) => Game.fromRecord({ version: 1, variant: e.variant, deal: e.deal, moves: e.moves });

test("a budget of no nodes, or of negative or unnumbered seconds, is refused", () => {
  for (const nodes of [0, -1, 1.5, "9"]) assert.throws(() => new Budget(null, nodes), /node limit must be a positive whole number/);
  for (const seconds of [-1, "1", NaN]) assert.throws(() => new Budget(seconds, null), /time limit must be a number of seconds/);
  const budget = new Budget(null, 500);
  assert.equal(budget.nextStop(0), 500);
  assert.deepEqual([budget.spent(499), budget.spent(500), budget.left()], [false, true, Infinity]);
});

test("the clock's deadline: spent when it passes, and the slices shrink towards it", () => {
  let now = 10;
  const budget = new Budget(1, null, () => now);
  assert.equal(budget.spent(0), false);
  now = 10.999;
  const step = budget.nextStop(1_000_000) - 1_000_000; // a million nodes a second, a ms left
  assert.ok(step >= 256 && step <= 1000, `${step} nodes in the last slice`);
  now = 11;
  assert.deepEqual([budget.spent(0), budget.left()], [true, 0]);
});

test("moves read as the rules write them: kings, pairs in deck order, draw, recycle", () => {
  const game = new Game("pyramid", { deal: 1 });
  const { deal } = game;
  assert.equal(moveOf(deal, PK.DRAW), "draw");
  assert.equal(moveOf(deal, PK.RECYCLE), "recycle");
  const [a, b] = [3, 30];
  const pair = PK.PAIR | (b << 2) | (a << 8); // the kernel may name the later card first
  const text = moveOf(deal, pair);
  assert.equal(text.split("+").length, 2);
  assert.equal(moveOf(deal, PK.PAIR | (a << 2) | (b << 8)), text);
});

test("the same position has the same key, another a different one", () => {
  const one = new Game("pyramid", { deal: 1 });
  const two = new Game("pyramid", { deal: 1 });
  assert.equal(stateKey(k, one.state), stateKey(k, two.state));
  one.play("draw");
  assert.notEqual(stateKey(k, one.state), stateKey(k, two.state));
});

test("a node limit is kept; the shortest search's estimate never exceeds the shortest line", () => {
  const hard = corpus.find((e) => e.states > 1000);
  const cut = solve(k, position(hard).deal, position(hard).state, { nodeLimit: hard.states - 1 });
  assert.equal(cut.verdict, UNKNOWN);
  for (const entry of corpus.filter((e) => e.verdict === WINNABLE).slice(0, 20)) {
    const game = position(entry);
    assert.ok(lowerBound(k, game.deal, game.state) <= entry.shortest, `${entry.variant} ${entry.deal}`);
  }
});

// Issue 48: asked for a line of at most N steps, the kernel answered one of N + 1 on these win=all
// positions, and the shortest search asked again forever (the page's too, on the old kernel.wasm).
const STUCK = [
  ["three-wastes:passes=unlimited,win=all", 402418010, "Th+3s draw draw", 33, 315112],
  ["three-wastes:win=all", 3251895551, "draw 5c+8d", 34, 23799],
  ["pyramid:passes=unlimited,win=all", 2869965264, "draw 9d+4h draw draw draw draw draw 3c+Ts", 55, 120373],
];
const stuck = ([variant, deal, moves]) => Game.fromRecord({ version: 1, variant, deal, moves: moves.split(" ") });

test("issue 48's positions: the shortest line proven, in the native kernel's states", () => {
  for (const entry of STUCK) {
    const game = stuck(entry);
    const found = solve(k, game.deal, game.state, { shortest: true, nodeLimit: 1_000_000 });
    const [steps, states] = entry.slice(3);
    const got = [found.verdict, found.line.length, found.shortest, found.states, found.reason];
    assert.deepEqual(got, [WINNABLE, steps, true, states, undefined]);
  }
});

/** The real kernel, but every bounded search "wins" with `answer(decision's line codes, limit)`;
 *  `asked` collects the limits (a driver that loops fails here, never hangs). */
function lying(answer, asked) {
  let decision = null;
  return new Proxy(k, {
    get(target, name) {
      if (name === "search")
        return (table, stop, limit) => {
          if (limit === 0) return target.search(table, stop, 0);
          asked.push(limit);
          assert.ok(asked.length < 10, "asked again and again");
          return PK.WIN;
        };
      if (name === "line")
        return () => {
          if (asked.length === 0) return (decision = target.line());
          return answer(decision, asked.at(-1));
        };
      const value = target[name];
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

test("a line past the limit is never trusted and never looped on", () => {
  const game = stuck(STUCK[0]);
  const asked = [];
  const found = solve(lying((codes) => codes, asked), game.deal, game.state, { shortest: true, nodeLimit: 1_000_000 });
  const steps = asked[0] + 1; // the decision's line, given again for one step less
  assert.deepEqual([found.line.length, found.shortest, asked.length], [steps, false, 1]);
  assert.equal(found.reason, `kernel error: asked for a line of at most ${steps - 1} steps, it gave ${steps}`);
});

test("the budget is read after each line found, not only when a slice runs out", () => {
  const game = stuck(STUCK[0]);
  const asked = [];
  const clock = () => (asked.length === 0 ? 0 : 100); // past the deadline once a line is found
  const shorter = lying((codes, limit) => codes.slice(0, limit), asked);
  const found = solve(shorter, game.deal, game.state, { shortest: true, timeLimit: 1, clock });
  assert.deepEqual([found.line.length, found.shortest, asked.length, found.reason], [asked[0], false, 1, undefined]);
});
