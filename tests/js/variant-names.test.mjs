// text/variant-names.js: a variant text with options becomes an entry of the page's list of games
// (names and summaries in English and German, as engine/variants.py names it: the names are held
// to tests/golden/options_corpus.json); a text the page cannot play is refused with the rules'
// code, never made into another variant. Run: node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { load, root } from "./page.mjs";

const { entryFor, entryOrNull } = await load("text/variant-names.js");
const { RulesError } = await load("rules/errors.js");
const options = JSON.parse(readFileSync(new URL("tests/golden/options_corpus.json", root), "utf8"));

// The server's list as web/application.py serves it: each stock variant and the named ones, with
// names (summaries made up here: only how options extend them is checked).
const LIST = ["pyramid", "classic", "classic-redeal", "three-wastes", "giza", "open-stock", "original", "overlap", "unlimited"]
  .map((id) => ({ id, summary_en: `About ${id}.`, summary_de: `Über ${id}.` }));
for (const [text, v] of Object.entries(options.variants)) {
  if (!text.includes(":")) Object.assign(LIST.find((e) => e.id === text), { name_en: v.name_en, name_de: v.name_de });
}
const names = { pyramid: ["Pyramid", "Pyramiden-Solitär"], classic: ["Classic Pyramid", "Pyramide (klassisch)"],
  "classic-redeal": ["Pyramid, one redeal", "Pyramide mit einem zweiten Durchgang"],
  "three-wastes": ["Solitaire 13, three wastes", "Solitaire 13 mit drei Ablagen"], giza: ["Giza", "Giza"],
  "open-stock": ["Pyramid, open stock", "Pyramide mit offenem Vorrat"] };
for (const [id, [en, de]] of Object.entries(names)) Object.assign(LIST.find((e) => e.id === id), { name_en: en, name_de: de });

test("a text with options: its canonical id, rules, and names in both languages as the Python engine's", () => {
  for (const [text, v] of Object.entries(options.variants)) {
    const entry = entryFor(LIST, text);
    assert.deepEqual([entry.id, entry.name_en, entry.name_de], [v.text, v.name_en, v.name_de], text);
    if (text.includes(":")) assert.deepEqual([entry.passes, entry.recycles, entry.overlap, entry.win], [v.passes, v.recycles, v.overlap, v.win], text);
  }
  const entry = entryFor(LIST, "open-stock:overlap=yes,passes=1");
  assert.equal(entry.id, "open-stock:passes=1,overlap=yes");
  assert.equal(entry.summary_en, "About open-stock. Options: 1 pass, overlap discards.");
  assert.equal(entry.summary_de, "Über open-stock. Optionen: 1 Durchgang, mit Überlappung.");
  assert.equal(entryFor(LIST, "classic:passes=1"), LIST[1], "the variant's own options: the listed entry");
  assert.equal(entryFor(LIST, "original"), LIST[6]);
});

test("a text the page cannot play is refused with the rules' code, not read as another variant", () => {
  const refused = (text) => {
    try {
      entryFor(LIST, text);
    } catch (err) {
      assert.ok(err instanceof RulesError, text);
      return err.code;
    }
    return null;
  };
  assert.equal(refused("pyramid:passes=0"), "variant_option_value");
  assert.equal(refused("giza:passes=2"), "variant_option_no_stock");
  assert.equal(refused("pyramid:colour=red"), "variant_option_unknown");
  assert.equal(refused("spider"), "variant_unknown");
  assert.equal(entryFor(LIST, "overlap:win=all").name_en, "Pyramid, overlap discards (won with all 52 cards)");
  assert.throws(() => entryFor(LIST.slice(0, 6), "overlap:win=all"), RulesError, "a named variant the list lacks is not played");
  assert.equal(entryOrNull(LIST.slice(0, 6), "unlimited"), null);
  assert.equal(entryOrNull(LIST, "pyramid:passes=x"), null);
});
