// The statistics dialog's personal bests and achievements (state/records.js, state/achievements.js),
// each with the day it was set or earned.

import { clockText } from "../state/clock.js";
import { ACHIEVEMENTS, earned } from "../state/achievements.js";
import * as records from "../state/records.js";
import { t } from "../text/i18n.js";
import { dayText } from "../view/screen.js";

const $ = (id) => document.getElementById(id);

function figure(key, label, best, shown = String) {
  const box = document.createElement("div");
  box.dataset.best = key;
  const dt = document.createElement("dt");
  dt.textContent = t(label);
  const dd = document.createElement("dd");
  dd.textContent = best ? shown(best.value) : "\u2013";
  const day = document.createElement("small");
  day.className = "best-day";
  day.textContent = best ? dayText(best.day) : "";
  dd.append(document.createElement("br"), day);
  box.append(dt, dd);
  return box;
}

/** Fill the dialog's bests of `variantId` and the achievements of every variant. */
export function drawBests(variantId) {
  const b = records.load(variantId);
  $("stats-bests").replaceChildren(
    figure("score", "bestScore", b.score), figure("moves", "bestMoves", b.moves),
    figure("time", "bestTime", b.time, clockText), figure("days", "bestDays", b.days),
  );
  const had = earned();
  const names = t("achievementNames");
  $("stats-achievements").replaceChildren(...ACHIEVEMENTS.map(({ id }) => {
    const item = document.createElement("li");
    item.dataset.achievement = id;
    item.classList.toggle("earned", id in had);
    const title = document.createElement("b");
    title.textContent = names[id][0];
    const when = document.createElement("small");
    when.textContent = id in had ? t("achievementOn", { date: dayText(had[id]) }) : t("achievementOpen");
    item.append(title, ` \u2013 ${names[id][1]} `, when);
    return item;
  }));
}
