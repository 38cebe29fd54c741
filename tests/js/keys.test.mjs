// input/keys.js: one key per action. Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, the letters
// without Ctrl are the toolbar's; nothing is done while paused (but P), in a dialog or a field.
// A document of plain objects stands in for the page's. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

const { attachKeys } = await load("input/keys.js");

/** attachKeys on a stand-in document; press(key, modifiers) returns the actions it called. */
function keyboard({ paused = false, dialogOpen = false } = {}) {
  let listener = null;
  globalThis.document = {
    addEventListener: (type, fn) => { if (type === "keydown") listener = fn; },
    querySelector: (selector) => (selector === "dialog[open]" && dialogOpen ? {} : null),
    activeElement: null,
  };
  const called = [];
  const names = ["stock", "hint", "undo", "redo", "pause", "resume", "newGame", "large", "fullscreen", "escape", "focusBoard"];
  const actions = Object.fromEntries(names.map((n) => [n, () => called.push(n)]));
  const board = { querySelector: () => null, querySelectorAll: () => [], contains: () => false };
  attachKeys(board, actions, () => paused);
  return (key, { ctrl = false, shift = false, alt = false, target = {} } = {}) => {
    called.length = 0;
    let prevented = false;
    listener({ key, ctrlKey: ctrl, shiftKey: shift, altKey: alt, metaKey: false, target, preventDefault: () => { prevented = true; } });
    return { called: [...called], prevented };
  };
}

test("Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo", () => {
  const press = keyboard();
  assert.deepEqual(press("z", { ctrl: true }).called, ["undo"]);
  assert.deepEqual(press("Z", { ctrl: true, shift: true }).called, ["redo"]); // Shift gives a capital
  assert.deepEqual(press("y", { ctrl: true }).called, ["redo"]);
  assert.ok(press("z", { ctrl: true }).prevented, "the browser's own undo is not run too");
});

test("the letters are the toolbar's actions, in either case", () => {
  const press = keyboard();
  const expected = { d: "stock", h: "hint", u: "undo", y: "redo", p: "pause", n: "newGame", l: "large", f: "fullscreen" };
  for (const [key, action] of Object.entries(expected)) {
    assert.deepEqual(press(key).called, [action], key);
    assert.deepEqual(press(key.toUpperCase()).called, [action], key.toUpperCase());
  }
  assert.deepEqual(press("Escape").called, ["escape"]);
  assert.deepEqual(press("q").called, []);
  assert.deepEqual(press("z").called, [], "Z without Ctrl is no action");
});

test("paused, only P (resume) and Esc act; in a dialog, a field or with Alt, nothing", () => {
  const paused = keyboard({ paused: true });
  assert.deepEqual(paused("h").called, []);
  assert.deepEqual(paused("z", { ctrl: true }).called, []);
  assert.deepEqual(paused("p").called, ["resume"]);
  assert.deepEqual(paused("Escape").called, ["escape"]);
  assert.deepEqual(keyboard({ dialogOpen: true })("h").called, []);
  const field = { closest: (s) => (s.includes("input") ? {} : null) };
  assert.deepEqual(keyboard()("h", { target: field }).called, []);
  assert.deepEqual(keyboard()("z", { ctrl: true, alt: true }).called, []);
});

/** A board of free cards at resting places (data-x, data-y; 10 px square), one focused. */
function boardOf(places, focused) {
  let active = null;
  const cards = Object.entries(places).map(([name, [x, y, heap]]) => {
    const el = { name, dataset: { x: String(x), y: String(y), ...(heap ? { heap: String(heap) } : {}) }, offsetWidth: 10, offsetHeight: 10,
      focus: () => { active = el; }, closest: () => null };
    return el;
  });
  active = cards.find((el) => el.name === focused) ?? null;
  let listener = null;
  globalThis.document = {
    addEventListener: (type, fn) => { if (type === "keydown") listener = fn; },
    querySelector: () => null,
    get activeElement() { return active; },
  };
  const board = {
    querySelector: (selector) => cards.find((el) => selector.includes(`data-heap="${el.dataset.heap}"`)) ?? null,
    querySelectorAll: () => cards,
    contains: (el) => cards.includes(el),
  };
  const names = ["stock", "hint", "undo", "redo", "pause", "resume", "newGame", "large", "fullscreen", "escape", "focusBoard"];
  attachKeys(board, Object.fromEntries(names.map((n) => [n, () => {}])), () => false);
  return (key) => {
    listener({ key, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, target: {}, preventDefault: () => {} });
    return active?.name ?? null;
  };
}

test("an arrow goes to the nearest free card within 45 degrees of it before any card further off it", () => {
  // B lies straight to the right, 60 px on; C only 10 px on but 15 px up (56 degrees off): Right is B
  const press = boardOf({ A: [0, 0], B: [60, 0], C: [10, -15] }, "A");
  assert.equal(press("ArrowRight"), "B");
  // with nothing within 45 degrees, the nearest further off is still reached
  assert.equal(boardOf({ A: [0, 0], C: [10, -15] }, "A")("ArrowRight"), "C");
});

test("1 to 9 go to a pile's (or one of several wastes') top card by its number; other digits do nothing", () => {
  const press = boardOf({ A: [0, 0], P1: [0, 100, 1], P8: [70, 100, 8] }, "A");
  assert.equal(press("8"), "P8");
  assert.equal(press("1"), "P1");
  assert.equal(press("5"), "P1", "no pile 5 free: the focus stays");
});
