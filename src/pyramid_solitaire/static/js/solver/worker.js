// The solver's Web Worker: the C kernel as WebAssembly (kernel.wasm) with the searches over it, so
// the board never waits on a search and every solver feature works offline. The page talks to it
// through net/solver.js: it posts {id, op, ...} and gets back {id, answer} or {id, error}, the
// answers shaped as the server's ({record, view, hint}, {..., review}, {..., way}, a new game).
// Requests run one at a time, in order. Once loaded it posts {ready: true} (or {failed}).

import { challenges } from "../goals/daily.js";
import { gradedDeal, gradeOfDeal, loadDailyIndex } from "../goals/deals.js";
import { RulesError } from "../rules/errors.js";
import { Game } from "../rules/game.js";
import { answer } from "../rules/view.js";
import { changedBudgets, DEFAULT_BUDGETS } from "./budgets.js";
import { dailyDeal, randomDeal, winnableDeal } from "./deals.js";
import { consistentHint, hint } from "./hints.js";
import { loadKernel } from "./kernel.js";
import { Proven } from "./proven.js";
import { review, shortestWay, wayJson } from "./review.js";
import { KeptSearch, solve } from "./search.js";

let budgets = DEFAULT_BUDGETS; // budgets.js: changed by a {op: "budgets"} request
let proven = null; // what the hints proved, kept for the next ones (proven.js)
let kept = null; // the shortest search of the hints' deal, its table kept (search.js's KeptSearch)

const OPS = {
  hint: async (kernel, { record }) => {
    const game = Game.fromRecord(record);
    // face-down cards (Thirteen): judged over the deals consistent with what was seen, never a peek
    if (game.deal.variant.hidden) return answer(game, { hint: await consistentHint(kernel, game, { seconds: budgets.hintSeconds }) });
    const memory = budgets.rememberProofs ? { proven, kept } : {};
    const found = hint(kernel, game, { seconds: budgets.hintSeconds, nodes: budgets.hintNodes, ...memory });
    return answer(game, { hint: found });
  },
  review: (kernel, { record }) => {
    const game = Game.fromRecord(record);
    return answer(game, { review: review(kernel, game, budgets.reviewSeconds) });
  },
  way: (kernel, { record }) => {
    const game = Game.fromRecord(record);
    return answer(game, { way: wayJson(shortestWay(kernel, game, game.state, budgets.waySeconds)) });
  },
  // Honest about failure, as the server: without a proof in time the deal is random and says so.
  winnable: (kernel, { variant }) => {
    const number = winnableDeal(kernel, variant, randomDeal, budgets.winnableSeconds);
    return answer(new Game(variant, { deal: number ?? randomDeal() }), { winnable: number !== null });
  },
  // A deal of a grade (goals/deals.js): honest as `winnable`, an ungraded random deal says so.
  graded: async (kernel, { variant, grade }) => {
    const number = await gradedDeal(kernel, variant, grade);
    return answer(new Game(variant, { deal: number ?? randomDeal() }), { grade: number === null ? null : grade });
  },
  grade: async (kernel, { record }) => gradeOfDeal(kernel, Game.fromRecord(record).deal),
  // A day's challenges (goals/daily.js), for the days the release ships no file for.
  challenges: async (kernel, { day }) => challenges(kernel, day, await loadDailyIndex()),
  daily: async (kernel, { variant, day }) => answer(new Game(variant, { deal: await dailyDeal(variant, day) }), { daily: day }),
  // Earlier proofs are forgotten: under the new budgets every hint is searched again.
  budgets: (kernel, { id, op, ...given }) => {
    budgets = changedBudgets(budgets, given);
    proven = new Proven(kernel);
    kept = new KeptSearch(kept.kernel);
    return budgets;
  },
  // For the benchmarks: the kernel's figures on one position, no answer shape.
  solve: (kernel, { record, shortest, nodeLimit, timeLimit }) => {
    const game = Game.fromRecord(record);
    return solve(kernel, game.deal, game.state, { shortest, nodeLimit, timeLimit });
  },
};

let queue = Promise.resolve();

async function start() {
  try {
    const wasm = await fetch(new URL("./kernel.wasm", import.meta.url));
    const kernel = await loadKernel(wasm.clone());
    proven = new Proven(kernel);
    kept = new KeptSearch(await loadKernel(wasm)); // a second instance: a memory of its own
    self.onmessage = ({ data }) => {
      queue = queue.then(() => run(kernel, data));
    };
    self.postMessage({ ready: true });
  } catch (err) {
    self.postMessage({ failed: String(err) });
  }
}

async function run(kernel, request) {
  try {
    const op = OPS[request.op];
    if (!op) throw new Error(`no such request: ${request.op}`);
    self.postMessage({ id: request.id, answer: await op(kernel, request) });
  } catch (err) {
    const refusal = err instanceof RulesError ? { kind: err.kind, code: err.code, params: err.params } : {};
    self.postMessage({ id: request.id, error: { message: String(err.message || err), ...refusal } });
  }
}

start();
