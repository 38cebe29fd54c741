// Sharing results (issue 50): the toggle and "Delete my results" under More, and the question asked
// once, in the end panel of the first game that ends. On a copy of the page without the game server
// (the static site) the toggle is off and says the feature needs one.

import * as results from "../state/results.js";
import { t } from "../text/i18n.js";

const $ = (id) => document.getElementById(id);

/** deps: session (the question goes with the game that ended), posted() (post the game just
 *  finished, once sharing is on). */
export function bindResults({ session, posted }) {
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
  check.addEventListener("change", () => {
    results.choose(check.checked);
    draw();
  });
  $("results-delete").addEventListener("click", async () => {
    try {
      await results.deleteMine();
      note.textContent = t("resultsDeleted");
    } catch {
      note.textContent = t("resultsDeleteFailed");
    }
    draw();
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
