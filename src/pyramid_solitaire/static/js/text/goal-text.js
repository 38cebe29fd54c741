// A challenge's goal, grade and share text in the player's language (docs/daily.md).

import { scoreOfView } from "../goals/score.js";
import { t, fill } from "./i18n.js";

export function goalText(goal) {
  if (goal.kind === "clear") return t("goalClear");
  if (goal.kind === "moves") return t("goalMoves", { n: goal.at_most, par: goal.par });
  if (goal.kind === "score") return t("goalScore", { n: goal.score });
  const ranks = new Set(goal.cards.map((card) => card[0]));
  if (goal.cards.length === 4 && ranks.size === 1) {
    return t("goalRank", { rank: t("rankPlural")["A23456789TJQK".indexOf(goal.cards[0][0])], par: goal.par });
  }
  return t("goalCards", { cards: goal.cards.join(" ") });
}

/** How far the game is towards the goal: moves used of those allowed, goal cards left, the score
 *  so far, the pyramid's cards left. `gone`: the cards removed. */
export function progressText(goal, view, gone) {
  if (goal.kind === "moves") return t("chalUsed", { n: view.move_count, of: goal.at_most });
  if (goal.kind === "score") return t("chalPoints", { n: scoreOfView(view), of: goal.score });
  if (goal.kind === "cards") return t("chalCardsLeft", { n: goal.cards.filter((card) => !gone.has(card)).length, of: goal.cards.length });
  return t("chalPyramidLeft", { count: view.pyramid.filter((c) => c.card !== null).length });
}

/** "Easy", or "Challenge 2" for a challenge made before grades were there. */
export function stepText(challenge) {
  return challenge.grade ? t("grade")[challenge.grade] : t("chalStep", { n: challenge.id.split("-").pop() });
}

// Marks every font has (a phone without colour emoji too), as the day's list shows them.
const MARKS = { met: "\u2713", missed: "\u2717", none: "\u2013" };

/** The share text of a day (state/challenges.js shareFacts): what was done, never how. The day in
 *  the player's date format, a mark per step (met, missed, not tried) with its grade and par, the
 *  run of days, and `link` to the day's challenges; `day`: the date in words (screen.js dayText). */
export function shareText(facts, day, link) {
  const lines = [t("chalShare", { date: day, done: facts.done, of: facts.of }),
    facts.steps.map((s) => MARKS[s.mark]).join("")];
  for (const s of facts.steps) {
    const name = s.grade ? t("grade")[s.grade] : t("chalStep", { n: s.n });
    const par = s.par === undefined ? "" : ` (${fill(t("chalSharePar"), { par: s.par, moves: s.moves })})`;
    lines.push(`${MARKS[s.mark]} ${name}: ${t(`chalMark-${s.mark}`)}${par}`);
  }
  if (facts.run) lines.push(t("chalStreak", { count: facts.run }));
  lines.push(link);
  return lines.join("\n");
}

/** The end panel of a challenge (daily-play.js's end(): goal.js's outcome with the goal, the moves
 *  and whether the game goes on): [title, text], met or missed by how much. */
export function endText(end) {
  const goal = goalText(end.goal);
  if (end.met) return [t("chalMetTitle"), t(end.playOn ? "chalMetOn" : "chalMet", { goal, count: end.moves })];
  let by;
  if (end.over !== undefined) by = t("chalMissedOver", { count: end.over, moves: end.moves, allowed: end.goal.at_most });
  else if (end.short !== undefined) by = t("chalMissedShort", { count: end.short, score: end.goal.score - end.short });
  else if (end.cards !== undefined) by = t("chalMissedCards", { count: end.cards });
  else by = t(end.goal.kind === "moves" && end.playOn ? "chalMissedMoves" : "chalMissedLeft", { count: end.left, allowed: end.goal.at_most });
  return [t("chalMissedTitle"), `${goal}: ${by}`];
}
