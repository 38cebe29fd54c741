// Cards, moves and counts in the player's language (text/words.js, text/i18n.js): never the notation.
// Run: node --test tests/js/ (make test does).

import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

globalThis.document = { documentElement: {} };
const i18n = await load("text/i18n.js");
const words = await load("text/words.js");

function inLanguage(code, check) {
  i18n.setLanguage(code);
  try {
    check();
  } finally {
    i18n.setLanguage("en");
  }
}

test("cards in sentences, as labels and short, in English", () => {
  assert.equal(words.cardName("Th"), "the ten of hearts");
  assert.equal(words.cardLabel("As"), "ace of spades");
  assert.equal(words.cardShort("Th"), "10\u2665");
  assert.equal(words.cardShort("Qc"), "Q\u2663");
});

test("cards in German", () => {
  inLanguage("de", () => {
    assert.equal(words.cardName("Th"), "Herz-Zehn");
    assert.equal(words.cardName("Ks"), "Pik-K\u00f6nig");
    assert.equal(words.cardLabel("Ac"), "Kreuz-Ass");
    assert.equal(words.cardShort("Jd"), "B\u2666");
    assert.equal(words.cardShort("Qs"), "D\u2660");
  });
});

test("moves in short: a pair, a king, draw and recycle, never a T", () => {
  assert.equal(words.moveShort("Th+3c"), "10\u2665 + 3\u2663");
  assert.equal(words.moveShort("Kd"), "K\u2666");
  assert.equal(words.moveShort("draw"), "draw");
  inLanguage("de", () => {
    assert.equal(words.moveShort("draw"), "Ziehen");
    assert.equal(words.moveShort("recycle"), "Ablage umdrehen");
    assert.equal(words.moveShort("Td+3s"), "10\u2666 + 3\u2660");
  });
  assert.equal(words.moveShort("<b>x</b>"), null); // no move: the caller shows the text as it came
});

test("counts take the plural form of the language", () => {
  assert.equal(i18n.t("hintUndoButton", { count: 1 }), "Undo 1 move");
  assert.equal(i18n.t("hintUndoButton", { count: 4 }), "Undo 4 moves");
  inLanguage("de", () => {
    assert.equal(i18n.t("hintUndoButton", { count: 1 }), "1 Zug zur\u00fcck");
    assert.equal(i18n.t("hintUndoButton", { count: 0 }), "0 Z\u00fcge zur\u00fcck");
    assert.equal(i18n.t("wonText", { time: "1:00", count: 1 }), "Abger\u00e4umt in 1:00 mit 1 Zug.");
    assert.equal(i18n.t("wonText", { time: "1:00", count: 23 }), "Abger\u00e4umt in 1:00 mit 23 Z\u00fcgen.");
  });
});

test("lists are joined as the language joins them", () => {
  assert.equal(words.listOf(["a", "b"]), "a and b");
  inLanguage("de", () => assert.equal(words.listOf(["a", "b", "c"]), "a, b und c"));
});
