// state/challenges.js and the page's goals (goals/goal.js, text/goal-text.js's share facts): a
// challenge is done once; the run of days counts challenges done on their own day and a clock set
// back never undoes it; badges by the month's count; the share text names no deal and no move;
// every challenge the release ships (static/daily/, made in Python) is achieved by its proof when
// the page's own rules replay it. Run: node --test tests/js/
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { beforeEach, test } from "node:test";

import { load, memoryStorage, root } from "./page.mjs";

const challenges = await load("state/challenges.js");
const { reached, missed, outcome } = await load("goals/goal.js");
const { Game } = await load("rules/game.js");
const goalTexts = await load("text/goal-text.js");
const { view } = await load("rules/view.js");

let storage;
beforeEach(() => {
  storage = memoryStorage();
});

test("a challenge is done once, with its moves and day", () => {
  assert.equal(challenges.noteDone("2026-12-01-2", 40, "2026-12-01"), true);
  assert.equal(challenges.noteDone("2026-12-01-2", 30, "2026-12-01"), false);
  assert.deepEqual(challenges.load().done, { "2026-12-01-2": { moves: 40, day: "2026-12-01" } });
});

test("the run of days: challenges done on their own day, in a row; a clock set back keeps it", () => {
  challenges.noteDone("2026-12-01-1", 40, "2026-12-01");
  challenges.noteDone("2026-12-02-1", 40, "2026-12-02");
  challenges.noteDone("2026-11-20-1", 40, "2026-11-20"); // the clock went back
  challenges.noteDone("2026-11-25-1", 40, "2026-12-03"); // an old day's challenge done today: no run
  const c = challenges.load();
  assert.deepEqual(c.run, { count: 2, last: "2026-12-02" });
  assert.equal(challenges.streak(c, "2026-12-03"), 2);
  assert.equal(challenges.streak(c, "2026-12-05"), 0);
  assert.equal(c.best, 2);
});

test("badges: bronze at 10, silver at 30, gold at 60 in a month", () => {
  const done = (n) => {
    for (let i = 0; i < n; i++) challenges.noteDone(`2026-11-${String(1 + (i % 28)).padStart(2, "0")}-${1 + Math.floor(i / 28)}`, 1, "2026-11-30");
  };
  done(9);
  assert.equal(challenges.badge(challenges.load(), "2026-11"), null);
  done(10);
  assert.equal(challenges.badge(challenges.load(), "2026-11"), "bronze");
  done(30);
  assert.equal(challenges.badge(challenges.load(), "2026-11"), "silver");
  done(60);
  assert.equal(challenges.badge(challenges.load(), "2026-11"), "gold");
  assert.equal(challenges.badge(challenges.load(), "2026-10"), null);
});

test("the share facts give nothing away: marks, grades, pars, moves and the run only", () => {
  const list = [
    { id: "2026-12-01-1", variant: "giza", deal: 123, grade: "easy", goal: { kind: "clear" }, proof: "Kd" },
    { id: "2026-12-01-2", variant: "pyramid", deal: 456, grade: "medium", goal: { kind: "moves", at_most: 55, par: 47 }, proof: "Kc" },
    { id: "2026-12-01-3", variant: "classic", deal: 789, grade: null, goal: { kind: "cards", cards: ["7c", "7d", "7h", "7s"], par: 30 }, proof: "Kh" },
  ];
  challenges.noteDone("2026-12-01-2", 49, "2026-12-01");
  challenges.noteMissed("2026-12-01-3");
  const facts = challenges.shareFacts(challenges.load(), "2026-12-01", list, "2026-12-02");
  assert.deepEqual(facts, {
    date: "2026-12-01", done: 1, of: 3, run: 1, steps: [
      { n: 1, grade: "easy", mark: "none" }, { n: 2, grade: "medium", mark: "met", par: 47, moves: 49 }, { n: 3, grade: null, mark: "missed" },
    ],
  });
  assert.ok(!JSON.stringify(facts).includes("7c"));
  assert.ok(!JSON.stringify(facts).includes("456") && !JSON.stringify(facts).includes("Kc"));
  const { shareText } = goalTexts;
  const text = shareText(facts, "December 1, 2026", "https://example.org/?daily=2026-12-01");
  assert.equal(text, [
    "Pyramid daily, December 1, 2026: 1 of 3", "\u2013\u2713\u2717", "\u2013 Easy: not tried",
    "\u2713 Medium: done (par 47, in 49 moves)", "\u2717 Challenge 3: missed", "1 day in a row",
    "https://example.org/?daily=2026-12-01",
  ].join("\n"));
});

test("junk in storage reads as nothing done; slots name challenges", () => {
  storage.setItem(challenges.CHALLENGES_KEY, JSON.stringify({ done: { bogus: { moves: 1, day: "2026-12-01" }, "2026-12-01-1": { day: "x" } }, given: [3] }));
  assert.deepEqual(challenges.load().done, {});
  assert.equal(challenges.challengeOfSlot(challenges.slotOf("2026-12-01-3")), "2026-12-01-3");
  assert.equal(challenges.challengeOfSlot("pyramid"), null);
});

// --- the release's challenges, replayed by the page's rules -----------------------------------

