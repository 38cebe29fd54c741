// Which game is on the table: a new deal (a number, the daily deal, a random or proven one), a
// variant opened, a share link played, a restart; a game with moves is given up only after the
// player says so.

import { available as solverInPage } from "../net/solver.js";
import * as dealing from "../state/dealing.js";
import { t, variantName } from "../text/i18n.js";
import { explain } from "../text/refusals.js";
import { entryFor } from "../text/variant-names.js";
import { RulesError } from "../rules/errors.js";
import { dayText } from "../view/screen.js";
import * as stats from "../state/stats.js";

/** What a new deal of a variant asks the game service for: today's deal, a grade, a proven
 *  winnable deal (as the player chose for the variant), or nothing. */
export const optionsFor = (deal, daily) => (v) => {
  if (daily) return { daily: dealing.today() };
  if (deal === null && dealing.gradeWanted(v.id)) return { grade: dealing.gradeWanted(v.id) };
  if (deal === null && dealing.winnableOnly(v.id)) return { winnable_only: true };
  return {};
};

/** deps: session, screen ({draw}), messages ({say}), setting(key), ask(dialog, yes, no) -> Promise<boolean>. */
export function createGames({ session, screen, messages, setting, ask }) {
  const { say } = messages;
  const $ = (id) => document.getElementById(id);
  const view = () => session.state.view;
  const variant = () => session.state.variant;

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
      const why = answer.options ? "gradeOptions" : answer.offline ? "gradeOffline" : "gradeUnfound";
      say(t(why, { name: variantName(variant()) }), 8000);
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
      return known(setting("variant") || "pyramid");
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

  return { newGame, openVariant, openShared, remembered, restart };
}
