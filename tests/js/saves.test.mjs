// state/saves.js: one save per variant, many tabs. A tab never writes over a newer save, a save
// the rules refuse is moved aside (never lost), and a busy or absent server is waited for.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const saves = await load("state/saves.js");
const store = await load("state/store.js");
const { Offline, Refused } = await load("net/api.js");

const RECORD = { version: 1, variant: "giza", deal: 7, moves: ["Kc"], redo: [] };
const GAME = { record: RECORD, elapsed: 1000, lastMove: null, game: "g" };
const accept = async (record) => ({ record });
const refuse = async () => { throw new Refused("move 1 'Qs' is not legal", 400, "record_move"); };

let storage;
beforeEach(() => {
  storage = memoryStorage();
});

test("a save is written over the revision the tab holds, never over a newer one", () => {
  const key = store.saveKey("giza");
  assert.deepEqual(saves.write(key, { revision: 0, record: null }, GAME), { written: 1 });
  assert.deepEqual(saves.write(key, { revision: 1, record: JSON.stringify(RECORD) }, GAME), { written: 2 });
  const stale = saves.write(key, { revision: 1, record: JSON.stringify(RECORD) }, GAME); // another tab wrote 2
  assert.equal(stale.newer.save.revision, 2);
  assert.equal(stale.newer.clash, false);
  assert.equal(store.parseSave(storage.getItem(key)).revision, 2);
});

test("the same revision with other moves is a clash; keepBoth keeps the other game first", () => {
  const key = store.saveKey("giza");
  saves.write(key, { revision: 0, record: null }, GAME);
  const mine = JSON.stringify({ ...RECORD, moves: ["Kc", "draw"] });
  const other = saves.newerThan(key, 1, mine);
  assert.equal(other.clash, true);
  assert.equal(saves.newerThan(key, 1, JSON.stringify(RECORD)), null, "the same game is no clash");
  const kept = saves.keepBoth("giza", key, other, { ...GAME, record: JSON.parse(mine) });
  assert.deepEqual(kept, { written: 2 });
  assert.equal(storage.getItem(store.otherKey("giza")), other.text);
});

test("restore: a good save is answered, a refused one moved aside, none is null", async () => {
  assert.equal(await saves.restore("giza", accept), null);
  store.storeGame(store.saveKey("giza"), { ...GAME, revision: 3 });
  const found = await saves.restore("giza", accept);
  assert.deepEqual([found.key, found.save.revision, found.answer.record], [store.saveKey("giza"), 3, RECORD]);
  const text = storage.getItem(store.saveKey("giza"));
  assert.deepEqual(await saves.restore("giza", refuse), { broken: true, kept: true, key: store.saveKey("giza") });
  assert.equal(storage.getItem(store.backupKey("giza")), text);
  assert.equal(storage.getItem(store.saveKey("giza")), null);
});

test("restore: a broken save that does not fit aside stays, and the game is saved beside it", async () => {
  storage.setItem(store.saveKey("giza"), "junk");
  const setItem = storage.setItem;
  storage.setItem = () => { throw new Error("full"); };
  const found = await saves.restore("giza", accept);
  storage.setItem = setItem;
  assert.deepEqual(found, { broken: true, kept: false, key: store.besideKey("giza"), blocked: store.saveKey("giza") });
  assert.equal(storage.getItem(store.saveKey("giza")), "junk");
});

test("restore: while the server is out of reach the save stays and the error is thrown", async () => {
  store.storeGame(store.saveKey("giza"), { ...GAME, revision: 1 });
  await assert.rejects(saves.restore("giza", async () => { throw new Offline("no network"); }), Offline);
  assert.notEqual(storage.getItem(store.saveKey("giza")), null);
});

test("retrying waits as the server asks, else 1 s, 2 s, 4 s ..., and passes refusals on", async () => {
  const waits = [];
  const errors = [new Offline("x"), new Refused("busy", 503), new Refused("slow down", 429, "rate_limited", {}, 3), new Offline("y")];
  let calls = 0;
  const work = async () => {
    if (calls < errors.length) throw errors[calls++];
    return "answer";
  };
  const answer = await saves.retrying(work, (err, ms) => waits.push(ms), async () => {});
  assert.equal(answer, "answer");
  assert.deepEqual(waits, [1000, 2000, 3000, 8000]);
  await assert.rejects(saves.retrying(refuse, () => assert.fail("a refusal is not waited for"), async () => {}), Refused);
  assert.ok(saves.isRecordRefusal(new Refused("x", 400)) && !saves.isRecordRefusal(new Offline("x")));
});
