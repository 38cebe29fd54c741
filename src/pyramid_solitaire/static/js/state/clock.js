// The game clock: playing time banked so far plus the running stretch, and the time of the
// player's last input (for the automatic pause). `now` is passed in so tests and callers agree.

export function createClock(now = () => Date.now()) {
  let banked = 0; // ms of play before `since`
  let since = null; // when the clock last started, or null while it stands
  let lastInput = now();

  const elapsed = () => banked + (since === null ? 0 : now() - since);

  return {
    elapsed,
    running: () => since !== null,
    /** Started at all: it ran or holds time from a save. */
    started: () => since !== null || banked > 0,
    reset() {
      banked = 0;
      since = null;
    },
    /** Time from a saved game. */
    restore(ms) {
      banked = ms;
    },
    /** Run or stand; standing banks what ran until `at` (now, or earlier: the automatic pause
     *  stops the clock at the player's last input, so idle minutes are not playing time). */
    run(on, at = now()) {
      if (on && since === null) since = now();
      if (!on && since !== null) {
        banked += Math.max(0, Math.min(at, now()) - since);
        since = null;
      }
    },
    touch() {
      lastInput = now();
    },
    idleFor: () => now() - lastInput,
    lastInput: () => lastInput,
  };
}

/** 0:05, 12:34, 1:02:03. */
export function clockText(ms) {
  const s = Math.floor(ms / 1000);
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  return h ? `${h}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}
