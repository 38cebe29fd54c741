// The session: the variant and game on the table (its record and view, as its game service
// answered them), one request at a time, its saves, and listeners told of every change. It
// knows nothing of the screen: listeners draw, count statistics and speak.
//
// Changes passed to listeners:
//   {type: "position", cause, answer, previous, newGame, ...}  a new position is on the table;
//      cause: "move" | "undo" | "redo" | "restart" | "new" | "restore" | "takeover" (another tab's
//      newer save of this variant, with other moves; clash: "kept" | "lost" when both tabs saved
//      at the same moment and this tab's game was written over: kept as a backup, or not, storage
//      being full); newGame: a new game begins (previousGame: the id of the one before)
//   {type: "opening", variant}   another variant is being opened (the table empties)
//   {type: "save-broken", kept, stays}  the variant's save could not be used; kept: it was moved
//      aside; else it stays under the key `stays` (storage is too full for a copy) and the game
//      is saved beside it (said when a new game starts, and after a game saved beside it is restored)
//   {type: "save-failed", brokenStays, refusal}  storage refused the save: the game goes on,
//      unsaved (brokenStays: a save that could not be used leaves no key to save under; refusal:
//      why storage refused it, store.refusal())
//   {type: "kept-both"}          another tab played this variant too: its game is kept as a backup
//   {type: "refused", error, move}  a request was refused: by the rules in the page, or by the server
//      for what only it does (move: the move text, if any)
//   {type: "offline", error, retryIn}  no answer from the server (retryIn: ms until it is asked again)
//   {type: "busy", busy}         requests are under way, or no longer

import * as api from "../net/api.js";
import * as saves from "./saves.js";
import * as store from "./store.js";

/** `gameService` answers the game API's calls ({record, view, ...}, as net/api.js): the page passes
 *  state/local.js, its own rules, which leave to the server only what needs it (hints, proven and
 *  daily deals, the variant list); net/api.js, the server itself, is the default. `elapsed()` gives
 *  the game's playing time in ms, saved with the record. */
