// The day's challenges for the page: the files the release ships (static/daily/YYYY-MM.json, made
// in Python by tools/daily_files.py with goals/daily.py), so the page lists the same challenges
// as `pyramid-solitaire daily`, offline too (the service worker keeps every file of the release)
// and on the static site. Making them in the page's own worker is not done yet (docs/daily.md).

const months = new Map(); // "YYYY-MM" -> Promise of {month, days} or null

/** The month's file, or null when the release has none for it (or it cannot be read). */
export function month(name) {
  if (!months.has(name)) {
    const url = new URL(`../../daily/${name}.json`, import.meta.url);
    months.set(name, fetch(url).then((r) => (r.ok ? r.json() : null)).catch(() => null));
  }
  return months.get(name);
}

/** The challenges of `date` ("YYYY-MM-DD"), or null when the release has none for that day. */
export async function challengesOf(date) {
  const found = await month(date.slice(0, 7));
  return found?.days?.[date] ?? null;
}
