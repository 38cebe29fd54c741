// The game clock through an idle spell (issue 27): idle time counts for a minute after the last
// input, then the clock stands; it neither jumps on at the next input nor back at the pause.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createClock, IDLE_COUNTED_MS } from "../../src/pyramid_solitaire/static/js/state/clock.js";

const MIN = 60_000;

function fakeClock() {
  let t = 1_000_000;
  const clock = createClock(() => t);
  return { clock, pass: (ms) => { t += ms; } };
}

test("the clock stands a minute after the last input and never jumps back or on", () => {
  const { clock, pass } = fakeClock();
  clock.touch();
  clock.run(true);
  pass(30_000);
  clock.touch(); // the last input, 30 s in
  pass(IDLE_COUNTED_MS);
  assert.equal(clock.elapsed(), 90_000); // a minute of thinking counts
  pass(3 * MIN);
  assert.equal(clock.elapsed(), 90_000); // then it stands
  clock.run(false); // the automatic pause: no jump back
  assert.equal(clock.elapsed(), 90_000);
  clock.touch();
  clock.run(true); // resumed
  pass(2_000);
  assert.equal(clock.elapsed(), 92_000);
});

test("an input after a long idle spell goes on from where the clock stood", () => {
  const { clock, pass } = fakeClock();
  clock.touch();
  clock.run(true);
  pass(10_000);
  clock.touch();
  pass(4 * MIN);
  assert.equal(clock.elapsed(), 70_000);
  clock.touch(); // back before the automatic pause
  assert.equal(clock.elapsed(), 70_000);
  pass(5_000);
  assert.equal(clock.elapsed(), 75_000);
});

test("thinking under a minute between moves is playing time", () => {
  const { clock, pass } = fakeClock();
  clock.touch();
  clock.run(true);
  for (let i = 0; i < 5; i++) {
    pass(40_000);
    clock.touch();
  }
  assert.equal(clock.elapsed(), 200_000);
});

test("a clock started after a long idle spell shows no time, never less than none", () => {
  const { clock, pass } = fakeClock();
  pass(3 * MIN); // no input since the page opened
  clock.run(true);
  assert.equal(clock.elapsed(), 0);
  pass(1000);
  assert.equal(clock.elapsed(), 0, "idle past the counted minute: the clock stands");
  clock.touch();
  pass(1000);
  assert.equal(clock.elapsed(), 1000);
});
