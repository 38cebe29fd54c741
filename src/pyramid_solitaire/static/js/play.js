// The player's actions and what follows them: picking cards, pairs, the stock, undo, hints,
// new deals, pause; and, on every change of the session, the clock, the save, the statistics,
// the screen and the messages in that order.

import { Unusable } from "./net/api.js";
import { available as solverInPage, gradeOf } from "./net/solver.js";
import * as dealing from "./state/dealing.js";
import { countEnd } from "./goals/endings.js";
import * as records from "./state/records.js";
import { ratedGradeOnce } from "./state/results.js";
import { backThere, hintMessage } from "./text/hint-text.js";
import { t, variantName } from "./text/i18n.js";
import { explain, storageRefusal } from "./text/refusals.js";
import { entryFor } from "./text/variant-names.js";
import { RulesError } from "./rules/errors.js";
import { moveSpoken, undoSpoken, wonText } from "./text/spoken.js";
import { dayText } from "./view/screen.js";
import * as stats from "./state/stats.js";
import * as store from "./state/store.js";

const IDLE_PAUSE_MS = 5 * 60 * 1000;
// What the player is told when a feature that needs the server finds it out of reach.
const NEEDS_SERVER = { hint: "hintOffline", daily: "dailyOffline", solver: "solverMissing", family: "familyNoSolver" };

/**
 * deps: session, clock, screen, board, messages ({say}), ui ({selected, hint, paused}),
 * prefs, ask(dialog, yes, no) -> Promise<boolean>.
 */
