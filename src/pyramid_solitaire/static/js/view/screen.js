// The screen: toolbar state, status line, pause cover, end panel and the board, all drawn from
// the session's state, the player's marks and settings, with a layout plan made for the table.

import { goneIn } from "../goals/goal.js";
import { recyclesOfView, scoreOfView } from "../goals/score.js";
import { clockText } from "../state/clock.js";
import * as dealing from "../state/dealing.js";
import { language, t, variantName, variantShortName } from "../text/i18n.js";
import { hintMessage, lostSince, undoLabel } from "../text/hint-text.js";
import { wonText } from "../text/spoken.js";
import { endText, goalText, progressText } from "../text/goal-text.js";
import { planLayout } from "./layout.js";
import { applyTheme, followSystemTheme } from "./theme.js";

const $ = (id) => document.getElementById(id);
const GHOST_CLICK_MS = 450;

/** A date for people: "November 29, 2026", or short ("Nov 29") for the status line on a phone. */
export function dayText(date, short = false) {
  const [y, m, d] = date.split("-").map(Number);
  const format = short ? { day: "numeric", month: "short" } : { day: "numeric", month: "long", year: "numeric" };
  return new Date(y, m - 1, d).toLocaleDateString(language(), format);
}

/**
 * deps: session (its state), ui ({selected, hint, paused, lost, lostClosed, undos}), setting(key)
 * (the player's settings, state/settings.js), clock, board (board.js), table (the element the board fits in).
 */
