// The worker's solver budgets: the constants of hints.js, review.js and deals.js unless a
// {op: "budgets", ...} request changes them for the worker's life (net/solver.js's setBudgets:
// the browser tests and benchmarks/wasm.py). Seconds are of the worker's clock; hintNodes is a
// node limit on a hint's search (null: none), the one that decides "shortest" (hints.js), and
// hintSeconds only stops a search that would keep the player waiting (null: no clock);
// rememberProofs false: each hint searches afresh, as the server's (proven.js).

import { WINNABLE_SECONDS } from "./deals.js";
import { HINT_NODES, HINT_SECONDS } from "./hints.js";
import { REVIEW_SECONDS, WAY_SECONDS } from "./review.js";

export const DEFAULT_BUDGETS = Object.freeze({
  hintSeconds: HINT_SECONDS,
  hintNodes: HINT_NODES,
  reviewSeconds: REVIEW_SECONDS,
  waySeconds: WAY_SECONDS,
  winnableSeconds: WINNABLE_SECONDS,
  rememberProofs: true,
});

const seconds = (value) => typeof value === "number" && Number.isFinite(value) && value >= 0;
const RULES = {
  hintSeconds: [(v) => v === null || seconds(v), "seconds, 0 or more, or null (no clock)"],
  hintNodes: [(v) => v === null || (Number.isInteger(v) && v >= 1), "a whole number of nodes, 1 or more, or null"],
  reviewSeconds: [seconds, "seconds, 0 or more"],
  waySeconds: [seconds, "seconds, 0 or more"],
  winnableSeconds: [seconds, "seconds, 0 or more"],
  rememberProofs: [(v) => typeof v === "boolean", "true or false"],
};

/** `current` with the budgets named in `given` changed; a RangeError names a bad one. */
export function changedBudgets(current, given) {
  const next = { ...current };
  for (const [name, value] of Object.entries(given)) {
    if (!(name in RULES)) throw new RangeError(`no such budget: ${name} (there are ${Object.keys(RULES).join(", ")})`);
    const [good, what] = RULES[name];
    if (!good(value)) throw new RangeError(`the budget ${name} must be ${what}, not ${JSON.stringify(value)}`);
    next[name] = value;
  }
  if (next.hintSeconds === null && next.hintNodes === null) {
    throw new RangeError("a hint needs a budget: hintSeconds or hintNodes (both are null)");
  }
  return Object.freeze(next);
}
