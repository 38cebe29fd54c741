// The hint flow: the hinted cards and the lost verdict with its end panel, owned here alone; a
// hint asked for, a loss explained, and the undo back to the last winnable position.

import * as records from "../state/records.js";
import * as stats from "../state/stats.js";
import { backThere, hintMessage } from "../text/hint-text.js";

/** deps: session, screen ({draw}), messages ({say, clear}). */
export function createHinting({ session, screen, messages }) {
  let marked = []; // the hinted move's cards
  let lost = null; // the solver's verdict on a lost position, shown in the end panel
  let lostClosed = false; // ... until the player closes the panel
  const { say } = messages;

  async function hint() {
    messages.clear();
    const h = await session.hint();
    if (!h) return;
    const id = session.state.variant.id;
    stats.noteHint(id);
    records.noteHint(id, session.state.game);
    showHint(h);
  }

  /** Stuck: ask the solver since when the game was lost, without counting it as a hint. */
  function explainLoss() {
    session.hint().then((h) => h && showHint(h));
  }

  /** Mark the hinted move and say it; a lost position gets the end panel, which says since
   *  when and offers to undo back there. */
  function showHint(h) {
    marked = h.move === null ? [] : h.move.split("+");
    if (h.verdict === "unwinnable") {
      lost = h;
      lostClosed = false;
    } else {
      const message = hintMessage(h);
      say(message.text, message.ms);
    }
    screen.draw();
  }

  /** Undo back to the position the hint named; the moves stay on the redo path. */
  async function undoTo(count) {
    const answer = await session.undo(count);
    if (answer) say(backThere(answer.view.move_count), 6000);
  }

  return {
    hint, explainLoss,
    undoToLastWinnable: () => lost && lost.undo && undoTo(lost.undo),
    closeLost: () => {
      lostClosed = true;
      screen.draw();
    },
    /** A new position: no hint of the old one holds. */
    forget: () => {
      marked = [];
      lost = null;
      lostClosed = false;
    },
    unmark: () => {
      marked = [];
    },
    state: () => ({ hint: marked, lost, lostClosed }),
  };
}
