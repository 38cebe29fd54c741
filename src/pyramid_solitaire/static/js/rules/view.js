// What the page draws (engine/view.py: the same object the server answers). Part of the rules in
// the page (see game.js).

import { cardText } from "./cards.js";
import { moveText } from "./deal.js";

export function view(game) {
  const { deal, state } = game;
  const available = deal.availablePositions(state);
  const text = (p) => cardText(deal.cards[p]);
  const stock = deal.stockPositions(state);
  const openTop = deal.variant.open_stock && stock.length > 0;
  const won = game.isWon;
  const moves = game.legalMoves().map(moveText);
  return {
    variant: game.variant.text,
    deal: game.dealValue,
    pyramid: deal.cards.slice(0, deal.size).map((card, p) => {
      const gone = Boolean(state.removed[p]);
      const down = deal.isFaceDown(state, p); // a face-down card is there, its name is not
      const cell = { card: gone || down ? null : cardText(card), free: !gone && deal.isFree(state, p), available: available.includes(p) };
      return deal.variant.hidden ? { ...cell, face_down: down } : cell;
    }),
    stock: { count: stock.length, top: openTop ? text(stock[0]) : null, available: openTop },
    wastes: deal.wastePositions(state).map((pile) => pile.map(text)),
    piles: deal.pilePositions(state).map((pile) => pile.map(text)),
    available: available.map(text),
    moves,
    can_draw: deal.canDraw(state),
    can_recycle: deal.canRecycle(state),
    passes: game.variant.passes,
    passes_left: game.passesLeft,
    won,
    stuck: !won && !moves.length,
    move_count: game.moves.length,
    can_undo: game.moves.length > 0,
    can_redo: game.redoMoves.length > 0,
    last_move: game.moves.length ? game.moves[game.moves.length - 1] : null,
  };
}

/** The server's answer shape, {record, view, ...extra}, made here. The page's views carry one
 *  field more, `recycles`: with unlimited passes the passes left cannot say which pass this is. */
export const answer = (game, extra = {}) => ({ record: game.toRecord(), view: { ...view(game), recycles: game.state.recycles }, ...extra });
