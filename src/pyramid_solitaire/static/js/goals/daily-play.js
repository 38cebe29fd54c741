// Playing a day's challenge: its game is opened in a save slot of its own (state/challenges.js),
// the goal stands in the status line, success is told at once and counted, giving up or success
// lets the proof be watched ("Show the way", the review panel's watching). Wired by main.js.

import { reached, missed } from "./goal.js";
import { challengesOf } from "../net/daily.js";
import { scoreOfView } from "./score.js";
import * as achievements from "../state/achievements.js";
import * as challenges from "../state/challenges.js";
import * as records from "../state/records.js";
import { today } from "../state/dealing.js";
import { goalText } from "../text/goal-text.js";
import { t } from "../text/i18n.js";

/** deps: session, screen, messages ({say}), review (its watch(line)). */
export function createDailyPlay({ session, screen, messages, review }) {
  const ui = { challenge: null, goalText: null }; // the challenge in play and its goal's words; written here alone
  let missedSaid = false;
  let before = null; // the variant whose own game was on the table before the challenges

  /** Open challenge `ch` ({id, variant, deal, goal, proof, ...}): its saved game, or its deal.
   *  `back`: the variant to go back to, when the table had none (a reload). */
  async function open(ch, back = null) {
    if (!session.state.slot) before = session.state.variant?.id ?? back;
    challenges.notePlaying(ch.id, before);
    ui.challenge = ch;
    ui.goalText = t("challengeStatus", { n: ch.id.split("-").pop(), goal: goalText(ch.goal) });
    missedSaid = false;
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
    challenges.noteGivenUp(ui.challenge.id);
    showWay();
  }

  function showWay() {
    if (ui.challenge && challenges.mayShowWay(challenges.load(), ui.challenge.id)) review.watch(ui.challenge.proof.split(" "));
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

  /** Every change of the session: leaving the slot ends the challenge; a position is checked. */
  function onChange(change) {
    if (change.type === "opening" && !change.slot) {
      ui.challenge = null;
      ui.goalText = null;
      challenges.notePlaying(null);
    }
    if (change.type !== "position" || !ui.challenge || !session.state.slot) return;
    const ch = ui.challenge;
    const view = change.answer.view;
    const gone = new Set(session.state.record.moves.flatMap((m) => m.split("+")));
    if (reached(ch.goal, view, gone)) {
      if (challenges.noteDone(ch.id, view.move_count, today())) {
        const earned = countDone(ch, view);
        const also = earned.length ? ` ${t("earned", { names: earned.map((id) => t("achievementNames")[id][0]).join(", ") })}` : "";
        messages.say(t("challengeDone", { goal: goalText(ch.goal) }) + also, 10000);
      }
    } else if (missed(ch.goal, view, gone) && !missedSaid && !challenges.isDone(challenges.load(), ch.id)) {
      missedSaid = true;
      messages.say(t("challengeMissed", { goal: goalText(ch.goal) }), 10000);
    }
    screen.draw();
  }

  return { open, reopen, leave, giveUp, showWay, onChange, playing: () => ui.challenge, goalText: () => ui.goalText };
}
