// Sharing results in the More dialog (issue 50): the toggle, "Delete my results", and the question
// asked once when a game first ends. On a copy of the page without the game server (the static
// site) the toggle is off and says the feature needs one.

import * as results from "../state/results.js";
import { t } from "../text/i18n.js";

const $ = (id) => document.getElementById(id);

/** deps: say (messages.say), posted() (post the game just finished, once sharing is on). */
export function bindResults({ say, posted }) {
  const check = $("results-check");
  const note = $("results-note");
  const draw = () => {
    const c = results.choice();
    check.checked = c.share;
    $("results-delete").disabled = !c.player;
  };
  draw();
  results.served().then((yes) => {
    if (yes) return;
    check.disabled = true;
    $("results-delete").disabled = true;
    note.textContent = t("resultsNeedsServer");
  });
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
  /** The question, once: sharing stays off unless the player presses Share. */
  return async function ask() {
    if (!(await results.served())) return; // the static site: nothing to share with
    results.choose(false);
    say(t("resultsAsk"), 0, {
      label: t("resultsShare"),
      act: () => {
        results.choose(true);
        draw();
        say("", 1);
        posted();
      },
    });
  };
}
