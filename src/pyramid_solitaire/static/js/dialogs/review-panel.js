// The move list, the review of a game against the solver, and watching the shortest win.
// All of it is read-only for the game: positions shown here are worked out by rules/ from a
// copy of the session's record, so the game, its save and the statistics never change.

import * as api from "../net/api.js";
import * as local from "../state/local.js";
import { Game } from "../rules/game.js";
import { answer } from "../rules/view.js";
import { t } from "../text/i18n.js";
import { explain } from "../text/refusals.js";
import { moveShort } from "../text/words.js";

const MARKS = { winnable: "\u2713", losing: "\u2717", lost: "\u2022", unknown: "?" };
const PACES_MS = [2000, 1200, 700, 350, 150]; // watching: slow to fast
const GIVE_BACK_MS = 3000; // a watched win stays this long, then the board is the game's again
const BUSY_RETRIES = 3;
const BUSY_WAIT_MS = 1500;

/** The view after the first `n` moves of `record` (its redo path dropped). */
function positionAfter(record, n) {
  const game = Game.fromRecord({ ...record, moves: record.moves.slice(0, n), redo: [] });
  return { game, view: answer(game).view };
}

/** deps: session, screen ({draw}), messages ({say}), watched() (a way is shown: help, for results). */
export function createReview({ session, screen, messages, watched = () => {} }) {
  const ui = { shown: null }; // the position shown instead of the game's: {n, view}; the review alone writes it
  const $ = (id) => document.getElementById(id);
  const panel = $("review-panel");
  const list = $("move-list");
  let reviewed = null; // {moves: the record's moves when reviewed, result: the server's review}
  let watching = null; // {game, line, next, timer, pace}
  let pace = 1;
  let note = ""; // what the review panel says while no review of this game is at hand

  const record = () => session.state.record;
  const finished = () => Boolean(session.state.view && (session.state.view.won || session.state.view.stuck));

  // --- the board shows a position of the game, or the game itself ---------------------------

  function show(n, view) {
    ui.shown = { n, view };
    drawPanel();
    screen.draw();
  }

  function giveBack() {
    stopWatching();
    if (!ui.shown) return;
    ui.shown = null;
    drawPanel();
    screen.draw();
  }

  /** Show the board after move `n` of a finished game, and keep the keys on the move list. */
  function showMove(n) {
    show(n, positionAfter(record(), n).view);
    (list.querySelector(`button[data-n="${n}"]`) ?? panel).focus();
  }

  /** Step the shown position of a finished game by `delta` moves (arrow keys). */
  function step(delta) {
    if (watching || !finished()) return;
    const moves = record().moves.length;
    showMove(Math.min(Math.max((ui.shown ? ui.shown.n : moves) + delta, 0), moves));
  }

  // --- the move list ------------------------------------------------------------------------

  function markOf(n) {
    if (!reviewed || !sameMoves(reviewed.moves) || n > reviewed.result.moves.length) return null;
    return reviewed.result.moves[n - 1].mark;
  }

  const sameMoves = (moves) => moves.join(" ") === record().moves.join(" ");

  function entry(n, move, redo) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.n = String(n);
    const mark = redo ? null : markOf(n);
    if (mark) {
      item.dataset.mark = mark;
      const sign = document.createElement("span");
      sign.className = "mark";
      sign.textContent = MARKS[mark];
      sign.title = t(`mark_${mark}`);
      button.append(sign);
    }
    button.append(`${n}. ${moveShort(move) ?? move}`);
    button.disabled = redo || !finished();
    if (redo) item.className = "redo";
    if (ui.shown && ui.shown.n === n && !watching) item.classList.add("shown");
    button.addEventListener("click", () => showMove(n));
    item.append(button);
    return item;
  }

  function drawList() {
    const { moves, redo = [] } = record();
    const items = moves.map((move, i) => entry(i + 1, move, false));
    redo.forEach((move, i) => items.push(entry(moves.length + i + 1, move, true)));
    list.replaceChildren(...items);
    $("moves-count").textContent = t("movesCount", { count: moves.length });
    $("moves-empty").hidden = moves.length > 0;
  }

  // --- the review ---------------------------------------------------------------------------

  async function start() {
    open();
    const moves = [...record().moves];
    note = t("reviewWorking");
    drawPanel();
    try {
      let result = (await local.review(record())).review;
      // The solver was busy with another request (the page's own stuck explanation, say): ask again.
      for (let retry = 0; result.busy && retry < BUSY_RETRIES; retry += 1) {
        await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
        result = (await local.review(record())).review;
      }
      if (!sameMoves(moves)) return; // the game went on meanwhile: this review is of another
      reviewed = { moves, result };
    } catch (err) {
      note = failure(err);
    }
    drawPanel();
  }

  function failure(err) {
    if (err instanceof api.Refused) return explain(err, err.message);
    return t("reviewOffline");
  }

  function summary(result) {
    const lines = [];
    if (result.busy) return [t("reviewBusy")];
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
    return lines;
  }

  // --- watching the shortest win ------------------------------------------------------------

  /** Play `line` from the position after `n` moves, at the chosen pace. `kind` names what the line
   *  does: "shortest" (a shortest win), "win" (a win), "goal" (a challenge's way to its goal). */
  function watch(n, line, kind = "shortest") {
    stopWatching();
    watched();
    const { game, view } = positionAfter(record(), n);
    watching = { game, line, next: 0, timer: null, from: n, kind };
    show(n, view);
    schedule();
  }

  function schedule() {
    clearTimeout(watching.timer);
    if (!watching.paused) watching.timer = setTimeout(advance, PACES_MS[pace]);
    drawPanel();
  }

  function advance() {
    if (!watching) return;
    const { game, line } = watching;
    if (watching.next < line.length) {
      game.play(line[watching.next]);
      watching.next += 1;
      ui.shown = { n: watching.from + watching.next, view: answer(game).view };
      screen.draw();
    }
    if (watching.next >= line.length) {
      const shownWin = game.isWon;
      clearTimeout(watching.timer);
      watching.done = true;
      watching.timer = setTimeout(giveBack, GIVE_BACK_MS);
      drawPanel();
      if (shownWin || watching.kind === "goal") {
        $("watch-status").textContent = t(watching.kind === "goal" ? "watchGoal" : "watchWon", { count: line.length });
      }
      return;
    }
    schedule();
  }

  function stopWatching() {
    if (!watching) return;
    clearTimeout(watching.timer);
    watching = null;
    $("watch-status").textContent = "";
  }

  /** Show the way from the shown position (or the start): the review's line when it has one,
   *  else the solver's shortest line from there. */
  async function showWay(n) {
    const result = reviewed && sameMoves(reviewed.moves) ? reviewed.result : null;
    if (result && n === 0 && result.start.line) return watch(0, result.start.line);
    if (result && n === result.last_winnable && result.at_loss && result.at_loss.line) {
      return watch(n, result.at_loss.line);
    }
    $("watch-status").textContent = t("reviewWorking");
    try {
      const truncated = { ...record(), moves: record().moves.slice(0, n), redo: [] };
      const way = (await local.way(truncated)).way;
      if (way.line) watch(n, way.line);
      else $("watch-status").textContent = t(way.busy ? "reviewBusy" : "wayNone");
    } catch (err) {
      $("watch-status").textContent = failure(err);
    }
  }

  // --- the panel ----------------------------------------------------------------------------

  function drawPanel() {
    if (panel.hidden) return;
    drawList();
    const result = reviewed && sameMoves(reviewed.moves) ? reviewed.result : null;
    $("review-summary").replaceChildren(...(result ? summary(result) : [note]).map(paragraph));
    const n = ui.shown ? ui.shown.n : record().moves.length;
    $("shown-status").textContent = ui.shown ? t("shownAfter", { n }) : "";
    // The list follows the game: the move shown, else the last one played, stays in sight.
    list.querySelector(`button[data-n="${n}"]`)?.scrollIntoView({ block: "nearest" });
    $("btn-back-to-game").hidden = !ui.shown;
    $("btn-review").hidden = Boolean(result) || record().moves.length === 0;
    $("btn-way-start").hidden = Boolean(watching) || (result && result.start.winnable === "unwinnable");
    const wayHere = ui.shown && !watching && n > 0 && markOf(n) === "winnable";
    $("btn-way-here").hidden = !wayHere;
    drawWatch();
  }

  function drawWatch() {
    $("watch-controls").hidden = !watching;
    if (!watching) return;
    $("btn-watch-pause").textContent = t(watching.paused ? "watchPlay" : "watchPause");
    $("watch-pace").textContent = t("watchPace", { n: pace + 1, of: PACES_MS.length });
    const step = { shortest: "watchStep", win: "watchStepWin", goal: "watchStepGoal" }[watching.kind];
    if (!watching.done) $("watch-status").textContent = t(step, { n: watching.next, count: watching.line.length });
  }

  const paragraph = (text) => Object.assign(document.createElement("p"), { textContent: text });

  function open() {
    if (panel.hidden) $("moves-fold").open = window.innerWidth >= 600; // folded on phones
    panel.hidden = false;
    drawPanel();
  }

  function close() {
    giveBack();
    panel.hidden = true;
  }

  // The table makes room for the open panel (beside it on wide screens, above the sheet on
  // phones), so no card and not the stock lies under it; the board is laid out again for the
  // smaller table (main.js watches the table's size).
  const sheet = window.matchMedia("(max-width: 600px)");
  function makeRoom() {
    const table = $("table");
    const room = panel.hidden ? 0 : (sheet.matches ? panel.offsetHeight : panel.offsetWidth) + 8;
    table.style.marginRight = sheet.matches ? "" : `${room}px`;
    table.style.marginBottom = sheet.matches ? `${room}px` : "";
  }

  function bind() {
    const click = (id, action) => $(id).addEventListener("click", action);
    click("btn-review", start);
    click("btn-review-close", close);
    click("btn-back-to-game", giveBack);
    click("btn-way-start", () => showWay(0));
    click("btn-way-here", () => showWay(ui.shown.n));
    click("btn-watch-pause", () => {
      watching.paused = !watching.paused;
      schedule();
    });
    click("btn-watch-step", () => {
      watching.paused = true;
      clearTimeout(watching.timer);
      advance();
    });
    click("btn-watch-slower", () => {
      pace = Math.max(pace - 1, 0);
      schedule();
    });
    click("btn-watch-faster", () => {
      pace = Math.min(pace + 1, PACES_MS.length - 1);
      schedule();
    });
    click("btn-watch-stop", giveBack);
    panel.addEventListener("keydown", (event) => {
      const delta = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
      if (!delta || !finished()) return;
      event.preventDefault();
      event.stopPropagation();
      step(delta);
    });
    // A new move, an undo or another game: what was shown is of the old game.
    session.subscribe((change) => {
      if (change.type !== "position" && change.type !== "opening") return;
      if (ui.shown) giveBack();
      note = "";
      drawPanel();
    });
  }

  bind();
  new ResizeObserver(makeRoom).observe(panel); // opened, closed, folded or grown
  sheet.addEventListener("change", makeRoom);
  // watch(line): the panel opened, `line` played from the deal's start (a challenge's proof)
  return { open, close, review: start, step, watch: (line, kind) => { open(); watch(0, line, kind); }, shown: () => ui.shown };
}
