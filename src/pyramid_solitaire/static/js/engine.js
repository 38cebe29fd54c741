// The rules in the page: the page's copy of the Python engine (cards, decks, deal, game and the
// server's view), so moves play at once and without a network. The Python engine is the
// specification; tests/golden/corpus.json, generated from it, holds this copy to it move by move
// (tests/js/engine.test.mjs). Plain ES module: no DOM, no framework, runs in node too.

// --- cards (cards.py) ----------------------------------------------------------------------

const RANKS = "A23456789TJQK";
const SUITS = "cdhs";
const PAIR_SUM = 13;
const DECK_SIZE = 52;
const PYRAMID_SIZE = 28;
const ROWS = 7;
const PILE_SIZE = 3;
const MAX_DEAL = 1n << 64n;
const MASK64 = MAX_DEAL - 1n;
const JS_SAFE = 2 ** 53; // bigger deal numbers travel as text in records and views
export const RECORD_VERSION = 1;
const RECORD_FIELDS = ["version", "variant", "deal", "deck", "moves", "redo"];
const MAX_RECORD_MOVES = 1000;
export const DEFAULT_VARIANT = "pyramid";

/** A refusal; `kind` is the Python exception's name, so the page treats both alike. */
export class RulesError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}
const refuse = (kind, message) => {
  throw new RulesError(kind, message);
};
const illegal = (message) => refuse("IllegalMove", message);

const value = (card) => (card % 13) + 1;
const isKing = (card) => value(card) === 13;
const pairs = (a, b) => value(a) + value(b) === PAIR_SUM;
export const cardText = (card) => RANKS[card % 13] + SUITS[Math.floor(card / 13)];

/** Hostile text echoed in a message, cut short (cards.quote). */
export function quote(text, limit = 24) {
  const t = String(text);
  return `'${t.length <= limit ? t : t.slice(0, limit) + "..."}'`;
}

export function parseCard(text) {
  const t = text.trim();
  if (t.length < 2) refuse("CardError", `${quote(text)} is not a card (expected rank and suit, e.g. Ah, Td, Ks)`);
  let rank = t.slice(0, -1).toUpperCase();
  const suit = t.slice(-1).toLowerCase();
  if (rank === "10") rank = "T";
  if (rank.length !== 1 || !RANKS.includes(rank)) {
    refuse("CardError", `${quote(text)} is not a card: unknown rank ${quote(t.slice(0, -1))} (use A 2-9 T/10 J Q K)`);
  }
  if (suit.length !== 1 || !SUITS.includes(suit)) {
    refuse("CardError", `${quote(text)} is not a card: unknown suit ${quote(t.slice(-1))} (use c d h s)`);
  }
  return SUITS.indexOf(suit) * 13 + RANKS.indexOf(rank);
}

// --- variants (variants.py: the rules part; names and summaries come from the server) --------

const variant = (id, nameEn, passes, wastes, piles, openStock) => ({
  id, name_en: nameEn, passes, wastes, piles, open_stock: openStock, has_stock: piles === 0, recycles: Math.max(passes - 1, 0),
});
export const VARIANTS = Object.fromEntries([
  variant("pyramid", "Pyramid", 3, 1, 0, false),
  variant("classic", "Classic Pyramid", 1, 1, 0, false),
  variant("classic-redeal", "Pyramid, one redeal", 2, 1, 0, false),
  variant("three-wastes", "Solitaire 13, three wastes", 1, 3, 0, false),
  variant("giza", "Giza", 0, 0, 8, false),
  variant("open-stock", "Pyramid, open stock", 3, 1, 0, true),
].map((v) => [v.id, v]));

export function getVariant(id) {
  if (typeof id === "string" && Object.hasOwn(VARIANTS, id)) return VARIANTS[id];
  return refuse("UnknownVariant", `unknown variant ${quote(String(id))} (known: ${Object.keys(VARIANTS).join(", ")})`);
}

// --- decks (decks.py) -------------------------------------------------------------------------

