// Achievements: each earned once, on the day it was first reached, kept under one key for every
// variant. Which ones there are and when each is earned is data (ACHIEVEMENTS); their names and
// what they ask are texts (text/en.js, de.js: achievements). Junk in storage reads as none earned.

import { VARIANTS } from "../rules/variants.js";
import { isPastDay } from "./sane.js";
import { readJson, writeJson } from "./store.js";

export const ACHIEVEMENTS_KEY = "pyramid-solitaire.achievements";

// What a game's end tells the checks: {variant, won, score, moves, hints, undos, recycles,
// par (the proven fewest moves, or null), grade (or null), challenge (a day's challenge done),
// wonVariants (every variant with a win), dayRun (the longest run of days with a win)}.
export const ACHIEVEMENTS = [
  ["first-win", (c) => c.won],
  ["no-hint", (c) => c.won && c.hints === 0],
  ["no-undo", (c) => c.won && c.undos === 0],
  ["shortest", (c) => c.won && c.par !== null && c.moves <= c.par],
  ["one-pass", (c) => c.won && VARIANTS[c.variant]?.passes > 1 && c.recycles === 0],
  ["every-variant", (c) => Object.keys(VARIANTS).every((v) => c.wonVariants.includes(v))],
  ["expert", (c) => c.won && c.grade === "expert"],
  ["score-500", (c) => c.score >= 500],
  ["days-7", (c) => c.dayRun >= 7],
  ["challenge", (c) => c.challenge === true],
].map(([id, earned]) => ({ id, earned }));

/** Earned achievements as stored made whole: {id: day} for known ids only. */
export function fromStored(s) {
  const out = {};
  if (!s || typeof s !== "object") return out;
  for (const { id } of ACHIEVEMENTS) if (isPastDay(s[id])) out[id] = s[id];
  return out;
}

export const earned = () => fromStored(readJson(ACHIEVEMENTS_KEY, null));

/** The achievements a game's end earns that were not earned before: {earned, fresh: [ids]}. */
export function withEnd(had, context, day) {
  const next = { ...had };
  const fresh = ACHIEVEMENTS.filter((a) => !(a.id in had) && a.earned({ par: null, grade: null, ...context })).map((a) => a.id);
  for (const id of fresh) next[id] = day;
  return { earned: next, fresh };
}

/** Count a game's end (`context` as above) on `day`; returns the ids earned now. */
export function noteEnd(context, day) {
  const found = withEnd(earned(), context, day);
  if (found.fresh.length) writeJson(ACHIEVEMENTS_KEY, found.earned);
  return found.fresh;
}
