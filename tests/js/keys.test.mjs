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
