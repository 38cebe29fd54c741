// Mouse, finger and keyboard on the board, through pointer events.
// A press that does not move is a click (pick a card); a press that moves drags the card.
// Cards and the stock act on pointerup alike: the browser's click may never come (Chromium sends
// none for a tap just after a touch drag), so only a keyboard's click (Enter, Space) is used.
// While dragging, legal partners nearby pull the card gently towards them (snapping).

const DRAG_START = 6; // px a press must move before it is a drag rather than a click
const PULL_RADIUS = 1.4; // card widths within which a partner pulls the dragged card
const PULL_STRENGTH = 0.45;
const DROP_RADIUS = 0.9; // card widths: dropped this close to a partner, the pair is played

/**
 * handlers: onCard(card) for a click, onPair(a, b) for a drop on another card, onStock(),
 * partners(card) -> the cards it may legally pair with, cardWidth() -> px, redraw().
 */
export function attachInput(board, handlers) {
  let drag = null;

  const base = (el) => ({ x: Number(el.dataset.x), y: Number(el.dataset.y) });
  const center = (pos, cw) => ({ x: pos.x + cw / 2, y: pos.y + cw * 0.7 });

  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    // A press of the pointer that began the drag: its release never reached the board (a mouse let
    // go outside it after pressing a card it did not capture). That drag is over.
    if (drag && event.pointerId === drag.id) {
      const { moving } = endDrag();
      if (moving) handlers.redraw();
    }
    if (drag) return; // another finger is dragging
    const stock = event.target.closest("#stock");
    if (stock) {
      drag = { el: stock, stock: true, id: event.pointerId, moving: false, target: null };
      return;
    }
    const el = event.target.closest(".card");
    if (!el || el.classList.contains("gone")) return;
    event.preventDefault(); // no text selection or native image drag
    drag = { el, card: el.dataset.card, id: event.pointerId, x0: event.clientX, y0: event.clientY,
      moving: false, target: null };
    if (el.classList.contains("available")) el.setPointerCapture(event.pointerId);
  });

  board.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id || !drag.el.classList.contains("available")) return;
    const dx = event.clientX - drag.x0;
    const dy = event.clientY - drag.y0;
    if (!drag.moving && Math.hypot(dx, dy) < DRAG_START) return;
    drag.moving = true;
    drag.el.classList.add("dragging");
    const cw = handlers.cardWidth();
    const start = base(drag.el);
    let pos = { x: start.x + dx, y: start.y + dy };
    const here = center(pos, cw);
    // The nearest legal partner pulls the card in, more strongly the closer it is.
    let nearest = null;
    for (const card of handlers.partners(drag.card)) {
      const other = board.querySelector(`.card[data-card="${card}"]`);
      if (!other) continue;
      const there = center(base(other), cw);
      const dist = Math.hypot(there.x - here.x, there.y - here.y);
      if (dist < PULL_RADIUS * cw && (!nearest || dist < nearest.dist)) nearest = { el: other, card, there, dist };
    }
    if (nearest) {
      const pull = PULL_STRENGTH * (1 - nearest.dist / (PULL_RADIUS * cw));
      pos = { x: pos.x + (nearest.there.x - here.x) * pull, y: pos.y + (nearest.there.y - here.y) * pull };
    }
    setTarget(nearest && nearest.dist < DROP_RADIUS * cw ? nearest.el : null);
    drag.el.style.transform = `translate(${Math.round(pos.x)}px, ${Math.round(pos.y)}px)`;
  });

  function setTarget(el) {
    if (drag.target && drag.target !== el) drag.target.classList.remove("target");
    drag.target = el;
    if (el) el.classList.add("target");
  }

  /** Forget the drag and take its marks off the cards; returns what it was. */
  function endDrag() {
    const ended = drag;
    if (ended.target) ended.target.classList.remove("target");
    ended.el.classList.remove("dragging");
    drag = null;
    return ended;
  }

  function finish(event, cancelled) {
    if (!drag || event.pointerId !== drag.id) return;
    const { el, card, moving, target, stock } = endDrag();
    if (stock) {
      // A press on the stock that is let go on it draws (or turns the waste over).
      const over = document.elementsFromPoint(event.clientX, event.clientY).includes(el);
      if (!cancelled && over) handlers.onStock();
      return;
    }
    if (cancelled) {
      handlers.redraw();
      return;
    }
    if (!moving) {
      handlers.onCard(card);
      return;
    }
    // Dropped on a partner: play the pair. Dropped on any other card: ask anyway, so the
    // player hears why not. Dropped elsewhere: the card goes back.
    let other = target ? target.dataset.card : null;
    if (!other) {
      const under = document.elementsFromPoint(event.clientX, event.clientY)
        .map((node) => node.closest && node.closest(".card"))
        .find((node) => node && node !== el && !node.classList.contains("gone"));
      other = under ? under.dataset.card : null;
    }
    if (other) handlers.onPair(card, other);
    else handlers.redraw();
  }

  board.addEventListener("pointerup", (event) => finish(event, false));
  board.addEventListener("pointercancel", (event) => finish(event, true));

  board.addEventListener("click", (event) => {
    if (event.detail !== 0) return; // a pointer's click: handled on pointerup
    // Enter or Space on the focused stock or card.
    if (event.target.closest("#stock")) handlers.onStock();
    const el = event.target.closest(".card");
    if (el) handlers.onCard(el.dataset.card);
  });
}
