// What a hint says: the move of a winning line, or that the game is lost and since when.

import { t } from "./i18n.js";
import { cardName, moveShort } from "./words.js";

/** The hinted move as advice: "pair the ten of hearts with the three of clubs", "draw a card". */
function advice(move) {
  if (move === "draw") return t("hintDraw");
  if (move === "recycle") return t("hintRecycle");
  const [a, b] = move.split("+");
  return b === undefined ? t("hintKing", { card: cardName(a) }) : t("hintPair", { a: cardName(a), b: cardName(b) });
}

/** The move that lost the game as the subject of a sentence: "4♣ + 9♥", "the draw". */
function losingMove(move) {
  if (move === "draw") return t("losingDraw");
  if (move === "recycle") return t("losingRecycle");
  return moveShort(move);
}

/** Since when the game is lost: the end panel's explanation under its title, which already says
 *  that it is lost (the hint's message says both). `variant`: the rules played (all 52 to win, or the pyramid). */
export function lostSince(h, variant = null) {
  if (h.last_winnable === null) return t("hintLostUnknown");
  if (h.last_winnable < 0) return t(variant?.win === "all" ? "hintNeverWinnableAll" : "hintNeverWinnable"); // what wins here
  const losing = losingMove(h.losing_move);
  if (h.last_winnable === 0) return t("hintLostAtStart", { losing });
  return t("hintLastWinnable", { n: h.last_winnable, move: moveShort(h.last_winnable_move), losing });
}

/** A share as a whole percent, halves to even as the command line's `{share:.0%}` (1 of 40: 2%). */
function percent(share) {
  const p = share * 100;
  const near = Math.round(p);
  return near - p === 0.5 && near % 2 ? near - 1 : near;
}

/** Face-down cards (Thirteen): in how many of the deals that fit what was seen the move wins. */
const consistent = (c) => t("hintConsistent", { winnable: c.winnable, samples: c.samples, percent: percent(c.share) });

/** The message for the server's hint `h`: {text, ms, undo (moves to undo back to the last
 *  winnable position, or null)}. */
export function hintMessage(h) {
  if (h.verdict === "unwinnable") {
    // A deal lost from the start was never winnable: "cannot be won any more" would be wrong.
    const text = h.last_winnable !== null && h.last_winnable < 0 ? lostSince(h) : `${t("hintLost")} ${lostSince(h)}`;
    return { text, ms: 0, undo: h.undo || null };
  }
  if (h.move === null) return { text: t("hintNone"), ms: 4000, undo: null };
  const line = t(h.shortest ? "hintShortest" : "hintWinning", { count: h.steps });
  const unchecked = h.consistent ? consistent(h.consistent) : t(h.busy ? "hintBusy" : "hintUnchecked");
  return { text: `${advice(h.move)} ${h.checked ? line : unchecked}`, ms: 8000, undo: null };
}

export const undoLabel = (n) => t("hintUndoButton", { count: n });

/** After undoing back to where the hint said the game could still be won. */
export const backThere = (n) => (n ? t("hintBackThere", { n }) : t("hintBackStart"));
