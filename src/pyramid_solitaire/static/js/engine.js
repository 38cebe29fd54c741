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

// --- refusals (errors.py): a code and parameters; the English is made from them here -------

/** The English of the codes this engine raises, word for word as errors.py's MESSAGES. */
const MESSAGES = {
  card_invalid: "'{text}' is not a card (expected rank and suit, e.g. Ah, Td, Ks)",
  card_rank: "'{text}' is not a card: unknown rank '{rank}' (use A 2-9 T/10 J Q K)",
  card_suit: "'{text}' is not a card: unknown suit '{suit}' (use c d h s)",
  deal_number_invalid: "'{text}' is not a deal number (a whole number from 0 to 2**64 - 1)",
  deal_number_range: "deal number {text} is out of range (0 to 2**64 - 1)",
  deck_not_text: "deck string must be text, not {type}",
  deck_card: "deck string card {position}: {reason}",
  deck_missing: "deck string has {count} cards; missing: {missing}",
  deck_repeated: "deck string has {count} cards; repeated: {repeated}",
  deck_repeated_missing: "deck string has {count} cards; repeated: {repeated}; missing: {missing}",
  deal_source: "give either a deal number or a deck string",
  variant_unknown: "unknown variant '{variant}' (known: {known})",
  move_syntax: "'{text}' is not a move: write a pair as 7h+6c, a king as Kd, or draw / recycle",
  move_card: "'{text}' is not a move: {reason}",
  game_won: "{move}: the game is already won",
  draw_no_stock: "no draw: {name} has no stock",
  draw_stock_empty: "no draw: the stock is empty",
  draw_stock_empty_recycle: "no draw: the stock is empty; recycle the waste",
  recycle_no_stock: "no recycle: {name} has no stock",
  recycle_one_pass: "no recycle: {name} allows one pass only",
  recycle_none_left: "no recycle left",
  recycle_stock_not_empty: "no recycle yet: the stock is not empty",
  recycle_waste_empty: "no recycle: the waste is empty",
  not_a_king: "{card} is not a king; pair it with a card worth {worth}",
  same_card_twice: "{move} names the same card twice",
  not_thirteen: "{a} and {b} do not add up to 13",
  card_removed: "{card} is already removed",
  card_covered: "{card} is covered by {by}",
  card_under_pile: "{card} is under {top} on pile {pile}",
  card_under_waste: "{card} is under {top} in the waste",
  card_under_waste_pile: "{card} is under {top} in waste pile {pile}",
  card_in_stock: "{card} is still in the stock",
  card_in_stock_not_top: "{card} is still in the stock, not on top",
  nothing_to_undo: "nothing to undo",
  nothing_to_redo: "nothing to redo",
  undo_too_many: "cannot undo {count} moves: only {played} played",
  record_not_object: "a game record is a JSON object, not {type}",
  record_unknown_fields: "unknown field(s) in game record: {fields}",
  record_version: "game record version must be {expected}, not {version}",
  record_variant_type: "game record: variant must be a text id",
  record_deal_or_deck: "game record needs exactly one of 'deal' (a number) or 'deck' (a deck string)",
  record_deck_type: "game record: deck must be a deck string",
  record_deal: "game record: {reason}",
  record_moves_type: "game record: {field} must be a list of move texts",
  record_moves_many: "game record: {field} has {count} moves, at most {limit} allowed",
  record_move: "game record {field}: move {n} '{move}': {reason}",
};
const CUT = 24; // characters of hostile text echoed in a message
const SHOWN_FIELDS = 5; // unknown field names echoed in a refusal

/** Hostile text made safe to echo (errors.cut): at most CUT characters, then "...", control
 *  characters escaped. Values that are not text are written as JSON writes them. */