/** A deal number as a BigInt; numbers, BigInts and digit strings are read, anything else refused. */
export function dealNumber(number) {
  let n = null;
  if (typeof number === "bigint") n = number;
  else if (typeof number === "number" && Number.isSafeInteger(number)) n = BigInt(number);
  else if (typeof number === "string" && /^[0-9]{1,20}$/.test(number)) n = BigInt(number);
  if (n === null) refuse("DeckError", `deal number must be an integer, not ${quote(String(number))}`);
  if (n < 0n || n >= MAX_DEAL) refuse("DeckError", `deal number ${quote(String(n))} is out of range (0 to 2**64 - 1)`);
  return n;
}

/** The 52 cards of deal `number` in deck-string order: SplitMix64 then Fisher-Yates (RULES.md). */
export function dealCards(number) {
  let state = dealNumber(number);
  const next = () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  };
  const deck = Array.from({ length: DECK_SIZE }, (_, i) => i);
  for (let i = DECK_SIZE - 1; i > 0; i--) {
    const j = Number(next() % BigInt(i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

export function parseDeck(text) {
  if (typeof text !== "string") refuse("DeckError", `deck string must be text, not ${typeof text}`);
  const tokens = text.split(/\s+/).filter(Boolean);
  const cards = tokens.map((token, i) => {
    try {
      return parseCard(token);
    } catch (err) {
      return refuse("DeckError", `deck string card ${i + 1}: ${err.message}`);
    }
  });
  const seen = new Set();
  const doubled = [];
  for (const c of cards) {
    if (seen.has(c)) doubled.push(c);
    seen.add(c);
  }
  const missing = [...Array(DECK_SIZE).keys()].filter((c) => !seen.has(c));
  // The English of errors.py: each repeated card once, lists written "a, b and c".
  const names = (list) => {
    const t = list.map(cardText);
    return t.length <= 2 ? t.join(" and ") : `${t.slice(0, -1).join(", ")} and ${t[t.length - 1]}`;
  };
  const repeated = [...new Set(doubled)];
  const has = `deck string has ${cards.length} cards`;
  if (repeated.length && missing.length)
    refuse("DeckError", `${has}; repeated: ${names(repeated)}; missing: ${names(missing)}`);
  if (repeated.length) refuse("DeckError", `${has}; repeated: ${names(repeated)}`);
  if (missing.length) refuse("DeckError", `${has}; missing: ${names(missing)}`);
  return cards;
}

export const formatDeck = (cards) => cards.map(cardText).join(" ");

// --- the layout (deal.py) ---------------------------------------------------------------------

const slot = (row, i) => (row * (row + 1)) / 2 + i;
/** For each pyramid slot, the two slots that cover it (none in the bottom row). */
const COVERED_BY = [];
for (let row = 0; row < ROWS; row++) {
  for (let i = 0; i <= row; i++) COVERED_BY.push(row === ROWS - 1 ? [] : [slot(row + 1, i), slot(row + 1, i + 1)]);
}

/** A position: `removed[p]` is 1 when the card at deck position p is gone; `drawn` stock
 * positions lie on the waste in this pass; `recycles` is how often the waste was turned over. */
const START = Object.freeze({ removed: new Uint8Array(DECK_SIZE), drawn: 0, recycles: 0 });

/** A move: {kind: "pair" | "king" | "draw" | "recycle", cards: [deck order]}, written in notation. */
export const moveText = (move) => (move.cards.length ? move.cards.map(cardText).join("+") : move.kind);
const DRAW = Object.freeze({ kind: "draw", cards: [] });
const RECYCLE = Object.freeze({ kind: "recycle", cards: [] });

/** A variant and its 52 cards: answers every rules question about a position. */
export class Deal {
  constructor(variantId, cards, number = null) {
    this.variant = typeof variantId === "string" ? getVariant(variantId) : variantId;
    this.cards = cards;
    this.number = number === null ? null : dealNumber(number);
    this.position = new Map(cards.map((card, p) => [card, p]));
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

  /** Stock cards still to draw, top first. */
  stockPositions(state) {
    return this.variant.has_stock ? this.present(state, PYRAMID_SIZE + state.drawn, DECK_SIZE) : [];
  }

  /** Each waste pile bottom to top: a draw deals its cards round the piles in turn. */
  wastePositions(state) {
    const n = this.variant.wastes;
    const piles = Array.from({ length: n }, () => []);
    for (let k = 0; k < state.drawn; k++) {
      if (!state.removed[PYRAMID_SIZE + k]) piles[k % n].push(PYRAMID_SIZE + k);
    }
    return piles;
  }

  /** Giza's piles bottom to top (the last card of each group of three is on top). */
  pilePositions(state) {
    return Array.from({ length: this.variant.piles }, (_, j) =>
      this.present(state, PYRAMID_SIZE + PILE_SIZE * j, PYRAMID_SIZE + PILE_SIZE * (j + 1)));
  }

  isFree(state, p) {
    return COVERED_BY[p].every((c) => state.removed[c]);
  }

  /** Deck positions of every available card, in deck order. */
  availablePositions(state) {
    const found = [];
    for (let p = 0; p < PYRAMID_SIZE; p++) if (!state.removed[p] && this.isFree(state, p)) found.push(p);
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
    return this.variant.has_stock && state.recycles < this.variant.recycles
      && !this.stockPositions(state).length && this.wastePositions(state).some((pile) => pile.length);
  }

  /** Kings, then pairs, each in deck order, then draw, then recycle; none once won. */
  legalMoves(state) {
    if (this.isWon(state)) return [];
    const cards = this.availablePositions(state).map((p) => this.cards[p]);
    const moves = cards.filter(isKing).map((c) => ({ kind: "king", cards: [c] }));
    cards.forEach((a, i) => {
      for (const b of cards.slice(i + 1)) if (pairs(a, b)) moves.push({ kind: "pair", cards: [a, b] });
    });
    if (this.canDraw(state)) moves.push(DRAW);
    if (this.canRecycle(state)) moves.push(RECYCLE);
    return moves;
  }

  isWon(state) {
    return state.removed.subarray(0, PYRAMID_SIZE).every(Boolean);
  }

  isStuck(state) {
    return !this.isWon(state) && !this.legalMoves(state).length;
  }

  /** Passes through the stock still to come, the current one included. */
  passesLeft(state) {
    return Math.max(this.variant.passes - state.recycles, 0);
  }

  /** The position after `move`; throws IllegalMove saying why it cannot be played. */
  apply(state, move) {
    this.check(state, move);
    if (move.kind === "draw") {
      const stock = this.stockPositions(state);
      const last = stock[Math.min(this.variant.wastes, stock.length) - 1];
      return { removed: state.removed, drawn: last + 1 - PYRAMID_SIZE, recycles: state.recycles };
    }
    if (move.kind === "recycle") return { removed: state.removed, drawn: 0, recycles: state.recycles + 1 };
    const removed = state.removed.slice();
    for (const card of move.cards) removed[this.position.get(card)] = 1;
    return { removed, drawn: state.drawn, recycles: state.recycles };
  }

  check(state, move) {
    const name = this.variant.name_en;
    if (move.kind === "draw") {
      if (!this.variant.has_stock) illegal(`no draw: ${name} has no stock`);
      if (!this.canDraw(state)) illegal(`no draw: the stock is empty${this.canRecycle(state) ? "; recycle the waste" : ""}`);
    } else if (move.kind === "recycle") {
      if (!this.variant.has_stock) illegal(`no recycle: ${name} has no stock`);
      if (state.recycles >= this.variant.recycles) {
        illegal(this.variant.recycles ? "no recycle left" : `no recycle: ${name} allows one pass only`);
      }
      if (this.stockPositions(state).length) illegal("no recycle yet: the stock is not empty");
      if (!this.wastePositions(state).some((pile) => pile.length)) illegal("no recycle: the waste is empty");
    } else if (move.kind === "king") {
      const [card] = move.cards;
      this.checkAvailable(state, card);
      if (!isKing(card)) illegal(`${cardText(card)} is not a king; pair it with a card worth ${13 - value(card)}`);
    } else {
      const [a, b] = move.cards;
      if (a === b) illegal(`${cardText(a)}+${cardText(b)} names the same card twice`);
      for (const card of move.cards) this.checkAvailable(state, card);
      if (!pairs(a, b)) illegal(`${cardText(a)} and ${cardText(b)} do not add up to 13`);
    }
  }

  /** Throws IllegalMove naming where `card` lies when it is not available. */
  checkAvailable(state, card) {
    const p = this.position.get(card);
    const name = cardText(card);
    const top = (pile) => cardText(this.cards[pile[pile.length - 1]]);
    if (state.removed[p]) illegal(`${name} is already removed`);
    if (this.availablePositions(state).includes(p)) return;
    if (p < PYRAMID_SIZE) {
      const over = COVERED_BY[p].filter((c) => !state.removed[c]).map((c) => cardText(this.cards[c]));
      illegal(`${name} is covered by ${over.join(" and ")}`);
    }
    this.pilePositions(state).forEach((pile, k) => {
      if (pile.includes(p)) illegal(`${name} is under ${top(pile)} on pile ${k + 1}`);
    });
    const wastes = this.wastePositions(state);
    wastes.forEach((pile, k) => {
      if (pile.includes(p)) illegal(`${name} is under ${top(pile)} in ${wastes.length === 1 ? "the waste" : `waste pile ${k + 1}`}`);
    });
    illegal(`${name} is still in the stock${this.variant.open_stock ? ", not on top" : ""}`);
  }

  /** Read `7h+6c`, `Kd`, `draw` or `recycle`; pair cards are put in deck order. */
  parseMove(text) {
    const t = String(text).trim();
    if (t.toLowerCase() === "draw") return DRAW;
    if (t.toLowerCase() === "recycle") return RECYCLE;
    const parts = t.split("+");
    const syntax = (why) => refuse("MoveSyntaxError", `${quote(text)} is not a move: ${why}`);
    if (!t || parts.length > 2) syntax("write a pair as 7h+6c, a king as Kd, or draw / recycle");
    let cards;
    try {
      cards = parts.map(parseCard);
    } catch (err) {
      return syntax(err.message);
    }
    if (cards.length === 2) cards.sort((a, b) => this.position.get(a) - this.position.get(b));
    return { kind: cards.length === 2 ? "pair" : "king", cards };
  }
}

// --- a game with undo and redo, and its record (game.py) ---------------------------------------

export class Game {
  /** `source` is {deal: number | BigInt | digits} or {deck: deck string}. */
  constructor(variantId = DEFAULT_VARIANT, source = {}) {
    if ((source.deal === undefined) === (source.deck === undefined)) {
      refuse("DeckError", "give either a deal number or a deck string");
    }
    this.deal = source.deck === undefined ? Deal.fromNumber(variantId, source.deal) : Deal.fromDeck(variantId, source.deck);
    this.states = [START];
    this.moves = [];
    this.redoMoves = [];
  }

  get variant() {
    return this.deal.variant;
  }

  get state() {
    return this.states[this.states.length - 1];
  }

  legalMoves() {
    return this.deal.legalMoves(this.state);
  }

  get isWon() {
    return this.deal.isWon(this.state);
  }

  get isStuck() {
    return this.deal.isStuck(this.state);
  }

  get passesLeft() {
    return this.deal.passesLeft(this.state);
  }

  /** Play a legal move given as text (a new move drops the redo path); returns its notation. */
  play(text) {
    const move = this.deal.parseMove(text);
    const written = moveText(move);
    if (this.isWon) illegal(`${written}: the game is already won`);
    this.states.push(this.deal.apply(this.state, move));
    this.moves.push(written);
    if (this.redoMoves[0] === written) this.redoMoves.shift(); // replaying the undone move keeps the rest
    else this.redoMoves.length = 0;
    return written;
  }

  undo() {
    if (!this.moves.length) illegal("nothing to undo");
    this.states.pop();
    const move = this.moves.pop();
    this.redoMoves.unshift(move);
    return move;
  }

  redo() {
    if (!this.redoMoves.length) illegal("nothing to redo");
    return this.play(this.redoMoves[0]);
  }

  /** Back to the start of the same deal (play again). */
  restart() {
    this.states.length = 1;
    this.moves.length = 0;
    this.redoMoves.length = 0;
  }

  /** The deal number as the server writes it: a number, or digits past 2**53. */
  get dealValue() {
    const n = this.deal.number;
    if (n === null) return null;
    return n < BigInt(JS_SAFE) ? Number(n) : String(n);
  }

  toRecord() {
    const record = { version: RECORD_VERSION, variant: this.variant.id };
    if (this.deal.number !== null) record.deal = this.dealValue;
    else record.deck = this.deal.deckString();
    record.moves = [...this.moves];
    record.redo = [...this.redoMoves];
    return record;
  }

  /** Load a record, replaying every move; refuse it whole with a message if any part is bad. */
  static fromRecord(record) {
    const bad = (message) => refuse("RecordError", message);
    if (record === null || typeof record !== "object" || Array.isArray(record)) {
      bad(`a game record is a JSON object, not ${record === null ? "null" : Array.isArray(record) ? "list" : typeof record}`);
    }
    const unknown = Object.keys(record).filter((k) => !RECORD_FIELDS.includes(k)).sort();
    if (unknown.length) bad(`unknown field(s) in game record: ${unknown.join(", ")}`);
    if (record.version !== RECORD_VERSION) bad(`game record version must be ${RECORD_VERSION}, not ${record.version}`);
    const variantId = record.variant ?? DEFAULT_VARIANT;
    if (typeof variantId !== "string") bad("game record: variant must be a text id");
    if (("deal" in record) === ("deck" in record)) {
      bad("game record needs exactly one of 'deal' (a number) or 'deck' (a deck string)");
    }
    if ("deck" in record && typeof record.deck !== "string") bad("game record: deck must be a deck string");
    let game;
    try {
      game = new Game(variantId, "deal" in record ? { deal: record.deal } : { deck: record.deck });
    } catch (err) {
      bad(`game record: ${err.message}`);
    }
    const moves = moveList(record, "moves");
    const redo = moveList(record, "redo");
    [...moves, ...redo].forEach((text, i) => {
      try {
        game.play(text);
      } catch (err) {
        const [field, n] = i < moves.length ? ["moves", i + 1] : ["redo", i + 1 - moves.length];
        bad(`game record ${field}: move ${n} ${quote(text)}: ${err.message}`);
      }
    });
    for (let i = 0; i < redo.length; i++) game.undo();
    return game;
  }
}

function moveList(record, field) {
  const moves = record[field] ?? [];
  if (!Array.isArray(moves) || !moves.every((m) => typeof m === "string")) {
    refuse("RecordError", `game record: ${field} must be a list of move texts`);
  }
  if (moves.length > MAX_RECORD_MOVES) {
    refuse("RecordError", `game record: ${field} has ${moves.length} moves, at most ${MAX_RECORD_MOVES} allowed`);
  }
  return moves;
}

// --- what the page draws (web/view.py: the same object the server answers) ---------------------

export function view(game) {
  const { deal, state } = game;
  const available = deal.availablePositions(state);
  const text = (p) => cardText(deal.cards[p]);
  const stock = deal.stockPositions(state);
  const openTop = deal.variant.open_stock && stock.length > 0;
  const won = game.isWon;
  const moves = game.legalMoves().map(moveText);
  return {
    variant: game.variant.id,
    deal: game.dealValue,
    pyramid: deal.cards.slice(0, PYRAMID_SIZE).map((card, p) => {
      const gone = Boolean(state.removed[p]);
      return { card: gone ? null : cardText(card), free: !gone && deal.isFree(state, p), available: available.includes(p) };
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

/** The server's answer shape, {record, view, ...extra}, made here. */
export const answer = (game, extra = {}) => ({ record: game.toRecord(), view: view(game), ...extra });
