// Playing a day's challenge: its game is opened in a save slot of its own (state/challenges.js),
// the goal stands in the status line, success is told at once and counted, giving up or success
// lets the proof be watched ("Show the way", the review panel's watching). Wired by main.js.

import { goneIn, outcome } from "./goal.js";
import { challengesOf } from "../net/daily.js";
import { scoreOfView } from "./score.js";
import * as achievements from "../state/achievements.js";
import * as challenges from "../state/challenges.js";
import * as records from "../state/records.js";
import { today } from "../state/dealing.js";
import { t } from "../text/i18n.js";

/** deps: session, screen, messages ({say}), review (its watch(line)). */
export function createDailyPlay({ session, screen, messages, review }) {
  // The challenge in play, its name in the status line, and how it ended ({met, ...} of goal.js's outcome,
  // null while open); `closed`: the player plays on past the end (the game's own end shows it again).
  const ui = { challenge: null, goalText: null, end: null, closed: false };
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

  /** The achievements a challenge done can earn (a challenge, a shortest line, an expert deal);
   *  its game counts in no variant's statistics, so the others wait for ordinary games. */
  function countDone(ch, view) {
    return achievements.noteEnd({
      variant: ch.variant, won: view.won, score: scoreOfView(view), moves: view.move_count, undos: null,
      hints: records.hintsIn(ch.variant, session.state.game), recycles: Math.max(view.passes - view.passes_left, 0),
      par: ch.goal.par ?? null, grade: ch.grade, challenge: true, wonVariants: [], dayRun: 0,
    }, today());
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
    const gone = goneIn(session.state.record.moves);
    const was = ui.end;
    ui.end = outcome(ch.goal, view, gone);
    // The panel shows when the end comes, and again at the game's own end after playing on.
    if (!ui.end || !was || view.won || view.stuck) ui.closed = false;
    if (ui.end?.met && challenges.noteDone(ch.id, view.move_count, today())) {
      const earned = countDone(ch, view);
      if (earned.length) messages.say(t("earned", { names: earned.map((id) => t("achievementNames")[id][0]).join(", ") }), 10000);
    } else if (ui.end && !ui.end.met) challenges.noteMissed(ch.id);
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
