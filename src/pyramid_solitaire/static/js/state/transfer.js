// Export and import: all saved games (with their backups), statistics and settings of this
// browser as one JSON file, and back. An import is checked field by field before anything is
// written; a bad file is refused with the reason and changes nothing; a good one replaces what
// is here (the page asks first) and is written so that other open tabs take it over.
// The More dialog's buttons for it, and the download, are in dialogs/transfer-dialog.js.

import * as achievements from "./achievements.js";
import * as challenges from "./challenges.js";
import * as records from "./records.js";
import * as stats from "./stats.js";
import * as store from "./store.js";
import { MOST_COUNT, MOST_MS } from "./sane.js";

export const EXPORT_FORMAT = 1;
const APP = "pyramid-solitaire";
const DAILY = `${store.PREFIX}daily`;
const WINNABLE = `${store.PREFIX}winnable-only`;
const WINNABLE_OFF = `${store.PREFIX}winnable-off`; // where all 52 must go, winnable-only is on unless listed here
const FAVOURITES = `${store.PREFIX}favourites`;
const RECENT = `${store.PREFIX}recent`;
const BACKUP = /^([\w-]+)\.(broken|other|beside)(\.\d+)?$/; // under save.: a variant's backups, and a game kept beside a broken save
// Limits of what a file may hold. An export nests 6 levels at most (statistics.<id>.recent[i].won);
// deeper is not an export, and would overflow the stack of the checks below. No one plays a
// billion games or moves, nor for 30 years: a count or time beyond is not one.
export const MOST_DEPTH = 10;
export { MOST_COUNT, MOST_MS } from "./sane.js";
// A browser keeps about 5 million characters for a site (Chromium and Firefox: 5,242,880, keys
// and texts), so no export of this page is larger than 3 bytes for each of them (UTF-8, escapes,
// the file's indentation): a larger file is refused before it is read (20 MB took 10 s to be
// refused, read and checked whole).
export const MOST_FILE_BYTES = 3 * 5_242_880;
const SECTIONS = ["app", "format", "exported", "saves", "backups", "statistics", "settings", "favourites", "recent", "winnableOnly", "daily",
  "bests", "achievements", "challenges", // issue 35, absent from older files
  "winnableOff"]; // issue 49, absent from older files
const BESTS = "bests.";

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const parsed = (text, fallback = null) => {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
};

/** JSON with keys in one order, to compare values field by field. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Everything this browser keeps for the page, as the export file holds it. */
export function collect(now = new Date()) {
  const out = {
    app: APP, format: EXPORT_FORMAT, exported: now.toISOString(), saves: {}, backups: {}, statistics: {},
    settings: store.settings(), favourites: store.favourites(), recent: store.recent(),
    winnableOnly: [].concat(store.readJson(WINNABLE, [])).filter((v) => typeof v === "string"),
    winnableOff: [].concat(store.readJson(WINNABLE_OFF, [])).filter((v) => typeof v === "string"),
    daily: isObject(store.readJson(DAILY, {})) ? store.readJson(DAILY, {}) : {},
    bests: {}, achievements: achievements.earned(), challenges: challenges.load(),
  };
  for (const [key, text] of Object.entries(store.allEntries())) {
    const name = key.slice(store.PREFIX.length);
    if (name.startsWith("save.")) {
      const rest = name.slice("save.".length);
      if (BACKUP.test(rest)) out.backups[rest] = text;
      else out.saves[rest] = parsed(text, text); // a save that is not JSON goes as its text: never dropped
    } else if (name.startsWith("stats.")) {
      out.statistics[name.slice("stats.".length)] = stats.fromStored(parsed(text));
    } else if (name.startsWith(BESTS)) {
      out.bests[name.slice(BESTS.length)] = records.fromStored(parsed(text));
    }
  }
  return out;
}

