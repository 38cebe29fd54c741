// The game clock: playing time banked so far plus the running stretch, and the time of the
// player's last input (for the automatic pause). `now` is passed in so tests and callers agree.
// Idle time counts only up to IDLE_COUNTED_MS after the last input: then the clock stands, and
// neither jumps on at the next input nor back when the automatic pause comes (issue 27).

export const IDLE_COUNTED_MS = 60 * 1000;

export function createClock(now = () => Date.now(), idleCounted = IDLE_COUNTED_MS) {
  let banked = 0; // ms of play before `since`
  let since = null; // when the clock last started, or null while it stands
  let lastInput = now();

  const counted = () => Math.min(now(), lastInput + idleCounted); // the last moment that counts
  const elapsed = () => banked + (since === null ? 0 : Math.max(0, counted() - since));

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
    /** Run or stand; standing banks what ran until `at` (now, or earlier), idle time over the
     *  counted minute left out. */
    run(on, at = now()) {
      if (on && since === null) since = now();
      if (!on && since !== null) {
        banked += Math.max(0, Math.min(at, counted()) - since);
        since = null;
      }
    },
    /** An input: the idle stretch beyond the counted minute is left out of the running time. */
    touch() {
      if (since !== null && now() > lastInput + idleCounted) {
        banked += Math.max(0, lastInput + idleCounted - since);
        since = now();
      }
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
