// What the player is told of the session's notices (session.js): a save broken or refused,
// another tab's game kept, a move refused, the server out of reach, requests under way. A
// message about the save is said just before the position it concerns, so it stays past it.

import { Unusable } from "../net/api.js";
import { t } from "../text/i18n.js";
import { explain, storageRefusal } from "../text/refusals.js";

// What the player is told when a feature that needs the server finds it out of reach.
const NEEDS_SERVER = { hint: "hintOffline", daily: "dailyOffline", solver: "solverMissing", family: "familyNoSolver",
  overlap: "overlapNoSolver" };

/** The message for a notice: {text, ms} (ms undefined: the message line's own time; 0: until the
 *  next message), or null for a notice that says nothing. `name()` gives the variant's name (asked
 *  only when said: the variant list may not be there yet). */
export function noticeOf(change, name) {
  if (change.type === "save-broken") {
    if (change.kept) return { text: t("saveBroken"), ms: 8000 };
    return { text: t(change.stays ? "saveBrokenBeside" : "saveBrokenStays", { key: change.stays }), ms: 0 };
  }
  if (change.type === "save-failed") {
    return { text: change.brokenStays ? t("saveBrokenStays") : t("saveFailed", { why: storageRefusal(change.refusal) }), ms: 0 };
  }
  if (change.type === "kept-both") return { text: t("keptBoth"), ms: 10000 };
  if (change.type === "refused") return { text: t("refused", { reason: explain(change.error, change.error.message) }), ms: undefined };
  if (change.type === "offline") {
    const busy = [429, 503].includes(change.error.status);
    const retry = change.error instanceof Unusable ? "serverOddRetry" : busy ? "serverBusyRetry" : "serverDownRetry";
    if (change.retryIn) return { text: t(retry, { s: Math.ceil(change.retryIn / 1000) }), ms: 0 };
    return { text: t(NEEDS_SERVER[change.error.feature] || (busy ? "serverBusy" : "serverDown"), { name: name() }), ms: 8000 }; // hints, daily deal
  }
  return null;
}

/** deps: board ({shake}), messages ({say, clear}), name() (the variant's name). */
export function createNotices({ board, messages, name }) {
  let keepNote = false; // a message about the save, said just before the position it concerns

  function onChange(change) {
    if (change.type === "save-broken") keepNote = true; // said before the new deal shows: it stays past that position
    if (change.type === "refused" && change.move) board.shake(change.move.split("+"));
    if (change.type === "offline") console.error(change.error);
    if (change.type === "busy") {
      if (change.busy) document.body.dataset.busy = "1";
      else delete document.body.dataset.busy;
    }
    const notice = noticeOf(change, name);
    if (notice) messages.say(notice.text, notice.ms);
  }

  /** A new position clears the message line, but for a message about the save said just before it. */
  function clearForPosition() {
    if (keepNote) keepNote = false;
    else messages.clear();
  }

  return { onChange, clearForPosition };
}
