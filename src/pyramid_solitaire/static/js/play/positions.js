// What follows a new position on the table: the statistics and the undos counted, the deal's
// grade learnt, the end of a game counted, what a player who listens is told, the stuck game
// explained, and the king removed on its own where the player chose that.

import { gradeOf } from "../net/solver.js";
import * as dealing from "../state/dealing.js";
import { ratedGradeOnce } from "../state/results.js";
import { countEnd } from "../goals/endings.js";
import { t, variantName } from "../text/i18n.js";
import { moveSpoken, undoSpoken, wonText } from "../text/spoken.js";
import * as stats from "../state/stats.js";

/** What a player who listens is told of a new position: the move, the undo, the win, the deal.
 *  `ms` and `undos` are the game's time and undos, `name` the variant's name. */
export function spoken(change, now, { ms, undos, name }) {
  const before = change.previous;
  if (now.won && ["move", "redo"].includes(change.cause)) return `${t("wonTitle")} ${wonText(ms, now.move_count, undos)}`;
  let text = "";
  if (["move", "redo"].includes(change.cause) && before) text = moveSpoken(before, now);
  else if (change.cause === "undo" && before) text = undoSpoken(before.last_move, change.count, now.move_count);
  else if (change.newGame) {
    const deal = now.deal === null ? t("deck") : t("deal", { n: now.deal });
    text = t("saidNew", { name, deal });
  }
  return now.stuck && text ? `${text} ${t("stuckTitle")}.` : text;
}

/**
 * deps: session, clock, screen ({draw}), board ({clear}), messages ({say, speak}), setting(key),
 * forget() (the marks, verdict and message of the position before go), syncClock(), paused(),
 * explainLoss() (the solver asked since when a stuck game was lost).
 */
export function createPositions({ session, clock, screen, board, messages, setting, forget, syncClock, paused, explainLoss }) {
  let undos = 0; // the variant's own game's undos; a challenge's are counted by goals/daily-play.js (null)
  const { say } = messages;
  const view = () => session.state.view;
  const variant = () => session.state.variant;

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
    if (ordinary) undos = change.cause === "undo" ? stats.noteUndo(variant().id) : stats.load(variant().id).current.undos;
    else undos = null;
    forget();
    syncClock();
    session.save();
    learnGrade(change.answer);
    const undecided = stats.resultOf(variant().id, game) === null;
    if (ordinary) stats.observe(variant().id, now, clock.elapsed(), game, dealing.knownGrade(now.variant, now.deal));
    if (ordinary && undecided && stats.resultOf(variant().id, game) !== null) noteEnd(now, game);
    screen.draw();
    messages.speak(spoken(change, now, { ms: clock.elapsed(), undos, name: variantName(variant()) }));
    if (change.cause === "restore" && now.move_count > 0 && !now.won) say(t("restored"));
    if (change.cause === "takeover") say(t({ kept: "clashKept", lost: "clashLost" }[change.clash] || "takenOver"), change.clash ? 0 : 8000);
    const wasStuck = Boolean(change.previous && change.previous.stuck);
    if (now.stuck && !wasStuck && now.move_count > 0) explainLoss();
    if (setting("autoKings") && ["move", "new", "restart"].includes(change.cause)) removeKing(now);
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
      variant: variant().id, view: now, game, ms: clock.elapsed(), undos, day: dealing.today(), variants,
      extra: { grade: dealing.knownGrade(now.variant, now.deal) ?? null }, // an expert deal won
    });
    if (earned.length) say(t("earned", { names: earned.map((id) => t("achievementNames")[id][0]).join(", ") }), 8000);
  }

  /** The option to remove kings by themselves: an available king goes a moment after the
   *  position shows it, unless the player moved on meanwhile. */
  function removeKing(now) {
    const king = now.moves.find((move) => move[0] === "K");
    if (!king || now.won) return;
    setTimeout(() => {
      if (view() === now && !paused() && setting("autoKings")) session.play(king);
    }, 250);
  }

  return { onPosition, undos: () => undos };
}
