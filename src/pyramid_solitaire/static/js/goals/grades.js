// The grade of a deal (goals/grades.py, line for line): the greedy player's losses out of
// ROLLOUTS, ties broken by the states of the exact decision search (the kernel's count, the same
// as the server's), cut by the variant's thresholds into easy, medium, hard or expert. A deal not
// proven winnable within DECIDE_NODES has no grade. The page grades in its solver worker when the
// index (grades.json) does not list a deal, or is missing or damaged.

import { START } from "../rules/deal.js";
import { solve, WINNABLE } from "../solver/search.js";
import { greedyWins } from "./players.js";
import { MEASURE_VERSION, THRESHOLDS } from "./thresholds.js";

export const GRADES = ["easy", "medium", "hard", "expert"];
export const ROLLOUTS = 16;
export const DECIDE_NODES = 2_000_000;
const STATES_CAP = DECIDE_NODES;
export { MEASURE_VERSION };

/** The measure as one whole number (grades.Difficulty.key): below 2**53, exact in a Number. */
export const keyOf = (wins, states) => (ROLLOUTS - wins) * (STATES_CAP + 1) + Math.min(states, STATES_CAP);

/** The grade of a key in a variant (grades.grade_of). */
export function gradeOf(variantId, key) {
  const limits = THRESHOLDS[variantId];
  for (let i = 0; i < limits.length; i++) if (key <= limits[i]) return GRADES[i];
  return GRADES[GRADES.length - 1];
}

/** {verdict, grade, wins, states} of a rules/ Deal (grades.difficulty); grade null unless winnable. */
export function difficulty(kernel, deal) {
  const found = solve(kernel, deal, START, { nodeLimit: DECIDE_NODES });
  if (found.verdict !== WINNABLE) return { verdict: found.verdict, grade: null, wins: null, states: found.states };
  const wins = greedyWins(deal, ROLLOUTS);
  return { verdict: WINNABLE, grade: gradeOf(deal.variant.id, keyOf(wins, found.states)), wins, states: found.states };
}
