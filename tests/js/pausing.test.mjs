// play/pausing.js: the clock runs while a started game is neither paused nor over; after five
// minutes without input the game pauses itself, where the player left that on; a pause drops the
// chosen card and saves. A clock of plain numbers stands in for state/clock.js. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

const { IDLE_PAUSE_MS, clockRuns, createPausing } = await load("play/pausing.js");

const playing = { move_count: 3, won: false, stuck: false };

test("the clock runs on a started game that is neither paused, won nor stuck", () => {
  assert.equal(clockRuns(playing, false, false), true);
  assert.equal(clockRuns({ ...playing, move_count: 0 }, false, false), false, "no move yet");
  assert.equal(clockRuns({ ...playing, move_count: 0 }, false, true), true, "started, all moves undone");
  assert.equal(clockRuns(playing, true, true), false, "paused");
  assert.equal(clockRuns({ ...playing, won: true }, false, true), false, "won");
  assert.equal(clockRuns({ ...playing, stuck: true }, false, true), false, "stuck");
  assert.equal(clockRuns(null, false, true), false, "no game");
});

/** createPausing on a stand-in clock idle for `idle` ms; autoPause as the player set it. */
function pausing({ idle, autoPause = true }) {
  const log = { saves: 0, unselected: 0, runs: [] };
  let running = true;
  const clock = {
    run: (on) => { running = on; log.runs.push(on); }, running: () => running, started: () => true,
    idleFor: () => idle, touch() {},
  };
  const session = { state: { view: playing }, save: () => { log.saves += 1; }, saveIfDue() {} };
  const parts = createPausing({
    session, clock, screen: { draw() {}, drawTime() {} }, messages: { clear() {} }, setting: (key) => ({ autoPause })[key],
    unselect: () => { log.unselected += 1; }, resumed() {},
  });
  return { ...parts, log, running: () => running };
}

test("five minutes without input pause the game, where the player left the automatic pause on", () => {
  const idle = pausing({ idle: IDLE_PAUSE_MS });
  idle.tick();
  assert.equal(idle.paused(), true);
  assert.equal(idle.running(), false);
  assert.equal(idle.log.unselected, 1, "the chosen card is dropped");
  assert.equal(idle.log.saves, 1);
  idle.resume();
  assert.equal(idle.paused(), false);
  assert.equal(idle.running(), true);

  const busy = pausing({ idle: IDLE_PAUSE_MS - 1 });
  busy.tick();
  assert.equal(busy.paused(), false, "a moment less: still playing");
  const off = pausing({ idle: IDLE_PAUSE_MS * 10, autoPause: false });
  off.tick();
  assert.equal(off.paused(), false, "the automatic pause switched off");
});
