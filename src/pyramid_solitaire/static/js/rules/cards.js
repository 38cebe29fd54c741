// Cards (engine/cards.py): a card is a number 0..51, suit * 13 + rank; its text is rank and suit
// ("Th", "Ks"). Part of the rules in the page (see game.js).

import { cut, refuse, strip } from "./errors.js";

const RANKS = "A23456789TJQK";
const SUITS = "cdhs";
const PAIR_SUM = 13;

export const value = (card) => (card % 13) + 1;
export const isKing = (card) => value(card) === 13;
export const pairs = (a, b) => value(a) + value(b) === PAIR_SUM;
export const cardText = (card) => RANKS[card % 13] + SUITS[Math.floor(card / 13)];

export function parseCard(text) {
  const chars = [...strip(text)]; // code points, as Python counts and slices a str
  if (chars.length < 2) refuse("CardError", "card_invalid", { text: cut(text) });
  const [given, last] = [chars.slice(0, -1).join(""), chars[chars.length - 1]];
  let rank = given.toUpperCase();
  const suit = last.toLowerCase();
  if (rank === "10") rank = "T";
  if (rank.length !== 1 || !RANKS.includes(rank)) refuse("CardError", "card_rank", { text: cut(text), rank: cut(given) });
  if (suit.length !== 1 || !SUITS.includes(suit)) refuse("CardError", "card_suit", { text: cut(text), suit: cut(last) });
  return SUITS.indexOf(suit) * 13 + RANKS.indexOf(rank);
}
