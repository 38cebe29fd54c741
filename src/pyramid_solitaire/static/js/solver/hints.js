// Exact hints (solver/hints.py): the first move of a winning line, checked, with its line's
// length (a shortest one when the budget allows), or the truth that the position is lost and the
// last earlier position that could still be won. Only when the budget runs out is the hint a
// legal move that is not checked. The same JSON as the server's /api/hint.

import { moveText } from "../rules/deal.js";
import { lastWinnable } from "./review.js";
import { solve, UNKNOWN, UNWINNABLE, WINNABLE } from "./search.js";

export const HINT_SECONDS = 0.5;
export const WON = "won";

/** The hint for the game's position within `timeLimit` seconds: the decision gets the whole
 *  budget first, the shortest search what it leaves (one solve does both, in that order). */
export function hint(kernel, game, timeLimit = HINT_SECONDS, clock = () => performance.now() / 1000) {
  const started = clock();
  const left = () => Math.max(timeLimit - (clock() - started), 0);
  const done = (fields) => hintJson(game, { seconds: clock() - started, ...fields });
  if (game.isWon) return done({ verdict: WON });
  const found = solve(kernel, game.deal, game.state, { shortest: true, timeLimit: left(), clock });
  if (found.verdict === WINNABLE) {
    return done({ verdict: WINNABLE, move: found.line[0], checked: true, shortest: found.shortest, steps: found.line.length });
  }
  if (found.verdict === UNWINNABLE) return done({ verdict: UNWINNABLE, last_winnable: lastWinnable(kernel, game, left, clock) });
  const [first] = game.legalMoves();
  return done({ verdict: UNKNOWN, move: first ? moveText(first) : null });
}

/** hints.py's Hint.to_dict: `undo` moves back to the last winnable position. */
function hintJson(game, fields) {
  const { verdict, move = null, checked = false, shortest = false, steps = null, seconds } = fields;
  const lastWinnable = fields.last_winnable ?? null;
  const last = lastWinnable !== null && lastWinnable >= 0 ? lastWinnable : null;
  return {
    verdict,
    move,
    checked,
    shortest,
    steps,
    last_winnable: lastWinnable,
    last_winnable_move: last ? game.moves[last - 1] : null,
    losing_move: last !== null ? game.moves[last] : null,
    undo: last !== null ? game.moves.length - last : null,
    seconds: Math.round(seconds * 1e4) / 1e4,
  };
}
