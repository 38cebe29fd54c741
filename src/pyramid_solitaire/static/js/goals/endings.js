// What a game's end counts beyond the statistics: the personal bests (state/records.js) and the
// achievements (state/achievements.js). Called once per game, when the statistics decide its
// result (won, or stuck); no DOM.

import * as achievements from "../state/achievements.js";
import * as records from "../state/records.js";
import * as stats from "../state/stats.js";
import { recyclesOfView, scoreOfView } from "./score.js";

/** Count the end of game `game` (its last view `view`, played in `ms`, with `undos` undos) on
 *  `day`; `variants` are every variant's id, `extra` what a challenge adds ({par, grade,
 *  challenge}). Returns {set: bests set now, earned: achievements earned now}. */
export function countEnd({ variant, view, game, ms, undos, day, variants, extra = {} }) {
  const score = scoreOfView(view);
  const moves = view.move_count;
  const { set } = records.noteResult(variant, { won: view.won, score, moves, ms: Math.round(ms), day });
  const earned = achievements.noteEnd({
    variant, won: view.won, score, moves, undos, hints: records.hintsIn(variant, game),
    recycles: recyclesOfView(view),
    wonVariants: variants.filter((v) => stats.load(v).won > 0), dayRun: records.longestRun(variants), ...extra,
  }, day);
  return { set, earned };
}
