// Fullscreen through the Fullscreen API, or, where there is none, the game filling the page.

import { t } from "../text/i18n.js";

/** say(text) tells the player; changed() is called whenever the mode changes; `buttons` show it. */
export function createFullscreen({ buttons, say, changed }) {
  const filling = () => document.body.classList.contains("fill-page");

  function toggle() {
    const root = document.documentElement;
    if (document.fullscreenElement) {
      document.exitFullscreen();
    } else if (filling()) {
      setFillPage(false);
    } else if (document.fullscreenEnabled && root.requestFullscreen) {
      root.requestFullscreen().catch(() => setFillPage(true));
    } else {
      setFillPage(true);
    }
  }

  /** Without the Fullscreen API the board fills the page instead. */
  function setFillPage(on) {
    document.body.classList.toggle("fill-page", on);
    if (on) say(t("fullscreenFallback"));
    update();
  }

  function update() {
    const on = String(Boolean(document.fullscreenElement) || filling());
    for (const button of buttons) button.setAttribute("aria-pressed", on);
    changed();
  }

  document.addEventListener("fullscreenchange", update);
  return { toggle, leaveFillPage: () => filling() && setFillPage(false) };
}
