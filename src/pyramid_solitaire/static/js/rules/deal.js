// The layout and the moves (engine/deal.py): which cards cover which, what is available, what a
// move is and whether it may be played. Part of the rules in the page (see game.js).

import { cardText, parseCard, value } from "./cards.js";
import { DECK_SIZE, dealCards, dealNumber, formatDeck, parseDeck } from "./decks.js";
import { cut, refuse, strip } from "./errors.js";
import { LAYOUTS } from "./layouts.js";
import { THIRTEEN } from "./pairing.js";
import { getVariant } from "./variants.js";

export const illegal = (code, params) => refuse("IllegalMove", code, params);

/** A position: `removed[p]` is 1 when the card at deck position p is gone; `drawn` stock
 * positions lie on the waste in this pass; `recycles` is how often the waste was turned over;
 * `order`, only after a recycle that gathers the waste piles (Apophis), the stock of this pass
 * (deck positions, top first; deal.py's State.order). */
export const START = Object.freeze({ removed: new Uint8Array(DECK_SIZE), drawn: 0, recycles: 0 });
const withOrder = (state, fields) => (state.order ? { ...fields, order: state.order } : fields);

/** A move: {kind: "pair" | "king" | "draw" | "recycle", cards: [deck order]}, written in notation. */
export const moveText = (move) => (move.cards.length ? move.cards.map(cardText).join("+") : move.kind);
const DRAW = Object.freeze({ kind: "draw", cards: [] });
const RECYCLE = Object.freeze({ kind: "recycle", cards: [] });

const positions = (n) => Array.from({ length: n }, (_, p) => p);
const ALL_MASK = (1n << BigInt(DECK_SIZE)) - 1n;

/** A variant and its 52 cards: answers every rules question about a position. `goal` is the mask
 *  (a BigInt) of deck positions whose cards must all be gone to win, as deal.py's Deal.goal: the
 *  variant's (the pyramid, or all 52 with win=all) unless a challenge names another set
 *  (withGoal); `goalPositions` the same as a list, for isWon. */
export class Deal {
  constructor(variantId, cards, number = null, goal = null) {
    this.variant = typeof variantId === "string" ? getVariant(variantId) : variantId;
    this.cards = cards;
    this.number = number === null ? null : dealNumber(number);
    this.position = new Map(cards.map((card, p) => [card, p]));
    this.layout = LAYOUTS[this.variant.layout];
    this.size = this.layout.size; // the tableau's cards: deck positions 0 .. size - 1
    this.stockStart = this.size + this.variant.piles * this.variant.pile_size;
    this.goalPositions = goal ?? positions(this.variant.win === "all" ? DECK_SIZE : this.size);
    this.goal = this.goalPositions.reduce((mask, p) => mask | (1n << BigInt(p)), 0n);
  }

  /** The same deal won when the cards of `goal` are gone (deal.py with_goal): a BigInt mask of
   *  deck positions, or card numbers. */
  withGoal(goal) {
    let wanted;
    if (typeof goal === "bigint") {
      if (goal <= 0n || goal > ALL_MASK) throw new RangeError(`a goal is a non-empty set of the deal's cards, not ${goal}`);
      wanted = positions(DECK_SIZE).filter((p) => (goal >> BigInt(p)) & 1n);
    } else {
      wanted = [...new Set(goal)].map((card) => this.position.get(card));
      if (!wanted.length || wanted.includes(undefined)) throw new RangeError(`a goal is a non-empty set of the deal's cards, not ${goal}`);
    }
    const deal = new Deal(this.variant, this.cards, null, wanted.sort((a, b) => a - b));
    deal.number = this.number;
    return deal;
  }

  static fromNumber(variantId, number) {
    return new Deal(variantId, dealCards(number), number);
  }

  static fromDeck(variantId, deck) {
    return new Deal(variantId, parseDeck(deck));
  }

  deckString() {
    return formatDeck(this.cards);
  }

  present(state, from, to) {
    const found = [];
    for (let p = from; p < to; p++) if (!state.removed[p]) found.push(p);
    return found;
  }

  /** The stock of this pass, top first, drawn cards included (deal.py stock_order). */
  stockOrder(state) {
    if (!this.variant.has_stock) return [];
    return state.order ?? positions(DECK_SIZE - this.stockStart).map((k) => this.stockStart + k);
  }

  /** Stock cards still to draw, top first. */
  stockPositions(state) {
    return this.stockOrder(state).slice(state.drawn).filter((p) => !state.removed[p]);
  }

