// input/pointer.js: a press and release of the main button on a card picks it, on the stock
// draws; another button does nothing; a drag dropped on a partner plays the pair. A board of
// stand-in elements (page.mjs) stands in for the page's. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { element, fakeDocument, load } from "./page.mjs";

const { attachInput } = await load("input/pointer.js");

/** A board with the stock and cards 5h and 8s (available); press(target, ...) and the others
 *  send pointer events; what the handlers were called with is in `called`. */
function table() {
  const document = fakeDocument();
  const board = element("div");
  const stock = element("div");
  stock.id = "stock";
  const cards = Object.fromEntries(["5h", "8s"].map((card, i) => {
    const el = element("div");
    el.classList.add("card", "available");
    Object.assign(el.dataset, { card, x: String(i * 100), y: "0" });
    el.setPointerCapture = () => {};
    return [card, el];
  }));
  for (const el of [stock, ...Object.values(cards)]) {
    el.closest = (selector) => ((selector === "#stock" ? el === stock : el !== stock) ? el : null);
  }
  board.querySelector = (selector) => Object.values(cards).find((el) => selector.includes(`"${el.dataset.card}"`)) ?? null;
  let under = [];
  document.elementsFromPoint = () => under;
  const called = [];
  attachInput(board, {
    onCard: (card) => called.push(["card", card]),
    onPair: (a, b) => called.push(["pair", a, b]),
    onStock: () => called.push(["stock"]),
    partners: (card) => (card === "5h" ? ["8s"] : ["5h"]),
    cardWidth: () => 100,
    redraw: () => called.push(["redraw"]),
  });
  const send = (type, target, { button = 0, x = 0, y = 0 } = {}) =>
    board.dispatch(type, { type, target, button, pointerId: 1, clientX: x, clientY: y, detail: 1, preventDefault() {} });
  return { cards, stock, called, send, over: (els) => { under = els; } };
}

test("the main button's press and release on a card picks it; another button does nothing", () => {
  const { cards, called, send } = table();
  send("pointerdown", cards["5h"], { button: 2 });
  send("pointerup", cards["5h"], { button: 2 });
  assert.deepEqual(called, []);
  send("pointerdown", cards["5h"]);
  send("pointerup", cards["5h"]);
  assert.deepEqual(called, [["card", "5h"]]);
});

test("a press on the stock let go on it draws; let go elsewhere it does not", () => {
  const { stock, called, send, over } = table();
  over([stock]);
  send("pointerdown", stock);
  send("pointerup", stock);
  over([]);
  send("pointerdown", stock);
  send("pointerup", stock);
  assert.deepEqual(called, [["stock"]]);
});

test("a card dragged onto its partner plays the pair", () => {
  const { cards, called, send } = table();
  send("pointerdown", cards["5h"], { x: 10, y: 10 });
  send("pointermove", cards["5h"], { x: 105, y: 10 });
  send("pointerup", cards["5h"], { x: 105, y: 10 });
  assert.deepEqual(called, [["pair", "5h", "8s"]]);
  assert.ok(!cards["5h"].classList.contains("dragging"), "the drag's marks are taken off");
});
