// The statistics dialog of a variant: figures, a chart of recent games, and a reset that asks first.

import { clockText } from "../state/clock.js";
import { t, variantName } from "../text/i18n.js";
import * as records from "../state/records.js";
import * as stats from "../state/stats.js";
import { drawBests } from "./bests-panel.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

export function openStats(variant) {
  $("stats-note").textContent = "";
  const s = stats.load(variant.id);
  $("stats-title").textContent = t("statsTitle", { name: variantName(variant) });
  const rate = stats.winRate(s);
  const figures = [
    ["played", "statsPlayed", s.played], ["won", "statsWon", s.won],
    ["rate", "statsRate", rate === null ? "\u2013" : `${rate} %`],
    ["streak", "statsStreak", s.streak], ["best-streak", "statsBestStreak", s.bestStreak],
    ["best-time", "statsBestTime", s.bestTime === null ? "\u2013" : clockText(s.bestTime)],
    ["fewest-moves", "statsFewest", s.fewestMoves ?? "\u2013"], ["hints", "statsHints", s.hints],
    ["undos", "statsUndos", s.current.undos],
  ];
  const list = $("stats-figures");
  list.replaceChildren();
  for (const [key, label, value] of figures) {
    const box = document.createElement("div");
    box.dataset.stat = key;
    const dt = document.createElement("dt");
    dt.textContent = t(label);
    const dd = document.createElement("dd");
    dd.textContent = String(value);
    box.append(dt, dd);
    list.append(box);
  }
  const perGrade = stats.gradeStats(variant.id);
  for (const grade of stats.GRADES) {
    const { played, won } = perGrade[grade];
    if (!played) continue;
    const box = document.createElement("div");
    box.dataset.stat = `grade-${grade}`;
    box.className = "stats-grade";
    const rate = `${Math.round((100 * won) / played)} %`;
    box.textContent = t("statsGrade", { grade: t(`grade-${grade}`), played, won, rate });
    list.append(box);
  }
  const tried = stats.challengeCounts(s);
  if (tried.tried) { // the variant's games of the day's challenges, counted above too
    const box = document.createElement("div");
    box.dataset.stat = "challenges";
    box.className = "stats-grade";
    box.textContent = t("statsChallenges", tried);
    list.append(box);
  }
  drawChart($("stats-chart"), s.recent);
  drawBests(variant.id);
  $("stats-confirm").hidden = true;
  $("stats-reset").hidden = false;
  if (!$("stats-dialog").open) $("stats-dialog").showModal();
}

function svg(tag, attributes) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  return el;
}

/** Recent results as bars, oldest on the left: a won game is a tall green bar, a lost game a short
 *  red one; each bar's tooltip tells the moves. SVG elements, made here (the CSP allows no inline script). */
function drawChart(box, recent) {
  box.replaceChildren();
  if (!recent.length) {
    const none = document.createElement("p");
    none.textContent = t("statsNone");
    box.append(none);
    return;
  }
  const slots = stats.RECENT_MAX;
  const won = recent.filter((r) => r.won).length;
  const chart = svg("svg", { viewBox: `0 0 ${slots * 10} 60`, role: "img",
    "aria-label": t("statsChartLabel", { count: recent.length, won, lost: recent.length - won }) });
  recent.forEach((r, i) => {
    const height = r.won ? 50 : 18;
    const bar = svg("rect", { x: i * 10 + 1.5, y: 58 - height, width: 7, height, rx: 1.5, class: r.won ? "bar won" : "bar lost" });
    const tip = document.createElementNS(SVG, "title");
    tip.textContent = r.won ? t("statsWonBar", { count: r.moves }) : t("statsLostBar");
    bar.append(tip);
    chart.append(bar);
  });
  chart.append(svg("line", { x1: 0, x2: slots * 10, y1: 58.5, y2: 58.5, class: "base" }));
  const rule = document.createElement("p");
  rule.className = "note";
  rule.textContent = t("statsRule");
  box.append(chart, rule);
}

/** The dialog's reset buttons; `variant()` is the variant on the table. */
export function bindStats(variant) {
  $("stats-reset").addEventListener("click", () => {
    $("stats-confirm-text").textContent = t("statsResetAsk", { name: variantName(variant()) });
    $("stats-confirm").hidden = false;
    $("stats-reset").hidden = true;
    $("stats-reset-no").focus();
  });
  $("stats-reset-yes").addEventListener("click", () => {
    stats.reset(variant().id);
    records.reset(variant().id);
    openStats(variant());
    $("stats-note").textContent = t("statsResetDone", { name: variantName(variant()) }); // in the dialog
  });
  $("stats-reset-no").addEventListener("click", () => openStats(variant()));
}