const folder = new URL("src/pyramid_solitaire/static/daily/", root);
const days = readdirSync(folder).filter((f) => f.endsWith(".json"))
  .flatMap((f) => Object.entries(JSON.parse(readFileSync(new URL(f, folder), "utf8")).days));

test("the release holds at least 60 days, four challenges each", () => {
  assert.ok(days.length >= 60, `${days.length} days`);
  for (const [date, list] of days) assert.ok(list.length >= 4, date);
});

test("every proof the release ships achieves its goal in the page's rules", () => {
  for (const [, list] of days) {
    for (const ch of list) {
      const game = new Game(ch.variant, { deal: ch.deal });
      const gone = new Set();
      let done = reached(ch.goal, view(game), gone);
      for (const move of ch.proof.split(" ")) {
        game.play(move);
        move.split("+").forEach((card) => gone.add(card));
        done ||= reached(ch.goal, view(game), gone);
      }
      assert.ok(done, `${ch.id}: ${JSON.stringify(ch.goal)}`);
      if (ch.goal.kind === "moves" || ch.goal.kind === "cards") assert.equal(game.moves.length, ch.goal.par, ch.id);
    }
  }
});

test("a goal is missed past its moves, and when the game is stuck without it", () => {
  const goal = { kind: "moves", at_most: 3, par: 3 };
  const v = (moves, won = false, stuck = false) => ({ move_count: moves, won, stuck });
  assert.equal(missed(goal, v(2)), false);
  assert.equal(missed(goal, v(3)), true);
  assert.equal(missed(goal, v(3, true)), false);
  assert.equal(missed({ kind: "clear" }, v(10, false, true)), true);
});

test("a challenge's end says met, or missed by how much", () => {
  const pyramid = (left) => Array.from({ length: 28 }, (_, p) => ({ card: p < left ? "Kc" : null }));
  const v = (moves, { won = false, stuck = false, left = 3 } = {}) => ({
    move_count: moves, won, stuck, pyramid: pyramid(won ? 0 : left), stock: { count: 0 }, wastes: [], piles: [], passes: 1, passes_left: 1,
  });
  const moves = { kind: "moves", at_most: 62, par: 54 };
  assert.equal(outcome(moves, v(40)), null); // still open
  assert.deepEqual(outcome(moves, v(62, { won: true })), { met: true });
  assert.deepEqual(outcome(moves, v(63, { won: true })), { met: false, over: 1 }); // cleared, too late
  assert.deepEqual(outcome(moves, v(62, { left: 2 })), { met: false, left: 2 }); // no moves left for it
  assert.deepEqual(outcome({ kind: "clear" }, v(30, { stuck: true, left: 5 })), { met: false, left: 5 });
  assert.deepEqual(outcome({ kind: "score", score: 300 }, v(30, { stuck: true, left: 28 })), { met: false, short: 180 }); // 24 cards: 120
  const cards = { kind: "cards", cards: ["Kc", "Kd", "Kh", "Ks"], par: 9 };
  assert.deepEqual(outcome(cards, v(20, { stuck: true }), new Set(["Kc", "Kd"])), { met: false, cards: 2 });
  assert.deepEqual(outcome(cards, v(9), new Set(cards.cards)), { met: true }); // reached mid-game
});

test("a missed try is marked until the challenge is done", () => {
  challenges.noteMissed("2026-12-03-2");
  challenges.noteMissed("2026-12-03-2");
  assert.deepEqual(challenges.load().missed, ["2026-12-03-2"]);
  assert.equal(challenges.isMissed(challenges.load(), "2026-12-03-2"), true);
  challenges.noteDone("2026-12-03-2", 60, "2026-12-03");
  assert.equal(challenges.isMissed(challenges.load(), "2026-12-03-2"), false);
});

test("a week of challenges done on their days is 'a week'; each game is counted once", async () => {
  const { endContext } = await load("goals/endings.js");
  const achievements = await load("state/achievements.js");
  for (let d = 1; d <= 7; d++) challenges.noteDone(`2026-11-0${d}-1`, 30, `2026-11-0${d}`);
  const pyramid = Array.from({ length: 28 }, () => ({ card: "Kc" }));
  const view = { won: false, stuck: true, move_count: 30, pyramid, stock: { count: 0 }, wastes: [], piles: [], passes: 1, passes_left: 1 };
  const context = endContext({ variant: "pyramid", view, game: "g", undos: 0, variants: ["pyramid"] });
  assert.equal(context.dayRun, 7); // no win in any variant: the run is the challenges'
  assert.ok(achievements.withEnd({}, context, "2026-11-07").fresh.includes("days-7"));
  assert.equal(challenges.countOnce("g end"), true);
  assert.equal(challenges.countOnce("g end"), false);
  assert.equal(challenges.countOnce("g goal"), true);
});

test("an unwinnable deal says what could not be done: the pyramid, or all 52 cards", async () => {
  const { lostSince } = await load("text/hint-text.js");
  const { VARIANTS } = await load("rules/variants.js");
  const never = { verdict: "unwinnable", last_winnable: -1 };
  assert.match(lostSince(never, VARIANTS.pyramid), /clears this deal's pyramid/);
  assert.match(lostSince(never, { ...VARIANTS.pyramid, win: "all" }), /removes all 52 cards of this deal/);
});
