// The screen: toolbar state, status line, pause cover, end panel and the board, all drawn from
// the session's state, the player's marks and settings, with a layout plan made for the table.

import { clockText } from "./clock.js";
import * as dealing from "./dealing.js";
import { language, t, variantName } from "./i18n.js";
import { planLayout } from "./layout.js";

const $ = (id) => document.getElementById(id);

/** A date for people: "November 29, 2026", or short ("Nov 29") for the status line on a phone. */
export function dayText(date, short = false) {
  const [y, m, d] = date.split("-").map(Number);
  const format = short ? { day: "numeric", month: "short" } : { day: "numeric", month: "long", year: "numeric" };
  return new Date(y, m - 1, d).toLocaleDateString(language(), format);
}

/**
 * deps: session (its state), ui ({selected, hint, paused}), prefs ({large}), clock, board
 * (board.js), table (the element the board fits in).
 */
export function createScreen({ session, ui, prefs, clock, board, table }) {
  const boardEl = $("board");

  function draw() {
    const { view, variant } = session.state;
    document.body.classList.toggle("large", prefs.large);
    $("btn-large").setAttribute("aria-pressed", String(prefs.large));
    $("btn-pause").setAttribute("aria-pressed", String(ui.paused));
    $("pause-cover").hidden = !ui.paused;
    if (!view) return;
    // A position of the game shown by the review (read-only) takes the board, not the status.
    const shown = ui.shown ? ui.shown.view : view;
    const plan = planLayout(shown, table.clientWidth, table.clientHeight, { large: prefs.large, openStock: variant.open_stock });
    board.render(shown, plan, ui.shown ? {} : { selected: ui.selected, hint: ui.hint });
    boardEl.classList.toggle("shown", Boolean(ui.shown));
    boardEl.dataset.moves = String(view.move_count);
    boardEl.dataset.variant = view.variant;
    $("btn-undo").disabled = !view.can_undo;
    $("btn-redo").disabled = !view.can_redo;
    $("btn-hint").disabled = view.won;
    drawStatus(view, variant);
    if (ui.shown) $("end-panel").hidden = true; // the end panel comes back with the game
    else drawEnd(view);
    document.body.dataset.ready = "1";
  }

  function drawStatus(view, variant) {
    const daily = dealing.dailyDate(view.variant, view.deal);
    const dealText = daily ? t("daily", { date: dayText(daily, table.clientWidth < 600) })
      : view.deal === null ? t("deck") : t("deal", { n: view.deal });
    const game = $("status-game");
    game.textContent = `${variantName(variant)} \u00b7 ${dealText}`;
    game.classList.toggle("daily", Boolean(daily));
    game.title = daily ? t("deal", { n: view.deal }) : ""; // the daily deal's number, on demand
    if (daily) boardEl.dataset.daily = daily;
    else delete boardEl.dataset.daily;
    $("status-moves").textContent = String(view.move_count);
    $("status-passes").textContent = String(view.passes_left);
    $("status-passes-item").hidden = !variant.has_stock || view.passes <= 1;
    drawTime();
  }

  function drawTime() {
    $("status-time").textContent = clockText(clock.elapsed());
  }

  function drawEnd(view) {
    const panel = $("end-panel");
    panel.hidden = !(view.won || view.stuck);
    panel.classList.toggle("won", view.won);
    if (view.won) {
      $("end-title").textContent = t("wonTitle");
      $("end-text").textContent = t("wonText", { time: clockText(clock.elapsed()), count: view.move_count });
    } else if (view.stuck) {
      $("end-title").textContent = t("stuckTitle");
      $("end-text").textContent = t("stuckText");
    }
    $("end-undo").hidden = !view.stuck;
  }

  return { draw, drawTime };
}
