// Playing a day's challenge: its game is opened in a save slot of its own (state/challenges.js),
// the goal and its progress stand under the status line, the end (goal met, or missed by how much)
// has its own panel (screen.js) and is counted once in the statistics, bests and achievements;
// giving up or success lets the proof be watched ("Show the way", the review panel's watching).
// Wired by main.js.

import { goneIn, outcome } from "./goal.js";
import { challengesOf } from "../net/daily.js";
import { countEnd, endContext } from "./endings.js";
import * as achievements from "../state/achievements.js";
import * as challenges from "../state/challenges.js";
import * as stats from "../state/stats.js";
import { today } from "../state/dealing.js";
import { t } from "../text/i18n.js";

/** deps: session, clock (its elapsed()), screen, messages ({say}), review (its watch(line, kind)),
 *  focusBoard() (a challenge chosen: the keys play it at once). */
export function createDailyPlay({ session, clock, screen, messages, review, focusBoard }) {
  // The challenge in play, its name in the status line, and how it ended ({met, ...} of goal.js's outcome,
  // null while open); `closed`: the player plays on past the end (the game's own end shows it again).
  const ui = { challenge: null, goalText: null, end: null, closed: false, undos: null };
  let before = null; // the variant whose own game was on the table before the challenges

  /** Open challenge `ch` ({id, variant, deal, goal, proof, ...}): its saved game, or its deal.
   *  `back`: the variant to go back to, when the table had none (a reload). */
  async function open(ch, back = null) {
    if (!session.state.slot) before = session.state.variant?.id ?? back;
    challenges.notePlaying(ch.id, before);
    ui.challenge = ch;
    ui.goalText = t("chalStep", { n: ch.id.split("-").pop() }); // the goal itself has a line of its own
    ui.end = null;
    ui.closed = false;
    await session.open(ch.variant, () => ({}), { slot: challenges.slotOf(ch.id), deal: String(ch.deal) });
    focusBoard();
  }

  /** After a reload: the challenge that was in play, opened again (its saved game goes on).
   *  False when none was, or its day's challenges cannot be had now. */
  async function reopen() {
    const playing = challenges.inPlay();
    const date = playing && challenges.dateOf(playing.id);
    const ch = date && (await challengesOf(date))?.find((c) => c.id === playing.id);
    if (!ch) return false;
    await open(ch, playing.before);
    return true;
  }

  /** Back to the game that was on the table before (a variant's own game). */
  async function leave() {
    if (!ui.challenge) return;
    await session.open(before ?? ui.challenge.variant);
  }

  function giveUp() {
    if (!ui.challenge) return;
    if (!challenges.isDone(challenges.load(), ui.challenge.id)) challenges.noteGivenUp(ui.challenge.id);
    showWay();
  }

  /** The same challenge from its start (the end panel's Retry: nothing to ask, its end is told). */
  const retry = () => ui.challenge && session.restart();

  /** The day's next challenge after the one in play: the next not done, else simply the next. */
  async function next() {
    if (!ui.challenge) return false;
    const list = (await challengesOf(challenges.dateOf(ui.challenge.id))) ?? [];
    const at = list.findIndex((ch) => ch.id === ui.challenge.id);
    const after = [...list.slice(at + 1), ...list.slice(0, at)];
    const c = challenges.load();
    const chosen = after.find((ch) => !challenges.isDone(c, ch.id)) ?? after[0];
    if (!chosen) return false;
    await open(chosen);
    return true;
  }

  /** The end panel's Play on: the game goes on past the challenge's end. */
  function playOn() {
    ui.closed = true;
    screen.draw();
  }

  /** The proof, named for what it does: a moves goal's par line is a shortest win, a clear goal's
   *  a win, a cards or score goal's the way to the goal (it need not clear the pyramid). */
  function showWay() {
    const ch = ui.challenge;
    if (!ch || !challenges.mayShowWay(challenges.load(), ch.id)) return;
    review.watch(ch.proof.split(" "), { moves: "shortest", clear: "win" }[ch.goal.kind] ?? "goal");
  }

  /** What a challenge's game counts, each once (challenges.countOnce): its goal decided, as a
   *  challenge tried and met (the Challenger achievement with it); its end (won or stuck) in the
   *  variant's statistics, bests and achievements, as any game's. Returns the achievements earned. */
  function count(ch, view, game) {
    const context = {
      variant: ch.variant, view, game, ms: clock.elapsed(), undos: ui.undos, day: today(),
      variants: session.state.variants.map((v) => v.id), extra: { par: ch.goal.par ?? null, grade: ch.grade },
    };
    let earned = [];
    if (challenges.countOnce(`${game} goal`)) {
      stats.noteChallengeGoal(ch.variant, ui.end.met);
      if (ui.end.met) earned = achievements.noteEnd({ ...endContext(context), challenge: true }, today());
    }
    if ((view.won || view.stuck) && challenges.countOnce(`${game} end`)) {
      stats.noteChallengeGame(ch.variant, { won: view.won, moves: view.move_count, ms: context.ms });
      earned = [...earned, ...countEnd(context).earned];
    }
    return earned;
  }

  /** Every change of the session: leaving the slot ends the challenge; a position is checked
   *  (subscribed before play.js, whose draw then shows the end). */
  function onChange(change) {
    if (change.type === "opening" && !change.slot) {
      ui.challenge = null;
      ui.goalText = null;
      ui.end = null;
      challenges.notePlaying(null);
    }
    if (change.type !== "position" || !ui.challenge || !session.state.slot) return;
    const ch = ui.challenge;
    const view = change.answer.view;
    // Undos of this game: none yet in a new one; unknown in a game restored with moves.
    if (change.newGame) ui.undos = 0;
    else if (change.cause === "restore") ui.undos = view.move_count ? null : 0;
    else if (change.cause === "undo") ui.undos = (ui.undos ?? 0) + 1;
    const was = ui.end;
    ui.end = outcome(ch.goal, view, goneIn(session.state.record.moves));
    // The panel shows when the end comes, and again at the game's own end after playing on.
    if (!ui.end || !was || view.won || view.stuck) ui.closed = false;
    if (!ui.end) return;
    if (ui.end.met) challenges.noteDone(ch.id, view.move_count, today());
    else challenges.noteMissed(ch.id);
    const earned = count(ch, view, session.state.game);
    const said = t("earned", { names: earned.map((id) => t("achievementNames")[id][0]).join(", ") });
    if (earned.length) queueMicrotask(() => messages.say(said, 10000)); // after play.js has cleared the old message
  }

  /** The challenge's end for the screen: {met, ..., goal, moves, playOn} or null (open, or played on). */
  function end() {
    if (!ui.end || ui.closed) return null;
    const view = session.state.view;
    return { ...ui.end, goal: ui.challenge.goal, moves: view.move_count, playOn: !view.won && !view.stuck };
  }

  return {
    open, reopen, leave, giveUp, showWay, retry, next, playOn, onChange, end,
    playing: () => ui.challenge, goalText: () => ui.goalText,
  };
}
