// view/screen.js: the toolbar follows the game: Undo while there is a move to undo, Redo while
// there is one to redo, Hint until the game is won. A document of stand-in elements (page.mjs)
// stands in for the page's. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { element, fakeDocument, load, memoryStorage } from "./page.mjs";

const document = fakeDocument();
memoryStorage();
globalThis.window = { matchMedia: () => ({ matches: false, addEventListener() {} }), location: { href: "http://x/", search: "" } };
globalThis.getComputedStyle = () => ({ paddingTop: "0", fontSize: "14px" });
const { createScreen } = await load("view/screen.js");
const { Game } = await load("rules/game.js");
const { view } = await load("rules/view.js");
const { getVariant } = await load("rules/variants.js");

const table = Object.assign(element("div"), { clientWidth: 1000, clientHeight: 700 });
table.style.setProperty = () => {};
table.style.getPropertyValue = () => "";
const session = { state: { view: null, variant: getVariant("pyramid") } };
const ui = { paused: false, shown: null };
const prefs = { theme: "light", large: false, felt: "green", back: "blue", fourColour: false };
const screen = createScreen({ session, ui, setting: (key) => prefs[key], clock: { elapsed: () => 0 }, board: { render() {} }, table });

/** The toolbar's Undo, Redo and Hint after `moves` and `undos` on pyramid deal 1, as disabled. */
function toolbar(moves, undos = 0) {
  const game = new Game("pyramid", { deal: 1 });
  for (const move of moves) game.play(move);
  if (undos) game.undo(undos);
  session.state.view = view(game);
  screen.draw();
  return ["btn-undo", "btn-redo", "btn-hint"].map((id) => document.getElementById(id).disabled);
}

test("Undo, Redo and Hint are there when they can be used", () => {
  assert.deepEqual(toolbar([]), [true, true, false], "a new game: nothing to undo or redo");
  assert.deepEqual(toolbar(["Kc"]), [false, true, false], "a move made: undo only");
  assert.deepEqual(toolbar(["Kc"], 1), [true, false, false], "undone: redo only");
});
