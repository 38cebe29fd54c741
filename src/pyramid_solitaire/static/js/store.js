// What the browser remembers: one saved game per variant, favourites, recent games, settings.
// Storage can be full, disabled or hold junk; none of that may stop the game. stats.js and
// dealing.js keep their own keys through readJson and writeJson here.

const PREFIX = "pyramid-solitaire.";
export const saveKey = (variant) => `${PREFIX}save.${variant}`;
export const backupKey = (variant) => `${PREFIX}save.${variant}.broken`;
const RECENT_MAX = 5;

/** localStorage by full key. Storage can be off, full or hold junk: reading then gives null (or
 *  the fallback), and writing does nothing, so the game goes on unsaved. */
function readText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeText(key, text) {
  try {
    localStorage.setItem(key, text);
  } catch {
    // storage full or switched off
  }
}

export function readJson(key, fallback) {
  try {
    return JSON.parse(readText(key)) ?? fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(key, value) {
  writeText(key, JSON.stringify(value));
}

/** The raw saved text of a variant's game, or null. */
export function loadSaveText(variant) {
  return readText(saveKey(variant));
}

// The save format. 1: {record, elapsed} (the first pages wrote no format field);
// 2: {format: 2, record, elapsed, saved} with the time of saving. Older formats are migrated
// on reading; a newer one (from a later version of the page) is kept as a backup, not guessed at.
export const SAVE_FORMAT = 2;

const MIGRATIONS = {
  1: (save) => ({ format: 2, record: save.record, elapsed: save.elapsed, saved: null }),
};

/** Parse a save, migrating older formats; throws when it is not a save this page can read.
 *  The server checks the record itself. */
export function parseSave(text) {
  let save = JSON.parse(text);
  if (!save || typeof save !== "object" || Array.isArray(save)) throw new Error("not a saved game");
  const format = save.format ?? 1;
  if (format !== SAVE_FORMAT) {
    if (!MIGRATIONS[format]) throw new Error(`unknown save format ${JSON.stringify(format)}`);
    save = MIGRATIONS[format](save);
  }
  if (!save.record || typeof save.record !== "object" || Array.isArray(save.record)) {
    throw new Error("not a saved game");
  }
  const elapsed = Number(save.elapsed);
  return { record: save.record, elapsed: Number.isFinite(elapsed) && elapsed >= 0 ? elapsed : 0 };
}

export function storeGame(variant, record, elapsed) {
  const save = { format: SAVE_FORMAT, record, elapsed: Math.round(elapsed), saved: new Date().toISOString() };
  writeJson(saveKey(variant), save);
}

/** Keep a save that could not be read under the backup key, then drop it. An earlier backup
 *  still there moves aside under a key with its time, so no broken save is ever lost. */
export function keepBroken(variant, text) {
  try {
    const earlier = localStorage.getItem(backupKey(variant));
    if (earlier !== null && earlier !== text) {
      localStorage.setItem(`${backupKey(variant)}.${Date.now()}`, earlier);
    }
    localStorage.setItem(backupKey(variant), text);
    localStorage.removeItem(saveKey(variant));
  } catch {
    // as above
  }
}

export function settings() {
  const s = readJson(PREFIX + "settings", {});
  return {
    lang: typeof s.lang === "string" ? s.lang : null,
    large: s.large === true,
    autoPause: s.autoPause !== false,
    variant: typeof s.variant === "string" ? s.variant : null,
  };
}

export function storeSettings(s) {
  writeJson(PREFIX + "settings", s);
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