export function cut(text) {
  const t = typeof text === "string" ? text : text === undefined ? "null" : JSON.stringify(text);
  const short = t.length <= CUT ? t : t.slice(0, CUT) + "...";
  return short.replace(/[\x00-\x1f\x7f]/g, (c) => ({ "\n": "\\n", "\t": "\\t", "\r": "\\r" })[c]
    ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** The English of a refusal: its template with the parameters filled in (lists "a, b and c";
 *  a nested refusal {code, params} as its own English). */
export function english(code, params) {
  const shown = (v) => {
    if (Array.isArray(v)) return v.length <= 2 ? v.join(" and ") : `${v.slice(0, -1).join(", ")} and ${v[v.length - 1]}`;
    if (v !== null && typeof v === "object") return english(v.code, v.params);
    return String(v);
  };
  return MESSAGES[code].replace(/\{(\w+)\}/g, (_, name) => shown(params[name]));
}

/** A refusal: `kind` is the Python exception's name, `code` and `params` as errors.py's. */
export class RulesError extends Error {
  constructor(kind, code, params = {}) {
    super(english(code, params));
    this.kind = kind;
    this.code = code;
    this.params = params;
  }

  /** This refusal as the `reason` parameter of an enclosing one. */
  asReason() {
    return { code: this.code, params: this.params };
  }
}
const refuse = (kind, code, params) => {
  throw new RulesError(kind, code, params);
};
const illegal = (code, params) => refuse("IllegalMove", code, params);

const value = (card) => (card % 13) + 1;
const isKing = (card) => value(card) === 13;
const pairs = (a, b) => value(a) + value(b) === PAIR_SUM;
export const cardText = (card) => RANKS[card % 13] + SUITS[Math.floor(card / 13)];

export function parseCard(text) {
  const t = text.trim();
  if (t.length < 2) refuse("CardError", "card_invalid", { text: cut(text) });
  let rank = t.slice(0, -1).toUpperCase();
  const suit = t.slice(-1).toLowerCase();
  if (rank === "10") rank = "T";
  if (rank.length !== 1 || !RANKS.includes(rank)) {
    refuse("CardError", "card_rank", { text: cut(text), rank: cut(t.slice(0, -1)) });
  }
  if (suit.length !== 1 || !SUITS.includes(suit)) {
    refuse("CardError", "card_suit", { text: cut(text), suit: cut(t.slice(-1)) });
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
  return refuse("UnknownVariant", "variant_unknown", { variant: cut(id), known: Object.keys(VARIANTS) });
}

// --- decks (decks.py) -------------------------------------------------------------------------

/** The one reader of deal numbers (decks.parse_deal_number), as a BigInt: a whole number, or its
 *  digits as text, from 0 to 2**64 - 1; a minus sign is read, then out of range. */
export function dealNumber(number) {
  if (typeof number === "string" && /^-?[0-9]+$/.test(number)) {
    const digits = number.replace(/^-/, "").replace(/^0+/, "");
    if (digits.length > 20) refuse("DeckError", "deal_number_range", { text: cut(number) });
    number = BigInt(number);
  }
  if (typeof number === "number" && Number.isInteger(number)) number = BigInt(number);
  if (typeof number !== "bigint") refuse("DeckError", "deal_number_invalid", { text: cut(number) });
  if (number < 0n || number >= MAX_DEAL) refuse("DeckError", "deal_number_range", { text: cut(String(number)) });
  return number;
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
  if (typeof text !== "string") refuse("DeckError", "deck_not_text", { type: pythonType(text) });
  const tokens = text.split(/\s+/).filter(Boolean);
  const cards = tokens.map((token, i) => {
    try {
      return parseCard(token);
    } catch (err) {
      return refuse("DeckError", "deck_card", { position: i + 1, reason: err.asReason() });
    }
  });
  const seen = new Set();
  const doubled = [];
  for (const c of cards) {
    if (seen.has(c)) doubled.push(c);
    seen.add(c);
  }
  const missing = [...Array(DECK_SIZE).keys()].filter((c) => !seen.has(c));
  const repeated = [...new Set(doubled)].map(cardText); // each card once, so the list stays short
  const absent = missing.map(cardText);
  const count = cards.length;
  if (repeated.length && absent.length) refuse("DeckError", "deck_repeated_missing", { count, repeated, missing: absent });
  if (repeated.length) refuse("DeckError", "deck_repeated", { count, repeated });
  if (absent.length) refuse("DeckError", "deck_missing", { count, missing: absent });
  return cards;
}

export const formatDeck = (cards) => cards.map(cardText).join(" ");

/** A JSON value's type by its Python name, as the Python engine's refusals name it. */
function pythonType(v) {
  if (v === null || v === undefined) return "NoneType";
  if (Array.isArray(v)) return "list";
  const types = { string: "str", boolean: "bool", object: "dict" };
  return typeof v === "number" ? (Number.isInteger(v) ? "int" : "float") : types[typeof v] ?? typeof v;
}

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

  /** Throws IllegalMove saying why `move` cannot be played; a won position has no move. */
  check(state, move) {
    const named = { variant: this.variant.id, name: this.variant.name_en };
    if (this.isWon(state)) illegal("game_won", { move: moveText(move) });
    if (move.kind === "draw") {
      if (!this.variant.has_stock) illegal("draw_no_stock", named);
      if (!this.canDraw(state)) illegal(this.canRecycle(state) ? "draw_stock_empty_recycle" : "draw_stock_empty");
    } else if (move.kind === "recycle") {
      if (!this.variant.has_stock) illegal("recycle_no_stock", named);
      if (state.recycles >= this.variant.recycles) {
        if (this.variant.recycles) illegal("recycle_none_left");
        illegal("recycle_one_pass", named);
      }
      if (this.stockPositions(state).length) illegal("recycle_stock_not_empty");
      if (!this.wastePositions(state).some((pile) => pile.length)) illegal("recycle_waste_empty");
    } else if (move.kind === "king") {
      const [card] = move.cards;
      this.checkAvailable(state, card);
      if (!isKing(card)) illegal("not_a_king", { card: cardText(card), worth: 13 - value(card) });
    } else {
      const [a, b] = move.cards;
      if (a === b) illegal("same_card_twice", { move: `${cardText(a)}+${cardText(b)}` });
      for (const card of move.cards) this.checkAvailable(state, card);
      if (!pairs(a, b)) illegal("not_thirteen", { a: cardText(a), b: cardText(b) });
    }
  }

  /** Throws IllegalMove naming where `card` lies when it is not available. */
  checkAvailable(state, card) {
    const p = this.position.get(card);
    const name = cardText(card);
    const top = (pile) => cardText(this.cards[pile[pile.length - 1]]);
    if (state.removed[p]) illegal("card_removed", { card: name });
    if (this.availablePositions(state).includes(p)) return;
    if (p < PYRAMID_SIZE) {
      const over = COVERED_BY[p].filter((c) => !state.removed[c]).map((c) => cardText(this.cards[c]));
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
    const t = String(text).trim();
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

// --- a game with undo and redo, and its record (game.py) ---------------------------------------

export class Game {
  /** `source` is {deal: number | BigInt | digits} or {deck: deck string}. */
  constructor(variantId = DEFAULT_VARIANT, source = {}) {
    if ((source.deal === undefined) === (source.deck === undefined)) {
      refuse("DeckError", "deal_source");
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
    this.states.push(this.deal.apply(this.state, move));
    this.moves.push(written);
    if (this.redoMoves[0] === written) this.redoMoves.shift(); // replaying the undone move keeps the rest
    else this.redoMoves.length = 0;
    return written;
  }

  undo() {
    if (!this.moves.length) illegal("nothing_to_undo");
    this.states.pop();
    const move = this.moves.pop();
    this.redoMoves.unshift(move);
    return move;
  }

  redo() {
    if (!this.redoMoves.length) illegal("nothing_to_redo");
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
    const bad = (code, params) => refuse("RecordError", code, params);
    if (pythonType(record) !== "dict") bad("record_not_object", { type: pythonType(record) });
    const unknown = Object.keys(record).filter((k) => !RECORD_FIELDS.includes(k)).sort();
    if (unknown.length) {
      const shown = unknown.slice(0, SHOWN_FIELDS).map(cut);
      bad("record_unknown_fields", { fields: unknown.length > SHOWN_FIELDS ? [...shown, "..."] : shown });
    }
    if (record.version !== RECORD_VERSION) bad("record_version", { expected: RECORD_VERSION, version: cut(record.version) });
    const variantId = record.variant ?? DEFAULT_VARIANT;
    if (typeof variantId !== "string") bad("record_variant_type");
    if (("deal" in record) === ("deck" in record)) bad("record_deal_or_deck");
    if ("deck" in record && typeof record.deck !== "string") bad("record_deck_type");
    let game;
    try {
      game = new Game(variantId, "deal" in record ? { deal: record.deal } : { deck: record.deck });
    } catch (err) {
      bad("record_deal", { reason: err.asReason() });
    }
    const moves = moveList(record, "moves");
    const redo = moveList(record, "redo");
    [...moves, ...redo].forEach((text, i) => {
      try {
        game.play(text);
      } catch (err) {
        const [field, n] = i < moves.length ? ["moves", i + 1] : ["redo", i + 1 - moves.length];
        bad("record_move", { field, n, move: cut(text), reason: err.asReason() });
      }
    });
    for (let i = 0; i < redo.length; i++) game.undo();
    return game;
  }
}

function moveList(record, field) {
  const moves = record[field] ?? [];
  if (!Array.isArray(moves) || !moves.every((m) => typeof m === "string")) {
    refuse("RecordError", "record_moves_type", { field });
  }
  if (moves.length > MAX_RECORD_MOVES) {
    refuse("RecordError", "record_moves_many", { field, count: moves.length, limit: MAX_RECORD_MOVES });
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
