// dialogs/rule-options.js: the Games menu's rule options name the variant text of the combination
// chosen (the game's own values left out, so the game itself is its own id), and say a game's
// options as they are now, passes only where there is a stock. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

const { chosenText, combination } = await load("dialogs/rule-options.js");
const { getVariant } = await load("rules/variants.js");

test("the combination chosen is the canonical variant text; the game's own values name the game", () => {
  assert.equal(chosenText(getVariant("pyramid"), "1", true, "all"), "pyramid:passes=1,overlap=yes,win=all");
  assert.equal(chosenText(getVariant("pyramid"), "3", false, "pyramid"), "pyramid");
  assert.equal(chosenText(getVariant("original"), "1", false, "all"), "original");
  assert.equal(chosenText(getVariant("cheops"), "unlimited", false, "all"), "cheops:passes=unlimited");
  // a game without a stock takes no passes: whatever the hidden field holds is not asked for
  assert.equal(chosenText(getVariant("giza"), "3", true, "pyramid"), "giza:overlap=yes");
});

test("a game's options as they are now: every option it takes, in the player's words", () => {
  assert.equal(combination(getVariant("pyramid:passes=unlimited")), "unlimited passes, no overlap discards, won with the pyramid");
  assert.equal(combination(getVariant("pharaohs")), "no overlap discards, won with all 52 cards");
});
