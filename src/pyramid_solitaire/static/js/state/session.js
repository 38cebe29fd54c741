// The session: the variant and game on the table (its record and view, as its game service
// answered them), one request at a time, its saves, and listeners told of every change. It
// knows nothing of the screen: listeners draw, count statistics and speak. Its parts:
// requests.js runs the requests one at a time, holding.js keeps the save this tab holds.
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
import { createHolding } from "./holding.js";
import { createRequests } from "./requests.js";
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
  const notify = (change) => listeners.forEach((listener) => listener(change));
  const run = createRequests(notify);
  const gameId = () => `${now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const holding = createHolding({ state, slotName, elapsed, now, gameId, notify, showSaved });

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

  /** Another tab's save of this variant, taken over (clash: see the changes above). */
  function showSaved(save, clash) {
    const variant = state.variant;
    run(async () => {
      const answer = await gameService.state(save.record);
      if (state.variant !== variant) return; // another variant opened meanwhile
      holding.hold(save);
      show(answer, { cause: "takeover", elapsed: save.elapsed, clash });
    });
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
      holding.save();
      state.variant = state.variants.find((v) => v.id === id) || state.variants[0];
      state.slot = slot;
      store.playing(slotName());
      if (!slot) store.notePlayed(state.variant.id);
      state.record = null;
      state.view = null;
      state.game = null;
      holding.release();
      notify({ type: "opening", variant: state.variant, slot });
      const saved = await patiently(() => saves.restore(slotName(), ofThisVariant));
      if (saved) holding.foundUnder(saved.key);
      const stays = saved && saved.blocked ? { type: "save-broken", kept: false, stays: saved.blocked } : null;
      if (saved && saved.answer) {
        holding.hold(saved.save);
        const shown = show(saved.answer, { cause: "restore", elapsed: saved.save.elapsed });
        if (stays) notify(stays); // the broken save still waits: said over the restored game
        holding.catchUp(); // saved again while this one was read
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

  return {
    state, subscribe: (listener) => listeners.push(listener), run, play, undo, redo, hint, restart, newDeal, open,
    loadVariants, save: holding.save, saveIfDue: holding.saveIfDue, otherTabSaved: holding.otherTabSaved, catchUp: holding.catchUp,
  };
}
