// What a player who listens is told: every move in words ("King of clubs removed.", "Drawn: three
// of clubs; 20 left in the stock."), and each card's name with its place on the table ("Queen of
// hearts, row 7, card 3, covered"). The sentences themselves are in en.js and de.js.

import { recyclesOfView } from "../goals/score.js";
import { clockText } from "../state/clock.js";
import { t } from "./i18n.js";
import { cardLabel, cardName, listOf } from "./words.js";

const capital = (text) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A card's accessible name: the card, where it lies ({where, row, n, heaps}), and whether it is
 *  covered or the hint's; the board marks a covered card aria-disabled too. */
export function cardPlaceLabel(card, { where, row, n, heaps = 1 }, { covered = false, hint = false, goal = false } = {}) {
  const parts = [capital(cardLabel(card))];
  if (where === "pyramid") parts.push(t("placeRow", { row, n }));
  else if (where === "waste") parts.push(heaps > 1 ? t("placeWasteN", { n }) : t("placeWaste"));
  else if (where === "pile") parts.push(t("placePile", { n }));
  else if (where === "open") parts.push(t("placeOpen"));
  if (covered) parts.push(t("placeCovered"));
  if (hint) parts.push(t("placeHint"));
  if (goal) parts.push(t("placeGoal"));
  return parts.join(", ");
}

/** The text of a won game: its time, moves and undos ("Cleared in 4:12 with 65 moves."). */
export function wonText(elapsedMs, moves, undos) {
  const time = clockText(elapsedMs);
  if (!undos) return t("wonText", { time, count: moves });
  return t(undos === 1 ? "wonUndoOne" : "wonUndos", { time, moves, undos });
}

const freeCards = (view) => new Set(view.available);
const wasteTops = (view) => view.wastes.map((pile) => pile[pile.length - 1]).filter(Boolean);

/** The cards of move `move` ("Th+3c", "Kd") in words for a sentence: "ten of hearts and three of clubs". */
function moveCards(move) {
  if (move === "draw") return t("moveDraw");
  if (move === "recycle") return t("moveRecycle");
  return listOf(move.split("+").map(cardLabel));
}

/** What a move from `before` to `after` says: the cards removed and the cards that are free now, the
 *  cards drawn and what is left, a recycle and its pass. */
export function moveSpoken(before, after) {
  const move = after.last_move;
  if (!move) return "";
  if (move === "draw") {
    const old = new Set(wasteTops(before));
    const drawn = wasteTops(after).filter((card) => !old.has(card));
    const cards = listOf(drawn.map(cardLabel));
    const left = after.stock.count;
    let text = left ? t("saidDraw", { cards, count: left }) : t("saidDrawLast", { cards });
    if (after.stock.top) text += ` ${t("saidOpen", { card: cardLabel(after.stock.top) })}`;
    return text;
  }
  if (move === "recycle") {
    const n = recyclesOfView(after) + 1;
    return after.passes === null ? t("saidRecycleUnlimited", { n }) : t("saidRecycle", { n, of: after.passes });
  }
  const had = freeCards(before);
  const removed = move.split("+");
  const freed = after.available.filter((card) => !had.has(card)); // uncovered, or the new top of a heap
  const cards = capital(listOf(removed.map(cardLabel)));
  if (!freed.length) return t("saidRemoved", { cards });
  return t("saidRemovedFreed", { cards, freed: listOf(freed.map(cardName)), count: freed.length });
}

/** What an undo says: the move taken back ("Undone: king of clubs."), or for several at once
 *  (the end panel's "Undo 38 moves") how many and where the game is now. */
export function undoSpoken(undone, count = 1, movesNow = 0) {
  if (count > 1) return t(movesNow ? "saidUndoMany" : "saidUndoToStart", { count, n: movesNow });
  return undone ? t("saidUndo", { move: moveCards(undone) }) : "";
}
