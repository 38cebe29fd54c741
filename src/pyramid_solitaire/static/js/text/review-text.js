// What the review panel says of a review of a game against the solver (solver/review.js's
// answer): since when it was winnable, how much longer than the shortest win, the losing move.

import { t } from "./i18n.js";
import { moveShort } from "./words.js";

/** The review's summary, one line each, in the player's language. */
export function reviewSummary(result) {
  if (result.busy) return [t("reviewBusy")];
  const lines = [];
  const start = result.start;
  if (start.winnable === "unwinnable") lines.push(t("reviewNeverWinnable"));
  else if (start.steps) lines.push(t(start.proven ? "reviewStart" : "reviewStartLong", { count: start.steps }));
  if (result.won && result.longer_by !== null) {
    lines.push(result.longer_by === 0 ? t("reviewShortestWin") : t("reviewLonger", { count: result.longer_by }));
  }
  if (result.losing_move !== null) {
    const move = result.moves[result.losing_move - 1].move;
    lines.push(t("reviewLosing", { n: result.losing_move, move: moveShort(move) ?? move }));
    if (result.at_loss && result.at_loss.steps) lines.push(t("reviewAtLoss", { count: result.at_loss.steps }));
  }
  if (!result.complete) lines.push(t("reviewIncomplete"));
  if (result.thoughtful) lines.push(t("reviewThoughtful")); // Thirteen: the solver knew the face-down cards
  return lines;
}