  /** Each waste pile bottom to top: a draw deals its cards round the piles in turn. */
  wastePositions(state) {
    const n = this.variant.wastes;
    const piles = Array.from({ length: n }, () => []);
    this.stockOrder(state).slice(0, state.drawn).forEach((p, k) => {
      if (!state.removed[p]) piles[k % n].push(p);
    });
    return piles;
  }

  /** The reserve piles bottom to top (Giza's: the last card of each group of three on top). */
  pilePositions(state) {
    const size = this.variant.pile_size;
    return Array.from({ length: this.variant.piles }, (_, j) =>
      this.present(state, this.size + size * j, this.size + size * (j + 1)));
  }

  isFree(state, p) {
    return this.layout.coveredBy[p].every((c) => state.removed[c]);
  }

  /** Whether position `p` holds a tableau card that lies face down (hidden cards: covered). */
  isFaceDown(state, p) {
    return this.variant.hidden && p < this.size && !state.removed[p] && !this.isFree(state, p);
  }

  /** Deck positions of every available card, in deck order. */
  availablePositions(state) {
    const found = [];
    for (let p = 0; p < this.size; p++) if (!state.removed[p] && this.isFree(state, p)) found.push(p);
    for (const pile of [...this.wastePositions(state), ...this.pilePositions(state)]) {
      if (pile.length) found.push(pile[pile.length - 1]);
    }
    if (this.variant.open_stock) {
      const stock = this.stockPositions(state);
      if (stock.length) found.push(stock[0]);
    }
    return found.sort((a, b) => a - b);
  }

  canDraw(state) {
    return this.stockPositions(state).length > 0;
  }

  canRecycle(state) {
    const { recycles } = this.variant; // null: as often as wanted
    return this.variant.has_stock && (recycles === null || state.recycles < recycles)
      && !this.stockPositions(state).length && this.wastePositions(state).some((pile) => pile.length);
  }

  /** Kings, then pairs, each in deck order, then draw, then recycle; none once won. */
  legalMoves(state) {
    if (this.isWon(state)) return [];
    const avail = this.availablePositions(state);
    const { pairs, alone } = this.variant.pairing;
    const moves = avail.map((p) => this.cards[p]).filter(alone).map((c) => ({ kind: "king", cards: [c] }));
    const twos = []; // pairs as deck positions, in deck order (overlap pairs among them)
    avail.forEach((a, i) => {
      for (const b of avail.slice(i + 1)) if (pairs(this.cards[a], this.cards[b])) twos.push([a, b]);
    });
    for (let p = 0; p < this.size; p++) {
      const over = this.overlapPartner(state, p);
      if (over !== null && pairs(this.cards[p], this.cards[over])) twos.push([p, over]);
    }
    twos.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    for (const [a, b] of twos) moves.push({ kind: "pair", cards: [this.cards[a], this.cards[b]] });
    if (this.canDraw(state)) moves.push(DRAW);
    if (this.canRecycle(state)) moves.push(RECYCLE);
    return moves;
  }

  /** Overlap discards: the one card left over pyramid position `p` when it is free (then the two
   *  may pair), else null; null too in a variant without overlap discards. */
  overlapPartner(state, p) {
    if (!this.variant.overlap || p >= this.size || state.removed[p]) return null;
    const over = this.layout.coveredBy[p].filter((c) => !state.removed[c]);
    return over.length === 1 && this.isFree(state, over[0]) ? over[0] : null;
  }

  /** Whether cards a and b are an overlap pair: one the only card left over the other, free. */
  overlapping(state, a, b) {
    const pa = this.position.get(a);
    const pb = this.position.get(b);
    return this.overlapPartner(state, pa) === pb || this.overlapPartner(state, pb) === pa;
  }

  /** Whether every card of the goal is gone (the pyramid's 28, or all 52 with win=all). */
  isWon(state) {
    return this.goalPositions.every((p) => state.removed[p]);
  }

  isStuck(state) {
    return !this.isWon(state) && !this.legalMoves(state).length;
  }

  /** Passes through the stock still to come, the current one included; null: unlimited. */
  passesLeft(state) {
    if (this.variant.passes === null) return null;
    return Math.max(this.variant.passes - state.recycles, 0);
  }

  /** The position after `move`; throws IllegalMove saying why it cannot be played. */
  apply(state, move) {
    this.check(state, move);
    const perDraw = this.variant.draw * this.variant.wastes;
    if (move.kind === "draw") {
      const stock = this.stockPositions(state);
      const last = stock[Math.min(perDraw, stock.length) - 1];
      return withOrder(state, { removed: state.removed, drawn: this.stockOrder(state).indexOf(last) + 1, recycles: state.recycles });
    }
    if (move.kind === "recycle") {
      if (this.variant.gather === "piles") { // pile 1 gathered first, so pile 3 is on top; dealt at once
        const order = this.wastePositions(state).reverse().flat();
        return { removed: state.removed, drawn: Math.min(perDraw, order.length), recycles: state.recycles + 1, order };
      }
      return withOrder(state, { removed: state.removed, drawn: 0, recycles: state.recycles + 1 });
    }
    const removed = state.removed.slice();
    for (const card of move.cards) removed[this.position.get(card)] = 1;
    return withOrder(state, { removed, drawn: state.drawn, recycles: state.recycles });
  }

