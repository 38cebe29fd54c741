// Pause and the clock: paused, owned here alone; the clock runs while a started game is neither
// paused nor over; twice a second the automatic pause, the save while playing, the time shown.

export const IDLE_PAUSE_MS = 5 * 60 * 1000;

/** Whether the clock runs on `view`: a started game, neither paused nor won nor stuck. */
export function clockRuns(view, paused, started) {
  return Boolean(view && !paused && !view.won && !view.stuck && (view.move_count > 0 || started));
}

/** deps: session, clock, screen ({draw, drawTime}), messages ({clear}), setting(key),
 *  unselect() (a pause drops the chosen card), resumed() (after a resume: the button loses focus). */
export function createPausing({ session, clock, screen, messages, setting, unselect, resumed }) {
  let paused = false;
  const view = () => session.state.view;

  function syncClock() {
    clock.run(clockRuns(view(), paused, clock.started()));
    screen.drawTime();
  }

  /** Pause; the clock stops `at` a time (the automatic pause gives the last input). */
  function pause(at = undefined) {
    if (paused || !view()) return;
    paused = true;
    unselect();
    clock.run(false, at);
    messages.clear();
    syncClock();
    session.save();
    screen.draw();
  }

  function resume() {
    paused = false;
    clock.touch();
    syncClock();
    screen.draw();
    resumed();
  }

  /** Twice a second: the automatic pause, the save while playing, the time shown. */
  function tick() {
    if (setting("autoPause") && clock.running() && clock.idleFor() >= IDLE_PAUSE_MS) pause(); // the clock stood already
    if (clock.running()) session.saveIfDue();
    screen.drawTime();
  }

  return { pause, resume, tick, syncClock, paused: () => paused };
}
