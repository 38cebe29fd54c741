// The deals only a solver or a hash can give: winnable-only New game (hints.py's winnable_deal)
// and today's deal (engine/decks.py's daily_deal: SHA-256 through WebCrypto, the same numbers).

import { randomDeal as dealOf } from "../rules/decks.js";
import { Game } from "../rules/game.js";
import { solve, WINNABLE } from "./search.js";

export const WINNABLE_SECONDS = 2.0; // how long New game may look for a deal proven winnable
/** A random deal number, below 2**31 as the server's (rules/decks.js). */
export const randomDeal = () => dealOf(crypto.getRandomValues(new Uint32Array(1))[0]);

/** A deal number proven winnable, trying numbers from `pick()` for `timeLimit` seconds; null if
 *  no proof came in time. */
export function winnableDeal(kernel, variant, pick = randomDeal, timeLimit = WINNABLE_SECONDS,
  clock = () => performance.now() / 1000) {
  const started = clock();
  for (let left = timeLimit; left > 0; left = timeLimit - (clock() - started)) {
    const number = pick();
    const game = new Game(variant, { deal: number });
    if (solve(kernel, game.deal, game.state, { timeLimit: left, clock }).verdict === WINNABLE) return number;
  }
  return null;
}

/** The daily deal's number (a BigInt): the first 8 bytes, big-endian, of the SHA-256 of
 *  "pyramid-solitaire daily YYYY-MM-DD variant". */
export async function dailyDeal(variant, day) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`a day is YYYY-MM-DD, not ${day}`);
  const text = new TextEncoder().encode(`pyramid-solitaire daily ${day} ${variant}`);
  const digest = new DataView(await crypto.subtle.digest("SHA-256", text));
  return digest.getBigUint64(0, false);
}
