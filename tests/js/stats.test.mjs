// state/stats.js: the statistics the rules in its header describe: a game counts once it is
// played, a result once, the best time and the fewest moves are the least of the wins, junk in
// storage reads as zeros. Run: node --test tests/js/
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { load, memoryStorage } from "./page.mjs";

const stats = await load("state/stats.js");

let storage;
beforeEach(() => {
  storage = memoryStorage();
});

const view = (moves, { won = false, stuck = false } = {}) => ({ move_count: moves, won, stuck });

/** A game `id` played to a win in `moves` moves and `ms` milliseconds. */
function win(id, moves, ms) {
  stats.startGame("pyramid", { given: null, moves: 0, next: id });
  stats.observe("pyramid", view(1), 10, id);
  return stats.observe("pyramid", view(moves, { won: true }), ms, id);
}

test("the fewest moves and the best time are the least of the wins, the streak the longest", () => {
  win("a", 40, 90_000);
  win("b", 30, 120_000);
  const s = win("c", 50, 60_000);
  assert.deepEqual([s.played, s.won, s.fewestMoves, s.bestTime, s.streak, s.bestStreak], [3, 3, 30, 60_000, 3, 3]);
  assert.deepEqual(s.recent.map((r) => r.moves), [40, 30, 50]);
});

test("a deal left alone is no game; one given up after moves is lost, once", () => {
  stats.startGame("pyramid", { given: null, moves: 0, next: "a" });
  stats.startGame("pyramid", { given: "a", moves: 0, next: "b" }); // no move made
  assert.equal(stats.load("pyramid").played, 0);
  stats.observe("pyramid", view(3), 10, "b");
  stats.startGame("pyramid", { given: "b", moves: 3, next: "c" });
  stats.startGame("pyramid", { given: "b", moves: 3, next: "d" }); // another tab gave it up first
  const s = stats.load("pyramid");
  assert.deepEqual([s.played, s.won, s.streak, s.recent.length], [1, 0, 0, 1]);
  assert.equal(stats.winRate(s), 0);
});

test("a stuck game is lost once: undoing out of it and winning does not count a win", () => {
  stats.startGame("pyramid", { given: null, moves: 0, next: "a" });
  stats.observe("pyramid", view(5, { stuck: true }), 10, "a");
  const s = stats.observe("pyramid", view(40, { won: true }), 20, "a");
  assert.deepEqual([s.played, s.won, s.fewestMoves, stats.resultOf("pyramid", "a")], [1, 0, null, "lost"]);
});

test("a tab showing a game that is no longer the current one counts nothing", () => {
  stats.startGame("pyramid", { given: null, moves: 0, next: "new" });
  const s = stats.observe("pyramid", view(10, { won: true }), 10, "old");
  assert.deepEqual([s.played, s.won, stats.resultOf("pyramid", "old")], [0, 0, null]);
});

test("junk in storage reads as zeros; undos, hints and reset", () => {
  storage.setItem(stats.statsKey("pyramid"), JSON.stringify({ played: -3, won: "x", fewestMoves: -1, recent: [null, 5] }));
  const s = stats.load("pyramid");
  assert.deepEqual([s.played, s.won, s.fewestMoves, s.recent], [0, 0, null, []]);
  storage.setItem(stats.statsKey("pyramid"), "{not json");
  assert.equal(stats.load("pyramid").played, 0);
  stats.startGame("pyramid", { given: null, moves: 0, next: "a" });
  stats.observe("pyramid", view(1), 10, "a");
  assert.equal(stats.noteUndo("pyramid"), 1);
  assert.equal(stats.noteUndo("pyramid"), 2);
  stats.noteHint("pyramid");
  assert.equal(stats.load("pyramid").hints, 1);
  stats.reset("pyramid"); // the game in play stays played
  const after = stats.load("pyramid");
  assert.deepEqual([after.played, after.hints, after.current.game, after.current.undos], [1, 0, "a", 2]);
  assert.equal(stats.winRate(stats.fromStored(null)), null);
});

test("the recent results keep the last RECENT_MAX", () => {
  for (let i = 0; i < stats.RECENT_MAX + 3; i++) win(`g${i}`, 30 + i, 1000);
  const s = stats.load("pyramid");
  assert.equal(s.recent.length, stats.RECENT_MAX);
  assert.equal(s.recent[0].moves, 33);
});

test("a loss ends the streak; the best streak is the longest run, not the last", () => {
  win("a", 40, 1000);
  win("b", 40, 1000);
  stats.startGame("pyramid", { given: null, moves: 0, next: "c" });
  stats.observe("pyramid", view(5, { stuck: true }), 10, "c");
  const s = win("d", 40, 1000);
  assert.deepEqual([s.won, s.streak, s.bestStreak], [3, 1, 2]);
});

test("a challenge's game counts in its variant beside the game on the table, and as a challenge", () => {
  stats.startGame("pyramid", { given: null, moves: 0, next: "own" });
  stats.observe("pyramid", view(3), 1000, "own"); // the variant's own game, in play
  stats.noteChallengeGame("pyramid", { won: true, moves: 63, ms: 90_000.4 });
  stats.noteChallengeGoal("pyramid", false); // cleared, but past its moves
  stats.noteChallengeGame("pyramid", { won: false, moves: 20, ms: 5000 });
  stats.noteChallengeGoal("pyramid", true); // a cards goal met, then stuck
  const s = stats.load("pyramid");
  assert.deepEqual([s.played, s.won, s.fewestMoves, s.bestTime, s.streak], [3, 1, 63, 90_000, 0]);
  assert.deepEqual(s.challenges, { tried: 2, met: 1 });
  assert.deepEqual(s.current, { game: "own", played: true, result: null, undos: 0 }); // left alone
  storage.setItem(stats.statsKey("pyramid"), JSON.stringify({ challenges: { tried: -1, met: "x" } }));
  assert.deepEqual(stats.load("pyramid").challenges, { tried: 0, met: 0 });
  assert.equal(stats.load("other").challenges, undefined); // none yet: as an export before them
});
