// Sharing results (issue 50): off until the player says yes, asked once; the player is a random
// id made here, nothing personal; "Delete my results" removes every row of that id on the server.
// A finished game (won or stuck) is posted once with its record, the help the page counted
// (hints, undos: self-reported, the server says so) and its time; the server replays it.

import * as net from "../net/results.js";
import * as records from "./records.js";
import * as stats from "./stats.js";
import { PREFIX, readJson, writeJson } from "./store.js";

export const RESULTS_KEY = `${PREFIX}results`;
const WAY_KEY = `${PREFIX}results-way`;
const WAY_MAX = 50; // the deals lately watched: enough for the games still on the table

/** A deal as the help notes name it: its variant and its number (or its cards). */
const dealOf = (record) => JSON.stringify([record.variant, record.deal ?? record.deck ?? null]);

/** "Show the way" (or the review's shortest win) was watched in the game of `record`: every game of
 *  that deal, this one and a retry of it, says so when posted (the line has been seen). */
export function noteWay(record) {
  const seen = readJson(WAY_KEY, []);
  const rest = (Array.isArray(seen) ? seen : []).filter((key) => key !== dealOf(record));
  writeJson(WAY_KEY, [...rest, dealOf(record)].slice(-WAY_MAX));
}

/** Whether the way was watched for the deal of `record`. */
export function wayShown(record) {
  const seen = readJson(WAY_KEY, []);
  return Array.isArray(seen) && seen.includes(dealOf(record));
}

/** {asked, share, player}: what the player chose (junk in storage reads as not asked). */
export function choice() {
  const c = readJson(RESULTS_KEY, null) || {};
  return { asked: c.asked === true, share: c.share === true, player: typeof c.player === "string" ? c.player : null };
}

/** Say yes or no to sharing; yes makes the player's id once. */
export function choose(share, newId = () => crypto.randomUUID()) {
  const c = choice();
  writeJson(RESULTS_KEY, { asked: true, share, player: share ? c.player || newId() : c.player });
  return choice();
}

/** Remove every result of this player's id from the server, then forget the id (sharing off). */
export async function deleteMine() {
  const { player } = choice();
  if (player) await net.forget(player);
  writeJson(RESULTS_KEY, { asked: true, share: false, player: null });
}

/** The day's challenges against everyone's, when shared: {challenge id: {met: share 0..1, better: the
 *  share of the others this player did better than, or null}}; {} when not shared. */
export async function sharesOf(date) {
  const { share, player } = choice();
  if (!share) return {};
  const stats = await net.dayStats(date, player);
  return Object.fromEntries(stats.challenges.filter((c) => c.met !== null)
    .map((c) => [c.id, { met: c.met, better: c.better_than ?? null }]));
}

/** The grade players' results give the deal on the table (null: not shared, no server, or too
 *  few results yet: the measure's grade stands). */
export async function ratedGrade(view) {
  if (!choice().share || view.deal === null || !(await net.served())) return null;
  try {
    const found = await net.dealRating(view.variant, String(view.deal));
    return found.grade_source === "rating" ? found.grade : null;
  } catch {
    return null; // a server that is down: the measure's grade
  }
}

const rated = new Map(); // "variant deal" -> its rated grade (a promise), asked once a page load

/** The rated grade of the deal of `view`, asked once a deal while sharing is on; `onGrade(grade)`
 *  when it has one. */
export function ratedGradeOnce(view, onGrade) {
  if (!choice().share) return Promise.resolve(null);
  const key = `${view.variant} ${view.deal}`;
  if (!rated.has(key)) {
    rated.set(key, ratedGrade(view));
    rated.get(key).then((grade) => grade && onGrade(grade));
  }
  return rated.get(key);
}

/** A deal at the player's level in `variant` ({deal, source, chance | reason, grade}); `usual`
 *  is the grade New game deals (the fallback when nothing is rated near the player). */
export function atLevel(variant, usual) {
  return net.atLevel(choice().player, variant, usual ?? "medium");
}

/** Whether New game "at my level" can be offered: sharing is on and a server keeps results. */
export const levelOffered = async () => choice().share && Boolean(choice().player) && (await net.served());

/** The help the page counted in the game on the table: its hints, its undos, and whether a way
 *  to win (or to the challenge's goal) was watched for its deal. */
function helpIn(session) {
  const variant = session.state.variant.id;
  const { record, game } = session.state;
  return { hints: records.hintsIn(variant, game), undos: stats.load(variant).current.undos, way: wayShown(record) };
}

/** A session listener that posts each finished game once, when sharing is on, and asks the first
 *  time a game ends. deps: session, seconds(), challenge() -> id|null, ask() (the question, once). */
export function createSharing({ session, seconds, challenge, ask, post = net.post, help = () => helpIn(session) }) {
  const posted = new Set();
  return (change) => {
    const now = session.state.view;
    if (change.type !== "position" || !now || !(now.won || now.stuck) || !["move", "redo"].includes(change.cause)) return;
    const c = choice();
    if (!c.asked) return ask();
    const record = { ...session.state.record, redo: [] };
    const key = JSON.stringify(record);
    if (!c.share || posted.has(key)) return;
    posted.add(key);
    const body = { player: c.player, record, help: help(), seconds: Math.max(seconds(), 0) };
    const id = challenge();
    post(id ? { ...body, challenge: id } : body).catch(() => {}); // a server that is down: the game plays on
  };
}

export const served = net.served;
