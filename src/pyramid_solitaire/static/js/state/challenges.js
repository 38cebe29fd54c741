// The day's challenges the player did: each challenge done (once, with its moves and the day),
// given up (then its proof may be shown), the run of days with a challenge done on its own day,
// and badges per month. Kept under one key; junk in storage reads as nothing done. A clock set
// back never undoes a run already counted (as state/records.js). The games themselves are saved
// apart from each variant's game, under the slot `daily-<id>` (store.saveKey(slot)).
// No DOM: the challenges come from net/daily.js, the texts from text/.

import { nextRun, daysBetween } from "./records.js";
import { isCount, isPastDay } from "./sane.js";
import { readJson, writeJson } from "./store.js";

export const CHALLENGES_KEY = "pyramid-solitaire.challenges";
export const BADGES = [["gold", 60], ["silver", 30], ["bronze", 10]]; // challenges done in a month
const ID = /^(\d{4}-\d{2}-\d{2})-(\d+)$/;

/** The save slot of a challenge's game: saved apart from the variant's own game. */
export const slotOf = (id) => `daily-${id}`;
export const challengeOfSlot = (slot) => (typeof slot === "string" && slot.startsWith("daily-") && ID.test(slot.slice(6)) ? slot.slice(6) : null);
/** The date a challenge belongs to ("2026-12-01" of "2026-12-01-3"). */
export const dateOf = (id) => ID.exec(id)?.[1] ?? null;

const fresh = () => ({ done: {}, given: [], missed: [], counted: [], run: { count: 0, last: null }, best: 0 });
const COUNTED_MAX = 50; // the last games counted: enough to count each once
const count = (n) => (isCount(n) ? n : 0);

/** What is stored (any JSON value) made whole. */
export function fromStored(s) {
  const out = fresh();
  if (!s || typeof s !== "object") return out;
  if (s.done && typeof s.done === "object") {
    for (const [id, d] of Object.entries(s.done)) {
      if (ID.test(id) && d && typeof d === "object" && isPastDay(d.day) && isPastDay(dateOf(id))) out.done[id] = { moves: count(d.moves), day: d.day };
    }
  }
  const ids = (list) => (Array.isArray(list) ? list.filter((id) => typeof id === "string" && ID.test(id)) : []);
  out.given = ids(s.given);
  out.missed = ids(s.missed);
  if (Array.isArray(s.counted)) out.counted = s.counted.filter((k) => typeof k === "string").slice(-COUNTED_MAX);
  if (s.run && typeof s.run === "object" && isPastDay(s.run.last)) out.run = { count: count(s.run.count), last: s.run.last };
  out.best = Math.max(count(s.best), out.run.count);
  return out;
}

export const load = () => fromStored(readJson(CHALLENGES_KEY, null));

/** The challenge in play ({id, before}: `before` the variant whose game was on the table), kept so
 *  a reload opens it again; null when a variant's own game is played. Junk reads as null. */
export const PLAYING_KEY = "pyramid-solitaire.challenge-playing";
export function inPlay() {
  const p = readJson(PLAYING_KEY, null);
  if (!p || typeof p !== "object" || typeof p.id !== "string" || !ID.test(p.id) || !isPastDay(dateOf(p.id))) return null;
  return { id: p.id, before: typeof p.before === "string" ? p.before : null };
}
export const notePlaying = (id, before = null) => writeJson(PLAYING_KEY, id === null ? null : { id, before });
const store = (c) => writeJson(CHALLENGES_KEY, c);

/** A challenge done in `moves` moves on `day` (the player's date): counted once. A challenge done
 *  on its own day carries the run of days on. Returns whether it was new. */
export function noteDone(id, moves, day) {
  const c = load();
  if (id in c.done) return false;
  c.done[id] = { moves, day };
  if (dateOf(id) === day) {
    c.run = nextRun(c.run, day);
    c.best = Math.max(c.best, c.run.count);
  }
  store(c);
  return true;
}

/** The player gave a challenge up (the proof may be shown now). */
export function noteGivenUp(id) {
  const c = load();
  if (!c.given.includes(id)) store({ ...c, given: [...c.given, id] });
}

/** A try that missed its goal: the list marks it until the challenge is done. */
export function noteMissed(id) {
  const c = load();
  if (!c.missed.includes(id)) store({ ...c, missed: [...c.missed, id] });
}

/** Whether `key` (a challenge game's id and what is counted of it) is counted for the first time
 *  now: each game's end and goal count once, however often the position is seen (reloads, tabs). */
export function countOnce(key) {
  const c = load();
  if (c.counted.includes(key)) return false;
  store({ ...c, counted: [...c.counted, key].slice(-COUNTED_MAX) });
  return true;
}

export const isDone = (c, id) => id in c.done;
export const isMissed = (c, id) => !(id in c.done) && c.missed.includes(id);
export const mayShowWay = (c, id) => id in c.done || c.given.includes(id);

/** The run of days now: it still stands on the day after its last day, and is gone after that. */
export function streak(c, today) {
  if (c.run.last === null) return 0;
  return daysBetween(c.run.last, today) <= 1 ? c.run.count : 0;
}

/** Challenges done of each date of `month` ("YYYY-MM"): {date: count}. */
export function doneInMonth(c, month) {
  const out = {};
  for (const id of Object.keys(c.done)) {
    const date = dateOf(id);
    if (date.startsWith(`${month}-`)) out[date] = (out[date] ?? 0) + 1;
  }
  return out;
}

/** The month's badge by challenges done: "gold", "silver", "bronze" or null. */
export function badge(c, month) {
  const done = Object.values(doneInMonth(c, month)).reduce((a, b) => a + b, 0);
  return BADGES.find(([, least]) => done >= least)?.[0] ?? null;
}

/** What a share text tells of a day, and nothing more (no deal, no move): the challenges done of
 *  all, the run of days on `today`, and per step its mark ("met", "missed", "none": not tried),
 *  its grade (null for a day made before grades) and, for a goal met that has a par, its par and
 *  the moves it took. */
export function shareFacts(c, date, list, today = date) {
  const steps = list.map((ch) => {
    const step = { n: Number(ch.id.split("-").pop()), grade: ch.grade ?? null, mark: "none" };
    if (ch.id in c.done) {
      step.mark = "met";
      if (Number.isInteger(ch.goal.par)) Object.assign(step, { par: ch.goal.par, moves: c.done[ch.id].moves });
    } else if (c.missed.includes(ch.id)) step.mark = "missed";
    return step;
  });
  return { date, done: steps.filter((s) => s.mark === "met").length, of: list.length, run: streak(c, today), steps };
}
