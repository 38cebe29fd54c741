// Imports (state/transfer.js's checkFile) refuse, with the reason, what is not an export: nesting
// beyond a few levels (a recursion over 200,000 levels overflowed the stack, with no message),
// counts that are not whole numbers from 0 to a billion, negative or absurd times.
// Run: node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import { Game } from "../../src/pyramid_solitaire/static/js/rules/game.js";
import { settingsFrom } from "../../src/pyramid_solitaire/static/js/state/store.js";
import { ImportRefused, MOST_DEPTH, MOST_FILE_BYTES, checkFile, checkSize, collect, replaceWith } from "../../src/pyramid_solitaire/static/js/state/transfer.js";
import { setWinnableOnly, winnableOnly } from "../../src/pyramid_solitaire/static/js/state/dealing.js";
import { memoryStorage } from "./page.mjs";

const KNOWN = ["pyramid", "giza"];
const check = async (record) => Game.fromRecord(record);
const RECORD = { version: 1, variant: "pyramid", deal: 1, moves: ["Kc"], redo: [] };

function exportFile() {
  return {
    app: "pyramid-solitaire", format: 1, exported: "2026-12-01T00:00:00.000Z",
    saves: { pyramid: { format: 3, record: RECORD, elapsed: 5000, saved: null, revision: 2, lastMove: null, game: "g" } },
    backups: {},
    statistics: {
      pyramid: {
        played: 3, won: 1, streak: 0, bestStreak: 1, bestTime: 90000, fewestMoves: 40, hints: 2,
        recent: [{ won: true, moves: 40, ms: 90000 }], current: { game: "g", played: true, result: null, undos: 1 },
      },
    },
    settings: settingsFrom({}), favourites: [], recent: ["pyramid"], winnableOnly: [], daily: {},
  };
}

/** The refusal of `text`: its text key and parameters. */
async function refusal(text) {
  try {
    await checkFile(text, KNOWN, check);
  } catch (err) {
    assert.ok(err instanceof ImportRefused, `not a refusal with a reason: ${err}`);
    return { key: err.key, ...err.params };
  }
  assert.fail("the file was accepted");
}

/** An export with `change` made to it, as text. */
function changed(change) {
  const data = exportFile();
  change(data);
  return JSON.stringify(data);
}

test("a good export is accepted (the cases below change one thing of it)", async () => {
  const data = await checkFile(JSON.stringify(exportFile()), KNOWN, check);
  assert.deepEqual(data.saves.pyramid.record, RECORD);
});

const nested = (levels, inner = "1") => `${'{"a":'.repeat(levels)}${inner}${"}".repeat(levels)}`;

for (const [where, prefix] of [["settings", "settings.lang"], ["statistics", "statistics.pyramid.current"]]) {
  test(`200,000 levels of nesting under ${where} are refused, naming the field`, async () => {
    const [section, ...rest] = prefix.split(".");
    const text = JSON.stringify(exportFile()).replace(
      where === "settings" ? '"lang":null' : '"current":{"game":"g","played":true,"result":null,"undos":1}',
      `"${rest.at(-1)}":${nested(200_000)}`,
    );
    assert.notEqual(text, JSON.stringify(exportFile()), "the nesting was not put in");
    const got = await refusal(text);
    assert.equal(got.key, "importDeep");
    assert.equal(got.most, MOST_DEPTH);
    assert.ok(got.field.startsWith(`${section}.${rest.join(".")}.a.a`), got.field);
  });
}

test("nesting up to the limit is left to the field checks", async () => {
  // settings.lang at depth 2 holds 8 more levels: 10 in all, not refused for its depth
  const got = await refusal(JSON.stringify(exportFile()).replace('"lang":null', `"lang":${nested(MOST_DEPTH - 2)}`));
  assert.deepEqual(got, { key: "importField", field: "settings.lang" });
});

const cases = [
  ["played: 1e308", (d) => (d.statistics.pyramid.played = 1e308), "importCount", "statistics.pyramid.played"],
  ["won: -1", (d) => (d.statistics.pyramid.won = -1), "importCount", "statistics.pyramid.won"],
  ["hints: 2.5", (d) => (d.statistics.pyramid.hints = 2.5), "importCount", "statistics.pyramid.hints"],
  ["fewestMoves: 1e10", (d) => (d.statistics.pyramid.fewestMoves = 1e10), "importCount", "statistics.pyramid.fewestMoves"],
  ["bestTime: -1", (d) => (d.statistics.pyramid.bestTime = -1), "importTime", "statistics.pyramid.bestTime"],
  ["recent[0].ms: 1e300", (d) => (d.statistics.pyramid.recent[0].ms = 1e300), "importTime", "statistics.pyramid.recent[0].ms"],
  ["recent[0].moves: -3", (d) => (d.statistics.pyramid.recent[0].moves = -3), "importCount", "statistics.pyramid.recent[0].moves"],
  ["current.undos: 1e12", (d) => (d.statistics.pyramid.current.undos = 1e12), "importCount", "statistics.pyramid.current.undos"],
  ["elapsed: -5", (d) => (d.saves.pyramid.elapsed = -5), "importTime", "saves.pyramid.elapsed"],
  ["elapsed: 1e308", (d) => (d.saves.pyramid.elapsed = 1e308), "importTime", "saves.pyramid.elapsed"],
  ["revision: -1", (d) => (d.saves.pyramid.revision = -1), "importCount", "saves.pyramid.revision"],
];
for (const [name, change, key, field] of cases) {
  test(`${name} is refused, naming the field and the value`, async () => {
    const got = await refusal(changed(change));
    assert.equal(got.key, key);
    assert.equal(got.field, field);
  });
}

