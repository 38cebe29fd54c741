// solver/budgets.js: the worker's budgets are the modules' constants until changed, and a budget
// no search could keep is refused by name (a node budget of 0 would leave every hint unchecked).
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

const { changedBudgets, DEFAULT_BUDGETS } = await load("solver/budgets.js");
const { HINT_NODES, HINT_SECONDS } = await load("solver/hints.js");
const { REVIEW_SECONDS, WAY_SECONDS } = await load("solver/review.js");
const { WINNABLE_SECONDS } = await load("solver/deals.js");

test("the defaults are the solver modules' constants, frozen", () => {
  assert.deepEqual(DEFAULT_BUDGETS, {
    hintSeconds: HINT_SECONDS, hintNodes: HINT_NODES, reviewSeconds: REVIEW_SECONDS, waySeconds: WAY_SECONDS,
    winnableSeconds: WINNABLE_SECONDS, rememberProofs: true,
  });
  assert.ok(Object.isFrozen(DEFAULT_BUDGETS));
});

test("a node budget is a whole number of 1 or more", () => {
  for (const bad of [0, -1, 0.5, "10", Infinity]) {
    assert.throws(() => changedBudgets(DEFAULT_BUDGETS, { hintNodes: bad }), /hintNodes must be a whole number of nodes, 1 or more/,
      `hintNodes ${bad}`);
  }
  assert.equal(changedBudgets(DEFAULT_BUDGETS, { hintNodes: 1 }).hintNodes, 1);
});

test("seconds are 0 or more; only the hint's may be null, and then it needs nodes", () => {
  assert.equal(changedBudgets(DEFAULT_BUDGETS, { reviewSeconds: 0 }).reviewSeconds, 0);
  for (const name of ["reviewSeconds", "waySeconds", "winnableSeconds"]) {
    assert.throws(() => changedBudgets(DEFAULT_BUDGETS, { [name]: null }), new RegExp(`${name} must be seconds`));
    assert.throws(() => changedBudgets(DEFAULT_BUDGETS, { [name]: NaN }), new RegExp(`${name} must be seconds`));
  }
  assert.throws(() => changedBudgets(DEFAULT_BUDGETS, { hintSeconds: null, hintNodes: null }), /a hint needs a budget/);
  const counted = changedBudgets(DEFAULT_BUDGETS, { hintSeconds: null, hintNodes: 500 });
  assert.deepEqual([counted.hintSeconds, counted.hintNodes, counted.reviewSeconds], [null, 500, REVIEW_SECONDS]);
  assert.throws(() => changedBudgets(counted, { hintNodes: null }), /a hint needs a budget/);
});

test("an unknown budget is named, and the budgets given are not changed", () => {
  assert.throws(() => changedBudgets(DEFAULT_BUDGETS, { hintSecs: 1 }), /no such budget: hintSecs \(there are hintSeconds, /);
  assert.throws(() => changedBudgets(DEFAULT_BUDGETS, { rememberProofs: 1 }), /rememberProofs must be true or false/);
  const before = { ...DEFAULT_BUDGETS };
  changedBudgets(DEFAULT_BUDGETS, { hintSeconds: 2 });
  assert.deepEqual({ ...DEFAULT_BUDGETS }, before);
});
