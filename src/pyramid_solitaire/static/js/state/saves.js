// The session's saves: one saved game per variant in the browser (store.js keeps the format),
// written after every change and every few seconds of play, read back when a variant opens.
//
// One save, many tabs: a save carries a revision that only grows. A tab remembers the revision
// it holds and never writes over a newer one; it takes the newer game over instead, or, when it
// has moves of its own that are not saved, keeps the other game under a backup key and writes
// its own. A save the page cannot read, or whose record the rules refuse as a record, is moved
// aside, never lost: the backup is written before the save is removed; when it does not fit,
// it stays where it is and the game is saved beside it.

import { Offline, Refused } from "../net/api.js";
import * as store from "./store.js";

export const SAVE_EVERY_MS = 5000;
const RETRY_FIRST_MS = 1000; // waiting for a server that is busy or out of reach: 1 s, 2 s, 4 s ...
const RETRY_MOST_MS = 30000;

/** A refusal of the record itself: the save cannot be used. The page checks a save with its own
 *  rules (state/local.js, no request), which refuse a record only as one (a `record_...` code);
 *  anything else thrown says nothing about the save. */
export const isRecordRefusal = (err) => err instanceof Refused;

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

/** The save under `key`, checked by `check(record)`: {answer, save}, {broken: text} when it
 *  cannot be used, or null when there is none. While the server is busy or out of reach the
 *  error is thrown. */
async function read(key, check) {
  const text = store.readText(key);
  if (text === null) return null;
  let save;
  try {
    save = store.parseSave(text);
  } catch {
    return { broken: text };
  }
  try {
    return { answer: await check(save.record), save };
  } catch (err) {
    if (!isRecordRefusal(err)) throw err;
    return { broken: text };
  }
}

/**
 * The saved game of a variant, checked by `check(record)` (the game service's answer for it):
 * {answer, save, key} (save: what store.parseSave gives; key: where it is saved and is to be
 * saved again), or {broken: true, kept, key} when it could not be used (kept: whether it was
 * moved aside to the backup key), or null. A broken save that does not fit under the backup
 * (storage is full) stays under the save key, and the game is kept beside it (store.besideKey):
 * then `blocked` names the save key, and `key` is the one beside it. Nothing is written over.
 * While the server is busy or out of reach the save stays where it is (the error is thrown).
 */
export async function restore(variantId, check) {
  const saveKey = store.saveKey(variantId);
  const found = await read(saveKey, check);
  if (found && found.answer) return { ...found, key: saveKey };
  if (found && store.keepBroken(variantId, found.broken)) found.kept = true;
  if (!found || found.kept) {
    // The save key is free: a game kept beside a broken save goes back under it.
    const key = store.settleBeside(variantId);
    const game = await read(key, check);
    if (game && game.answer) return { ...game, key };
    if (game) return { broken: true, kept: store.keepBroken(variantId, game.broken, key), key: saveKey };
    return found && { broken: true, kept: true, key: saveKey };
  }
  // The broken save stays under the save key: the game is the one beside it.
  const besideKey = store.besideKey(variantId);
  const beside = await read(besideKey, check);
  if (beside && beside.answer) return { ...beside, key: besideKey, blocked: saveKey };
  if (beside && !store.keepBroken(variantId, beside.broken, besideKey)) return { broken: true, kept: false, key: null, blocked: saveKey };
  return { broken: true, kept: false, key: besideKey, blocked: saveKey };
}

/** The save under `key` another tab wrote over the one of `revision` (and `record`, its JSON)
 *  this tab holds: {save, text, clash}, else null. A newer revision, or the same one with other
 *  moves (clash: two tabs saved at the same moment, each before it saw the other's save, since
 *  localStorage reaches other tabs a few ms late). */
export function newerThan(key, revision, record) {
  const text = store.readText(key);
  if (text === null) return null;
  try {
    const save = store.parseSave(text);
    if (save.revision > revision) return { save, text, clash: false };
    if (save.revision === revision && record !== null && JSON.stringify(save.record) !== record) return { save, text, clash: true };
    return null;
  } catch {
    return null; // not a save: nothing to take over (it is moved aside when the variant opens)
  }
}

/**
 * Write the game `save` ({record, elapsed, lastMove, game}) under `key` over the save this tab
 * holds (its revision and record, see newerThan). Answers {written: revision}, or {newer} when
 * another tab wrote over it (nothing is written), or {failed: true} when storage refused it.
 */
export function write(key, held, save) {
  const newer = newerThan(key, held.revision, held.record);
  if (newer) return { newer };
  const revision = held.revision + 1;
  return store.storeGame(key, { ...save, revision }) ? { written: revision } : { failed: true };
}

/** Keep both games: the other tab's save under the backup key, then this tab's game over it.
 *  Answers like write; {failed: true} when either could not be written (the other save then
 *  stays where it was). */
export function keepBoth(variantId, key, other, save) {
  if (!store.keepOther(variantId, other.text)) return { failed: true };
  return write(key, { revision: other.save.revision, record: JSON.stringify(other.save.record) }, save);
}
