// Exact hints (solver/hints.py): the first move of a winning line, checked, with its line's
// length (a shortest one when the budget allows), or the truth that the position is lost and the
// last earlier position that could still be won. Only when the budget runs out is the hint a
// legal move that is not checked. The same JSON as the server's /api/hint.

import { moveText } from "../rules/deal.js";
import { best } from "./consistent.js";
import { lastWinnable } from "./review.js";
import { solve, UNKNOWN, UNWINNABLE, WINNABLE } from "./search.js";

// A count of positions decides whether a hint is checked and shortest, the same on every machine
// however loaded (1 M: 99.84-100% of hints proven shortest in every variant, docs/solver.md; a slow
// phone searches it in a few seconds, and most hints need far less). The clock only stops a search
// that would keep the player waiting (the explanation of a loss, a few decisions, has it too).
export const HINT_NODES = 1_000_000;
export const HINT_SECONDS = 10;
export const WON = "won";

/** The hint for the game's position within its budget: the decision gets the whole budget first,
 *  the shortest search what it leaves (one solve does both, in that order). options: {seconds
 *  (null: no clock), nodes (a node limit, null: none; HINT_NODES unless given), clock, proven (a Proven: what earlier hints
 *  proved, and where this one's proof is kept), kept (search.js's KeptSearch: the shortest
 *  search's table from the earlier hints of the deal)}. */
export function hint(kernel, game, options = {}) {
  const { seconds = HINT_SECONDS, nodes = HINT_NODES, clock = () => performance.now() / 1000, proven = null } = options;
  const { kept = null } = options;
  const { left, done } = timed(game, seconds, clock);
  if (game.isWon) return done({ verdict: WON });
  const known = proven?.line(game);
  if (known) return done({ verdict: WINNABLE, move: known[0], checked: true, shortest: true, steps: known.length });
  const found = solve(kernel, game.deal, game.state, {
    shortest: true, timeLimit: seconds === null ? null : left(), nodeLimit: nodes, clock, atLeast: proven?.atLeast(game) ?? 0, kept,
  });
  if (found.verdict === WINNABLE) {
    if (found.shortest) proven?.remember(game.deal, game.state, found.line);
    return done({ verdict: WINNABLE, move: found.line[0], checked: true, shortest: found.shortest, steps: found.line.length });
  }
  if (found.verdict === UNWINNABLE) return done({ verdict: UNWINNABLE, last_winnable: lastWinnable(kernel, game, left, clock) });
  const [first] = game.legalMoves();
  return done({ verdict: UNKNOWN, move: first ? moveText(first) : null });
}

/** Where cards lie face down (hints.py's hidden branch): the move judged over the deals
 *  consistent with what was seen, with its share; its verdict stays unknown (the real deal is
 *  not asked). Async: the samples' seed is a WebCrypto hash. options: {seconds, clock}. */
export async function consistentHint(kernel, game, options = {}) {
  const { seconds = HINT_SECONDS, clock = () => performance.now() / 1000 } = options;
  const { left, done } = timed(game, seconds, clock);
  if (game.isWon) return done({ verdict: WON });
  const found = await best(kernel, game.deal, game.state, { left });
  if (found === null) return done({ verdict: UNWINNABLE }); // no move left: the player sees it is lost
  const { move, ...consistent } = found;
  return done({ verdict: UNKNOWN, move, consistent });
}

/** A hint's clock from now: the seconds `left` (Infinity with no limit), and `done`, the hint's
 *  JSON with the seconds it took. */
function timed(game, seconds, clock) {
  const started = clock();
  const left = () => (seconds === null ? Infinity : Math.max(seconds - (clock() - started), 0));
  return { left, done: (fields) => hintJson(game, { seconds: clock() - started, ...fields }) };
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
    ...(fields.consistent ? { consistent: fields.consistent } : {}),
  };
}
