// The page's own game service (the session's gameService): the game API answered in the page,
// the same calls and answers as api.js ({record, view, ...}), worked out by rules/ at once, with
// no request and no network. What only the server can do goes to it: hints (the solver),
// winnable-only and daily deals, the variant list. Offline, hints and the daily deal fail with
// NeedsServer, naming the feature; a winnable-only deal becomes a random one. The server never
// trusts the page: it replays every record it is sent.

import * as api from "../net/api.js";
import { RulesError } from "../rules/errors.js";
import { Game } from "../rules/game.js";
import { answer } from "../rules/view.js";

/** A feature that only the server offers, asked for while it cannot be reached. */
export class NeedsServer extends api.Offline {
  constructor(feature, cause) {
    super(`${feature} needs the server: ${cause.message}`);
    this.feature = feature; // "hint" or "daily"
  }
}

// Random deals stay below 2**31, as the server's (short to read out, exact in JavaScript).
const RANDOM_DEALS = 2 ** 31;

/** Work out an answer here; a refusal of the rules becomes the server's refusal, with the same
 *  status, English text, code and parameters. */
function locally(work) {
  try {
    return Promise.resolve(work());
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    return Promise.reject(new api.Refused(err.message, err.kind === "IllegalMove" ? 409 : 400, err.code, err.params));
  }
}

async function fromServer(feature, request) {
  try {
    return await request();
  } catch (err) {
    if (err instanceof api.Offline) throw new NeedsServer(feature, err);
    throw err;
  }
}

const randomDeal = () => crypto.getRandomValues(new Uint32Array(1))[0] % RANDOM_DEALS;

export const variants = api.variants; // the service worker keeps the last list for offline use
export const state = (record) => locally(() => answer(Game.fromRecord(record)));

export const move = (record, text) => locally(() => {
  const game = Game.fromRecord(record);
  return answer(game, { played: game.play(text) });
});

export const undo = (record, count = 1) => locally(() => {
  const game = Game.fromRecord(record);
  if (count > 1 && count > game.moves.length) {
    throw new RulesError("IllegalMove", "undo_too_many", { count, played: game.moves.length });
  }
  const undone = Array.from({ length: count }, () => game.undo());
  return answer(game, { undone: undone.reverse().join(" ") });
});

export const redo = (record) => locally(() => {
  const game = Game.fromRecord(record);
  return answer(game, { redone: game.redo() });
});

export const restart = (record) => locally(() => {
  const game = Game.fromRecord(record);
  game.restart();
  return answer(game);
});

/** A deal by number, or a random one, is dealt here; daily and winnable-only deals come from
 *  the server (options: {daily: "YYYY-MM-DD"} or {winnable_only: true}). Offline, a winnable-only
 *  deal becomes a random one, marked so ({winnable: false, offline: true}). */
export async function newGame(variant, deal = null, options = {}) {
  const dealt = (number, extra) => locally(() => answer(new Game(variant, { deal: number }), extra));
  if (deal !== null) return dealt(String(deal));
  if (options.daily) return fromServer("daily", () => api.newGame(variant, null, options));
  if (!options.winnable_only) return dealt(randomDeal());
  try {
    return await api.newGame(variant, null, options);
  } catch (err) {
    if (err instanceof api.Offline) return dealt(randomDeal(), { winnable: false, offline: true });
    throw err;
  }
}

export const hint = (record) => fromServer("hint", () => api.hint(record));
