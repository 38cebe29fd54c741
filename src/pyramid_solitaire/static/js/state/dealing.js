// Which deal a new game gets: winnable-only (a setting per variant), the daily deal (remembered so
// the board can mark it), share links (/?variant=giza&deal=123, /?variant=classic:win=all&deal=7).

import { getVariant } from "../rules/variants.js";
import { readJson, writeJson } from "./store.js";

const WINNABLE_KEY = "pyramid-solitaire.winnable-only";
const DAILY_KEY = "pyramid-solitaire.daily";

// Winnable deals only is on by default where all 52 cards must go (most random deals there cannot
// be won: 7 in a row were not, issue 49); the player's "off" for such a variant is kept apart.
const WINNABLE_OFF_KEY = "pyramid-solitaire.winnable-off";

/** Whether variant text `variant` is won with all 52 cards (a text the rules do not read: no). */
function winsWithAll(variant) {
  try {
    return getVariant(variant).win === "all";
  } catch {
    return false;
  }
}

const listOf = (key) => {
  const list = readJson(key, []);
  return Array.isArray(list) ? list.filter((v) => typeof v === "string") : [];
};

export function winnableOnly(variant) {
  if (winsWithAll(variant)) return !listOf(WINNABLE_OFF_KEY).includes(variant);
  return listOf(WINNABLE_KEY).includes(variant);
}

export function setWinnableOnly(variant, on) {
  const rest = listOf(WINNABLE_KEY).filter((v) => v !== variant);
  writeJson(WINNABLE_KEY, on && !winsWithAll(variant) ? [...rest, variant] : rest);
  const off = listOf(WINNABLE_OFF_KEY).filter((v) => v !== variant);
  writeJson(WINNABLE_OFF_KEY, !on && winsWithAll(variant) ? [...off, variant] : off);
}

/** The player's calendar date, YYYY-MM-DD: the daily deal follows the local day, not UTC. */
export function today(now = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** Remember that `deal` is the daily deal of `date` in this variant. */
export function noteDaily(variant, date, deal) {
  const all = readJson(DAILY_KEY, {});
  writeJson(DAILY_KEY, { ...(all && typeof all === "object" ? all : {}), [variant]: { date, deal: String(deal) } });
}

/** The date whose daily deal this is, or null. Deal numbers compare as text (they may be big). */
export function dailyDate(variant, deal) {
  const entry = readJson(DAILY_KEY, {})?.[variant];
  return entry && deal !== null && entry.deal === String(deal) && typeof entry.date === "string" ? entry.date : null;
}

/** A link that opens this deal of this variant in any browser; a variant's options are kept
 *  readable (?variant=open-stock:passes=1,overlap=yes&deal=5): a query value may hold : , =. */
export function shareLink(variant, deal) {
  const url = new URL("/", window.location.href);
  url.search = new URLSearchParams({ variant, deal: String(deal) }).toString().replace(/%3A|%2C|%3D/g, decodeURIComponent);
  return url.href;
}

/** {variant, deal} from the page's address when it is a share link, else null. */
export function sharedDeal(location = window.location) {
  const params = new URLSearchParams(location.search);
  if (!params.has("deal")) return null;
  // A bad number is passed on as it is: the rules refuse it with a message the page shows.
  return { variant: params.get("variant") || null, deal: params.get("deal").trim() };
}

/** Drop the share link from the address bar once it is played, so a reload resumes the game. */
export function forgetSharedDeal() {
  window.history.replaceState(null, "", window.location.pathname);
}

// New game by grade (issue 34): the grade asked for, per variant ("" or absent: any deal), and the
// grades of deals seen lately, so the status line and the statistics know the deal's grade.
const GRADE_KEY = "pyramid-solitaire.grade";
const GRADES_SEEN_KEY = "pyramid-solitaire.grades-seen";
export const GRADES = ["easy", "medium", "hard", "expert"];
const SEEN_MAX = 200;

/** The grade New game deals in this variant, or null for any deal. */
export function gradeWanted(variant) {
  const grade = readJson(GRADE_KEY, {})?.[variant];
  return GRADES.includes(grade) ? grade : null;
}

export function setGradeWanted(variant, grade) {
  const all = readJson(GRADE_KEY, {});
  writeJson(GRADE_KEY, { ...(all && typeof all === "object" ? all : {}), [variant]: GRADES.includes(grade) ? grade : null });
}

/** Remember the grade of a deal (null: proven to have none, an unwinnable deal). */
export function noteGrade(variant, deal, grade) {
  if (deal === null || deal === undefined) return;
  const seen = readJson(GRADES_SEEN_KEY, []);
  const rest = (Array.isArray(seen) ? seen : []).filter((e) => e && !(e.variant === variant && e.deal === String(deal)));
  writeJson(GRADES_SEEN_KEY, [...rest, { variant, deal: String(deal), grade: GRADES.includes(grade) ? grade : null }].slice(-SEEN_MAX));
}

/** The grade remembered for a deal: a grade, null (none: unwinnable), or undefined (not known). */
export function knownGrade(variant, deal) {
  if (deal === null || deal === undefined) return undefined;
  const seen = readJson(GRADES_SEEN_KEY, []);
  const entry = Array.isArray(seen) ? seen.find((e) => e && e.variant === variant && e.deal === String(deal)) : null;
  return entry ? entry.grade : undefined;
}
