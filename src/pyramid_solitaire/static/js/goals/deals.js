// Graded deals in the solver's worker: a New game of a grade, and the grade of the deal on the
// table. The index (static/grades.json, a file of the release, so cached for offline play) is
// read once; when it is missing or damaged the worker grades random deals itself, within
// GRADED_SECONDS, and a deal it could not grade in time is dealt as an ungraded one, saying so.

import { Deal } from "../rules/deal.js";
import { randomDeal } from "../solver/deals.js";
import { difficulty } from "./grades.js";
import { gradedIndex, indexedGrade, pickFrom } from "./index.js";
import { THRESHOLDS } from "./thresholds.js";

export const GRADED_SECONDS = 5.0; // how long New game may grade random deals without the index
const INDEX_URL = new URL("../../grades.json", import.meta.url);
// The lists pinned for the day's challenges (goals/index.py): a new grades.json changes no day.
const DAILY_URL = new URL("../../daily-deals.json", import.meta.url);

let loaded = null;
let loadedDaily = null;

/** A file of graded lists, or null when it cannot be read whole. */
function fetchLists(fetchIt, url, version) {
  return fetchIt(url).then((answer) => (answer.ok ? answer.json() : null))
    .then((data) => gradedIndex(data, version), () => null);
}

/** The index of the release, or null when it cannot be read whole (fetched once). */
export function loadIndex(fetchIt = fetch) {
  loaded ??= fetchLists(fetchIt, INDEX_URL);
  return loaded;
}

/** The lists the day's challenges draw from, of whatever measure pinned them (fetched once). */
export function loadDailyIndex(fetchIt = fetch) {
  loadedDaily ??= fetchLists(fetchIt, DAILY_URL, null);
  return loadedDaily;
}

/** The grade of deal `number` of `variant` ({grade, from: "index" | "graded"}); a deck (number
 *  null) is graded from its cards. */
export async function gradeOfDeal(kernel, deal) {
  if (!(deal.variant.text in THRESHOLDS)) return { grade: null, from: "none" }; // rule options: no grades
  const index = await loadIndex();
  const listed = deal.number === null ? null : indexedGrade(index, deal.variant.id, deal.number);
  if (listed) return { grade: listed, from: "index" };
  return { grade: difficulty(kernel, deal).grade, from: "graded" };
}

/** A deal number of `grade`, graded again here (so proven winnable and of that grade), or null
 *  when none was found within `seconds`. */
export async function gradedDeal(kernel, variant, grade, seconds = GRADED_SECONDS, clock = () => performance.now() / 1000) {
  if (!(variant in THRESHOLDS)) return null; // rule options: no grades
  const index = await loadIndex();
  const started = clock();
  for (let tries = 0; tries < 20; tries++) {
    const number = pickFrom(index, variant, grade, Math.random);
    if (number === null) break;
    if (difficulty(kernel, Deal.fromNumber(variant, number)).grade === grade) return number;
  }
  while (clock() - started < seconds) {
    const number = randomDeal();
    if (difficulty(kernel, Deal.fromNumber(variant, number)).grade === grade) return number;
  }
  return null;
}
