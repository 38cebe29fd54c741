// The move list, the review of a game against the solver, and watching the shortest win
// (move-list.js draws the list, watch.js plays the line, text/review-text.js says the review). All of it is read-only for the
// game: positions shown here are worked out by rules/ from a copy of the session's record, so the
// game, its save and the statistics never change.

import * as api from "../net/api.js";
import * as local from "../state/local.js";
import { Game } from "../rules/game.js";
import { getVariant } from "../rules/variants.js";
import { answer } from "../rules/view.js";
import { t, variantName } from "../text/i18n.js";
import { explain } from "../text/refusals.js";
import { reviewSummary } from "../text/review-text.js";
import { drawMoveList } from "./move-list.js";
import { createWatch } from "./watch.js";

const BUSY_RETRIES = 3;
const BUSY_WAIT_MS = 1500;

/** `record` cut after its first `n` moves (its redo path dropped). */
const recordAfter = (record, n) => ({ ...record, moves: record.moves.slice(0, n), redo: [] });

/** The view after the first `n` moves of `record` (its redo path dropped). */
function positionAfter(record, n) {
  const game = Game.fromRecord(recordAfter(record, n));
  return { game, view: answer(game).view };
}

/** deps: session, screen ({draw}), messages ({say}), watched() (a way is shown: help, for results). */
export function createReview({ session, screen, messages, watched = () => {} }) {
  const ui = { shown: null }; // the position shown instead of the game's: {n, view}; the review alone writes it
  const $ = (id) => document.getElementById(id);
  const panel = $("review-panel");
  const list = $("move-list");
  let reviewed = null; // {moves: the record's moves when reviewed, result: the server's review}
  const watch = createWatch({ shown: show, moved, drawn: () => drawPanel(), giveBack });
  let note = ""; // what the review panel says while no review of this game is at hand

  const record = () => session.state.record;
  const finished = () => Boolean(session.state.view && (session.state.view.won || session.state.view.stuck));
  // Face-down cards (Thirteen): the solver's review and way know every card, so they wait for the
  // game's end, as the server's review is of a finished game ("thoughtful"): never a peek in play.
  const unseen = () => getVariant(record().variant).hidden && !finished();

  // --- the board shows a position of the game, or the game itself ---------------------------

  function show(n, view) {
    ui.shown = { n, view };
    drawPanel();
    screen.draw();
  }

  /** A watched line's next move: the board shows it (the panel draws with the watch). */
  function moved(n, view) {
    ui.shown = { n, view };
    screen.draw();
  }

  function giveBack() {
    if (watch.stop()) $("watch-status").textContent = "";
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
    if (watch.current() || !finished()) return;
    const moves = record().moves.length;
    showMove(Math.min(Math.max((ui.shown ? ui.shown.n : moves) + delta, 0), moves));
  }

  // --- the move list ------------------------------------------------------------------------

  function markOf(n) {
    if (!reviewed || !sameMoves(reviewed.moves) || n > reviewed.result.moves.length) return null;
    return reviewed.result.moves[n - 1].mark;
  }

  const sameMoves = (moves) => moves.join(" ") === record().moves.join(" ");

  function drawList() {
    drawMoveList({ list, count: $("moves-count"), empty: $("moves-empty") }, record(), {
      markOf, open: finished(), shown: ui.shown && !watch.current() ? ui.shown.n : null, pick: showMove,
    });
  }

  // --- the review ---------------------------------------------------------------------------

  async function start() {
    open();
    if (unseen()) return;
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
    // Apophis past three passes, or a family game with overlap discards: only the server's solver plays it
    if (["family", "overlap"].includes(err.feature)) return t(`${err.feature}NoSolver`, { name: variantName(session.state.variant) });
    return t("reviewOffline");
  }

  // --- watching the shortest win ------------------------------------------------------------

  /** Play `line` from the position after `n` moves (watch.js). `kind` names what the line does:
   *  "shortest" (a shortest win), "win" (a win), "goal" (a challenge's way to its goal). */
  function watchLine(n, line, kind = "shortest") {
    watched();
    const { game, view } = positionAfter(record(), n);
    watch.watch(n, game, view, line, kind);
  }

  /** Show the way from the shown position (or the start): the review's line when it has one,
   *  else the solver's shortest line from there. */
  async function showWay(n) {
    if (unseen()) return;
    const result = reviewed && sameMoves(reviewed.moves) ? reviewed.result : null;
    if (result && n === 0 && result.start.line) return watchLine(0, result.start.line);
    if (result && n === result.last_winnable && result.at_loss && result.at_loss.line) {
      return watchLine(n, result.at_loss.line);
    }
    $("watch-status").textContent = t("reviewWorking");
    try {
      const way = (await local.way(recordAfter(record(), n))).way;
      if (way.line) watchLine(n, way.line);
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
    const waiting = unseen() ? t("reviewFaceDown") : note;
    $("review-summary").replaceChildren(...(result ? reviewSummary(result) : [waiting]).map(paragraph));
    const n = ui.shown ? ui.shown.n : record().moves.length;
    $("shown-status").textContent = ui.shown ? t("shownAfter", { n }) : "";
    // The list follows the game: the move shown, else the last one played, stays in sight.
    list.querySelector(`button[data-n="${n}"]`)?.scrollIntoView({ block: "nearest" });
    $("btn-back-to-game").hidden = !ui.shown;
    $("btn-review").hidden = Boolean(result) || record().moves.length === 0 || unseen();
    const watching = watch.current();
    $("btn-way-start").hidden = Boolean(watching) || (result && result.start.winnable === "unwinnable") || unseen();
    const wayHere = ui.shown && !watching && n > 0 && markOf(n) === "winnable";
    $("btn-way-here").hidden = !wayHere;
    drawWatch(watching);
  }

  function drawWatch(watching) {
    $("watch-controls").hidden = !watching;
    if (!watching) return;
    $("btn-watch-pause").textContent = t(watching.paused ? "watchPlay" : "watchPause");
    $("watch-pace").textContent = t("watchPace", { n: watching.pace + 1, of: watching.paces });
    const step = { shortest: "watchStep", win: "watchStepWin", goal: "watchStepGoal" }[watching.kind];
    const count = watching.line.length;
    if (!watching.done) $("watch-status").textContent = t(step, { n: watching.next, count });
    else if (watching.won || watching.kind === "goal") $("watch-status").textContent = t(watching.kind === "goal" ? "watchGoal" : "watchWon", { count });
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
    click("btn-watch-pause", watch.togglePause);
    click("btn-watch-step", watch.stepOnce);
    click("btn-watch-slower", watch.slower);
    click("btn-watch-faster", watch.faster);
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
  return { open, close, review: start, step, watch: (line, kind) => { open(); watchLine(0, line, kind); }, shown: () => ui.shown };
}