export function createPlay({ session, clock, screen, board, messages, prefs, ask }) {
  // The play's own state, written here alone (the screen reads it through main.js's `seen`):
  // the chosen card, the hinted cards, paused, the lost verdict and its panel closed, undos made.
  const ui = { selected: null, hint: [], paused: false, lost: null, lostClosed: false, undos: 0 };
  const { say } = messages;
  const $ = (id) => document.getElementById(id);
  const view = () => session.state.view;
  const variant = () => session.state.variant;
  let keepNote = false; // a message about the save, said just before the position it concerns

  // --- what follows a change of the session ------------------------------------------------

  function onChange(change) {
    if (change.type === "position") onPosition(change);
    else if (change.type === "opening") {
      prefs.variant = change.variant.id;
      store.storeSettings(prefs);
      clock.reset();
      board.clear();
    } else if (change.type === "save-broken") {
      keepNote = true; // said before the new deal shows: it stays past that position
      if (change.kept) say(t("saveBroken"), 8000);
      else say(t(change.stays ? "saveBrokenBeside" : "saveBrokenStays", { key: change.stays }), 0);
    } else if (change.type === "save-failed") {
      say(change.brokenStays ? t("saveBrokenStays") : t("saveFailed", { why: storageRefusal(change.refusal) }), 0);
    } else if (change.type === "kept-both") say(t("keptBoth"), 10000);
    else if (change.type === "refused") {
      if (change.move) board.shake(change.move.split("+"));
      say(t("refused", { reason: explain(change.error, change.error.message) }));
    } else if (change.type === "offline") {
      const busy = [429, 503].includes(change.error.status);
      const retry = change.error instanceof Unusable ? "serverOddRetry" : busy ? "serverBusyRetry" : "serverDownRetry";
      if (change.retryIn) say(t(retry, { s: Math.ceil(change.retryIn / 1000) }), 0);
      else say(t(NEEDS_SERVER[change.error.feature] || (busy ? "serverBusy" : "serverDown"), { name: variantName(variant()) }), 8000); // hints, daily deal
      console.error(change.error);
    } else if (change.type === "busy") {
      if (change.busy) document.body.dataset.busy = "1";
      else delete document.body.dataset.busy;
    }
  }

  function onPosition(change) {
    const now = change.answer.view;
    const game = session.state.game;
    const ordinary = !session.state.slot; // a challenge's game counts in state/challenges.js, not here
    if (change.newGame) { // a challenge's Play again or Retry too: a new game's clock from 0:00
      if (ordinary) stats.startGame(variant().id, { given: change.previousGame, moves: change.previous ? change.previous.move_count : 0, next: game });
      clock.reset();
      board.clear();
    }
    if (change.cause === "takeover") board.clear(); // another tab's game: it may be another deal
    if (change.cause === "restore" || change.cause === "takeover") clock.restore(change.elapsed);
    // the variant's own game's undos; a challenge's are counted by goals/daily-play.js
    if (ordinary) ui.undos = change.cause === "undo" ? stats.noteUndo(variant().id) : stats.load(variant().id).current.undos;
    else ui.undos = null;
    ui.selected = null;
    ui.hint = [];
    ui.lost = null;
    ui.lostClosed = false;
    if (keepNote) keepNote = false;
    else messages.clear();
    syncClock();
    session.save();
    learnGrade(change.answer);
    const undecided = stats.resultOf(variant().id, game) === null;
    if (ordinary) stats.observe(variant().id, now, clock.elapsed(), game, dealing.knownGrade(now.variant, now.deal));
    if (ordinary && undecided && stats.resultOf(variant().id, game) !== null) noteEnd(now, game);
    screen.draw();
    messages.speak(spoken(change, now));
    if (change.cause === "restore" && now.move_count > 0 && !now.won) say(t("restored"));
    if (change.cause === "takeover") say(t({ kept: "clashKept", lost: "clashLost" }[change.clash] || "takenOver"), change.clash ? 0 : 8000);
    const wasStuck = Boolean(change.previous && change.previous.stuck);
    if (now.stuck && !wasStuck && now.move_count > 0) explainLoss();
    if (prefs.autoKings && ["move", "new", "restart"].includes(change.cause)) removeKing(now);
  }

  /** The deal's grade, for the status line, the win panel and the statistics: given with a graded deal,
   *  remembered, or the solver worker's (the index, else graded there); players' results' grade wins. */
  function learnGrade(answer) {
    const { variant: id, deal } = answer.view;
    if (deal === null) return;
    if (answer.grade) dealing.noteGrade(id, deal, answer.grade);
    const note = (grade) => {
      dealing.noteGrade(id, deal, grade);
      if (view() && view().deal === deal) screen.draw();
      document.body.dataset.graded = `${id} ${deal} ${grade}`; // for tests: the grade arrived
    };
    const rated = ratedGradeOnce(answer.view, note); // shared only; else the worker's (none without a solver)
    if (dealing.knownGrade(id, deal) === undefined) gradeOf(answer.record).then(async ({ grade }) => (await rated) || note(grade), () => {});
  }

  /** The game's result was just counted: bests and achievements; a new achievement is said. */
  function noteEnd(now, game) {
    const variants = session.state.variants.map((v) => v.id);
    const { earned } = countEnd({
      variant: variant().id, view: now, game, ms: clock.elapsed(), undos: ui.undos, day: dealing.today(), variants,
      extra: { grade: dealing.knownGrade(now.variant, now.deal) ?? null }, // an expert deal won
    });
    if (earned.length) say(t("earned", { names: earned.map((id) => t("achievementNames")[id][0]).join(", ") }), 8000);
  }

  /** What a player who listens is told of a new position: the move, the undo, the win, the deal. */
  function spoken(change, now) {
    const before = change.previous;
    if (now.won && ["move", "redo"].includes(change.cause)) {
      return `${t("wonTitle")} ${wonText(clock.elapsed(), now.move_count, ui.undos)}`;
    }
    let text = "";
    if (["move", "redo"].includes(change.cause) && before) text = moveSpoken(before, now);
    else if (change.cause === "undo" && before) text = undoSpoken(before.last_move, change.count, now.move_count);
    else if (change.newGame) {
      const deal = now.deal === null ? t("deck") : t("deal", { n: now.deal });
      text = t("saidNew", { name: variantName(variant()), deal });
    }
    return now.stuck && text ? `${text} ${t("stuckTitle")}.` : text;
  }

  /** The option to remove kings by themselves: an available king goes a moment after the
   *  position shows it, unless the player moved on meanwhile. */
  function removeKing(now) {
    const king = now.moves.find((move) => move[0] === "K");
    if (!king || now.won) return;
    setTimeout(() => {
      if (view() === now && !ui.paused && prefs.autoKings) session.play(king);
    }, 250);
  }

  /** The clock runs while a started game is neither paused nor over. */
  function syncClock() {
    const v = view();
    clock.run(Boolean(v && !ui.paused && !v.won && !v.stuck && (v.move_count > 0 || clock.started())));
    screen.drawTime();
  }

  // --- cards and the stock -------------------------------------------------------------------

  function onCard(card) {
    const v = view();
    if (ui.paused || !v) return;
    messages.clear();
    if (v.moves.includes(card)) {
      session.play(card); // a king goes on its own
    } else if (ui.selected === card) {
      ui.selected = null;
      screen.draw();
    } else if (ui.selected) {
      session.play(`${ui.selected}+${card}`);
    } else if (v.available.includes(card) || partners(card).length) { // overlap: a covered card pairs too
      ui.selected = card;
      ui.hint = [];
      screen.draw();
    } else {
      session.play(card); // not available: the rules say why
    }
  }

  function onPair(a, b) {
    if (ui.paused || a === b) {
      screen.draw();
      return;
    }
    ui.selected = null;
    session.play(`${a}+${b}`).then(screen.draw);
  }

  function onStock() {
    const v = view();
    if (ui.paused || !v) return;
    messages.clear();
    if (v.can_draw) session.play("draw");
    else if (v.can_recycle) session.play("recycle");
    else session.play(v.stock.count ? "draw" : "recycle"); // refused, with the reason
  }

  /** The cards `card` may legally pair with. */
  function partners(card) {
    const v = view();
    if (!v) return [];
    return v.moves.filter((m) => m.includes("+")).map((m) => m.split("+"))
      .filter((pair) => pair.includes(card)).map(([a, b]) => (a === card ? b : a));
  }

  // --- hints -----------------------------------------------------------------------------------

  async function hint() {
    messages.clear();
    const h = await session.hint();
    if (!h) return;
    stats.noteHint(variant().id);
    records.noteHint(variant().id, session.state.game);
    showHint(h);
  }

  /** Stuck: ask the solver since when the game was lost, without counting it as a hint. */
  function explainLoss() {
    session.hint().then((h) => h && showHint(h));
  }

  /** Mark the hinted move and say it; a lost position gets the end panel, which says since
   *  when and offers to undo back there. */
  function showHint(h) {
    ui.hint = h.move === null ? [] : h.move.split("+");
    if (h.verdict === "unwinnable") {
      ui.lost = h;
      ui.lostClosed = false;
    } else {
      const message = hintMessage(h);
      say(message.text, message.ms);
    }
    screen.draw();
  }

  /** Undo back to the position the hint named; the moves stay on the redo path. */
  async function undoTo(count) {
    const answer = await session.undo(count);
    if (answer) say(backThere(answer.view.move_count), 6000);
  }

  // --- deals -----------------------------------------------------------------------------------

  const optionsFor = (deal, daily) => (v) => {
    if (daily) return { daily: dealing.today() };
    if (deal === null && dealing.gradeWanted(v.id)) return { grade: dealing.gradeWanted(v.id) };
    if (deal === null && dealing.winnableOnly(v.id)) return { winnable_only: true };
    return {};
  };

  /** A new game: a deal number (as text), the daily deal ({daily: true}), or a random deal,
   *  proven winnable when the player chose that for this variant. */
  async function newGame(deal = null, { daily = false } = {}) {
    if (session.state.slot) await session.open(variant().id); // a challenge: back to the variant's game first
    // Offline without the page's solver worker (it makes today's deal), the deal cannot come:
    // say so before asking to give up the game on the table.
    if (daily && navigator.onLine === false && !(await solverInPage())) {
      say(t("dailyOffline"), 8000);
      return;
    }
    if (await givenUp()) await startDeal(deal, daily);
  }

  async function startDeal(deal, daily = false) {
    const answer = await session.newDeal(deal, optionsFor(deal, daily));
    if (!answer) return;
    if (daily) {
      dealing.noteDaily(answer.view.variant, answer.daily, answer.view.deal);
      screen.draw();
      say(t("dailyStarted", { date: dayText(answer.daily) }), 6000);
    } else if (answer.grade) {
      say(t("gradeDealt", { grade: t(`grade-${answer.grade}`) }));
    } else if (answer.grade === null) {
      say(t(answer.options ? "gradeOptions" : answer.offline ? "gradeOffline" : "gradeUnfound", { name: variantName(variant()) }), 8000);
    } else if (answer.winnable === true) {
      say(t("winnableProven"));
    } else if (answer.winnable === false) {
      sayUnproven(answer);
    }
  }

  /** A random deal instead of a proven one: no proof in time, or no server to prove it. */
  const sayUnproven = (answer) => say(t(answer.family ? "familyNoWinnable" : answer.offline ? "winnableOffline" : "winnableUnproven",
    { name: variantName(variant()) }), 8000);

  /** The id of variant `text` in the session's list (its canonical text): a text with options
   *  (from a share link, a save, the settings) gets an entry there. Throws the rules' refusal
   *  for a text the page cannot play. */
  function known(text) {
    const { variants } = session.state;
    const entry = entryFor(variants, text);
    if (!variants.some((v) => v.id === entry.id)) variants.push(entry);
    return entry.id;
  }

  /** The variant to open when the page starts: the last one played, if the page still plays it. */
  function remembered() {
    try {
      return known(prefs.variant || "pyramid");
    } catch {
      return "pyramid";
    }
  }

  /** Open a variant: its saved game if there is one that loads, else a new deal. */
  async function openVariant(id) {
    const answer = await session.open(known(id), optionsFor(null, false));
    if (answer && answer.winnable === false) sayUnproven(answer);
  }

  /** A share link (/?variant=giza&deal=123, /?variant=open-stock:passes=1,overlap=yes&deal=5):
   *  play that deal. A variant the page cannot play is refused, saying why, and the deal is not
   *  played under other rules. A different unfinished game of the variant is only given up
   *  after the player says so. */
  async function openShared({ variant: wanted, deal }) {
    let id;
    try {
      id = wanted === null ? remembered() : known(wanted);
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      dealing.forgetSharedDeal();
      await openVariant(remembered());
      say(t("sharedRefused", { reason: explain(err, err.message) }), 0);
      return;
    }
    await openVariant(id);
    dealing.forgetSharedDeal();
    const v = view();
    if (!v || String(v.deal) === deal) return; // the saved game is this deal: go on with it
    if (v.move_count > 0 && !v.won && !v.stuck) {
      const name = variantName(variant());
      $("share-text").textContent = t("sharedAsk", { name, n: deal, m: v.deal ?? t("deck"), k: v.move_count });
      if (!(await ask($("share-dialog"), $("share-play"), $("share-keep")))) return;
    }
    await startDeal(deal); // the share dialog asked
    if (view() && String(view().deal) === deal) say(t("sharedLoaded", { name: variantName(variant()), n: deal }), 6000);
  }

  /** Starting another game gives up the one on the table: when it has moves and is neither won nor
   *  lost, ask first. Keep playing changes nothing. */
  async function givenUp() {
    const v = view();
    if (!v || v.move_count === 0 || v.won || v.stuck) return true;
    if (stats.resultOf(variant().id, session.state.game) !== null) return true; // lost before, played on
    return ask($("giveup-dialog"), $("giveup-yes"), $("giveup-keep"));
  }

  async function restart() {
    if (await givenUp()) await session.restart();
  }

  // --- pause -----------------------------------------------------------------------------------

  /** Pause; the clock stops `at` a time (the automatic pause gives the last input). */
  function pause(at = undefined) {
    if (ui.paused || !view()) return;
    ui.paused = true;
    ui.selected = null;
    clock.run(false, at);
    messages.clear();
    syncClock();
    session.save();
    screen.draw();
  }

  function resume() {
    ui.paused = false;
    clock.touch();
    syncClock();
    screen.draw();
    $("btn-resume").blur();
  }

  /** Twice a second: the automatic pause, the save while playing, the time shown. */
  function tick() {
    if (prefs.autoPause && clock.running() && clock.idleFor() >= IDLE_PAUSE_MS) pause(); // the clock stood already
    if (clock.running()) session.saveIfDue();
    screen.drawTime();
  }

  return {
    onChange, onCard, onPair, onStock, partners, hint, newGame, openVariant, openShared, remembered, pause, resume, tick,
    undoToLastWinnable: () => ui.lost && ui.lost.undo && undoTo(ui.lost.undo),
    closeLost: () => {
      ui.lostClosed = true;
      screen.draw();
    },
    undo: () => session.undo(), redo: () => session.redo(), restart,
    unselect: () => {
      ui.selected = null;
    },
    state: ui, // read by main.js's `seen` for the screen
  };
}
