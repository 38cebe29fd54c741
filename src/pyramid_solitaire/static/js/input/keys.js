// The keyboard: one key per action, arrow keys between the free cards (the board is one tab
// stop), S to the stock and W to the waste, 1-9 to a pile or waste by its number, arrow keys
// along the toolbar, Esc to let go.

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const STOPS = ".card.available:not(.gone), #stock";
const OFF_CONE = 1e6; // past any distance on the board

/**
 * actions: {stock, hint, undo, redo, pause, resume, newGame, large, fullscreen, escape, focusBoard};
 * isPaused() -> boolean. Keys are ignored while a dialog is open or a field has the focus.
 */
export function attachKeys(boardEl, actions, isPaused) {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.metaKey || document.querySelector("dialog[open]")) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const key = event.key.toLowerCase();
    const ctrl = event.ctrlKey;
    if (key === "escape") {
      actions.escape();
      return;
    }
    if (isPaused()) {
      if (key === "p") actions.resume();
      return;
    }
    const arrow = ARROWS[event.key];
    if (arrow && !ctrl && !event.shiftKey) {
      const where = document.activeElement;
      if (where && where.closest(".toolbar")) {
        event.preventDefault();
        alongToolbar(where, arrow[0] + arrow[1]);
      } else if (!where || where === document.body || boardEl.contains(where)) {
        // Only from the board or from nowhere: a panel's or the review's buttons keep their arrows.
        event.preventDefault();
        focusNext(boardEl, ...arrow, actions.focusBoard);
      }
      return;
    }
    const keys = ctrl ? { z: event.shiftKey ? actions.redo : actions.undo, y: actions.redo } : {
      d: actions.stock, h: actions.hint, u: actions.undo, y: actions.redo, p: actions.pause,
      n: actions.newGame, l: actions.large, f: actions.fullscreen,
      s: () => boardEl.querySelector("#stock")?.focus(), w: () => focusWaste(boardEl),
    };
    if (keys[key]) {
      event.preventDefault();
      keys[key]();
    } else if (!ctrl && /^[1-9]$/.test(key)) {
      // a heap beside the pyramid by its number: Giza's pile 1-8, a waste of three (its top card)
      const top = boardEl.querySelector(`.card.available:not(.gone)[data-heap="${key}"]`);
      if (top) {
        event.preventDefault();
        top.focus();
      }
    }
  });
}

/** W: the waste's top card, or the first free card beside the pyramid (the open stock card, a pile). */
function focusWaste(boardEl) {
  const free = [...boardEl.querySelectorAll(".card.available:not(.gone)")].filter((el) => el.dataset.where !== "pyramid");
  (free.find((el) => el.dataset.where === "waste") ?? free[0])?.focus();
}

/** The toolbar's arrow keys: to the next or previous button that can be pressed, round the end. */
function alongToolbar(from, step) {
  const buttons = [...from.closest(".toolbar").querySelectorAll("button")].filter((b) => b.offsetParent && !b.disabled);
  const at = buttons.indexOf(from.closest("button"));
  buttons[(at + step + buttons.length) % buttons.length]?.focus();
}

/** Arrow keys move the focus to the nearest free card (or the stock) that way; from outside the
 *  board they enter it at its tab stop. Places are the cards' resting places (data-x, data-y),
 *  not where a sliding card is passing. */
function focusNext(boardEl, dx, dy, enter) {
  const targets = [...boardEl.querySelectorAll(STOPS)];
  const from = document.activeElement;
  if (!targets.includes(from)) {
    enter();
    return;
  }
  const middle = (el) => ({ x: Number(el.dataset.x) + el.offsetWidth / 2, y: Number(el.dataset.y) + el.offsetHeight / 2 });
  const a = middle(from);
  let best = null;
  for (const el of targets) {
    if (el === from) continue;
    const b = middle(el);
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((b.x - a.x) * dy) + Math.abs((b.y - a.y) * dx);
    // a card within 45 degrees of the arrow comes before any further off it (issue 49)
    const score = (across > along ? OFF_CONE : 0) + along + 2 * across;
    if (!best || score < best.score) best = { el, score };
  }
  best?.el.focus();
}
