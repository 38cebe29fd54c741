// Sharing results (issue 50): the toggle and "Delete my results" under More, and the question asked
// once, in the end panel of the first game that ends. On a copy of the page without the game server
// (the static site) the toggle is off and says the feature needs one.

import * as results from "../state/results.js";
import { t } from "../text/i18n.js";

const $ = (id) => document.getElementById(id);

/** deps: session (the question goes with the game that ended), posted() (post the game just
 *  finished, once sharing is on), newGame(deal) (New game "at my level" plays the deal found),
 *  usualGrade(variant) (the grade New game deals), say(text, ms). */
export function bindResults({ session, posted, newGame, usualGrade, say }) {
  const check = $("results-check");
  const note = $("results-note");
  const draw = () => {
    const c = results.choice();
    check.checked = c.share;
    $("results-delete").disabled = !c.player;
  };
  draw();
  // Whether a server keeps results is asked when More first opens, not at load: a page played
  // offline or on a static site sends nothing it does not need.
  const askServer = () => results.served().then((yes) => {
    if (yes) return;
    check.disabled = true;
    $("results-delete").disabled = true;
    note.textContent = t("resultsNeedsServer");
  });
  const more = check.closest("dialog");
  const opened = new MutationObserver(() => {
    if (!more.open) return;
    opened.disconnect();
    askServer();
  });
  opened.observe(more, { attributes: true, attributeFilter: ["open"] });
  // New game "at my level": offered each time More opens, to a player who shares results with a
  // server that keeps them.
  const offerLevel = () => results.levelOffered().then((yes) => {
    $("at-level-row").hidden = !yes;
  });
  new MutationObserver(() => more.open && offerLevel()).observe(more, { attributes: true, attributeFilter: ["open"] });
  $("btn-at-level").addEventListener("click", async () => {
    more.close();
    const variant = session.state.variant.id;
    let found;
    try {
      found = await results.atLevel(variant, usualGrade(variant));
    } catch {
      say(t("atLevelFailed"), 8000);
      return;
    }
    await newGame(String(found.deal));
    if (String(session.state.view?.deal) !== String(found.deal)) return; // the player kept the game on the table
    say(found.source === "rating"
      ? t("atLevelDealt", { chance: Math.round(found.chance * 100) })
      : t(found.reason === "player_unrated" ? "atLevelUnrated" : "atLevelNone", { grade: t(`grade-${found.grade}`) }), 10000);
    document.body.dataset.atLevel = `${found.source} ${found.deal}`; // for tests: the deal at the level is on the table
  });
  check.addEventListener("change", () => {
    results.choose(check.checked);
    draw();
    offerLevel();
  });
  $("results-delete").addEventListener("click", async () => {
    try {
      await results.deleteMine();
      note.textContent = t("resultsDeleted");
    } catch {
      note.textContent = t("resultsDeleteFailed");
    }
    draw();
    offerLevel();
  });
  session.subscribe((change) => {
    if (change.newGame) $("end-share").hidden = true;
  });
  $("end-share-yes").addEventListener("click", () => {
    results.choose(true);
    $("end-share").hidden = true;
    draw();
    posted();
  });
  /** The question, once, in the end panel of the first game that ends: sharing stays off unless
   *  the player presses Share there (or turns it on under More). */
  return async function ask() {
    if (!(await results.served())) return; // the static site: nothing to share with
    results.choose(false);
    $("end-share").hidden = false;
  };
}
