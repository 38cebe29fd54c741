// dialogs/watch.js: a line watched on the review panel's board, one move at a time at the chosen
// pace; paused, stepped, faster or slower; the board is given back a moment after the line ends.
// Timers of plain data stand in for setTimeout. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

const { GIVE_BACK_MS, PACES_MS, createWatch } = await load("dialogs/watch.js");
const { Game } = await load("rules/game.js");
const { answer } = await load("rules/view.js");

/** A watch over stand-in timers: due() is the one timer set (its delay), fire() runs it. */
function watcher() {
  const log = { shown: [], moved: [], given: 0 };
  let timer = null;
  const timers = { set: (fn, ms) => (timer = { fn, ms }), clear: (t) => { if (t === timer) timer = null; } };
  const watch = createWatch({
    shown: (n) => log.shown.push(n), moved: (n, view) => log.moved.push([n, view.move_count]), drawn() {},
    giveBack: () => { log.given += 1; }, timers,
  });
  const fire = () => {
    const { fn } = timer;
    timer = null;
    fn();
  };
  return { watch, log, due: () => timer?.ms ?? null, fire };
}

/** Pyramid deal 1 after its two kings, Kc and Kh: a line of three moves from move 1. */
function start(w) {
  const game = new Game("pyramid", { deal: 1 });
  game.play("Kc");
  w.watch.watch(1, game, answer(game).view, ["Kh", "5h+8s", "draw"], "shortest");
}

test("a line is played one move at a time at the pace, then the board is given back", () => {
  const w = watcher();
  start(w);
  assert.deepEqual(w.log.shown, [1]);
  assert.equal(w.due(), PACES_MS[1]);
  w.fire();
  w.fire();
  w.fire();
  assert.deepEqual(w.log.moved, [[2, 2], [3, 3], [4, 4]]);
  assert.deepEqual([w.watch.current().done, w.watch.current().won], [true, false]);
  assert.equal(w.due(), GIVE_BACK_MS);
  w.fire();
  assert.equal(w.log.given, 1);
});

test("paused, nothing is played; a step plays one move and stays paused; the pace goes faster and slower", () => {
  const w = watcher();
  start(w);
  w.watch.togglePause();
  assert.equal(w.due(), null, "paused: no move is due");
  w.watch.stepOnce();
  assert.deepEqual(w.log.moved, [[2, 2]]);
  assert.equal(w.due(), null, "still paused after a step");
  w.watch.togglePause();
  w.watch.faster();
  assert.equal(w.due(), PACES_MS[2]);
  for (let i = 0; i < 9; i += 1) w.watch.faster();
  assert.equal(w.due(), PACES_MS.at(-1), "no faster than the fastest");
  for (let i = 0; i < 9; i += 1) w.watch.slower();
  assert.equal(w.due(), PACES_MS[0]);
  assert.equal(w.watch.current().pace, 0);
  assert.equal(w.watch.stop(), true);
  assert.equal(w.watch.current(), null);
  assert.equal(w.due(), null, "stopped: nothing more is played");
  assert.equal(w.watch.stop(), false, "nothing to stop");
});

test("the browser's own timers are called as functions, as a browser wants them", () => {
  const [set, clear] = [globalThis.setTimeout, globalThis.clearTimeout];
  const due = [];
  // A browser throws "Illegal invocation" for its timers called as methods of another object.
  globalThis.setTimeout = function (fn, ms) {
    if (this !== undefined && this !== globalThis) throw new TypeError("Illegal invocation");
    return due.push(ms);
  };
  globalThis.clearTimeout = function () {
    if (this !== undefined && this !== globalThis) throw new TypeError("Illegal invocation");
  };
  try {
    const watch = createWatch({ shown() {}, moved() {}, drawn() {}, giveBack() {} });
    const game = new Game("pyramid", { deal: 1 });
    watch.watch(0, game, answer(game).view, ["Kc"]);
    watch.faster();
    assert.deepEqual(due, [PACES_MS[1], PACES_MS[2]]);
  } finally {
    [globalThis.setTimeout, globalThis.clearTimeout] = [set, clear];
  }
});
