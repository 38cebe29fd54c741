// Statistics per variant, kept in the browser next to the saves.
//
// When a game counts:
// - played: when its first move is made (a deal looked at and left alone is not a game);
// - won: the first time the pyramid is cleared; a win counts once;
// - lost: the first time no move is left (stuck), or when another game is started (New game,
//   Play again, a deal number, a share link, the daily deal) after moves were made and before
//   the game was won. A game's result is decided once: undoing out of a stuck position to play on
//   is practice and does not turn the loss into a win.
// Hints used counts every hint asked for in the variant.
// Many tabs: `current` names the game it follows (its id in the save). A result is counted once,
// by whichever tab sees it first; a tab showing a game that is no longer the variant's current
// one (another tab started a new game) counts nothing for it.
// Undos count per game (each Undo once).
// Per grade (issue 34), kept under a key of their own (exports of the statistics stay as they
// were): a game whose deal's grade is known at its first move is played in that grade, and its
// win is won there.
// A day's challenge (issue 49) is played in a slot of its own, not as the variant's game on the
// table: its game counts in the variant's figures when it ends (won or stuck), and as a challenge
// (tried, goal met) when its goal is decided; each once (state/challenges.js countOnce).

import { isCount, isTime } from "./sane.js";
import { readJson, writeJson } from "./store.js";

const PREFIX = "pyramid-solitaire.stats.";
const GRADE_PREFIX = "pyramid-solitaire.grade-stats.";
export const GRADES = ["easy", "medium", "hard", "expert"];
export const RECENT_MAX = 20; // results kept for the chart (one bar each)

function fresh() {
  return {
    played: 0, won: 0, streak: 0, bestStreak: 0, bestTime: null, fewestMoves: null, hints: 0,
    recent: [], // {won, moves, ms}, oldest first
    current: { game: null, played: false, result: null, undos: 0 }, // the game on the table now
  };
}

const count = (n) => (isCount(n) ? n : 0);
const best = (n) => (isTime(n) ? n : null); // a time in ms, or the fewest moves (a count is in range)

/** The statistics of a variant; junk in storage reads as zeros, never as an error. */
export function load(variant) {
  return fromStored(readJson(PREFIX + variant, null));
}

/** Statistics as stored (any JSON value) made whole: what is not a statistic reads as zeros. */
export function fromStored(s) {
  const out = fresh();
  if (!s || typeof s !== "object") return out;
  for (const key of ["played", "won", "streak", "bestStreak", "hints"]) out[key] = count(s[key]);
  out.bestTime = best(s.bestTime);
  out.fewestMoves = best(s.fewestMoves);
  // the variant's challenge games whose goal was decided; kept only once there are some, so an
  // export of a page before them reads the same
  if (s.challenges && typeof s.challenges === "object") out.challenges = { tried: count(s.challenges.tried), met: count(s.challenges.met) };
  if (Array.isArray(s.recent)) {
    out.recent = s.recent.filter((r) => r && typeof r === "object")
      .map((r) => ({ won: r.won === true, moves: count(r.moves), ms: best(r.ms) })).slice(-RECENT_MAX);
  }
  if (s.current && typeof s.current === "object") {
    out.current = {
      game: typeof s.current.game === "string" ? s.current.game : null,
      played: s.current.played === true,
      result: ["won", "lost"].includes(s.current.result) ? s.current.result : null,
      undos: count(s.current.undos),
    };
  }
  return out;
}

export const statsKey = (variant) => PREFIX + variant;

function store(variant, s) {
  writeJson(PREFIX + variant, s); // storage full or off: the game goes on without statistics
}

function finish(s, won, moves, ms) {
  s.current.result = won ? "won" : "lost";
  tally(s, won, moves, ms);
}

/** A game's result in the figures: won or lost, the streak, the bests, the chart. */
function tally(s, won, moves, ms) {
  if (won) {
    s.won += 1;
    s.streak += 1;
    s.bestStreak = Math.max(s.bestStreak, s.streak);
    s.bestTime = s.bestTime === null ? ms : Math.min(s.bestTime, ms);
    s.fewestMoves = s.fewestMoves === null ? moves : Math.min(s.fewestMoves, moves);
  } else {
    s.streak = 0;
  }
  s.recent = [...s.recent, { won, moves, ms: won ? ms : null }].slice(-RECENT_MAX);
}

