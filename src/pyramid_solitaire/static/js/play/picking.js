// Picking cards and the stock: the card chosen for a pair, owned here alone, and the move a
// click on a card or on the stock plays.

/** The cards `card` may legally pair with in `view`. */
export function partnersIn(view, card) {
  return view.moves.filter((m) => m.includes("+")).map((m) => m.split("+"))
    .filter((pair) => pair.includes(card)).map(([a, b]) => (a === card ? b : a));
}

/** What a click on `card` does, `selected` being the card chosen before:
 *  {play: move}, {select: card} or {unselect: true}. */
export function pick(view, selected, card) {
  if (view.moves.includes(card)) return { play: card }; // a king goes on its own
  if (selected === card) return { unselect: true };
  if (selected) return { play: `${selected}+${card}` };
  if (view.available.includes(card) || partnersIn(view, card).length) return { select: card }; // overlap: a covered card pairs too
  return { play: card }; // not available: the rules say why
}

/** The stock's move: a draw, a recycle, or (refused, with the reason) the one the stock asks for. */
export function stockMove(view) {
  if (view.can_draw) return "draw";
  if (view.can_recycle) return "recycle";
  return view.stock.count ? "draw" : "recycle";
}

/** deps: session, screen ({draw}), messages ({clear}), paused() (no card is played while paused),
 *  unmark() (choosing a card takes the hint's marks away). */
export function createPicking({ session, screen, messages, paused, unmark }) {
  let selected = null;
  const view = () => session.state.view;

  function onCard(card) {
    const v = view();
    if (paused() || !v) return;
    messages.clear();
    const choice = pick(v, selected, card);
    if (choice.play) {
      session.play(choice.play);
      return;
    }
    selected = choice.select ?? null;
    if (choice.select) unmark();
    screen.draw();
  }

  function onPair(a, b) {
    if (paused() || a === b) {
      screen.draw();
      return;
    }
    selected = null;
    session.play(`${a}+${b}`).then(screen.draw);
  }

  function onStock() {
    const v = view();
    if (paused() || !v) return;
    messages.clear();
    session.play(stockMove(v));
  }

  return {
    onCard, onPair, onStock,
    partners: (card) => (view() ? partnersIn(view(), card) : []),
    selected: () => selected,
    unselect: () => {
      selected = null;
    },
  };
}
