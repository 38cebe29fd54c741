// The player's actions and what follows them, put together from play/: picking cards and the
// stock (picking.js), hints and the lost verdict (hinting.js), pause and the clock (pausing.js),
// which game is on the table (games.js), what follows a new position (positions.js) and what
// the session's notices say (notices.js). Each part owns its own state; the screen reads them
// all through `state`.

import { createGames } from "./play/games.js";
import { createHinting } from "./play/hinting.js";
import { createNotices } from "./play/notices.js";
import { createPausing } from "./play/pausing.js";
import { createPicking } from "./play/picking.js";
import { createPositions } from "./play/positions.js";
import { variantName } from "./text/i18n.js";

/**
 * deps: session, clock, screen, board, messages ({say, clear, speak}), settings (state/settings.js),
 * ask(dialog, yes, no) -> Promise<boolean>.
 */
export function createPlay({ session, clock, screen, board, messages, settings, ask }) {
  const $ = (id) => document.getElementById(id);
  const setting = settings.get;
  const hinting = createHinting({ session, screen, messages });
  const pausing = createPausing({ // a pause drops the chosen card (picking, made next)
    session, clock, screen, messages, setting, unselect: () => picking.unselect(), resumed: () => $("btn-resume").blur(),
  });
  const picking = createPicking({ session, screen, messages, paused: pausing.paused, unmark: hinting.unmark });
  const notices = createNotices({ board, messages, name: () => variantName(session.state.variant) });
  const positions = createPositions({
    session, clock, screen, board, messages, setting, syncClock: pausing.syncClock, paused: pausing.paused,
    explainLoss: hinting.explainLoss,
    forget: () => {
      picking.unselect();
      hinting.forget();
      notices.clearForPosition();
    },
  });
  const games = createGames({ session, screen, messages, setting, ask });

  function onChange(change) {
    if (change.type === "position") positions.onPosition(change);
    else if (change.type === "opening") {
      settings.change("variant", change.variant.id);
      clock.reset();
      board.clear();
    } else notices.onChange(change);
  }

  return {
    onChange, onCard: picking.onCard, onPair: picking.onPair, onStock: picking.onStock, partners: picking.partners,
    unselect: picking.unselect, newGame: games.newGame, openVariant: games.openVariant, openShared: games.openShared,
    remembered: games.remembered, restart: games.restart, hint: hinting.hint, pause: pausing.pause,
    resume: pausing.resume, tick: pausing.tick, undoToLastWinnable: hinting.undoToLastWinnable, closeLost: hinting.closeLost,
    undo: () => session.undo(), redo: () => session.redo(),
    // read by main.js's `seen` for the screen: the chosen card, the hinted cards, paused, the lost
    // verdict and its panel closed, undos made
    get state() {
      return { selected: picking.selected(), ...hinting.state(), paused: pausing.paused(), undos: positions.undos() };
    },
  };
}
