// Decks (engine/decks.py): deal numbers, the 52 cards of a deal, deck strings. Part of the rules
// in the page (see game.js).

import { cardText, parseCard } from "./cards.js";
import { cut, pythonType, refuse, words } from "./errors.js";

export const DECK_SIZE = 52;
export const PYRAMID_SIZE = 28;
const MAX_DEAL = 1n << 64n;
const MASK64 = MAX_DEAL - 1n;
// A random deal is below 2**31, as the Python engine's (decks.RANDOM_DEALS): short to read out,
// exact in JavaScript. The corpus holds both to the same bound.
export const RANDOM_DEALS = 2 ** 31;

/** The one random-deal rule of the page: the deal of 32 random bits, uniform below RANDOM_DEALS
 *  (2**32 is a multiple of it). The bits come from the caller: the rules hold no chance. */
export const randomDeal = (bits) => bits % RANDOM_DEALS;

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
  const tokens = words(text);
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
