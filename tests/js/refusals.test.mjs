// text/refusals.js: a refusal in words, its cards named in the player's language, never in the
// notation; a code the page does not know falls back to the server's English. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeDocument, load } from "./page.mjs";

fakeDocument();
const { explain } = await load("text/refusals.js");
const { setLanguage } = await load("text/i18n.js");

test("a refusal's cards are named in words, in English and in German", () => {
  const covered = { code: "card_covered", params: { card: "7d", by: ["9c", "4d"] } };
  assert.equal(explain(covered), "the seven of diamonds is still covered by the nine of clubs and the four of diamonds");
  assert.equal(explain({ code: "card_in_stock", params: { card: "Ah" } }), "the ace of hearts is still in the stock");
  setLanguage("de");
  try {
    const text = explain(covered);
    assert.ok(text.includes("Karo-Sieben") && !/\b7d\b|\b9c\b/.test(text), text);
  } finally {
    setLanguage("en");
  }
  assert.equal(explain({ code: "no_such_code", params: {} }, "the server's words"), "the server's words");
});
