// dialogs/daily-dialog.js: the month's calendar under a Monday-first header puts the 1st in its
// weekday's column, whatever day the month starts on. A document of stand-in elements (page.mjs)
// stands in for the page's. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeDocument, load, memoryStorage } from "./page.mjs";

const document = fakeDocument();
memoryStorage();
globalThis.location = new URL("http://127.0.0.1:8000/"); // the share text links the day from the page's address
// The release's month file, with no challenges on the day: the list is empty, the calendar drawn.
globalThis.fetch = async () => ({ ok: true, json: async () => ({ days: {} }) });
const { createDailyDialog } = await load("dialogs/daily-dialog.js");
const daily = { playing: () => null, open() {}, giveUp() {}, showWay() {}, leave() {} };
const dialog = createDailyDialog({ daily, variants: () => [] });

/** The calendar's rows below the header, each as its cells' day numbers ("" for a blank). */
function calendar() {
  const [head, ...rows] = document.getElementById("daily-calendar").children;
  assert.equal(head.children.length, 7, "a header of seven weekdays");
  return rows.map((row) => row.children.map((cell) => cell.children[0]?.textContent ?? ""));
}

for (const [day, weekday, blanks, tenth] of [
  ["2026-02-10", "Sunday", 6, 1], // the 10th a Tuesday: the second column
  ["2026-06-10", "Monday", 0, 2],
  ["2026-07-10", "Wednesday", 2, 4],
  ["2026-08-10", "Saturday", 5, 0],
]) {
  test(`a month that starts on a ${weekday} has ${blanks} blanks before the 1st`, async () => {
    await dialog.open(day);
    const rows = calendar();
    assert.equal(rows[0].indexOf("1"), blanks);
    assert.ok(rows.every((row) => row.length <= 7), "no week longer than seven days");
    const [y, m] = day.split("-").map(Number);
    assert.equal(rows.flat().filter(Boolean).length, new Date(y, m, 0).getDate(), "every day of the month once");
    assert.equal(rows.flat().indexOf("10") % 7, tenth, "the 10th under its weekday too");
  });
}

test("the shown day is marked as the current date, the others not", async () => {
  await dialog.open("2026-07-10");
  const buttons = document.getElementById("daily-calendar").children.slice(1)
    .flatMap((row) => row.children.map((cell) => cell.children[0]).filter(Boolean));
  assert.deepEqual(buttons.filter((b) => b.getAttribute("aria-current") === "date").map((b) => b.dataset.date), ["2026-07-10"]);
});
