// play/picking.js: a click on a card plays a king on its own, chooses a card for a pair, pairs
// it with the next, or takes the choice back; a covered card that can pair (overlap) is chosen
// too; the stock draws, recycles, or plays the move the rules refuse with their reason.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

const { createPicking, pick, stockMove } = await load("play/picking.js");

// Made by hand: 5h and 8s pair, Kd is a king, 9c is free with no partner, 4d is covered but
// pairs with the free 9s (an overlap variant), 2c is covered and pairs with nothing.
const view = {
  moves: ["Kd", "5h+8s", "4d+9s"], available: ["Kd", "5h", "8s", "9c", "9s"],
  can_draw: true, can_recycle: false, stock: { count: 3 },
};

test("a click on a card: a king goes, a card is chosen, paired, or the choice is taken back", () => {
  assert.deepEqual(pick(view, null, "Kd"), { play: "Kd" });
  assert.deepEqual(pick(view, null, "5h"), { select: "5h" });
  assert.deepEqual(pick(view, null, "9c"), { select: "9c" }, "free, with no partner: chosen all the same");
  assert.deepEqual(pick(view, "5h", "8s"), { play: "5h+8s" });
  assert.deepEqual(pick(view, "9c", "5h"), { play: "9c+5h" }, "a pair that is no pair: played, and refused with its reason");
  assert.deepEqual(pick(view, "5h", "5h"), { unselect: true });
  assert.deepEqual(pick(view, null, "4d"), { select: "4d" }, "covered, but it pairs: chosen");
  assert.deepEqual(pick(view, null, "2c"), { play: "2c" }, "covered: played, and the rules say why not");
});

test("the stock draws, recycles, or asks for the move its state refuses", () => {
  assert.equal(stockMove(view), "draw");
  assert.equal(stockMove({ ...view, can_draw: false, can_recycle: true }), "recycle");
  assert.equal(stockMove({ ...view, can_draw: false, stock: { count: 2 } }), "draw", "no draws left: refused as a draw");
  assert.equal(stockMove({ ...view, can_draw: false, stock: { count: 0 } }), "recycle", "empty: refused as a recycle");
});

/** createPicking over a stand-in session: the moves it plays, draws, and unmarks. */
function picking(paused = false) {
  const log = { played: [], draws: 0, unmarked: 0 };
  const session = { state: { view }, play: (move) => log.played.push(move) && Promise.resolve() };
  const parts = createPicking({
    session, screen: { draw: () => { log.draws += 1; } }, messages: { clear() {} }, paused: () => paused,
    unmark: () => { log.unmarked += 1; },
  });
  return { ...parts, log };
}

test("a card chosen takes the hint's marks away and is held until the pair is played", () => {
  const p = picking();
  p.onCard("5h");
  assert.equal(p.selected(), "5h");
  assert.equal(p.log.unmarked, 1);
  p.onCard("8s");
  assert.deepEqual(p.log.played, ["5h+8s"]);
  p.onCard("5h");
  p.unselect();
  assert.equal(p.selected(), null);
  assert.deepEqual(p.partners("9s"), ["4d"]);
});

test("while paused no card and not the stock is played", () => {
  const p = picking(true);
  p.onCard("Kd");
  p.onStock();
  p.onPair("5h", "8s");
  assert.deepEqual(p.log.played, []);
  assert.equal(p.selected(), null);
});
