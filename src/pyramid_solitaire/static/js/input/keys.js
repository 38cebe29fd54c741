// The keyboard: one key per action, arrow keys between the available cards, Esc to let go.

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * actions: {stock, hint, undo, redo, pause, resume, newGame, large, fullscreen, escape};
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
    if (arrow && !ctrl) {
      event.preventDefault();
      focusNext(boardEl, ...arrow);
      return;
    }
    const keys = ctrl ? { z: event.shiftKey ? actions.redo : actions.undo, y: actions.redo } : {
      d: actions.stock, h: actions.hint, u: actions.undo, y: actions.redo, p: actions.pause,
      n: actions.newGame, l: actions.large, f: actions.fullscreen,
    };
    if (keys[key]) {
      event.preventDefault();
      keys[key]();
    }
  });
}

/** Arrow keys move the focus to the nearest available card (or the stock) that way. */
function focusNext(boardEl, dx, dy) {
  const targets = [...boardEl.querySelectorAll(".card.available:not(.gone), #stock")];
  const from = document.activeElement;
  if (!targets.includes(from)) {
    targets[0]?.focus();
    return;
  }
  const middle = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const a = middle(from);
  let best = null;
  for (const el of targets) {
    if (el === from) continue;
    const b = middle(el);
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((b.x - a.x) * dy) + Math.abs((b.y - a.y) * dx);
    const score = along + 2 * across;
    if (!best || score < best.score) best = { el, score };
  }
  best?.el.focus();
}
