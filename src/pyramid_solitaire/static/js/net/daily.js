// The day's challenges for the page: the files the release ships (static/daily/YYYY-MM.json, made
// in Python by tools/daily_files.py with goals/daily.py), so the page lists the same challenges
// as `pyramid-solitaire daily`, offline too (the service worker keeps every file of the release)
// and on the static site. A day outside those files is made in the solver's worker
// (goals/daily.js: the same budgets on the same kernel, so the same challenges), once per page.

import { dayChallenges } from "./solver.js";

const months = new Map(); // "YYYY-MM" -> Promise of {month, days} or null
const made = new Map(); // "YYYY-MM-DD" -> Promise of the worker's challenges (or null)

/** The month's file, or null when the release has none for it (or it cannot be read). */
export function month(name) {
  if (!months.has(name)) {
    const url = new URL(`../../daily/${name}.json`, import.meta.url);
    months.set(name, fetch(url).then((r) => (r.ok ? r.json() : null)).catch(() => null));
  }
  return months.get(name);
}

/** The challenges of `date` ("YYYY-MM-DD"): the release's file, else made by the worker; null
 *  when neither can give them (a day out of range, or no solver in the page). */
export async function challengesOf(date, make = dayChallenges) {
  const found = await month(date.slice(0, 7));
  if (found?.days?.[date]) return found.days[date];
  if (!made.has(date)) {
    made.set(date, make(date).catch((err) => {
      made.delete(date); // a failure is not kept: the next look asks again
      console.warn(`no challenges made for ${date}:`, err.message);
      return null;
    }));
  }
  return made.get(date);
}