export function createSession({ gameService = api, elapsed = () => 0, now = () => Date.now() } = {}) {
  // game: the game's id for the statistics; lastMove: the time of its last move
  // slot: where the game is saved when not the variant's own game (a challenge's, state/challenges.js)
  const state = { variants: [], variant: null, slot: null, record: null, view: null, game: null, lastMove: null };
  const slotName = () => state.slot ?? state.variant.id; // the save's name: store.saveKey(slotName())
  const listeners = [];
  let queue = Promise.resolve();
  let busy = 0;
  let lastSave = 0;
  // What this tab last read or wrote in the variant's save (see saves.js): the key it is saved
  // under (null: none is free), its revision, the record (JSON) and time in it; failing: the
  // record (JSON) whose save storage refused last, null while saves are written.
  const held = { key: null, revision: 0, record: null, elapsed: null, failing: null };

  const notify = (change) => listeners.forEach((listener) => listener(change));

  /** Run `work` after the requests before it, so every request carries the newest record.
   *  Resolves to what `work` returns, or undefined when it failed (listeners are told why). */
  function run(work) {
    const result = queue.then(async () => {
      busy += 1;
      if (busy === 1) notify({ type: "busy", busy: true });
      try {
        return await work();
      } catch (error) {
        if (error instanceof api.Refused) notify({ type: "refused", error, move: error.move ?? null });
        else notify({ type: "offline", error });
        return undefined;
      } finally {
        busy -= 1;
        if (!busy) notify({ type: "busy", busy: false });
      }
    });
    queue = result;
    return result;
  }

  const gameId = () => `${now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

  function show(answer, change) {
    const previous = state.view;
    const previousGame = state.game;
    state.record = answer.record;
    state.view = answer.view;
    if (change.newGame) state.game = gameId();
    if (["move", "undo", "redo"].includes(change.cause)) state.lastMove = new Date(now()).toISOString();
    else if (change.newGame) state.lastMove = null;
    notify({ type: "position", answer, previous, previousGame, newGame: false, ...change });
    return answer;
  }

  /** From now on this tab holds `save` (read from storage). */
  function hold(save) {
    held.revision = save.revision;
    held.record = JSON.stringify(save.record);
    held.elapsed = Math.round(save.elapsed);
    state.game = save.game ?? gameId();
    state.lastMove = save.lastMove;
  }

  /** Until an answer comes: while the server is busy or out of reach (the variant list, a proven
   *  deal), say so and ask again. */
  const patiently = (request) => saves.retrying(request, (error, ms) => notify({ type: "offline", error, retryIn: ms }));

  /** The one place a move is applied to the game: the game service answers with the new record and
   *  view (the page's: worked out by rules/, at once and with no request). */
  const apply = (move) => gameService.move(state.record, move);

  function play(move) {
    return run(async () => {
      try {
        return show(await apply(move), { cause: "move", move });
      } catch (err) {
        if (err instanceof api.Refused) err.move = move;
        throw err;
      }
    });
  }

  /** Undo `count` moves at once; they stay on the redo path. */
  const undo = (count = 1) => run(async () => show(await gameService.undo(state.record, count), { cause: "undo", count }));
  const redo = () => run(async () => show(await gameService.redo(state.record), { cause: "redo" }));
  /** The solver's hint for the position: {verdict, move, ...} (see the server's /api/hint). */
  const hint = () => run(async () => (await gameService.hint(state.record)).hint);
  const restart = () => run(async () => show(await gameService.restart(state.record), { cause: "restart", newGame: true }));

  /** A new deal of the variant: a deal number (as text), or what `optionsFor(variant)` asks the
   *  server for ({daily: "YYYY-MM-DD"} or {winnable_only: true}). */
  function newDeal(deal = null, optionsFor = () => ({})) {
    return run(async () => {
      const options = optionsFor(state.variant);
      const answer = await gameService.newGame(state.variant.id, deal, options);
      store.notePlayed(state.variant.id);
      return show(answer, { cause: "new", newGame: true, deal, options });
    });
  }

  /** Open a variant: its saved game if there is one that loads, else a new deal (see newDeal).
   *  With `slot`, the game saved under that name instead of the variant's own (a new one of deal
   *  `deal`): a challenge's game, saved apart with the same guarantees. */
  function open(id, optionsFor = () => ({}), { slot = null, deal = null } = {}) {
    return run(async () => {
      save();
      state.variant = state.variants.find((v) => v.id === id) || state.variants[0];
      state.slot = slot;
      store.playing(slotName());
      if (!slot) store.notePlayed(state.variant.id);
      state.record = null;
      state.view = null;
      state.game = null;
      Object.assign(held, { key: store.saveKey(slotName()), revision: 0, record: null, elapsed: null });
      notify({ type: "opening", variant: state.variant, slot });
      const saved = await patiently(() => saves.restore(slotName(), ofThisVariant));
      if (saved) held.key = saved.key;
      const stays = saved && saved.blocked ? { type: "save-broken", kept: false, stays: saved.blocked } : null;
      if (saved && saved.answer) {
        hold(saved.save);
        const shown = show(saved.answer, { cause: "restore", elapsed: saved.save.elapsed });
        if (stays) notify(stays); // the broken save still waits: said over the restored game
        catchUp(); // saved again while this one was read
        return shown;
      }
      if (saved && saved.broken) notify(stays || { type: "save-broken", kept: saved.kept, stays: null });
      const options = optionsFor(state.variant);
      const answer = await patiently(() => gameService.newGame(state.variant.id, deal, options));
      return show(answer, { cause: "new", newGame: true, deal, options });
    });
  }

  /** The game service's answer for a saved record, refused as a record when it is a game of
   *  another variant (a save copied under the wrong key): played, it would show one variant's
   *  rules under another's name. Refused, it is moved aside like any broken save, never lost. */
  async function ofThisVariant(record) {
    const answer = await gameService.state(record);
    if (answer.view.variant !== state.variant.id) {
      throw new api.Refused(`a game of ${answer.view.variant}, not ${state.variant.id}`, 400, "record_variant_other",
        { variant: answer.view.variant });
    }
    return answer;
  }

  async function loadVariants() {
    await run(async () => {
      state.variants = (await patiently(() => gameService.variants())).variants;
    });
    return state.variants;
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
    const clash = newer.clash ? (keepMine() ? "kept" : "lost") : null;
    const variant = state.variant;
    run(async () => {
      const answer = await gameService.state(save.record);
      if (state.variant !== variant) return; // another variant opened meanwhile
      hold(save);
      show(answer, { cause: "takeover", elapsed: save.elapsed, clash });
    });
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
    state, subscribe: (listener) => listeners.push(listener), run, play, undo, redo, hint, restart, newDeal, open,
    loadVariants, save, saveIfDue, otherTabSaved, catchUp,
  };
}
