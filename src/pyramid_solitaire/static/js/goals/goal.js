// Whether a challenge's goal (goals/daily.py, docs/daily.md) is reached in a position the page
// draws (rules/view.js's view), and whether it can no longer be. No DOM.

import { scoreOfView } from "./score.js";

/** Reached: clear (the pyramid cleared), moves (cleared within at_most moves), score (the
 *  score at least `score`), cards (every named card gone: `gone` is the set of cards removed). */
export function reached(goal, view, gone = new Set()) {
  if (goal.kind === "clear") return view.won;
  if (goal.kind === "moves") return view.won && view.move_count <= goal.at_most;
  if (goal.kind === "score") return scoreOfView(view) >= goal.score;
  if (goal.kind === "cards") return goal.cards.every((card) => gone.has(card));
  return false;
}

/** Missed for good in this game: stuck without the goal, or more moves than allowed. */
export function missed(goal, view, gone) {
  if (reached(goal, view, gone)) return false;
  return view.stuck || view.won || (goal.kind === "moves" && view.move_count >= goal.at_most);
}
