// The page's own game service (the session's gameService): the game API answered in the page,
// the same calls and answers as api.js ({record, view, ...}), worked out by rules/ at once, with
// no request and no network. What only the server can do goes to it: hints (the solver),
// winnable-only and daily deals, the variant list. Offline, hints and the daily deal fail with
// NeedsServer, naming the feature; a winnable-only deal becomes a random one. The server never
// trusts the page: it replays every record it is sent.

import * as api from "../net/api.js";
import { randomDeal } from "../rules/decks.js";
import { RulesError } from "../rules/errors.js";
import { Game, oneDealSource } from "../rules/game.js";
import { answer } from "../rules/view.js";

/** A feature that only the server offers, asked for while it cannot be reached. */
export class NeedsServer extends api.Offline {
  constructor(feature, cause) {
    super(`${feature} needs the server: ${cause.message}`);
    this.feature = feature; // "hint" or "daily"
  }
}

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

export const variants = api.variants; // the service worker keeps the last list for offline use
export const state = (record) => locally(() => answer(Game.fromRecord(record)));

export const move = (record, text) => locally(() => {
  const game = Game.fromRecord(record);
  return answer(game, { played: game.play(text) });
});

export const undo = (record, count = 1) => locally(() => {
  const game = Game.fromRecord(record);
  game.undo(count); // the undone moves lead the redo path, in the order played
  return answer(game, { undone: game.redoMoves.slice(0, count).join(" ") });
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
 *  deal becomes a random one, marked so ({winnable: false, offline: true}). One deal source at
 *  most, as the rules say (rules/game.js oneDealSource); none: a random deal (rules/decks.js). */
export async function newGame(variant, deal = null, options = {}) {
  const dealt = (source, extra) => locally(() => answer(new Game(variant, source), extra));
  const random = () => ({ deal: randomDeal(crypto.getRandomValues(new Uint32Array(1))[0]) });
  const given = { deal: deal !== null, daily: Boolean(options.daily), winnable_only: Boolean(options.winnable_only) };
  await locally(() => oneDealSource(Object.keys(given).filter((name) => given[name])));
  if (deal !== null) return dealt({ deal: String(deal) });
  if (options.daily) return fromServer("daily", () => api.newGame(variant, null, options));
  if (!options.winnable_only) return dealt(random());
  try {
    return await api.newGame(variant, null, options);
  } catch (err) {
    if (err instanceof api.Offline) return dealt(random(), { winnable: false, offline: true });
    throw err;
  }
}

export const hint = (record) => fromServer("hint", () => api.hint(record));
