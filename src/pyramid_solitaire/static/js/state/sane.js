// What a saved figure or date may be (issue 49): a count is a whole number from 0 to MOST_COUNT,
// a time from 0 to MOST_MS, a day "YYYY-MM-DD" no later than tomorrow (the player's clock may be
// a day behind another device's, never years). Anything else is junk: it reads as nothing, and
// setAside() moves a record holding junk aside (under `junk.<its key>`, which export and import
// pass by), keeping the rest of it.
// No DOM: localStorage through store.js, the clock for today.

import { PREFIX, readText, writeJson, writeText } from "./store.js";

// No one plays a billion games or moves, nor for 30 years: a count or time beyond is not one.
export const MOST_COUNT = 1e9;
export const MOST_MS = 1e12;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const two = (n) => String(n).padStart(2, "0");

export const isCount = (n) => Number.isSafeInteger(n) && n >= 0 && n <= MOST_COUNT;
export const isTime = (n) => Number.isFinite(n) && n >= 0 && n <= MOST_MS;

/** Tomorrow, the player's local date: the latest day a record may bear. */
export function latestDay(now = new Date()) {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${next.getFullYear()}-${two(next.getMonth() + 1)}-${two(next.getDate())}`;
}

/** A real calendar day, no later than tomorrow. */
export function isPastDay(day, latest = latestDay()) {
  return typeof day === "string" && DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && day <= latest;
}

/** Where a record holding junk is kept: "pyramid-solitaire.junk.stats.pyramid". */
export const asideKey = (key) => `${PREFIX}junk.${key.slice(PREFIX.length)}`;

/** The same JSON value with the keys of its objects in order, as text: to compare two records. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Move aside each record of `records` ([key, fromStored, name]) that its fromStored does not read
 *  as it stands (a figure out of range, a date after tomorrow, a field of the wrong kind): the
 *  text is kept under asideKey(key), the key holds what could be read. A field the record leaves
 *  out is no junk (an older page wrote none). Returns the names of the records set aside. */
export function setAside(records) {
  const names = [];
  for (const [key, fromStored, name] of records) {
    const text = readText(key);
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      continue; // none, or not JSON: fromStored reads it as nothing already
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) continue;
    const whole = fromStored(value);
    if (Object.keys(value).every((k) => canonical(value[k]) === canonical(whole[k]))) continue;
    writeText(asideKey(key), text);
    writeJson(key, whole);
    names.push(name);
  }
  return names;
}
