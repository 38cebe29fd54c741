// Cards (engine/cards.py): a card is a number 0..51, suit * 13 + rank; its text is rank and suit
// ("Th", "Ks"). Part of the rules in the page (see game.js).

import { cut, refuse } from "./errors.js";

const RANKS = "A23456789TJQK";
const SUITS = "cdhs";
const PAIR_SUM = 13;

export const value = (card) => (card % 13) + 1;
export const isKing = (card) => value(card) === 13;
export const pairs = (a, b) => value(a) + value(b) === PAIR_SUM;
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
