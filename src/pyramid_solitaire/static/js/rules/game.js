// The rules in the page: the page's copy of the Python engine (engine/: cards, decks, deal, game
// and the server's view), so moves play at once and without a network. The Python engine is the
// specification; tests/golden/corpus.json, generated from it, holds this copy to it move by move
// (tests/js/engine.test.mjs). Plain ES modules: no DOM, no framework, they run in node too.
//
// This module: a game with undo and redo, and its record (engine/game.py).

import { DEFAULT_VARIANT } from "./variants.js";
import { Deal, START, illegal, moveText } from "./deal.js";
import { cut, pythonType, refuse } from "./errors.js";

const JS_SAFE = 2 ** 53; // bigger deal numbers travel as text in records and views
export const RECORD_VERSION = 1;
const RECORD_FIELDS = ["version", "variant", "deal", "deck", "moves", "redo"];
const MAX_RECORD_MOVES = 1000;
const SHOWN_FIELDS = 5; // unknown field names echoed in a refusal

/** The one-deal-source rule of every front end (game.one_deal_source): `given` names the deal
 *  sources asked for; more than one is refused, naming them. None at all means a random deal
 *  (decks.randomDeal, of random bits the page draws: the rules hold no chance). */
export function oneDealSource(given) {
  if (given.length > 1) refuse("DeckError", "deal_source", { given });
}

export class Game {
  /** `source` is {deal: number | BigInt | digits} or {deck: deck string}. */
  constructor(variantId = DEFAULT_VARIANT, source = {}) {
    const given = ["deal", "deck"].filter((name) => source[name] !== undefined);
    oneDealSource(given);
    if (!given.length) throw new TypeError("a game needs a deal number or a deck string (decks.randomDeal)");
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

  /** Undo the last `count` moves (each stays on the redo path); returns the first of them, the
   *  move redo plays next (game.Game.undo). */
  undo(count = 1) {
    if (!(Number.isInteger(count) && count >= 1)) throw new RangeError(`undo count must be 1 or more, not ${count}`);
    if (count > 1 && count > this.moves.length) illegal("undo_too_many", { count, played: this.moves.length });
    if (!this.moves.length) illegal("nothing_to_undo");
    this.states.length -= count;
    this.redoMoves.unshift(...this.moves.splice(-count));
    return this.redoMoves[0];
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
    const record = { version: RECORD_VERSION, variant: this.variant.text };
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
