// The session's saves: one saved game per variant in the browser (store.js keeps the format),
// written after every change and every few seconds of play, read back when a variant opens.
//
// One save, many tabs: a save carries a revision that only grows. A tab remembers the revision
// it holds and never writes over a newer one; it takes the newer game over instead, or, when it
// has moves of its own that are not saved, keeps the other game under a backup key and writes
// its own. A save the page cannot read, or whose record the rules refuse as a record, is moved
// aside, never lost: the backup is written before the save is removed.

import { Offline, Refused } from "../net/api.js";
import * as store from "./store.js";

export const SAVE_EVERY_MS = 5000;
const RETRY_FIRST_MS = 1000; // waiting for a server that is busy or out of reach: 1 s, 2 s, 4 s ...
const RETRY_MOST_MS = 30000;

/** A refusal of the record itself (a `record_...` code, from the server or the rules in the page;
 *  413: the record is too large to send): the save cannot be used. Anything else, a timeout,
 *  too many requests, a server error, says nothing about the save. */
export function isRecordRefusal(err) {
  if (!(err instanceof Refused)) return false;
  return String(err.code ?? "").startsWith("record_") || err.status === 413;
}

/** No answer, or one that says "not now" (timeout, too many requests, server error). */
const passing = (err) => err instanceof Offline || (err instanceof Refused && err.passing);

/** Run `work` until it gets an answer: while the server is busy or out of reach,
 *  wait (as long as it asks, else 1 s, 2 s, 4 s ... up to 30 s) and try again. `waiting(error,
 *  ms)` is told before each wait. Refusals are passed on. */
export async function retrying(work, waiting, sleep = (ms) => new Promise((r) => setTimeout(r, ms))) {
  for (let delay = RETRY_FIRST_MS; ; delay = Math.min(2 * delay, RETRY_MOST_MS)) {
    try {
      return await work();
    } catch (err) {
      if (!passing(err)) throw err;
      const ms = Number.isFinite(err.retryAfter) && err.retryAfter >= 0 ? Math.min(err.retryAfter * 1000, RETRY_MOST_MS) : delay;
      waiting(err, ms);
      await sleep(ms);
    }
  }
}

/**
 * The saved game of a variant, checked by `check(record)` (the game service's answer for it):
 * {answer, save} (save: what store.parseSave gives), or {broken: true, kept} when it could
 * not be used (kept: whether the backup was written and the save moved aside), or null.
 * While the server is busy or out of reach the save stays where it is (the error is thrown).
 */
export async function restore(variantId, check) {
  const text = store.loadSaveText(variantId);
  if (text === null) return null;
  let save;
  try {
    save = store.parseSave(text);
  } catch {
    return { broken: true, kept: store.keepBroken(variantId, text), text };
  }
  try {
    return { answer: await check(save.record), save };
  } catch (err) {
    if (!isRecordRefusal(err)) throw err;
    return { broken: true, kept: store.keepBroken(variantId, text), text };
  }
}

/** The variant's save when it is newer than `revision`: {save, text}, else null. */
export function newerThan(variantId, revision) {
  const text = store.loadSaveText(variantId);
  if (text === null) return null;
  try {
    const save = store.parseSave(text);
    return save.revision > revision ? { save, text } : null;
  } catch {
    return null; // not a save: nothing to take over (it is moved aside when the variant opens)
  }
}

/**
 * Write the game `save` ({record, elapsed, lastMove, game}) over the save of revision `held`.
 * Answers {written: revision}, or {newer: {save, text}} when another tab wrote a newer save
 * (nothing is written), or {failed: true} when storage refused it.
 */
export function write(variantId, held, save) {
  const newer = newerThan(variantId, held);
  if (newer) return { newer };
  const revision = held + 1;
  return store.storeGame(variantId, { ...save, revision }) ? { written: revision } : { failed: true };
}

/** Keep both games: the other tab's save under the backup key, then this tab's game over it.
 *  Answers like write; {failed: true} when either could not be written (the other save then
 *  stays where it was). */
export function keepBoth(variantId, other, save) {
  if (!store.keepOther(variantId, other.text)) return { failed: true };
  return write(variantId, other.save.revision, save);
}

/** A save that could not be used nor moved aside (storage was full) still sits under the save
 *  key: try again to move it aside. Returns whether the save key is free of it now. */
export function moveAsideAgain(variantId, text) {
  if (store.loadSaveText(variantId) !== text) return true; // gone or replaced meanwhile
  return store.keepBroken(variantId, text);
}
