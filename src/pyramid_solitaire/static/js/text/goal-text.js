// A challenge's goal, grade and share text in the player's language (docs/daily.md).

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

/** "Easy", or "Challenge 2" for a challenge made before grades were there. */
export function stepText(challenge) {
  return challenge.grade ? t("grade")[challenge.grade] : t("chalStep", { n: challenge.id.split("-").pop() });
}

/** The share text of a day (state/challenges.js shareFacts): what was done, never how. */
export function shareText(facts) {
  const parts = [t("chalShare", { date: facts.date, done: facts.done, of: facts.of })];
  for (const m of facts.moves) parts.push(fill(t("chalSharePar"), { par: m.par, moves: m.moves }));
  return parts.join(" \u00b7 ");
}
