// What a game's end counts beyond the statistics: the personal bests (state/records.js) and the
// achievements (state/achievements.js). Called once per game, when the statistics decide its
// result (won, or stuck); no DOM.

import * as achievements from "../state/achievements.js";
import * as challenges from "../state/challenges.js";
import * as records from "../state/records.js";
import * as stats from "../state/stats.js";
import { recyclesOfView, scoreOfView } from "./score.js";

/** What the achievements are told of game `game` at its end (achievements.js's context): a run
 *  of days is a variant's run of wins, or the run of days with a challenge done (a week of
 *  challenges is "a week" too). */
export function endContext({ variant, view, game, undos, variants, extra = {} }) {
  return {
    variant, won: view.won, score: scoreOfView(view), moves: view.move_count, undos, hints: records.hintsIn(variant, game),
    recycles: recyclesOfView(view), wonVariants: variants.filter((v) => stats.load(v).won > 0),
    dayRun: Math.max(records.longestRun(variants), challenges.load().best), ...extra,
  };
}

/** Count the end of game `game` (its last view `view`, played in `ms`, with `undos` undos) on
 *  `day`; `variants` are every variant's id, `extra` what a challenge adds ({par, grade,
 *  challenge}). Returns {set: bests set now, earned: achievements earned now}. */
export function countEnd(context) {
  const { variant, view, ms, day } = context;
  const { set } = records.noteResult(variant, { won: view.won, score: scoreOfView(view), moves: view.move_count, ms: Math.round(ms), day });
  return { set, earned: achievements.noteEnd(endContext(context), day) };
}
