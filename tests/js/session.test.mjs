// state/session.js: the game on the table, one request at a time, saved after changes and read
// back when the variant opens; a newer save of another tab is taken over, never written over;
// listeners hear every change. The page's own rules (state/local.js) are the game service here,
// over a localStorage of plain memory. Run: node --test tests/js/
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const { createSession } = await load("state/session.js");
const local = await load("state/local.js");
const store = await load("state/store.js");

const VARIANTS = [{ id: "pyramid" }, { id: "giza" }];
const service = { ...local, variants: async () => ({ variants: VARIANTS }) };

let storage;
beforeEach(() => {
  storage = memoryStorage();
});

/** A session (a tab) and the changes its listeners were told, by type. */
async function tab(clock = { t: 1_000_000 }) {
  const session = createSession({ gameService: service, elapsed: () => 5000, now: () => clock.t });
  const heard = [];
  session.subscribe((change) => heard.push(change));
  await session.loadVariants();
  return { session, heard, types: () => heard.map((c) => c.type).filter((t) => t !== "busy") };
}

test("a variant with no save opens on a new deal; a move is saved and read back by the next tab", async () => {
  const one = await tab();
  await one.session.open("giza");
  assert.equal(one.session.state.variant.id, "giza");
  const opened = one.heard.find((c) => c.type === "position");
  assert.deepEqual([opened.cause, opened.newGame], ["new", true]);
  await one.session.newDeal("7");
  await one.session.play("8h+5h");
  one.session.save();
  const saved = store.parseSave(storage.getItem(store.saveKey("giza")));
  assert.deepEqual([saved.record.deal, saved.record.moves.length, saved.revision, saved.elapsed], [7, 1, 1, 5000]);
  const two = await tab();
  await two.session.open("giza");
  const restored = two.heard.find((c) => c.type === "position");
  assert.equal(restored.cause, "restore");
  assert.deepEqual(two.session.state.record, one.session.state.record);
});

test("a refused move is told with its move, and the position stays", async () => {
  const one = await tab();
  await one.session.open("pyramid");
  await one.session.newDeal("1");
  const before = one.session.state.record;
  assert.equal(await one.session.play("Qs+Ah"), undefined);
  const refused = one.heard.find((c) => c.type === "refused");
  assert.equal(refused.move, "Qs+Ah");
  assert.equal(refused.error.status, 409);
  assert.deepEqual(one.session.state.record, before);
});

test("requests run one at a time, each on the newest record", async () => {
  const one = await tab();
  await one.session.open("pyramid");
  await one.session.newDeal("1");
  await Promise.all([one.session.play("Kc"), one.session.play("draw"), one.session.undo()]);
  assert.deepEqual(one.session.state.record.moves, ["Kc"]);
  assert.deepEqual(one.session.state.record.redo, ["draw"]);
  const busy = one.heard.filter((c) => c.type === "busy").map((c) => c.busy);
  assert.equal(busy.at(-1), false);
});

test("another tab's newer save is taken over, not written over", async () => {
  const one = await tab();
  await one.session.open("pyramid");
  await one.session.newDeal("1");
  one.session.save();
  const two = await tab();
  await two.session.open("pyramid");
  await two.session.play("Kc");
  two.session.save(); // revision 2
  one.session.otherTabSaved({ key: store.saveKey("pyramid") });
  await one.session.run(async () => {}); // after the takeover's request
  assert.deepEqual(one.session.state.record.moves, ["Kc"]);
  assert.ok(one.heard.some((c) => c.type === "position" && c.cause === "takeover"));
  assert.equal(store.parseSave(storage.getItem(store.saveKey("pyramid"))).revision, 2);
});

test("a game of another variant under a variant's key is moved aside, not played under its name", async () => {
  // issue 38 point 8: a pyramid save copied under giza's key was played as pyramid, named Giza
  const text = JSON.stringify({ format: 3, record: { version: 1, variant: "pyramid", deal: 5, moves: ["draw"] }, elapsed: 0 });
  storage.setItem(store.saveKey("giza"), text);
  const one = await tab();
  await one.session.open("giza");
  assert.equal(one.session.state.view.variant, "giza");
  assert.equal(one.heard.find((c) => c.type === "position").cause, "new");
  assert.deepEqual(one.heard.find((c) => c.type === "save-broken").kept, true);
  assert.equal(storage.getItem(store.backupKey("giza")), text); // kept whole as the backup
});

test("a save the rules refuse is moved aside and said; a new deal is dealt", async () => {
  storage.setItem(store.saveKey("giza"), JSON.stringify({ format: 3, record: { version: 1, variant: "giza", deal: 7, moves: ["Qs"] }, elapsed: 0 }));
  const one = await tab();
  await one.session.open("giza");
  const broken = one.heard.find((c) => c.type === "save-broken");
  assert.deepEqual([broken.kept, broken.stays], [true, null]);
  assert.notEqual(storage.getItem(store.backupKey("giza")), null);
  assert.equal(one.heard.find((c) => c.type === "position").cause, "new");
});

test("storage refusing saves is told once for each position: a timed save of the same moves tells nothing new", async () => {
  let ms = 5000;
  const session = createSession({ gameService: service, elapsed: () => ms, now: () => 1_000_000 });
  const failed = [];
  session.subscribe((change) => change.type === "save-failed" && failed.push(change));
  await session.loadVariants();
  await session.open("pyramid");
  await session.newDeal("1");
  await session.play("Kc");
  session.save();
  storage.setItem = () => { throw new Error("QuotaExceededError"); }; // storage is full from now on
  ms += 2000;
  session.save(); // the clock's save: the same moves, later
  assert.equal(failed.length, 1);
  ms += 2000;
  session.save();
  assert.equal(failed.length, 1, "the same moves' save was told again");
  await session.play("draw"); // the page clears its message with the move, then saves
  session.save();
  assert.equal(failed.length, 2, "the move's save, refused after a timed one, was not told");
  assert.equal(failed[1].brokenStays, false);
});
