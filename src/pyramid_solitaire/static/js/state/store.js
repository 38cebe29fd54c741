// What the browser remembers: one saved game per variant, favourites, recent games, settings.
// Storage can be full, disabled or hold junk; none of that may stop the game. stats.js and
// dealing.js keep their own keys through readJson and writeJson here. Every write is checked:
// when storage is full, what is safe to free is freed (see freeSpace) and the write tried again.

export const PREFIX = "pyramid-solitaire.";
export const saveKey = (variant) => `${PREFIX}save.${variant}`;
export const backupKey = (variant) => `${PREFIX}save.${variant}.broken`; // a save that could not be used
export const otherKey = (variant) => `${PREFIX}save.${variant}.other`; // another tab's game, kept
// The variant's game while a save that could not be used blocks the save key (storage was too
// full to move it aside): it is kept beside it until the broken save can be moved.
export const besideKey = (variant) => `${PREFIX}save.${variant}.beside`;
const RECENT_MAX = 5;
// Older backups under a key with their time: `<backup key>.<ms>`.
const DATED_BACKUP = /^pyramid-solitaire\.save\.(.+)\.(broken|other)\.(\d+)$/;

/** localStorage by full key. Storage can be off, full or hold junk: reading then gives null (or
 *  the fallback); a write says whether it was done. */
export function readText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

let refused = null; // why storage refused the last write that failed (see refusal)

function tryWrite(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch (err) {
    refused = err; // storage full or switched off
    return false;
  }
}

/** Why storage refused the last write that failed, for the player: {why: "full", ours, others}
 *  (the percentages of what is stored that this page's keys and the site's other data take),
 *  {why: "off"} (the browser lets the site keep nothing: its settings, or a private window), or
 *  {why: "error", name} (the browser's name of another error). */
export function refusal() {
  const name = refused?.name ?? String(refused);
  if (name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED") return { why: "full", ...shares() };
  if (name === "SecurityError" || name === "ReferenceError") return { why: "off" }; // no localStorage at all
  return { why: "error", name };
}

/** The percentages of stored characters (keys and texts, as browsers count the quota) of this
 *  page's keys and of the site's other data; a share that is there reads as 1 at least. */
function shares() {
  let ours = 0;
  let all = 0;
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? "";
      const size = key.length + (localStorage.getItem(key) ?? "").length;
      all += size;
      if (key.startsWith(PREFIX)) ours += size;
    }
  } catch {
    // storage switched off meanwhile: nothing to count
  }
  if (!all) return { ours: 0, others: 0 };
  const percent = Math.min(Math.max(Math.round((100 * ours) / all), ours ? 1 : 0), ours < all ? 99 : 100);
  return { ours: percent, others: 100 - percent };
}

let running = null; // the variant on the table: its backups are never freed

/** Tell the store which variant is being played, so freeSpace spares its backups. */
export function playing(variant) {
  running = variant;
}

/** Free what is safe to free: dated backups (`.broken.<time>`, `.other.<time>`) beyond the newest
 *  of each variant, never those of the game being played. Returns how many were removed. */
export function freeSpace() {
  const newest = {};
  const dated = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const match = DATED_BACKUP.exec(localStorage.key(i) ?? "");
      if (!match || match[1] === running) continue;
      const group = `${match[1]}.${match[2]}`;
      dated.push({ key: match[0], group, time: Number(match[3]) });
      if (!(newest[group] >= Number(match[3]))) newest[group] = Number(match[3]);
    }
    const free = dated.filter((d) => d.time < newest[d.group]);
    free.forEach((d) => localStorage.removeItem(d.key));
    return free.length;
  } catch {
    return 0;
  }
}

/** Write `text` under `key`; when storage is full, free what is safe and try once more.
 *  Returns whether the text is stored. */
export function writeText(key, text) {
  if (tryWrite(key, text)) return true;
  return freeSpace() > 0 && tryWrite(key, text);
}

export function removeKey(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage switched off: nothing was there
  }
}

/** Every key of this page with its text (for export and import). */
export function allEntries() {
  const entries = {};
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith(PREFIX)) entries[key] = localStorage.getItem(key);
    }
  } catch {
    // storage switched off: nothing to list
  }
  return entries;
}

