// The graded deal lists of the release (static/grades.json, goals/index.py): deal numbers per
// variant and grade. Read only when whole and of this measure's version: anything else reads as
// no index, and the worker then grades deals itself (grades.js), never calling a deal graded
// that was not.

import { GRADES, MEASURE_VERSION } from "./grades.js";

/** The index file's contents when they are a whole index of this measure (of any measure with
 *  `version` null: the lists pinned for the days, daily-deals.json), else null. */
export function gradedIndex(data, version = MEASURE_VERSION) {
  if (!data || typeof data !== "object" || (version !== null && data.version !== version)) return null;
  const variants = data.variants;
  if (!variants || typeof variants !== "object") return null;
  for (const lists of Object.values(variants)) {
    if (!lists || typeof lists !== "object") return null;
    for (const grade of GRADES) {
      const list = lists[grade] ?? [];
      if (!Array.isArray(list) || !list.every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
    }
  }
  return data;
}

/** A deal number of `grade` from the index, chosen by `random()` in [0, 1); null if none. */
export function pickFrom(index, variant, grade, random) {
  const list = index?.variants?.[variant]?.[grade] ?? [];
  return list.length ? list[Math.floor(random() * list.length)] : null;
}

/** The grade the index gives deal `number` (a BigInt, number or text), or null if not listed. */
export function indexedGrade(index, variant, number) {
  const lists = index?.variants?.[variant];
  if (!lists || number === null || number === undefined) return null;
  const wanted = Number(number);
  return GRADES.find((grade) => (lists[grade] ?? []).includes(wanted)) ?? null;
}
