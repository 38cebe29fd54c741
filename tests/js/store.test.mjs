// state/store.js: what the browser remembers. Storage that is off, full or holds junk never stops
// the game: reads give the fallback, writes say whether they were done, older saves migrate, a
// broken save is moved aside (never lost) and dated backups are freed when storage is full.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const store = await load("state/store.js");
const RECORD = { version: 1, variant: "pyramid", deal: 1, moves: ["Kc"], redo: [] };

let storage;
beforeEach(() => {
  storage = memoryStorage();
  store.playing(null);
});

test("storage switched off reads as nothing and refuses writes, without an error", () => {
  globalThis.localStorage = {
    getItem() { throw new Error("off"); }, setItem() { throw new Error("off"); },
    removeItem() { throw new Error("off"); }, key() { throw new Error("off"); }, length: 0,
  };
  assert.equal(store.readText("x"), null);
  assert.deepEqual(store.readJson("x", []), []);
  assert.equal(store.writeJson("x", 1), false);
  assert.equal(store.settings().autoPause, true);
});

test("saves of formats 1 and 2 migrate to 3; a newer or junk one is refused", () => {
  const one = store.parseSave(JSON.stringify({ record: RECORD, elapsed: 1200 }));
  assert.deepEqual(one, { record: RECORD, elapsed: 1200, revision: 0, lastMove: null, game: null });
  const two = store.parseSave(JSON.stringify({ format: 2, record: RECORD, elapsed: -5, saved: "x" }));
  assert.equal(two.elapsed, 0, "a negative time reads as 0");
  assert.throws(() => store.parseSave(JSON.stringify({ format: 4, record: RECORD })), /unknown save format 4/);
  assert.throws(() => store.parseSave("[1]"), /not a saved game/);
  assert.throws(() => store.parseSave(JSON.stringify({ format: 3, record: "x" })), /not a saved game/);
  assert.throws(() => store.parseSave("{"), SyntaxError);
});

test("a game stored reads back with its revision", () => {
  assert.equal(store.storedRevision("pyramid"), 0);
  assert.ok(store.storeGame(store.saveKey("pyramid"), { record: RECORD, elapsed: 1500.4, revision: 7, lastMove: null, game: "g" }));
  const save = store.parseSave(store.loadSaveText("pyramid"));
  assert.deepEqual([save.revision, save.elapsed, save.game], [7, 1500, "g"]);
  assert.equal(store.storedRevision("pyramid"), 7);
  storage.setItem(store.saveKey("pyramid"), "junk");
  assert.equal(store.storedRevision("pyramid"), 0);
});

test("a broken save moves to the backup key, an earlier backup to a dated key", () => {
  storage.setItem(store.saveKey("giza"), "first junk");
  assert.ok(store.keepBroken("giza", "first junk"));
  assert.equal(storage.getItem(store.saveKey("giza")), null);
  assert.equal(storage.getItem(store.backupKey("giza")), "first junk");
  storage.setItem(store.saveKey("giza"), "second junk");
  assert.ok(store.keepBroken("giza", "second junk"));
  assert.equal(storage.getItem(store.backupKey("giza")), "second junk");
  const dated = [...Array(storage.length).keys()].map((i) => storage.key(i)).filter((k) => /\.broken\.\d+$/.test(k));
  assert.equal(dated.length, 1);
  assert.equal(storage.getItem(dated[0]), "first junk");
});

test("a broken save that does not fit under the backup stays where it is", () => {
  storage.setItem(store.saveKey("giza"), "junk");
  const setItem = storage.setItem;
  storage.setItem = () => { throw new Error("full"); };
  assert.equal(store.keepBroken("giza", "junk"), false);
  storage.setItem = setItem;
  assert.equal(storage.getItem(store.saveKey("giza")), "junk");
});

test("the game kept beside a broken save moves back once the save key is free", () => {
  storage.setItem(store.besideKey("giza"), "game");
  storage.setItem(store.saveKey("giza"), "junk");
  assert.equal(store.settleBeside("giza"), store.saveKey("giza"), "the save key holds something: nothing moves");
  assert.equal(storage.getItem(store.besideKey("giza")), "game");
  storage.removeItem(store.saveKey("giza"));
  assert.equal(store.settleBeside("giza"), store.saveKey("giza"));
  assert.deepEqual([storage.getItem(store.saveKey("giza")), storage.getItem(store.besideKey("giza"))], ["game", null]);
});

