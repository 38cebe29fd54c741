// state/holding.js: the save this tab holds. A save is written when the moves or the time (by a
// second or more) changed, not again for nothing; while playing, every few seconds at most; a
// save another tab wrote meanwhile is never written over. Over a localStorage of plain memory.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const { createHolding } = await load("state/holding.js");
const { SAVE_EVERY_MS } = await load("state/saves.js");
const store = await load("state/store.js");

let storage;
beforeEach(() => {
  storage = memoryStorage();
});

const record = (moves) => ({ version: 1, variant: "pyramid", deal: 1, moves, redo: [] });

/** A holding of pyramid's save, its clocks as numbers a test moves, and the changes it told. */
function holder() {
  const clock = { ms: 5000, now: 1_000_000 };
  const heard = [];
  const shown = [];
  const state = { variant: { id: "pyramid" }, record: record([]), game: "g1", lastMove: null };
  const holding = createHolding({
    state, slotName: () => "pyramid", elapsed: () => clock.ms, now: () => clock.now, gameId: () => "g2",
    notify: (change) => heard.push(change), showSaved: (save, clash) => shown.push([save, clash]),
  });
  holding.release();
  return { holding, state, clock, heard, shown, revision: () => store.storedRevision("pyramid") };
}

test("a save is written when the moves or the time changed, not again for nothing", () => {
  const tab = holder();
  tab.holding.save();
  const first = tab.revision();
  assert.ok(first > 0);
  tab.clock.ms += 999;
  tab.holding.save();
  assert.equal(tab.revision(), first, "the same moves, under a second later: nothing new");
  tab.clock.ms += 1;
  tab.holding.save();
  assert.ok(tab.revision() > first, "a second later");
  const second = tab.revision();
  tab.state.record = record(["Kc"]);
  tab.holding.save();
  assert.ok(tab.revision() > second, "a move");
  assert.deepEqual(store.parseSave(storage.getItem(store.saveKey("pyramid"))).record.moves, ["Kc"]);
});

test("while playing, a save is due every few seconds", () => {
  const tab = holder();
  tab.holding.save();
  const first = tab.revision();
  tab.clock.ms += 2000;
  tab.clock.now += SAVE_EVERY_MS - 1;
  tab.holding.saveIfDue();
  assert.equal(tab.revision(), first, "not yet");
  tab.clock.now += 1;
  tab.holding.saveIfDue();
  assert.ok(tab.revision() > first);
});

test("another tab's newer save is shown, not written over; the same moves are held as they are", () => {
  const tab = holder();
  tab.holding.save();
  const other = holder(); // another tab, its save read from the same storage
  other.holding.hold(store.parseSave(storage.getItem(store.saveKey("pyramid"))));
  other.state.record = record(["Kc"]);
  other.holding.save();
  const theirs = other.revision();
  tab.holding.otherTabSaved({ key: store.saveKey("pyramid") });
  assert.equal(tab.shown.length, 1, "the other tab's game is shown");
  assert.deepEqual(tab.shown[0][0].record.moves, ["Kc"]);
  assert.equal(tab.revision(), theirs, "and not written over");
  tab.state.record = record(["Kc"]);
  tab.holding.hold(tab.shown[0][0]);
  tab.holding.catchUp();
  assert.equal(tab.shown.length, 1, "held: nothing new to show");
});

test("with moves of its own, a tab keeps the other tab's game too; the same moves saved there are held", () => {
  const [mine, theirs] = [holder(), holder()];
  mine.holding.save();
  theirs.holding.hold(store.parseSave(storage.getItem(store.saveKey("pyramid"))));
  theirs.state.record = record(["Kc"]);
  theirs.holding.save();
  mine.clock.ms += 2000;
  mine.holding.save(); // the same moves as it held, later: the newer save is taken over
  assert.deepEqual(mine.shown.map(([save]) => save.record.moves), [["Kc"]]);
  assert.equal(mine.heard.length, 0, "nothing failed");

  mine.state.record = record(["Kh"]); // moves of its own, not saved, over the newer save
  theirs.state.record = record(["Kc", "Kh"]);
  theirs.clock.ms += 2000;
  theirs.holding.save();
  mine.holding.save();
  assert.deepEqual(mine.heard.map((c) => c.type), ["kept-both"]);
  assert.deepEqual(JSON.parse(storage.getItem(store.otherKey("pyramid"))).record.moves, ["Kc", "Kh"]);

  const [one, two] = [holder(), holder()];
  storage.clear();
  one.holding.save();
  two.holding.hold(store.parseSave(storage.getItem(store.saveKey("pyramid"))));
  two.state.record = record(["Kc"]);
  two.holding.save();
  const twos = two.revision();
  one.state.record = record(["Kc"]); // the same move, played in both tabs
  one.holding.otherTabSaved({ key: store.saveKey("pyramid") });
  assert.equal(one.shown.length, 0, "the same moves: nothing to show");
  one.clock.ms += 2000;
  one.holding.save();
  assert.ok(one.revision() > twos, "held: the next save is written over it");
  assert.deepEqual(one.heard, []);
});
