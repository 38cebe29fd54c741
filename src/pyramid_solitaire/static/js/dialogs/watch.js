// Watching a line on the review panel's board: played from a position of the game one move at a
// time, at the chosen pace, paused or stepped by the player; a moment after the line ends the
// board is the game's again. What is watched and the pace are owned here; the panel draws them.

import { answer } from "../rules/view.js";

export const PACES_MS = [2000, 1200, 700, 350, 150]; // slow to fast
export const GIVE_BACK_MS = 3000; // a watched line's end stays this long
// The browser's timers, called as functions (called as methods of another object they throw).
const TIMERS = { set: (fn, ms) => setTimeout(fn, ms), clear: (id) => clearTimeout(id) };

/**
 * deps: shown(n, view) (the line starts: the board and the panel show the position after move n),
 * moved(n, view) (a move of the line played: the board shows it), drawn() (the panel draws the
 * watch again), giveBack() (the line's end has been shown long enough), timers ({set, clear}:
 * setTimeout and clearTimeout, or a test's).
 */
export function createWatch({ shown, moved, drawn, giveBack, timers = TIMERS }) {
  let watching = null; // {game, line, next, timer, from, kind, paused, done, won}
  let pace = 1;

  /** Play `line` on `game` (the position after move `from`, its view `view`). `kind` names what
   *  the line does: "shortest" (a shortest win), "win" (a win), "goal" (a challenge's way to its goal). */
  function watch(from, game, view, line, kind = "shortest") {
    stop();
    watching = { game, line, next: 0, timer: null, from, kind, paused: false, done: false, won: false };
    shown(from, view);
    schedule();
  }

  function schedule() {
    timers.clear(watching.timer);
    if (!watching.paused) watching.timer = timers.set(advance, PACES_MS[pace]);
    drawn();
  }

  function advance() {
    if (!watching) return;
    const { game, line } = watching;
    if (watching.next < line.length) {
      game.play(line[watching.next]);
      watching.next += 1;
      moved(watching.from + watching.next, answer(game).view);
    }
    if (watching.next >= line.length) {
      timers.clear(watching.timer);
      Object.assign(watching, { done: true, won: game.isWon });
      watching.timer = timers.set(giveBack, GIVE_BACK_MS);
      drawn();
      return;
    }
    schedule();
  }

  /** Stop watching; returns whether a line was watched. */
  function stop() {
    if (!watching) return false;
    timers.clear(watching.timer);
    watching = null;
    return true;
  }

  return {
    watch, stop,
    /** What is watched, for the panel: {line, next, kind, paused, done, won, pace, paces}, or null. */
    current: () => watching && { ...watching, pace, paces: PACES_MS.length },
    togglePause: () => {
      watching.paused = !watching.paused;
      schedule();
    },
    stepOnce: () => {
      watching.paused = true;
      timers.clear(watching.timer);
      advance();
    },
    slower: () => {
      pace = Math.max(pace - 1, 0);
      schedule();
    },
    faster: () => {
      pace = Math.min(pace + 1, PACES_MS.length - 1);
      schedule();
    },
  };
}
