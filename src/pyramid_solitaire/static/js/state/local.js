// The page's own game service (the session's gameService): the game API answered in the page,
// the same calls and answers as api.js ({record, view, ...}), worked out by rules/ at once, with
// no request and no network. The solver's features (hints, review, the way, winnable-only and
// daily deals) run in the page's solver worker (net/solver.js, the C kernel as WebAssembly),
// offline too, for every game but Apophis with more than three passes (a third gather: the server's
// plain search plays it). Only where that worker cannot start, or for such a game, do they go
// to the server; offline there, they fail with NeedsServer, naming the feature (a winnable-only
// deal becomes a random one). The server never trusts the page: it replays every record it is sent.

import * as api from "../net/api.js";
import { randomDeal } from "../rules/decks.js";
import * as solver from "../net/solver.js";
import { RulesError } from "../rules/errors.js";
import { Game, oneDealSource } from "../rules/game.js";
import { answer } from "../rules/view.js";
import { getVariant } from "../rules/variants.js";

/** A feature that only the server offers, asked for while it cannot be reached. */
export class NeedsServer extends api.Offline {
  constructor(feature, cause) {
    super(`${feature} needs the server: ${cause.message}`);
    this.feature = feature; // "hint" or "daily"
  }
}

/** The page's solver could not be loaded (its file broken, or no WebAssembly) and the page did
 *  not come from the game server (a static site): no one to ask, so hints are not offered. */
export class NoSolver extends NeedsServer {
  constructor(cause) {
    super("solver", cause); // play.js says "the solver could not be loaded"
  }
}

let served = null; // once known: whether the page came from the game server

/** Whether the page came from the game server, asked once when the page's solver cannot run: a
 *  static site answers /api/version with its file marked `site` (copied by hand: a 404 or a
 *  page). Unreachable, it may still be a server that is down: asked again next time. */
async function fromGameServer() {
  if (served !== null) return served;
  try {
    served = (await api.version())?.site !== true; // the static site's file says it is one
  } catch (err) {
    if (!(err instanceof api.Unusable) && !(err instanceof api.Refused)) return true; // unreachable
    served = false;
  }
  return served;
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

/** Whether deals of `text` have grades (net/solver.js grades): not a variant with options. */
function graded(text) {
  try {
    return solver.grades(getVariant(text));
  } catch {
    return true; // a text the rules refuse: refused where the deal is made, with its code
  }
}

/** The page's solver when it runs, else the server (for browsers without WebAssembly, or a
 *  broken kernel.wasm), and only where the page came from one. Both play every option set. */
async function solved(feature, inPage, request) {
  try {
    return await inPage();
  } catch (err) {
    if (!(err instanceof solver.Unavailable)) throw err;
    if (!(await fromGameServer())) throw new NoSolver(err);
  }
  return fromServer(feature, request);
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
 *  the solver worker, else the server (options: {daily: "YYYY-MM-DD"} or {winnable_only: true}).
 *  Without either, a winnable-only deal becomes a random one, marked so ({winnable: false,
 *  offline: true}). One deal source at
 *  most, as the rules say (rules/game.js oneDealSource); none: a random deal (rules/decks.js). */
export async function newGame(variant, deal = null, options = {}) {
  const dealt = (source, extra) => locally(() => answer(new Game(variant, source), extra));
  const random = () => ({ deal: randomDeal(crypto.getRandomValues(new Uint32Array(1))[0]) });
  const given = { deal: deal !== null, daily: Boolean(options.daily), winnable_only: Boolean(options.winnable_only),
    grade: Boolean(options.grade) };
  await locally(() => oneDealSource(Object.keys(given).filter((name) => given[name])));
  if (deal !== null) return dealt({ deal: String(deal) });
  const server = () => api.newGame(variant, null, options);
  if (options.daily) return solved("daily", () => solver.dailyGame(variant, options.daily), server);
  if (!options.winnable_only && !options.grade) return dealt(random());
  if (options.grade && !graded(variant)) {
    return dealt(random(), { grade: null, options: true });
  }
  // Apophis past three passes (and a family game with overlap discards): no proof in the page, only the server's
  const here = playedHere(variant);
  const unproven = () => dealt(random(), options.grade ? { grade: null, offline: true } : { winnable: false, ...(here ? { offline: true } : { family: true }) });
  if (!here && !(await fromGameServer())) return unproven();
  if (here) {
    try {
      return await (options.grade ? solver.gradedGame(variant, options.grade) : solver.winnableGame(variant));
    } catch (err) {
      if (!(err instanceof solver.Unavailable)) throw err;
    }
  }
  try {
    return await api.newGame(variant, null, options);
  } catch (err) {
    if (err instanceof api.Offline) return unproven();
    throw err;
  }
}

export const hint = (record) => solvedFor(record, "hint", () => solver.hint(record), () => api.hint(record));
export const review = (record) => solvedFor(record, "review", () => solver.review(record), () => api.review(record));
export const way = (record) => solvedFor(record, "way", () => solver.way(record), () => api.way(record));

/** Whether the page's solver plays the game `text` names: every game but Apophis past three passes (net/solver.js
 *  plays). A text the rules refuse counts as played: it is refused where it is used, with its code. */
function playedHere(text) {
  try {
    return solver.plays(getVariant(text));
  } catch {
    return true;
  }
}

/** A game the page's solver plays (the six variants, their options, and the family's games, Apophis
 *  with up to three passes; Thirteen's hint is judged over consistent deals) is answered in the
 *  page, offline too. Apophis with more passes (and a family game with overlap discards) goes to
 *  the server only; where there is none to ask (a static site, or offline) the page says so, for
 *  every feature: NeedsServer "family" for Apophis's third gather, "overlap" for the other. */
async function solvedFor(record, feature, inPage, request) {
  if (playedHere(record?.variant)) return solved(feature, inPage, request);
  const why = getVariant(record.variant).gather === "order" ? "overlap" : "family";
  if (!(await fromGameServer())) throw new NeedsServer(why, new Error("only the game server's solver plays this game"));
  return fromServer(why, request);
}
/** Start the solver worker now, so the first hint does not wait for it to load. */
export const warmSolver = () => solver.available();
