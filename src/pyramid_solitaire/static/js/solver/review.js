// Review a game against the solver (solver/review.py, line for line): each played move marked by
// the position after it, found by a binary search over the positions (winnability only goes from
// yes to no along a game), and the shortest ways from the start and from the last winnable
// position, which "Show the way" plays. The same JSON as the server's /api/review.

import { solve, UNKNOWN, UNWINNABLE, WINNABLE } from "./search.js";

export const REVIEW_SECONDS = 2.0; // the page's budget for one review: decisions first, then the shortest lines
export const WAY_SECONDS = 1.0; // "Show the way": the shortest line from one position
const LOSING = "losing";
const LOST = "lost";

/** Where winnable turns to lost along the game's positions: states[i] is winnable for
 *  i <= won and lost for i >= lost, unknown between (the budget ran out). */
export class Split {
  constructor(won, lost) {
    this.won = won;
    this.lost = lost;
  }

  verdict(i) {
    if (i <= this.won) return WINNABLE;
    if (i >= this.lost) return UNWINNABLE;
    return UNKNOWN;
  }

  /** Of a lost game of n moves: the moves played up to its last winnable position (-1: never
   *  winnable); null when not lost, or the budget ran out first. */
  lastWinnable(n) {
    return this.lost - this.won === 1 && this.lost <= n ? this.won : null;
  }
}

/** `left()`: the seconds still to spend (Infinity: no limit). `lost`: a position known lost. */
export function split(kernel, game, left, lost = null, clock = undefined) {
  const n = game.states.length - 1;
  if (game.isWon) return new Split(n, n + 1);
  let won = -1;
  lost = lost === null ? n + 1 : lost;
  const probes = lost > n ? [n] : []; // the last position first: if it is winnable, so are all
  while (lost - won > 1) {
    const mid = probes.length ? probes.pop() : Math.floor((won + lost) / 2);
    const budget = left();
    if (budget <= 0) break;
    const { verdict } = solve(kernel, game.deal, game.states[mid], { timeLimit: budget === Infinity ? null : budget, clock });
    if (verdict === UNKNOWN) break;
    if (verdict === WINNABLE) won = mid;
    else lost = mid;
  }
  return new Split(won, lost);
}

/** How many played moves still left the game winnable (its current position is lost). */
export function lastWinnable(kernel, game, left, clock = undefined) {
  return split(kernel, game, left, game.states.length - 1, clock).lastWinnable(game.moves.length);
}

/** The shortest winning line from `state`, as far as the time allows: {verdict, line, proven}. */
export function shortestWay(kernel, game, state, timeLimit, clock = undefined) {
  if (timeLimit <= 0) return { verdict: UNKNOWN, line: [], proven: false };
  const found = solve(kernel, game.deal, state, { shortest: true, timeLimit, clock });
  return { verdict: found.verdict, line: found.line, proven: found.shortest };
}

export function wayJson(way) {
  const winnable = way.verdict === WINNABLE;
  return { verdict: way.verdict, steps: winnable ? way.line.length : null, line: winnable ? way.line : null, proven: way.proven };
}

/** The mark of move i (1-based) by the positions before and after it. */
function mark(found, i) {
  const before = found.verdict(i - 1);
  const after = found.verdict(i);
  if (after === WINNABLE) return WINNABLE;
  if (before === UNWINNABLE) return LOST;
  if (before === WINNABLE && after === UNWINNABLE) return LOSING;
  return UNKNOWN;
}

/** The review of the played moves of `game` in `timeLimit` seconds, as review.py's to_dict. */
export function review(kernel, game, timeLimit = REVIEW_SECONDS, clock = undefined) {
  const now = clock || (() => performance.now() / 1000);
  const started = now();
  const left = () => Math.max(timeLimit - (now() - started), 0);
  const found = split(kernel, game, left, null, clock);
  const n = game.moves.length;
  const last = found.lastWinnable(n);
  let atLoss = null;
  if (last !== null && last > 0) atLoss = shortestWay(kernel, game, game.states[last], left() / 2, clock);
  const start = found.verdict(0) === UNWINNABLE
    ? { verdict: UNWINNABLE, line: [], proven: false }
    : shortestWay(kernel, game, game.states[0], left(), clock);
  if (last === 0) atLoss = start;
  return reviewJson(game, found, start, atLoss, now() - started);
}

/** review.py's Review.to_dict: the marks by the split `found`, the ways from the start and from
 *  the loss (null: none). */
export function reviewJson(game, found, start, atLoss, seconds) {
  const n = game.moves.length;
  const marks = game.moves.map((move, i) => ({ n: i + 1, move, mark: mark(found, i + 1) }));
  const losing = found.won + 1;
  const won = game.isWon;
  return {
    won,
    start: { ...wayJson(start), winnable: found.verdict(0) },
    moves: marks,
    losing_move: losing >= 1 && losing <= n && mark(found, losing) === LOSING ? losing : null,
    last_winnable: found.lastWinnable(n),
    at_loss: atLoss ? wayJson(atLoss) : null,
    longer_by: won && start.proven && start.verdict === WINNABLE ? n - start.line.length : null,
    complete: marks.every((m) => m.mark !== UNKNOWN),
    seconds: Math.round(seconds * 1e4) / 1e4,
    // face-down cards (Thirteen): the marks know cards the player never saw, said so as review.py does
    ...(game.deal.variant.hidden ? { thoughtful: true } : {}),
  };
}
