// dialogs/move-list.js: the review panel's move list: a button per move, marked as reviewed, the
// move shown marked, the redo path greyed and not pressable, moves pressable only once the game
// is over. Stand-in elements (page.mjs) take the page's. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { element, fakeDocument, load } from "./page.mjs";

fakeDocument();
const { drawMoveList } = await load("dialogs/move-list.js");

/** The list drawn for two moves and one undone; its items and what a press picked. */
function drawn({ open, shown = null }) {
  const parts = { list: element("ol"), count: element("span"), empty: element("p") };
  const picked = [];
  const marks = { 1: "winnable", 2: "losing" };
  drawMoveList(parts, { moves: ["Kc", "5h+8s"], redo: ["draw"] }, {
    markOf: (n) => marks[n] ?? null, open, shown, pick: (n) => picked.push(n),
  });
  return { ...parts, items: parts.list.children, picked };
}

test("each move a button with its review mark; the redo path greyed; the move shown marked", () => {
  const { items, count, empty, picked } = drawn({ open: true, shown: 2 });
  assert.equal(items.length, 3);
  assert.deepEqual(items.map((item) => item.dataset.mark ?? null), ["winnable", "losing", null]);
  assert.deepEqual(items.map((item) => item.className ?? ""), ["", "", "redo"]);
  assert.deepEqual(items.map((item) => item.classList.contains("shown")), [false, true, false]);
  const buttons = items.map((item) => item.children[0]);
  assert.deepEqual(buttons.map((b) => b.disabled), [false, false, true], "a move on the redo path is not shown");
  assert.match(buttons[1].children.at(-1), /^2\. /);
  buttons[0].click();
  assert.deepEqual(picked, [1]);
  assert.equal(count.textContent, "2 moves");
  assert.equal(empty.hidden, true);
});

test("while the game goes on no move can be shown", () => {
  const { items } = drawn({ open: false });
  assert.deepEqual(items.map((item) => item.children[0].disabled), [true, true, true]);
  assert.deepEqual(items.map((item) => item.classList.contains("shown")), [false, false, false]);
});