test("freeSpace drops dated backups but each kind's newest, and spares the game in play", () => {
  for (const t of [1, 2, 3]) storage.setItem(`${store.backupKey("giza")}.${t}`, "b");
  for (const t of [1, 2]) storage.setItem(`${store.otherKey("pyramid")}.${t}`, "o");
  store.playing("pyramid");
  assert.equal(store.freeSpace(), 2);
  const left = [...Array(storage.length).keys()].map((i) => storage.key(i)).sort();
  assert.deepEqual(left, [`${store.backupKey("giza")}.3`, `${store.otherKey("pyramid")}.1`, `${store.otherKey("pyramid")}.2`]);
});

test("a full storage frees dated backups and writes again", () => {
  for (const t of [1, 2]) storage.setItem(`${store.backupKey("giza")}.${t}`, "b");
  const setItem = storage.setItem;
  let refused = 0;
  storage.setItem = (k, v) => {
    if (storage.length > 1) { refused += 1; throw new Error("full"); }
    setItem(k, v);
  };
  assert.ok(store.writeJson(store.SETTINGS_KEY, {}));
  assert.ok(refused >= 1);
  assert.equal(storage.getItem(`${store.backupKey("giza")}.1`), null);
});

test("settings, favourites and recent games read junk as defaults", () => {
  storage.setItem(store.SETTINGS_KEY, JSON.stringify({ large: "yes", back: "purple", felt: "blue", lang: 3 }));
  assert.deepEqual(store.settings(), store.settingsFrom({ felt: "blue" }));
  storage.setItem(`${store.PREFIX}favourites`, JSON.stringify(["giza", 4, null]));
  assert.deepEqual(store.favourites(), ["giza"]);
  assert.deepEqual(store.toggleFavourite("classic"), ["giza", "classic"]);
  assert.deepEqual(store.toggleFavourite("giza"), ["classic"]);
  for (const v of ["a", "b", "c", "d", "e", "f", "b"]) store.notePlayed(v);
  assert.deepEqual(store.recent(), ["b", "f", "e", "d", "c"]);
  assert.deepEqual(Object.keys(store.allEntries()).sort(), [`${store.PREFIX}favourites`, `${store.PREFIX}recent`, store.SETTINGS_KEY].sort());
});

/** A storage holding `junk` characters of another page's data and a save of `ours` (key and
 *  text), whose writes throw an error of the browser's `name` (DOMException's names). */
function refusing(name, junk = 300, ours = 100) {
  const inner = memoryStorage();
  inner.setItem("junk.0", "x".repeat(junk - "junk.0".length));
  inner.setItem(store.saveKey("pyramid"), "y".repeat(ours - store.saveKey("pyramid").length));
  inner.setItem = () => {
    throw Object.assign(new Error(`refused: ${name}`), { name });
  };
}

test("a refused write says why: full (with the shares of this page and of the site's other data), off, another error", () => {
  refusing("QuotaExceededError");
  assert.equal(store.writeText(store.saveKey("giza"), "z"), false);
  assert.deepEqual(store.refusal(), { why: "full", ours: 25, others: 75 }); // 100 of 400 characters
  refusing("NS_ERROR_DOM_QUOTA_REACHED"); // Firefox's name for it
  store.writeText("x", "z");
  assert.equal(store.refusal().why, "full");
  refusing("SecurityError"); // the site may keep no data: settings, or a private window
  store.writeText("x", "z");
  assert.deepEqual(store.refusal(), { why: "off" });
  refusing("InvalidStateError");
  store.writeText("x", "z");
  assert.deepEqual(store.refusal(), { why: "error", name: "InvalidStateError" });
});

test("a share of the storage that is there never reads as 0%", () => {
  refusing("QuotaExceededError", 100_000, 30);
  store.writeText("x", "z");
  assert.deepEqual(store.refusal(), { why: "full", ours: 1, others: 99 });
});