export function createScreen({ session, ui, setting, clock, board, table }) {
  const boardEl = $("board");
  const endPanel = $("end-panel");
  let endShownAt = 0;
  let pressedAt = 0;
  // A tap that ends the game shows the panel under the finger, and the click the browser sends
  // after the tap would press the button there: in the panel's first moments, a click whose press
  // began before the panel showed is ignored. Only a pointer's click (detail: its click count):
  // Enter, Space or Escape on the panel's buttons click with detail 0 and are the player's own.
  document.addEventListener("pointerdown", () => { pressedAt = performance.now(); }, { capture: true, passive: true });
  endPanel.addEventListener("click", (event) => {
    const ghost = event.detail > 0 && pressedAt < endShownAt && performance.now() - endShownAt < GHOST_CLICK_MS;
    if (ghost) event.stopPropagation();
  }, true);
  // The panel is a dialog: Tab and Shift+Tab go round its own buttons, never to the toolbar behind.
  endPanel.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const buttons = [...endPanel.querySelectorAll("button")].filter((b) => !b.hidden);
    const at = buttons.indexOf(document.activeElement);
    event.preventDefault();
    buttons[(at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length]?.focus();
  });

  /** The pause cover takes the focus (Resume), and gives it back to the board when it goes. */
  function drawPause() {
    const cover = $("pause-cover");
    if (cover.hidden === !ui.paused) return;
    const had = cover.contains(document.activeElement);
    cover.hidden = !ui.paused;
    if (ui.paused) $("btn-resume").focus();
    else if (had) board.focus();
  }

  function draw() {
    const { view, variant } = session.state;
    const large = setting("large");
    applyTheme(setting("theme"));
    document.body.classList.toggle("large", large);
    $("btn-large").setAttribute("aria-pressed", String(large));
    $("more-large").setAttribute("aria-pressed", String(large));
    $("btn-pause").setAttribute("aria-pressed", String(ui.paused));
    drawPause();
    if (!view) return;
    // A position of the game shown by the review (read-only) takes the board, not the status.
    const shown = ui.shown ? ui.shown.view : view;
    // The foot of the table is kept for messages, so no message ever covers a card.
    const room = messageRoom();
    table.style.setProperty("--message-room", `${room}px`);
    const padTop = parseFloat(getComputedStyle(table).paddingTop) || 0;
    const plan = planLayout(shown, table.clientWidth, table.clientHeight - room - padTop, {
      large, openStock: variant.open_stock,
    });
    table.classList.toggle("tall", plan.tall);
    document.body.dataset.felt = setting("felt");
    const goal = ui.challenge?.goal?.kind === "cards" ? ui.challenge.goal.cards : []; // marked on the board
    const looks = { back: setting("back"), fourColour: setting("fourColour"), goal };
    board.render(shown, plan, ui.shown ? looks : { selected: ui.selected, hint: ui.hint, ...looks });
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

  // The status line's forms, longest first: [short names, a clock for "Time", two lines].
  const FORMS = [[false, false, false], [true, false, false], [true, true, false], [false, false, true],
    [true, false, true], [true, true, true]];

  /** The status line: variant, deal, time, moves and the pass in progress ("Pass 3/3"). On a
   *  small screen it takes the first of its shorter forms that fits. */
  /** Room kept free at the foot of the table for messages (px): one line on a wide table, two on a
   *  narrow one, or what the message shown now needs when it is longer (the cards make way). */
  function messageRoom() {
    const toast = $("toast");
    const font = parseFloat(getComputedStyle(toast).fontSize) || 14;
    const lines = table.clientWidth < 700 ? 2 : 1;
    const shown = toast.classList.contains("show") ? toast.offsetHeight : 0;
    return Math.ceil(Math.max((lines * 1.3 + 0.9) * font, shown) + 0.6 * font); // 0.6em: the message's foot
  }

  /** A message came or went: make room for a long one, give the room back after it. */
  function fitMessage() {
    const wanted = messageRoom();
    if (wanted !== parseFloat(table.style.getPropertyValue("--message-room"))) draw();
  }

  function drawStatus(view, variant) {
    const daily = dealing.dailyDate(view.variant, view.deal);
    const game = $("status-game");
    $("status-moves").textContent = String(view.move_count);
    $("status-score").textContent = String(scoreOfView(view)); // docs/score.md
    $("status-passes").textContent = `${recyclesOfView(view) + 1}/${view.passes ?? "\u221e"}`; // unlimited: of infinity
    $("status-passes-item").hidden = !variant.has_stock || (view.passes !== null && view.passes <= 1);
    const grade = dealing.knownGrade(view.variant, view.deal); // issue 34: the deal's grade, once known
    $("status-grade").textContent = grade ? t(`grade-${grade}`) : "";
    $("status-grade-item").hidden = !grade;
    drawTime();
    drawGoal(view);
    const status = $("status");
    for (const [short, clockIcon, twoLines] of FORMS) {
      status.classList.toggle("clock-icon", clockIcon);
      status.classList.toggle("two-lines", twoLines);
      game.textContent = gameText(view, variant, daily, short);
      if (status.scrollWidth <= status.clientWidth && game.scrollWidth <= game.clientWidth) break;
    }
    game.classList.toggle("daily", Boolean(daily));
    game.title = daily ? t("deal", { n: view.deal }) : ""; // the daily deal's number, on demand
    if (daily) boardEl.dataset.daily = daily;
    else delete boardEl.dataset.daily;
  }

  /** A challenge's goal and the game's progress towards it, on a line that wraps. */
  function drawGoal(view) {
    const line = $("status-goal");
    const goal = ui.challenge?.goal;
    line.hidden = !goal;
    if (!goal) return;
    line.textContent = `${goalText(goal)} \u00b7 ${progressText(goal, view, goneIn(session.state.record.moves))}`;
  }

  function gameText(view, variant, daily, short) {
    const name = short ? variantShortName(variant) : variantName(variant);
    if (ui.goalText) return `${name} \u00b7 ${ui.goalText}`; // a day's challenge (daily-play.js)
    if (daily) return `${name} \u00b7 ${t(short ? "dailyShort" : "daily", { date: dayText(daily, short) })}`;
    if (view.deal === null) return `${name} \u00b7 ${t("deck")}`;
    return `${name} \u00b7 ${t(short ? "dealShort" : "deal", { n: view.deal })}`;
  }

  function drawTime() {
    $("status-time").textContent = clockText(clock.elapsed());
  }

  /** The panel for a game won, stuck, or lost (the hint found it can no longer be won), with the
   *  whole explanation of a loss and a button back to the last winnable position. */
  function drawEnd(view) {
    const lost = ui.lost && !ui.lostClosed ? ui.lost : null;
    const panel = endPanel;
    const ended = ui.challengeEnd; // a challenge's end: its goal met or missed (daily-play.js)
    const show = Boolean(view.won || view.stuck || lost || ended);
    const showing = show && panel.hidden;
    if (showing) endShownAt = performance.now();
    // Leaving the panel (an undo, a new deal): the focus goes back to the board, not to the page.
    if (!show && !panel.hidden && panel.contains(document.activeElement)) {
      panel.hidden = true;
      board.focus();
    }
    panel.hidden = !show;
    panel.classList.toggle("won", view.won);
    let title = t(lost && lost.last_winnable !== null && lost.last_winnable < 0 ? "lostStartTitle" : "lostTitle");
    let text = "";
    if (view.won) {
      title = t("wonTitle");
      text = wonText(clock.elapsed(), view.move_count, ui.undos);
      const grade = dealing.knownGrade(view.variant, view.deal);
      if (grade) text += ` ${t("wonGrade", { grade: t(`grade-${grade}`) })}`;
    } else if (view.stuck) {
      title = t("stuckTitle");
      text = t("stuckText");
    }
    if (ended) [title, text] = endText(ended);
    $("end-title").textContent = title;
    $("end-text").textContent = text;
    $("end-text").hidden = !text;
    const explain = $("end-explain");
    explain.textContent = !ui.lost ? "" : ui.lost.verdict === "unwinnable" ? lostSince(ui.lost, session.state.variant) : hintMessage(ui.lost).text;
    explain.hidden = !ui.lost;
    const undoTo = $("end-undo-to");
    undoTo.hidden = !(ui.lost && ui.lost.undo);
    if (ui.lost && ui.lost.undo) undoTo.textContent = undoLabel(ui.lost.undo);
    $("end-undo").hidden = !view.stuck;
    $("end-stats").hidden = !(view.won || view.stuck);
    $("end-close").hidden = ended ? !ended.playOn : view.won || view.stuck;
    drawChallengeButtons(ended);
    // The panel takes the focus when it comes, so it is heard and its first choice is one key away.
    if (showing) endFocus(view, ended).focus();
  }

  /** In a challenge: Retry (not a new random deal), Show the way, the next challenge, the list. */
  function drawChallengeButtons(ended) {
    const challenge = Boolean(ui.challenge);
    endPanel.classList.toggle("met", Boolean(ended?.met));
    for (const id of ["end-next", "end-list", "end-way"]) $(id).hidden = !challenge;
    $("end-new").hidden = challenge;
    $("end-restart").textContent = t(challenge ? "chalRetry" : "playAgain");
  }

  /** The panel's first choice: the next challenge after a goal met, Retry after one missed; a new
   *  game after a win, the undo of a stuck game, the undo back to where a lost game could still be won. */
  function endFocus(view, ended) {
    if (ended) return $(ended.met ? "end-next" : "end-restart");
    if (view.won) return $("end-new");
    if (!$("end-undo-to").hidden) return $("end-undo-to");
    return view.stuck ? $("end-undo") : $("end-close");
  }

  followSystemTheme(() => draw());
  return { draw, drawTime, fitMessage };
}