/** A reason an import is refused: `key` names the text, `field` the place in the file. */
class Bad extends Error {
  constructor(key, params = {}) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

const bad = (field) => new Bad("importField", { field });

/** The first place in `value` nested deeper than MOST_DEPTH, or null. A loop, not a recursion:
 *  a file of 200,000 levels (JSON.parse reads it) would overflow the stack of a recursion. Only
 *  objects are looked into, and a place is named only once found: a list of 10 million numbers
 *  took 133 s when each got its name and its entry in the loop's list. */
function tooDeep(value) {
  const todo = [{ v: value, depth: 1, parent: null, key: "" }];
  while (todo.length) {
    const place = todo.pop();
    if (place.depth > MOST_DEPTH) return fieldOf(place);
    const array = Array.isArray(place.v);
    const keys = array ? null : Object.keys(place.v);
    for (let i = 0, n = array ? place.v.length : keys.length; i < n; i += 1) {
      const key = array ? i : keys[i];
      const child = place.v[key];
      if (child !== null && typeof child === "object") todo.push({ v: child, depth: place.depth + 1, parent: place, key, array });
    }
  }
  return null;
}

/** The name of a place tooDeep looked at: `statistics.pyramid.recent[0].won`. */
function fieldOf(place) {
  let field = "";
  for (let p = place; p.parent; p = p.parent) {
    field = p.array ? `[${p.key}]${field}` : `${p.parent.parent ? "." : ""}${p.key}${field}`;
  }
  return field;
}

/** A number of the file, when it is one, is in range: a count (a whole number from 0 to
 *  MOST_COUNT) or a time in ms (from 0 to MOST_MS). Other types are left to the field checks. */
function inRange(value, kind, field) {
  if (typeof value !== "number") return;
  if (kind === "count" && !(Number.isInteger(value) && value >= 0 && value <= MOST_COUNT)) {
    throw new Bad("importCount", { field, value: String(value), most: MOST_COUNT.toLocaleString("en") });
  }
  if (kind === "time" && !(value >= 0 && value <= MOST_MS)) {
    throw new Bad("importTime", { field, value: String(value), most: MOST_MS.toLocaleString("en") });
  }
}

const STAT_NUMBERS = { played: "count", won: "count", streak: "count", bestStreak: "count", hints: "count", bestTime: "time", fewestMoves: "count" };

/** The numbers of a variant's statistics (`s`, as in the file) are in range. */
function statsInRange(s, field) {
  if (!isObject(s)) return;
  for (const [key, kind] of Object.entries(STAT_NUMBERS)) inRange(s[key], kind, `${field}.${key}`);
  if (Array.isArray(s.recent)) {
    s.recent.forEach((r, i) => {
      if (!isObject(r)) return;
      inRange(r.moves, "count", `${field}.recent[${i}].moves`);
      inRange(r.ms, "time", `${field}.recent[${i}].ms`);
    });
  }
  if (isObject(s.current)) inRange(s.current.undos, "count", `${field}.current.undos`);
}

function checkVariants(list, field, known) {
  if (!Array.isArray(list)) throw bad(field);
  list.forEach((id, i) => {
    if (!known.includes(id) || list.indexOf(id) !== i) throw bad(`${field}[${i}]`);
  });
}

/** The first field where `value` differs from what `normalise` makes of it, or null. With
 *  `leftOut`, a field `value` does not have is taken as the default `normalise` gives it. */
function firstDifference(value, normalise, field, leftOut = false) {
  if (!isObject(value)) return field;
  const whole = normalise(value);
  for (const key of new Set([...Object.keys(whole), ...Object.keys(value)])) {
    if (leftOut && !(key in value)) continue;
    if (canonical(whole[key]) !== canonical(value[key])) return `${field}.${key}`;
  }
  return null;
}

/** Refuse a file of `bytes` that no export of this page can be, before it is read. */
export function checkSize(bytes) {
  if (bytes <= MOST_FILE_BYTES) return;
  const mb = (n) => Math.round(n / 1e5) / 10;
  throw new Bad("importLarge", { size: mb(bytes), most: mb(MOST_FILE_BYTES) });
}

/**
 * Check an export file's text field by field. `known`: the variant ids; `check(record)`: the
 * rules' answer for a record (it throws a refusal for a bad one). Resolves to the data, or
 * throws Bad with the reason.
 */
export async function checkFile(text, known, check) {
  const notJson = Symbol("not JSON");
  const data = parsed(text, notJson);
  if (data === notJson) throw new Bad("importNotJson");
  if (!isObject(data) || data.app !== APP) throw new Bad("importNotExport");
  if (data.format !== EXPORT_FORMAT) throw new Bad("importFormat", { format: String(data.format) });
  const unknown = Object.keys(data).find((k) => !SECTIONS.includes(k));
  if (unknown !== undefined) throw new Bad("importUnknown", { field: unknown });
  const deep = tooDeep(data);
  if (deep !== null) throw new Bad("importDeep", { field: deep, most: MOST_DEPTH });
  for (const section of ["saves", "backups", "statistics", "daily"]) if (!isObject(data[section])) throw bad(section);
  for (const [id, save] of Object.entries(data.saves)) {
    // a variant's game, or a day's challenge's (saved apart under its slot, state/challenges.js)
    if (!known.includes(id) && !challenges.challengeOfSlot(id)) throw new Bad("importVariantUnknown", { field: `saves.${id}`, variant: id });
    if (isObject(save)) {
      if (save.elapsed !== undefined && typeof save.elapsed !== "number") throw bad(`saves.${id}.elapsed`);
      inRange(save.elapsed, "time", `saves.${id}.elapsed`);
      inRange(save.revision, "count", `saves.${id}.revision`);
    }
    try {
      store.parseSave(JSON.stringify(save));
    } catch {
      throw bad(`saves.${id}`);
    }
    if (save.record.variant !== undefined && known.includes(id) && save.record.variant !== id) {
      throw new Bad("importOtherVariant", { field: `saves.${id}`, variant: String(save.record.variant), under: id });
    }
    try {
      await check(save.record);
    } catch {
      throw bad(`saves.${id}.record`);
    }
  }
  for (const [name, text] of Object.entries(data.backups)) {
    if (!BACKUP.test(name) || typeof text !== "string") throw bad(`backups.${name}`);
  }
  for (const [id, s] of Object.entries(data.statistics)) {
    if (!known.includes(id)) throw bad(`statistics.${id}`);
    statsInRange(s, `statistics.${id}`);
    const field = firstDifference(s, stats.fromStored, `statistics.${id}`);
    if (field) throw bad(field);
  }
  checkGoals(data, known);
  // A setting the file leaves out reads as its default: a page older than the setting (the
  // theme came with issue 37) did not write it, and play --save writes none.
  const settingsField = firstDifference(data.settings, store.settingsFrom, "settings", true);
  if (settingsField) throw bad(settingsField);
  checkVariants(data.favourites, "favourites", known);
  checkVariants(data.recent, "recent", known);
  checkVariants(data.winnableOnly, "winnableOnly", known);
  if (data.winnableOff !== undefined) checkVariants(data.winnableOff, "winnableOff", known);
  for (const id of Object.keys(data.daily)) { // not entries: 6.5 s for a million keys, keys 2 s
    const entry = data.daily[id];
    const ok = known.includes(id) && isObject(entry) && Object.keys(entry).length === 2
      && /^\d{4}-\d{2}-\d{2}$/.test(entry.date) && /^\d+$/.test(entry.deal);
    if (!ok) throw bad(`daily.${id}`);
  }
  return data;
}

/** The bests, achievements and challenges done (optional sections): each as the page stores it. */
function checkGoals(data, known) {
  if (data.bests !== undefined) {
    if (!isObject(data.bests)) throw bad("bests");
    for (const [id, b] of Object.entries(data.bests)) {
      const field = known.includes(id) ? firstDifference(b, records.fromStored, `bests.${id}`) : `bests.${id}`;
      if (field) throw bad(field);
    }
  }
  for (const [section, normalise] of [["achievements", achievements.fromStored], ["challenges", challenges.fromStored]]) {
    const field = data[section] === undefined ? null : firstDifference(data[section], normalise, section);
    if (field) throw bad(field);
  }
}

export { Bad as ImportRefused };

/** The storage entries an import writes: every key with its text. A save gets a revision above
 *  the one stored now, so open tabs take it over instead of writing theirs back. */
function entriesOf(data) {
  const entries = {
    [store.SETTINGS_KEY]: JSON.stringify(data.settings),
    [FAVOURITES]: JSON.stringify(data.favourites),
    [RECENT]: JSON.stringify(data.recent),
    [WINNABLE]: JSON.stringify(data.winnableOnly),
    [WINNABLE_OFF]: JSON.stringify(data.winnableOff ?? []),
    [DAILY]: JSON.stringify(data.daily),
  };
  for (const [id, save] of Object.entries(data.saves)) {
    const revision = Math.max(store.storedRevision(id), store.parseSave(JSON.stringify(save)).revision) + 1;
    entries[store.saveKey(id)] = JSON.stringify({ ...save, revision });
  }
  for (const [name, text] of Object.entries(data.backups)) entries[`${store.PREFIX}save.${name}`] = text;
  for (const [id, s] of Object.entries(data.statistics)) entries[stats.statsKey(id)] = JSON.stringify(s);
  for (const [id, b] of Object.entries(data.bests ?? {})) entries[records.recordsKey(id)] = JSON.stringify(b);
  if (data.achievements) entries[achievements.ACHIEVEMENTS_KEY] = JSON.stringify(data.achievements);
  if (data.challenges) entries[challenges.CHALLENGES_KEY] = JSON.stringify(data.challenges);
  return entries;
}

/** Is `key` one of those an export holds (and an import replaces)? */
function exported(key) {
  const name = key.slice(store.PREFIX.length);
  return name.startsWith("save.") || name.startsWith("stats.") || name.startsWith(BESTS)
    || [store.SETTINGS_KEY, FAVOURITES, RECENT, WINNABLE, WINNABLE_OFF, DAILY, achievements.ACHIEVEMENTS_KEY, challenges.CHALLENGES_KEY].includes(key);
}

/** Replace what this browser keeps with the checked `data`. Returns null when it was written,
 *  else why storage refused it (store.refusal()); then everything is put back as it was. */
export function replaceWith(data) {
  const entries = entriesOf(data);
  const before = Object.fromEntries(Object.entries(store.allEntries()).filter(([key]) => exported(key)));
  Object.keys(before).filter((key) => !(key in entries)).forEach(store.removeKey);
  const written = Object.entries(entries).every(([key, text]) => store.writeText(key, text));
  if (written) return null;
  const refusal = store.refusal(); // with the file's part written, before it is taken back
  Object.keys(entries).forEach(store.removeKey);
  Object.entries(before).forEach(([key, text]) => store.writeText(key, text));
  return refusal;
}
