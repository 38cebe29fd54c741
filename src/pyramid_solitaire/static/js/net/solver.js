// The solver in the page: a Web Worker (solver/worker.js) running the C kernel as WebAssembly.
// Each call posts a request and resolves with the answer the server would give ({record, view,
// hint} and so on). When the worker cannot start (no Worker, no WebAssembly, the .wasm missing),
// every call rejects with Unavailable, and state/local.js asks the server instead.

import { THRESHOLDS } from "../goals/thresholds.js";
import { kernelPlays } from "../solver/kernel.js";
import { Refused } from "./api.js";

export class Unavailable extends Error {}

let started = null;
let nextId = 0;
const waiting = new Map();

/** The worker, started on first use; rejects with Unavailable when it cannot run. */
function worker() {
  if (started) return started;
  started = new Promise((resolve, reject) => {
    if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") {
      reject(new Unavailable("this browser has no Web Worker or no WebAssembly"));
      return;
    }
    let solver;
    try {
      solver = new Worker(new URL("../solver/worker.js", import.meta.url), { type: "module" });
    } catch (err) {
      reject(new Unavailable(String(err)));
      return;
    }
    solver.onerror = (event) => reject(new Unavailable(event.message || "the solver's worker failed to load"));
    solver.onmessage = ({ data }) => {
      if (data.ready) resolve(solver);
      else if (data.failed) reject(new Unavailable(data.failed));
      else settle(data);
    };
  });
  started.catch((err) => console.warn("no solver in the page:", err.message));
  return started;
}

function settle({ id, answer, error }) {
  const call = waiting.get(id);
  if (!call) return;
  waiting.delete(id);
  if (!error) call.resolve(answer);
  else if (error.code) call.reject(new Refused(error.message, error.kind === "IllegalMove" ? 409 : 400, error.code, error.params));
  else call.reject(new Error(`the solver failed: ${error.message}`));
}

async function ask(op, fields) {
  const solver = await worker();
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    waiting.set(id, { resolve, reject });
    solver.postMessage({ id, op, ...fields });
  });
}

/** Whether the page's solver plays the game `variant` (a rules/ variant): every game but Apophis
 *  with more than three passes (and a family game with overlap discards), which only the server's
 *  plain search plays. */
export const plays = kernelPlays;
/** Whether deals of the game `variant` (a rules/ variant) have grades: those goals/thresholds.js
 *  cuts, the six variants and the family's games as dealt (Apophis too); not a game with rule options. */
export const grades = (variant) => Object.hasOwn(THRESHOLDS, variant.text);
/** True when the solver runs in this page (it starts the worker if it has not yet). */
export const available = () => worker().then(() => true, () => false);
export const hint = (record) => ask("hint", { record });
export const review = (record) => ask("review", { record });
export const way = (record) => ask("way", { record });
export const winnableGame = (variant) => ask("winnable", { variant });
export const dailyGame = (variant, day) => ask("daily", { variant, day });
export const dayChallenges = (day) => ask("challenges", { day });
export const gradedGame = (variant, grade) => ask("graded", { variant, grade });
/** {grade, from} of the game's deal: from the index, else graded here (goals/deals.js). */
export const gradeOf = (record) => ask("grade", { record });
export const solve = (record, options = {}) => ask("solve", { record, ...options });
/** Change the worker's solver budgets for its life (solver/budgets.js: hintSeconds, hintNodes,
 *  reviewSeconds, waySeconds, winnableSeconds, rememberProofs); resolves with the budgets now in
 *  force. For tests and benchmarks: from the page, `(await import("/static/js/net/solver.js"))
 *  .setBudgets({hintSeconds: 0.001})`. */
export const setBudgets = (budgets) => ask("budgets", budgets);
