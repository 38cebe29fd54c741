// state/dealing.js: winnable-only per variant, the daily deal remembered by the local date, and
// share links that open the same deal elsewhere. Run: node --test tests/js/
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const dealing = await load("state/dealing.js");

let storage;
beforeEach(() => {
  storage = memoryStorage();
});

test("winnable-only is a setting of each variant; junk reads as off", () => {
  assert.equal(dealing.winnableOnly("giza"), false);
  dealing.setWinnableOnly("giza", true);
  dealing.setWinnableOnly("classic", true);
  dealing.setWinnableOnly("giza", true); // once in the list
  assert.deepEqual([dealing.winnableOnly("giza"), dealing.winnableOnly("pyramid")], [true, false]);
  dealing.setWinnableOnly("giza", false);
  assert.deepEqual([dealing.winnableOnly("giza"), dealing.winnableOnly("classic")], [false, true]);
  storage.setItem("pyramid-solitaire.winnable-only", '{"giza": true}');
  assert.equal(dealing.winnableOnly("giza"), false);
  dealing.setWinnableOnly("giza", true); // junk is replaced, not a reason to fail
  assert.equal(dealing.winnableOnly("giza"), true);
});

test("winnable-only is on by default where all 52 cards must go, and may be switched off", () => {
  assert.deepEqual([dealing.winnableOnly("original"), dealing.winnableOnly("classic:win=all")], [true, true]);
  dealing.setWinnableOnly("classic:win=all", false);
  assert.deepEqual([dealing.winnableOnly("classic:win=all"), dealing.winnableOnly("original")], [false, true]);
  dealing.setWinnableOnly("classic:win=all", true);
  assert.equal(dealing.winnableOnly("classic:win=all"), true);
  assert.equal(dealing.winnableOnly("no such variant"), false);
});

test("the daily deal is the player's local date, and a deal is known by its text", () => {
  assert.equal(dealing.today(new Date(2026, 0, 5, 23, 59)), "2026-01-05");
  const big = 12345678901234567890n; // deal numbers may be beyond a double's whole numbers
  dealing.noteDaily("pyramid", "2026-12-01", big);
  assert.equal(dealing.dailyDate("pyramid", big), "2026-12-01");
  assert.equal(dealing.dailyDate("pyramid", "12345678901234567890"), "2026-12-01");
  assert.equal(dealing.dailyDate("pyramid", 12345678901234567000), null);
  assert.equal(dealing.dailyDate("giza", big), null);
  assert.equal(dealing.dailyDate("pyramid", null), null);
});

test("a share link names the variant and the deal; reading one gives them back", () => {
  const replaced = [];
  globalThis.window = {
    location: { href: "https://cards.example/play/?x=1#top", pathname: "/", search: "" },
    history: { replaceState: (...args) => replaced.push(args) },
  };
  const link = dealing.shareLink("giza", 123n);
  assert.equal(link, "https://cards.example/?variant=giza&deal=123");
  assert.deepEqual(dealing.sharedDeal(new URL(link)), { variant: "giza", deal: "123" });
  assert.deepEqual(dealing.sharedDeal({ search: "?deal=%2042%20" }), { variant: null, deal: "42" });
  assert.equal(dealing.sharedDeal({ search: "?variant=giza" }), null);
  const options = dealing.shareLink("open-stock:passes=1,overlap=yes", 5);
  assert.equal(options, "https://cards.example/?variant=open-stock:passes=1,overlap=yes&deal=5", "options kept readable");
  assert.deepEqual(dealing.sharedDeal(new URL(options)), { variant: "open-stock:passes=1,overlap=yes", deal: "5" });
  assert.equal(dealing.sharedDeal(new URL(dealing.shareLink("a&deal=1", 2))).variant, "a&deal=1", "& stays escaped");
  dealing.forgetSharedDeal();
  assert.deepEqual(replaced, [[null, "", "/"]]);
});

test("a deal's known grade is its variant's: the same number in another variant is not known", () => {
  assert.equal(dealing.knownGrade("pyramid", 7), undefined);
  dealing.noteGrade("pyramid", 7, "hard");
  dealing.noteGrade("giza", 8, null); // proven to have none
  assert.equal(dealing.knownGrade("pyramid", 7), "hard");
  assert.equal(dealing.knownGrade("pyramid", "7"), "hard", "deal numbers compare as text");
  assert.equal(dealing.knownGrade("giza", 7), undefined, "another variant's grade of deal 7");
  assert.equal(dealing.knownGrade("giza", 8), null);
  assert.equal(dealing.knownGrade("pyramid", 8), undefined);
  assert.equal(dealing.knownGrade("pyramid", null), undefined);
  dealing.noteGrade("pyramid", 7, "easy"); // noted again: the new grade, once
  assert.equal(dealing.knownGrade("pyramid", 7), "easy");
  assert.equal(JSON.parse(storage.getItem("pyramid-solitaire.grades-seen")).length, 2);
});