  /** Throws IllegalMove saying why `move` cannot be played; a won position has no move. */
  check(state, move) {
    const named = { variant: this.variant.text, name: this.variant.name_en };
    if (this.isWon(state)) illegal("game_won", { move: moveText(move) });
    if (move.kind === "draw") {
      if (!this.variant.has_stock) illegal("draw_no_stock", named);
      if (!this.canDraw(state)) illegal(this.canRecycle(state) ? "draw_stock_empty_recycle" : "draw_stock_empty");
    } else if (move.kind === "recycle") {
      if (!this.variant.has_stock) illegal("recycle_no_stock", named);
      if (this.variant.recycles !== null && state.recycles >= this.variant.recycles) {
        if (this.variant.recycles) illegal("recycle_none_left");
        illegal("recycle_one_pass", named);
      }
      if (this.stockPositions(state).length) illegal("recycle_stock_not_empty");
      if (!this.wastePositions(state).some((pile) => pile.length)) illegal("recycle_waste_empty");
    } else if (move.kind === "king") {
      const [card] = move.cards;
      const { pairing } = this.variant;
      this.checkAvailable(state, card);
      if (!pairing.alone(card)) {
        if (pairing.noneAlone) illegal("no_card_alone", { card: cardText(card), ...named });
        illegal("not_a_king", { card: cardText(card), worth: 13 - value(card) });
      }
    } else {
      const [a, b] = move.cards;
      const { pairing } = this.variant;
      if (a === b) illegal("same_card_twice", { move: `${cardText(a)}+${cardText(b)}` });
      if (!this.overlapping(state, a, b)) for (const card of move.cards) this.checkAvailable(state, card);
      if (!pairing.pairs(a, b)) {
        if (pairing !== THIRTEEN) illegal("not_a_pair", { a: cardText(a), b: cardText(b), ...named });
        illegal("not_thirteen", { a: cardText(a), b: cardText(b) });
      }
    }
  }

  /** Throws IllegalMove naming where `card` lies when it is not available. */
  checkAvailable(state, card) {
    const p = this.position.get(card);
    const name = cardText(card);
    const top = (pile) => cardText(this.cards[pile[pile.length - 1]]);
    if (state.removed[p]) illegal("card_removed", { card: name });
    if (this.availablePositions(state).includes(p)) return;
    if (this.variant.hidden && (this.isFaceDown(state, p) || this.stockPositions(state).includes(p))) {
      illegal("card_unseen", { card: name }); // where it lies is not told: never a peek
    }
    if (p < this.size) {
      const over = this.layout.coveredBy[p].filter((c) => !state.removed[c]).map((c) => cardText(this.cards[c]));
      illegal("card_covered", { card: name, by: over });
    }
    this.pilePositions(state).forEach((pile, k) => {
      if (pile.includes(p)) illegal("card_under_pile", { card: name, top: top(pile), pile: k + 1 });
    });
    const wastes = this.wastePositions(state);
    wastes.forEach((pile, k) => {
      if (!pile.includes(p)) return;
      if (wastes.length === 1) illegal("card_under_waste", { card: name, top: top(pile) });
      illegal("card_under_waste_pile", { card: name, top: top(pile), pile: k + 1 });
    });
    illegal(this.variant.open_stock ? "card_in_stock_not_top" : "card_in_stock", { card: name });
  }

  /** Read `7h+6c`, `Kd`, `draw` or `recycle`; pair cards are put in deck order. */
  parseMove(text) {
    const t = strip(String(text));
    if (t.toLowerCase() === "draw") return DRAW;
    if (t.toLowerCase() === "recycle") return RECYCLE;
    const parts = t.split("+");
    if (!t || parts.length > 2) refuse("MoveSyntaxError", "move_syntax", { text: cut(text) });
    let cards;
    try {
      cards = parts.map(parseCard);
    } catch (err) {
      return refuse("MoveSyntaxError", "move_card", { text: cut(text), reason: err.asReason() });
    }
    if (cards.length === 2) cards.sort((a, b) => this.position.get(a) - this.position.get(b));
    return { kind: cards.length === 2 ? "pair" : "king", cards };
  }
}
