// Personal bests per variant, each with the day it was set (docs/score.md for the score):
// the best score of a finished game (won or lost), the fewest moves and the fastest time of a win,
// and the longest run of days in a row with a win in the variant. Kept next to the statistics
// under their own key; junk in storage reads as no best, never as an error.
// Days are the player's local dates, "YYYY-MM-DD", handed in by the caller. A clock set back (a
// win on a day before the last one counted) leaves the run as it is: it never undoes a run.
// The hints of the game on the table are counted here too, for the achievement of a win without one.

import { isCount, isPastDay } from "./sane.js";
import { readJson, writeJson } from "./store.js";

const PREFIX = "pyramid-solitaire.bests.";
export const recordsKey = (variant) => PREFIX + variant;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const fresh = () => ({ score: null, moves: null, time: null, days: null, run: { count: 0, last: null }, help: { game: null, hints: 0 } });
const count = (n) => (isCount(n) ? n : 0);

/** A best as stored made whole: {value, day}, or null. Scores may be below 0; moves, times, days not. */
function aBest(b, negative = false) {
  if (!b || typeof b !== "object" || !isPastDay(b.day)) return null;
  return isCount(b.value) || (negative && isCount(-b.value)) ? { value: b.value, day: b.day } : null;
}

/** Bests as stored (any JSON value) made whole. */
export function fromStored(s) {
  const out = fresh();
  if (!s || typeof s !== "object") return out;
  out.score = aBest(s.score, true);
  for (const key of ["moves", "time", "days"]) out[key] = aBest(s[key]);
  if (s.run && typeof s.run === "object" && isPastDay(s.run.last)) out.run = { count: count(s.run.count), last: s.run.last };
  if (s.help && typeof s.help === "object" && typeof s.help.game === "string") out.help = { game: s.help.game, hints: count(s.help.hints) };
  return out;
}

export const load = (variant) => fromStored(readJson(recordsKey(variant), null));
const store = (variant, b) => writeJson(recordsKey(variant), b); // storage full: the game goes on

/** Whole days from `a` to `b` (both "YYYY-MM-DD"). */
export const daysBetween = (a, b) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The run of days after a win on `day`: one more the day after the last, a new run after a gap,
 *  the same on the same day or on a day before the last (a clock set back). */
export function nextRun(run, day) {
  if (run.last === null) return { count: 1, last: day };
  const gap = daysBetween(run.last, day);
  if (gap <= 0) return run;
  return { count: gap === 1 ? run.count + 1 : 1, last: day };
}

const better = (old, value, day, higher) =>
  old === null || (higher ? value > old.value : value < old.value) ? { value, day } : old;

/** The bests after a finished game {won, score, moves, ms, day}, and the names of those it set. */
export function withResult(b, { won, score, moves, ms, day }) {
  const next = { ...b };
  next.score = better(b.score, score, day, true);
  if (won) {
    next.moves = better(b.moves, moves, day, false);
    if (Number.isSafeInteger(ms) && ms >= 0) next.time = better(b.time, ms, day, false);
    next.run = nextRun(b.run, day);
    next.days = better(b.days, next.run.count, day, true);
  }
  const set = ["score", "moves", "time", "days"].filter((key) => next[key] !== b[key]);
  return { bests: next, set };
}

/** Count a finished game of `variant` (once per game: the caller tells it when the statistics
 *  decide its result). Returns {bests, set}. */
export function noteResult(variant, result) {
  const found = withResult(load(variant), result);
  store(variant, found.bests);
  return found;
}

/** A hint asked for in game `game`; returns the game's hints so far. */
export function noteHint(variant, game) {
  const b = load(variant);
  b.help = { game, hints: b.help.game === game ? b.help.hints + 1 : 1 };
  store(variant, b);
  return b.help.hints;
}

/** The hints asked for in game `game` of `variant`. */
export function hintsIn(variant, game) {
  const { help } = load(variant);
  return help.game === game ? help.hints : 0;
}

/** The longest run of days in any of `variants`. */
export const longestRun = (variants) => Math.max(0, ...variants.map((v) => load(v).days?.value ?? 0));

/** Forget the variant's bests (with its statistics: the page asks first). */
export function reset(variant) {
  store(variant, fresh());
}
