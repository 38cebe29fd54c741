// The save this tab holds of the game on the table: the key it is saved under, its revision, the
// record and time in it. Saved when something changed, never over another tab's newer save: that
// one is taken over, or, with moves of this tab that are not saved, both games are kept.

import * as saves from "./saves.js";
import * as store from "./store.js";

/**
 * deps: state (the session's: variant, record, game, lastMove), slotName() (the save's name),
 * elapsed() (the game's time in ms), now(), gameId() (a new game's id), notify(change),
 * showSaved(save, clash) (show another tab's save: the session asks its game service for its
 * view, then calls hold(save)).
 */
export function createHolding({ state, slotName, elapsed, now, gameId, notify, showSaved }) {
  let lastSave = 0;
  // What this tab last read or wrote in the variant's save (see saves.js): the key it is saved
  // under (null: none is free), its revision, the record (JSON) and time in it; failing: the
  // record (JSON) whose save storage refused last, null while saves are written.
  const held = { key: null, revision: 0, record: null, elapsed: null, failing: null };

  /** Another variant or slot opens: nothing of its save is read yet. */
  function release() {
    Object.assign(held, { key: store.saveKey(slotName()), revision: 0, record: null, elapsed: null });
  }

  /** From now on this tab holds `save` (read from storage). */
  function hold(save) {
    held.revision = save.revision;
    held.record = JSON.stringify(save.record);
    held.elapsed = Math.round(save.elapsed);
    state.game = save.game ?? gameId();
    state.lastMove = save.lastMove;
  }

  /** Save the game on the table, unless nothing changed since this tab read or wrote the save.
   *  A newer save from another tab is never written over: this tab takes it over, or, with moves
   *  of its own that are not saved, keeps it as a backup and writes its own game. */
  function save() {
    if (!state.variant || !state.record) return;
    const id = slotName();
    const record = JSON.stringify(state.record);
    const game = { record: state.record, elapsed: elapsed(), lastMove: state.lastMove, game: state.game };
    // Nothing new: the same moves, and the time within a second (tabs showing one game then do
    // not keep writing it back and forth).
    if (record === held.record && Math.abs(game.elapsed - held.elapsed) < 1000) return;
    lastSave = now();
    if (held.key === null) return failed(record);
    let result = saves.write(held.key, held, game);
    if (result.newer) {
      if (record === held.record || record === JSON.stringify(result.newer.save.record)) {
        takeOver(result.newer);
        return;
      }
      result = saves.keepBoth(id, held.key, result.newer, game);
      if (result.written) notify({ type: "kept-both" });
    }
    if (!result.written) return failed(record);
    held.failing = null;
    Object.assign(held, { revision: result.written, record, elapsed: Math.round(game.elapsed) });
  }

  /** Storage refused the save of `record` (JSON). Told once for each position: a move clears
   *  the page's message before its save, so a timed save that failed first (the clock saves every
   *  few seconds) must not leave the moves after it unsaid; a timed save of the same moves again
   *  tells nothing new. */
  function failed(record) {
    if (held.failing !== record) notify({ type: "save-failed", brokenStays: held.key === null, refusal: store.refusal() });
    held.failing = record;
  }

  /** Another tab saved this variant's game (`newer`, see saves.newerThan): show its position
   *  (unless this tab has moves that are not saved: save() then keeps both). When both saved at
   *  the same moment, this tab's game, written over, is kept as a backup first. */
  function takeOver(newer) {
    const { save } = newer;
    if (JSON.stringify(save.record) === JSON.stringify(state.record)) {
      hold(save); // the same moves, saved by the other tab: nothing to show
      return;
    }
    showSaved(save, newer.clash ? (keepMine() ? "kept" : "lost") : null);
  }

  /** This tab's game, as it saved it, under the variant's `.other` key. */
  function keepMine() {
    const mine = { record: state.record, elapsed: held.elapsed, lastMove: state.lastMove, game: state.game, revision: held.revision };
    return store.keepOther(slotName(), store.saveText(mine));
  }

  /** The `storage` event of another tab: a newer save of the variant on the table is taken over. */
  function otherTabSaved(event) {
    if (!state.variant || event.key !== held.key) return;
    const newer = saves.newerThan(held.key, held.revision, held.record);
    if (!newer) return;
    if (state.record && JSON.stringify(state.record) !== held.record) save();
    else takeOver(newer);
  }

  /** A `storage` event can be missed (a tab reloading while another one saves): look again
   *  when the tab is shown or focused, and after a save is restored. */
  function catchUp() {
    if (state.variant) otherTabSaved({ key: held.key });
  }

  /** Save while the clock runs, every few seconds. */
  function saveIfDue() {
    if (now() - lastSave >= saves.SAVE_EVERY_MS) save();
  }

  return {
    release, hold, save, otherTabSaved, catchUp, saveIfDue,
    /** The key the restored save was found under (saves.restore: another one when it was broken). */
    foundUnder: (key) => {
      held.key = key;
    },
  };
}
