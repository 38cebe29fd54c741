// The session: the variant and game on the table (its record and the view the server answered),
// one request at a time, its saves, and listeners told of every change. It knows nothing of the
// screen: listeners draw, count statistics and speak.
//
// Changes passed to listeners:
//   {type: "position", cause, answer, previous, newGame, ...}  a new position is on the table;
//      cause: "move" | "undo" | "redo" | "restart" | "new" | "restore"; newGame: a new game begins
//   {type: "opening", variant}   another variant is being opened (the table empties)
//   {type: "save-broken"}        the variant's save could not be used and was moved aside
//   {type: "refused", error, move}  the server refused a request (move: the move text, if any)
//   {type: "offline", error}     no answer from the server
//   {type: "busy", busy}         requests are under way, or no longer

import * as api from "./api.js";
import * as saves from "./saves.js";
import * as store from "./store.js";

/** `elapsed()` gives the game's playing time in ms, saved with the record. */
export function createSession({ server = api, elapsed = () => 0, now = () => Date.now() } = {}) {
  const state = { variants: [], variant: null, record: null, view: null };
  const listeners = [];
  let queue = Promise.resolve();
  let busy = 0;
  let lastSave = 0;

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

  function show(answer, change) {
    const previous = state.view;
    state.record = answer.record;
    state.view = answer.view;
    notify({ type: "position", answer, previous, newGame: false, ...change });
    return answer;
  }

  /** The one place a move is applied to the game: today the server answers with the new
   *  record and view; a local rules engine can take its place here. */
  const apply = (move) => server.move(state.record, move);

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
  const undo = (count = 1) => run(async () => show(await server.undo(state.record, count), { cause: "undo", count }));
  const redo = () => run(async () => show(await server.redo(state.record), { cause: "redo" }));
  /** The solver's hint for the position: {verdict, move, ...} (see the server's /api/hint). */
  const hint = () => run(async () => (await server.hint(state.record)).hint);
  const restart = () => run(async () => show(await server.restart(state.record), { cause: "restart", newGame: true }));

  /** A new deal of the variant: a deal number (as text), or what `optionsFor(variant)` asks the
   *  server for ({daily: "YYYY-MM-DD"} or {winnable_only: true}). */
  function newDeal(deal = null, optionsFor = () => ({})) {
    return run(async () => {
      const options = optionsFor(state.variant);
      const answer = await server.newGame(state.variant.id, deal, options);
      store.notePlayed(state.variant.id);
      return show(answer, { cause: "new", newGame: true, deal, options });
    });
  }

  /** Open a variant: its saved game if there is one that loads, else a new deal (see newDeal). */
  function open(id, optionsFor = () => ({})) {
    return run(async () => {
      save();
      state.variant = state.variants.find((v) => v.id === id) || state.variants[0];
      store.notePlayed(state.variant.id);
      state.record = null;
      state.view = null;
      notify({ type: "opening", variant: state.variant });
      const saved = await saves.restore(state.variant.id, server.state);
      if (saved && saved.answer) return show(saved.answer, { cause: "restore", elapsed: saved.elapsed });
      if (saved && saved.broken) notify({ type: "save-broken" });
      const options = optionsFor(state.variant);
      const answer = await server.newGame(state.variant.id, null, options);
      return show(answer, { cause: "new", newGame: true, deal: null, options });
    });
  }

  async function loadVariants() {
    await run(async () => {
      state.variants = (await server.variants()).variants;
    });
    return state.variants;
  }

  function save() {
    if (!state.variant || !state.record) return;
    saves.write(state.variant.id, state.record, elapsed());
    lastSave = now();
  }

  /** Save while the clock runs, every few seconds. */
  function saveIfDue() {
    if (now() - lastSave >= saves.SAVE_EVERY_MS) save();
  }

  return {
    state, subscribe: (listener) => listeners.push(listener), run, play, undo, redo, hint, restart, newDeal, open,
    loadVariants, save, saveIfDue,
  };
}
