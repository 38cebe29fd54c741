// dialogs/stats-dialog.js: the statistics dialog's figures, per variant and per grade, as the
// player reads them (a win rate rounded to the nearest whole per cent). A document of stand-in
// elements (page.mjs) stands in for the page's. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeDocument, load, memoryStorage } from "./page.mjs";

const document = fakeDocument();
const storage = memoryStorage();
const { openStats } = await load("dialogs/stats-dialog.js");

/** The dialog's figures as {stat: text}. */
function figures() {
  return Object.fromEntries(document.getElementById("stats-figures").children.map((box) =>
    [box.dataset.stat, box.children.length ? box.children[1].textContent : box.textContent]));
}

test("the figures of a variant and the win rate of each grade played, rounded", () => {
  storage.setItem("pyramid-solitaire.stats.giza", JSON.stringify({ played: 3, won: 2, streak: 1, bestStreak: 2 }));
  storage.setItem("pyramid-solitaire.grade-stats.giza", JSON.stringify({ easy: { played: 3, won: 2 }, hard: { played: 8, won: 1 } }));
  openStats({ id: "giza", name_en: "Giza", name_de: "Gizeh" });
  const shown = figures();
  assert.deepEqual([shown.played, shown.won, shown.streak, shown["best-streak"]], ["3", "2", "1", "2"]);
  assert.match(shown["grade-easy"], /3 played, 2 won \(67 %\)/);
  assert.match(shown["grade-hard"], /8 played, 1 won \(13 %\)/);
  assert.ok(!("grade-medium" in shown), "a grade not played is not listed");
  assert.ok(document.getElementById("stats-dialog").open);
});