/** Whether `game` is the game the statistics follow; one they knew by no id (saved by an
 *  earlier page) becomes it. */
function follows(c, game) {
  if (c.game === null) c.game = game;
  return c.game === game;
}

/** Played and won per grade ({easy: {played, won}, ...}), and the game they follow ({game, grade}). */
export function gradeStats(variant) {
  const s = readJson(GRADE_PREFIX + variant, null);
  const out = { game: typeof s?.game === "string" ? s.game : null, grade: GRADES.includes(s?.grade) ? s.grade : null };
  for (const g of GRADES) out[g] = { played: count(s?.[g]?.played), won: count(s?.[g]?.won) };
  return out;
}

function countGrade(variant, game, grade, won) {
  const g = gradeStats(variant);
  if (won === null && GRADES.includes(grade)) {
    Object.assign(g, { game, grade });
    g[grade].played += 1;
  } else if (won && g.game === game && g.grade) {
    g[g.grade].won += 1;
    g.game = null;
  } else {
    return;
  }
  writeJson(GRADE_PREFIX + variant, g);
}

/** Look at the position of `game` after every answer; counts what the rules above say. `grade`:
 *  the deal's grade when known (the game counts in it from its first move). */
export function observe(variant, view, ms, game, grade = null) {
  const s = load(variant);
  const c = s.current;
  let changed = c.game === null;
  if (!follows(c, game)) return s;
  if (!c.played && view.move_count > 0) {
    c.played = true;
    s.played += 1;
    countGrade(variant, game, grade, null);
    changed = true;
  }
  if (c.played && c.result === null && (view.won || view.stuck)) {
    finish(s, view.won, view.move_count, Math.round(ms));
    countGrade(variant, game, null, view.won);
    changed = true;
  }
  if (changed) store(variant, s);
  return s;
}

/** Game `next` starts in this variant, giving up game `given` after `moves` moves: unfinished
 *  with moves made, it counts as lost (once: not when another tab gave it up first). */
export function startGame(variant, { given, moves, next }) {
  const s = load(variant);
  if (follows(s.current, given) && s.current.played && s.current.result === null) finish(s, false, moves, null);
  s.current = { game: next, played: false, result: null, undos: 0 };
  store(variant, s);
}

/** A challenge's game ended (won or stuck) after `moves` moves in `ms`: played and its result,
 *  beside the variant's own game, whose `current` it leaves alone. */
export function noteChallengeGame(variant, { won, moves, ms }) {
  const s = load(variant);
  s.played += 1;
  tally(s, won, moves, Math.round(ms));
  store(variant, s);
}

/** The variant's challenges tried and met ({tried, met}). */
export const challengeCounts = (s) => s.challenges ?? { tried: 0, met: 0 };

/** A challenge's goal decided: tried, and met or not. */
export function noteChallengeGoal(variant, met) {
  const s = load(variant);
  const c = challengeCounts(s);
  s.challenges = { tried: c.tried + 1, met: c.met + (met ? 1 : 0) };
  store(variant, s);
}

/** The result counted for `game`: "won", "lost", or null (none yet, or not the game followed). */
export function resultOf(variant, game) {
  const c = load(variant).current;
  return c.game === game ? c.result : null;
}

/** An undo in the game on the table; returns the game's undos so far. */
export function noteUndo(variant) {
  const s = load(variant);
  s.current.undos += 1;
  store(variant, s);
  return s.current.undos;
}

export function noteHint(variant) {
  const s = load(variant);
  s.hints += 1;
  store(variant, s);
}

/** Forget the variant's statistics (the page asks first). A game in play stays counted as played,
 *  so its result still has a game to belong to. */
export function reset(variant) {
  writeJson(GRADE_PREFIX + variant, null);
  const s = fresh();
  s.current = { ...load(variant).current };
  if (s.current.played && s.current.result === null) s.played = 1;
  store(variant, s);
}

export function winRate(s) {
  return s.played ? Math.round((100 * s.won) / s.played) : null;
}