export function readJson(key, fallback) {
  try {
    return JSON.parse(readText(key)) ?? fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(key, value) {
  return writeText(key, JSON.stringify(value));
}

/** The raw saved text of a variant's game, or null. */
export function loadSaveText(variant) {
  return readText(saveKey(variant));
}

// The save format. 1: {record, elapsed} (the first pages wrote no format field);
// 2: {format: 2, record, elapsed, saved} with the time of saving;
// 3: {format: 3, record, elapsed, saved, revision, lastMove, game}: `revision` only grows (a tab
// never writes over a save newer than the one it holds), `lastMove` is the time of the last move,
// `game` names the game for the statistics (a result counts once). Older formats are migrated
// on reading; a newer one (from a later version of the page) is kept as a backup, not guessed at.
export const SAVE_FORMAT = 3;

const MIGRATIONS = {
  1: (save) => ({ format: 2, record: save.record, elapsed: save.elapsed, saved: null }),
  2: (save) => ({ ...save, format: 3, revision: 0, lastMove: null, game: null }),
};

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** Parse a save, migrating older formats; throws when it is not a save this page can read.
 *  The rules (rules/game.js, through the session's game service) check the record itself. */
export function parseSave(text) {
  let save = JSON.parse(text);
  if (!isObject(save)) throw new Error("not a saved game");
  let format = save.format ?? 1;
  if (format !== SAVE_FORMAT && !MIGRATIONS[format]) throw new Error(`unknown save format ${JSON.stringify(format)}`);
  while (format !== SAVE_FORMAT) {
    save = MIGRATIONS[format](save);
    format = save.format;
  }
  if (!isObject(save.record)) throw new Error("not a saved game");
  const elapsed = Number(save.elapsed);
  return {
    record: save.record,
    elapsed: Number.isFinite(elapsed) && elapsed >= 0 ? elapsed : 0,
    revision: Number.isSafeInteger(save.revision) && save.revision >= 0 ? save.revision : 0,
    lastMove: typeof save.lastMove === "string" ? save.lastMove : null,
    game: typeof save.game === "string" ? save.game : null,
  };
}

/** The revision of the stored save of a variant (0 when there is none or it cannot be read). */
export function storedRevision(variant) {
  const text = loadSaveText(variant);
  if (text === null) return 0;
  try {
    return parseSave(text).revision;
  } catch {
    return 0;
  }
}

/** The text of a save {record, elapsed, revision, lastMove, game}, as it is stored. */
export function saveText(save) {
  return JSON.stringify({ format: SAVE_FORMAT, ...save, elapsed: Math.round(save.elapsed), saved: new Date().toISOString() });
}

/** Write a save under `key` (saveKey or besideKey); returns whether it is stored. */
export function storeGame(key, save) {
  return writeText(key, saveText(save));
}

/** Keep `text` under `key`; an earlier, different text there moves first to `<key>.<time>`.
 *  Returns whether `text` is stored (nothing earlier is dropped when it is not). The earlier
 *  text is moved, not copied: when `text` does not fit, the next attempt finds the key empty
 *  and copies nothing again (each attempt used to leave one more copy, until storage was full). */
function keepUnder(key, text) {
  const earlier = readText(key);
  if (earlier === text) return true;
  if (earlier !== null) {
    if (!writeText(`${key}.${Date.now()}`, earlier)) return false;
    removeKey(key);
  }
  return writeText(key, text);
}

/** Keep a save that could not be used (the text under `from`: the save key, or the key beside
 *  it) under the backup key, then drop it from `from`. It is removed only once the backup is
 *  written; returns whether it was. */
export function keepBroken(variant, text, from = saveKey(variant)) {
  if (!keepUnder(backupKey(variant), text)) return false;
  removeKey(from);
  return true;
}

/** The save key is free again: the game kept beside the broken save moves back under it.
 *  Returns the key the game is under now (none: the save key). */
export function settleBeside(variant) {
  const text = readText(besideKey(variant));
  if (text === null || readText(saveKey(variant)) !== null) return saveKey(variant);
  if (!writeText(saveKey(variant), text)) return besideKey(variant);
  removeKey(besideKey(variant));
  return saveKey(variant);
}

/** Keep another tab's game (its save text) under the variant's `.other` key; returns whether
 *  it is stored. */
export function keepOther(variant, text) {
  return keepUnder(otherKey(variant), text);
}

export const SETTINGS_KEY = PREFIX + "settings";

export function settings() {
  return settingsFrom(readJson(SETTINGS_KEY, {}));
}

/** Settings as stored made whole: what is not a setting reads as the default. */
export function settingsFrom(s) {
  if (!isObject(s)) s = {};
  return {
    lang: typeof s.lang === "string" ? s.lang : null,
    large: s.large === true,
    autoPause: s.autoPause !== false,
    variant: typeof s.variant === "string" ? s.variant : null,
    sound: s.sound === true, // off until the player switches it on
    autoKings: s.autoKings === true,
    fourColour: s.fourColour === true,
    back: ["blue", "red", "green"].includes(s.back) ? s.back : "blue",
    felt: ["green", "blue", "red", "grey"].includes(s.felt) ? s.felt : "green",
    theme: ["light", "dark"].includes(s.theme) ? s.theme : "system", // "system": prefers-color-scheme
  };
}

export function storeSettings(s) {
  writeJson(SETTINGS_KEY, s);
}

export function favourites() {
  const list = readJson(PREFIX + "favourites", []);
  return Array.isArray(list) ? list.filter((v) => typeof v === "string") : [];
}

export function toggleFavourite(variant) {
  const list = favourites();
  const next = list.includes(variant) ? list.filter((v) => v !== variant) : [...list, variant];
  writeJson(PREFIX + "favourites", next);
  return next;
}

export function recent() {
  const list = readJson(PREFIX + "recent", []);
  return Array.isArray(list) ? list.filter((v) => typeof v === "string") : [];
}

export function notePlayed(variant) {
  const next = [variant, ...recent().filter((v) => v !== variant)].slice(0, RECENT_MAX);
  writeJson(PREFIX + "recent", next);
  return next;
}