test("an elapsed time that is not a number is refused", async () => {
  assert.deepEqual(await refusal(changed((d) => (d.saves.pyramid.elapsed = "5000"))), { key: "importField", field: "saves.pyramid.elapsed" });
});

test("the edges are in range: 0 and a billion games, 0 ms", async () => {
  const data = await checkFile(changed((d) => {
    Object.assign(d.statistics.pyramid, { played: 1e9, won: 0 });
    d.saves.pyramid.elapsed = 0;
  }), KNOWN, check);
  assert.equal(data.statistics.pyramid.played, 1e9);
});

test("settings a file leaves out read as their defaults (a page before the theme wrote none, nor does play --save)", async () => {
  const { theme, ...older } = settingsFrom({});
  assert.equal(theme, "system");
  const data = await checkFile(changed((d) => (d.settings = older)), KNOWN, check);
  assert.deepEqual(settingsFrom(data.settings), settingsFrom({}));
  assert.ok(await checkFile(changed((d) => (d.settings = {})), KNOWN, check));
  assert.ok(await checkFile(changed((d) => (d.settings.theme = "dark")), KNOWN, check));
});

test("a setting with a value the page has not, or one it does not know, is refused, naming it", async () => {
  assert.deepEqual(await refusal(changed((d) => (d.settings.theme = "purple"))), { key: "importField", field: "settings.theme" });
  assert.deepEqual(await refusal(changed((d) => (d.settings.colour = "red"))), { key: "importField", field: "settings.colour" });
  assert.deepEqual(await refusal(changed((d) => (d.settings = null))), { key: "importField", field: "settings" });
});

test("a file larger than any export is refused by its size, saying both sizes; the limit itself is let through", () => {
  assert.equal(checkSize(MOST_FILE_BYTES), undefined);
  assert.equal(checkSize(0), undefined);
  assert.throws(() => checkSize(20_000_000), (err) => err instanceof ImportRefused && err.key === "importLarge"
    && err.params.size === 20 && err.params.most === 15.7);
  assert.throws(() => checkSize(MOST_FILE_BYTES + 1), ImportRefused);
});

test("a list of a million numbers is refused by its first entry, not walked name by name (10 million took 133 s)", async () => {
  const text = JSON.stringify(exportFile()).replace('"favourites":[]', `"favourites":[${"1,".repeat(1_000_000)}1]`);
  // counted, not timed: the walk for nesting looks into objects only
  let looked = 0;
  const isArray = Array.isArray;
  Array.isArray = (v) => { looked += 1; return isArray(v); };
  try {
    assert.deepEqual(await refusal(text), { key: "importField", field: "favourites[0]" });
  } finally {
    Array.isArray = isArray;
  }
  assert.ok(looked < 1000, `the walk looked at ${looked} values`);
});

test("a save of another variant than its key names is refused saying both; one of a variant the page lacks, naming it", async () => {
  const other = (d) => (d.saves.pyramid.record = { ...RECORD, variant: "giza" });
  assert.deepEqual(await refusal(changed(other)), { key: "importOtherVariant", field: "saves.pyramid", variant: "giza", under: "pyramid" });
  const unknown = (d) => (d.saves.spider = d.saves.pyramid);
  assert.deepEqual(await refusal(changed(unknown)), { key: "importVariantUnknown", field: "saves.spider", variant: "spider" });
});

test("winnable-only switched off where all 52 must go (its own key) goes with the export and comes back on import", async () => {
  memoryStorage();
  setWinnableOnly("original", false);
  setWinnableOnly("giza", true);
  const text = JSON.stringify(collect());
  memoryStorage(); // another browser: winnable-only is on there for the all-52 rule set
  assert.equal(winnableOnly("original"), true);
  assert.equal(replaceWith(await checkFile(text, ["original", "giza"], check)), null);
  assert.deepEqual([winnableOnly("original"), winnableOnly("giza")], [false, true]);
  // an older file without the section is read as nothing switched off; a bad entry is refused, named
  assert.equal((await checkFile(JSON.stringify(exportFile()), KNOWN, check)).winnableOff, undefined);
  assert.deepEqual(await refusal(changed((d) => (d.winnableOff = ["spider"]))), { key: "importField", field: "winnableOff[0]" });
});
