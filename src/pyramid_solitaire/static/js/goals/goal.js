// Whether a challenge's goal (goals/daily.py, docs/daily.md) is reached in a position the page
// draws (rules/view.js's view), and whether it can no longer be. No DOM.

import { scoreOfView } from "./score.js";

/** The cards a game's moves removed (its record's moves), for a cards goal. */
export const goneIn = (moves) => new Set(moves.flatMap((m) => m.split("+")));

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

/** How the challenge stands: null while it is open; {met: true} when reached; else, missed for
 *  good, by how much: `over` moves past those allowed (cleared too late), `left` pyramid cards
 *  standing (clear, moves), `short` points (score), `cards` goal cards still there (cards). */
export function outcome(goal, view, gone = new Set()) {
  if (reached(goal, view, gone)) return { met: true };
  if (!missed(goal, view, gone)) return null;
  if (goal.kind === "score") return { met: false, short: goal.score - scoreOfView(view) };
  if (goal.kind === "cards") return { met: false, cards: goal.cards.filter((card) => !gone.has(card)).length };
  if (view.won) return { met: false, over: view.move_count - goal.at_most };
  return { met: false, left: view.pyramid.filter((c) => c.card !== null).length };
}
