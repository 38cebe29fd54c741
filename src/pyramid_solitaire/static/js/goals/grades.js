// The grade of a deal (goals/grades.py, line for line): the greedy player's losses out of
// ROLLOUTS, then (for a deal it never wins) the losing removals along the solver's line, ties
// broken by the states of the exact decision search (the kernel's counts, the same as the
// server's), cut by the variant's thresholds into easy, medium, hard or expert. A deal not
// proven winnable within DECIDE_NODES has no grade. The page grades in its solver worker when the
// index (grades.json) does not list a deal, or is missing or damaged.

import { moveText, START } from "../rules/deal.js";
import { solve, UNWINNABLE, WINNABLE } from "../solver/search.js";
import { greedyWins } from "./players.js";
import { MEASURE_VERSION, THRESHOLDS } from "./thresholds.js";

export const GRADES = ["easy", "medium", "hard", "expert"];
export const ROLLOUTS = 16;
export const DECIDE_NODES = 2_000_000;
export const CHILD_NODES = 200_000;
const STATES_CAP = DECIDE_NODES;
export { MEASURE_VERSION };

/** The measure as one whole number (grades.Difficulty.key): below 2**53, exact in a Number. */
export function keyOf(wins, states, losing = 0) {
  const traps = wins === 0 ? losing : 0;
  return (ROLLOUTS - wins + traps) * (STATES_CAP + 1) + Math.min(states, STATES_CAP);
}

/** Removals open along the solver's line (move texts) that leave the deal proven unwinnable
 *  within CHILD_NODES (measures.losing). */
export function losing(kernel, deal, line) {
  let count = 0;
  let state = START;
  for (const text of line) {
    for (const other of deal.legalMoves(state)) {
      if (!other.cards.length || moveText(other) === text) continue;
      const after = solve(kernel, deal, deal.apply(state, other), { nodeLimit: CHILD_NODES });
      if (after.verdict === UNWINNABLE) count++;
    }
    state = deal.apply(state, deal.parseMove(text));
  }
  return count;
}

/** The grade of a key in a variant (grades.grade_of). */
export function gradeOf(variantId, key) {
  const limits = THRESHOLDS[variantId];
  for (let i = 0; i < limits.length; i++) if (key <= limits[i]) return GRADES[i];
  return GRADES[GRADES.length - 1];
}

/** {verdict, grade, wins, states, losing} of a rules/ Deal (grades.difficulty); grade null
 *  unless winnable. */
export function difficulty(kernel, deal) {
  const found = solve(kernel, deal, START, { nodeLimit: DECIDE_NODES });
  const { states } = found;
  if (found.verdict !== WINNABLE) return { verdict: found.verdict, grade: null, wins: null, states, losing: 0 };
  const wins = greedyWins(deal, ROLLOUTS);
  const traps = wins === 0 ? losing(kernel, deal, found.line) : 0; // the key reads it only then
  const grade = gradeOf(deal.variant.id, keyOf(wins, states, traps));
  return { verdict: WINNABLE, grade, wins, states, losing: traps };
}
