// The session's saves: one saved game per variant in the browser (store.js keeps the format),
// written after every change and every few seconds of play, read back when a variant opens.
// A save the page cannot read, or whose record the server refuses, is moved aside, never lost.

import { Offline } from "./api.js";
import * as store from "./store.js";

export const SAVE_EVERY_MS = 5000;

export function write(variantId, record, elapsed) {
  store.storeGame(variantId, record, elapsed);
}

/**
 * The saved game of a variant, checked by `check(record)` (the server's answer for it):
 * {answer, elapsed}, or {broken: true} when it was moved aside, or null when there is none.
 * Without a connection the save stays where it is (Offline is thrown).
 */
export async function restore(variantId, check) {
  const text = store.loadSaveText(variantId);
  if (text === null) return null;
  try {
    const saved = store.parseSave(text);
    return { answer: await check(saved.record), elapsed: saved.elapsed };
  } catch (err) {
    if (err instanceof Offline) throw err;
    store.keepBroken(variantId, text);
    return { broken: true };
  }
}
