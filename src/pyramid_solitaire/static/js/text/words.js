// Cards and moves for people, in the page's language: "the ten of hearts" / "Herz-Zehn" in a
// sentence, "10♥ + 3♣", "draw" / "Ziehen" for a move; never the notation ("Th+3c") the server
// and the records use. The words themselves are in i18n.js.

import { language, t } from "./i18n.js";

const SUIT_SYMBOLS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const CARD = /^(?:[2-9TJQKA]|10)[cdhs]$/;

/** Rank and suit of a card's text ("Th" or "10h"), or null when it is no card. */
function parts(card) {
  const text = String(card);
  if (!CARD.test(text)) return null;
  const rank = text.slice(0, -1);
  return { rank: rank === "10" ? "T" : rank, suit: text.slice(-1) };
}

function named(card, key) {
  const p = parts(card);
  if (!p) return String(card);
  return t(key, { rank: t("rankWords")[p.rank], suit: t("suitWords")[p.suit] });
}

/** A card inside a sentence: "the ten of hearts", "Herz-Zehn". */
export const cardName = (card) => named(card, "cardName");

/** A card on its own, as a label: "ten of hearts", "Herz-Zehn". */
export const cardLabel = (card) => named(card, "cardLabel");

/** A card in short: "10♥", "Q♠" (German "D♠"). */
export function cardShort(card) {
  const p = parts(card);
  if (!p) return String(card);
  return (t("rankShort")[p.rank] ?? p.rank) + SUIT_SYMBOLS[p.suit];
}

/** A move in short: "10♥ + 3♣", "K♦", "draw" / "Ziehen", "turn the waste over" / "Ablage umdrehen";
 *  null when `move` is no move (a hostile text is then shown as it came). */
export function moveShort(move) {
  const text = String(move);
  if (text === "draw") return t("moveDraw");
  if (text === "recycle") return t("moveRecycle");
  const cards = text.split("+");
  if (cards.length > 2 || !cards.every(parts)) return null;
  return cards.map(cardShort).join(" + ");
}

/** Items joined for a sentence: "a, b and c" / "a, b und c". */
export const listOf = (items) => new Intl.ListFormat(language(), { type: "conjunction" }).format(items);
