// The exact solver over the wasm kernel: solver/search.py's `solve`, line for line. The kernel
// runs in slices of a node budget; between slices this reads the clock and grows the table.
// `solve(kernel, deal, state, options)` answers {verdict, line (move texts), states, seconds,
// shortest}, as Solution does; with the same node limit it searches the same states as the server.

import { cardText } from "../rules/cards.js";
import { gathers, PK } from "./kernel.js";

export const WINNABLE = "winnable";
export const UNWINNABLE = "unwinnable";
export const UNKNOWN = "unknown";

const SLICE = 2 ** 20; // nodes per kernel call without a time limit
const SLICE_SECONDS = 0.01; // with one, the clock is read about this often
const FIRST_RATE = 1e6; // nodes per second assumed until measured
// search.py's table schedule, to the slot: the first table, doubled when the kernel asks (PK_GROW),
// emptied at the cap (32M slots: 288 MB with the shortest search's bounds). The same schedule is
// what makes the page expand the server's states, whatever the search (docs/solver.md).
export const FIRST_TABLE_BITS = 14;
export const MAX_TABLE_BITS = 25;
// search.py's MAX_SHORTEST_LIMIT: the kernel's bounds are bytes, so no longer line is asked for.
export const MAX_SHORTEST_LIMIT = 200;

/** Seconds from some fixed point: the worker's clock, injected so tests can hold it still. */
export const monotonic = () => performance.now() / 1000;

/** When to stop: a node limit, a clock deadline, or neither (search.py's _Budget). */
export class Budget {
  constructor(timeLimit = null, nodeLimit = null, clock = monotonic) {
    if (timeLimit !== null && !(typeof timeLimit === "number" && timeLimit >= 0)) {
      throw new RangeError(`time limit must be a number of seconds (0 or more), not ${timeLimit}`);
    }
    if (nodeLimit !== null && !(Number.isInteger(nodeLimit) && nodeLimit >= 1)) {
      throw new RangeError(`node limit must be a positive whole number, not ${nodeLimit}`);
    }
    this.clock = clock;
    this.started = clock();
    this.deadline = timeLimit === null ? null : this.started + timeLimit;
    this.nodeLimit = nodeLimit;
  }

  /** Where the next slice stops: about SLICE_SECONDS of search at the speed seen so far. */
  nextStop(nodes) {
    let step = SLICE;
    if (this.deadline !== null) {
      const now = this.clock();
      const spent = now - this.started;
      const rate = nodes > 0 && spent > 0 ? nodes / spent : FIRST_RATE;
      step = Math.floor(rate * Math.min(SLICE_SECONDS, Math.max(this.deadline - now, 0) / 2));
      step = Math.min(Math.max(step, 256), SLICE);
    }
    const stop = nodes + step;
    return this.nodeLimit === null ? stop : Math.min(stop, this.nodeLimit);
  }

  spent(nodes) {
    if (this.nodeLimit !== null && nodes >= this.nodeLimit) return true;
    return this.deadline !== null && this.clock() >= this.deadline;
  }

  seconds() {
    return this.clock() - this.started;
  }

  /** Seconds still to spend (Infinity without a deadline). */
  left() {
    return this.deadline === null ? Infinity : Math.max(this.deadline - this.clock(), 0);
  }
}

/** The kernel's key of a rules/ position {removed: Uint8Array, drawn, recycles}; with unlimited
 *  passes (`unlimited`) the key holds no count of recycles (search.py's state_key). */
export function stateKey(kernel, state, unlimited = false, gathering = false) {
  let removed = 0n;
  for (let p = state.removed.length - 1; p >= 0; p--) removed = (removed << 1n) | BigInt(state.removed[p] ? 1 : 0);
  // a gathering recycle: `drawn` counts in the gathered order, which pk_start makes canonical
  if (gathering) return removed | (BigInt(state.drawn) << 52n) | (BigInt(state.recycles) << 57n);
  return kernel.pack(removed, state.drawn, unlimited ? 0 : state.recycles);
}

/** A gathering recycle's stock order as the kernel's second word (search.py's state_gathered):
 *  0n for other rules and before the first gather. */
export function stateGathered(kernel, deal, state) {
  if (!gathers(deal.variant) || !state.order) return 0n;
  return kernel.gathered(state.order, state.recycles);
}

/** A move code of the kernel in notation (pairs in deck order, as the rules write them). */
export function moveOf(deal, code) {
  const kind = code & 3;
  if (kind === PK.DRAW) return "draw";
  if (kind === PK.RECYCLE) return "recycle";
  const a = (code >> 2) & 63;
  if (kind === PK.KING) return cardText(deal.cards[a]);
  const b = (code >> 8) & 63;
  return [Math.min(a, b), Math.max(a, b)].map((p) => cardText(deal.cards[p])).join("+");
}

/** One search on the kernel: its mode and its table (search.py's _Search). */
class Search {
  constructor(kernel, deal, shortest, maxBits) {
    this.kernel = kernel;
    this.deal = deal;
    this.shortest = shortest;
    this.maxBits = maxBits;
    this.failed = null; // why the search cannot go on (the memory refused), or null
    this.table = null;
    this.gathered = 0n; // a gathering recycle: the root's stock order (stateGathered)
    try {
      this.table = kernel.begin(deal.cards, deal.variant, shortest, FIRST_TABLE_BITS, deal.goal ?? null);
    } catch (error) {
      this.refused(error, FIRST_TABLE_BITS);
    }
  }

  /** A RangeError of the memory (WebAssembly.Memory.grow, or a fresh instance, refused by the
   *  host) ends the search as a budget would: unknown, with the reason; anything else is a bug. */
  refused(error, bits) {
    if (!(error instanceof RangeError)) throw error;
    const mb = Math.ceil((9 * 2 ** bits) / 1e6);
    this.failed = `out of memory: the browser refused the solver a table of 2^${bits} positions (${mb} MB more): ${error.message}`;
  }

  get nodes() {
    return this.kernel.control(PK.NODES);
  }

  /** Double the table, or at the cap empty it (search.py's grow); false when the memory refused
   *  (the old table is kept whole: a later run may try again). */
  grow() {
    if (this.table.bits >= this.maxBits) {
      this.kernel.clear(this.table);
      return true;
    }
    try {
      this.table = this.kernel.grow(this.table, this.shortest);
      return true;
    } catch (error) {
      this.refused(error, this.table.bits + 1);
      return false;
    }
  }

  line() {
    return this.kernel.line().map((code) => moveOf(this.deal, code));
  }

  /** Search from `key` slice by slice until WIN or LOST; BUDGET when the budget ran out. */
  run(key, budget, limit = 0) {
    if (this.table === null) return PK.BUDGET; // no first table: the memory refused it
    this.failed = null;
    this.kernel.setControl(PK.GATHERED, this.gathered);
    let status = this.kernel.start(key);
    while (status === PK.BUDGET) {
      status = this.kernel.search(this.table, budget.nextStop(this.nodes), limit);
      if (status === PK.GROW) {
        if (!this.grow()) return PK.BUDGET;
        status = PK.BUDGET;
      } else if (status === PK.BUDGET && budget.spent(this.nodes)) {
        break;
      }
    }
    return status;
  }

  decide(key, budget) {
    const status = this.run(key, budget);
    if (status === PK.BUDGET) return [UNKNOWN, []];
    return status === PK.WIN ? [WINNABLE, this.line()] : [UNWINNABLE, []];
  }

  /** IDA* iterations with a falling limit from the decision's line (see search.py). `atLeast`:
   *  a lower bound known from an earlier proof (proven.js); when it is below the line, the first
   *  iteration asks for a line that short: found, it is the shortest, and the failing iteration
   *  that otherwise proves a line shortest (the costly one) is never run.
   *  The kernel's contract: asked for a line of at most `limit` steps, it gives one or none. A
   *  longer one (issue 48: the same line one step too long, forever) is never taken: the search
   *  stops with the line it had, not proven, `failed` says why. Each line found is shorter than
   *  the last and the budget is read after each, so the loop ends whatever the kernel answers. */
  shortestLine(key, line, budget, atLeast = 0) {
    if (this.table === null) return [line, false]; // the memory refused its first table
    this.failed = null;
    let bound = Math.max(this.kernel.estimate(key), atLeast, 1); // a won position is not searched
    if (bound >= line.length) return [line, true];
    if (atLeast > 0 && atLeast < line.length - 1) {
      const status = this.run(key, budget, atLeast);
      if (status === PK.BUDGET) return [line, false];
      if (status === PK.WIN) {
        const found = this.within(atLeast);
        return found === null ? [line, false] : [found, true];
      }
      bound = Math.max(atLeast + 1, this.kernel.control(PK.BOUND)); // none that short: the bound rises
    }
    for (;;) {
      if (bound >= line.length) return [line, true];
      const limit = Math.min(line.length - 1, MAX_SHORTEST_LIMIT);
      const status = this.run(key, budget, limit);
      if (status === PK.BUDGET) return [line, false];
      if (status === PK.LOST) return [line, limit === line.length - 1]; // past the limit: not proven
      const found = this.within(limit);
      if (found === null) return [line, false];
      line = found;
      if (budget.spent(this.nodes)) return [line, false];
    }
  }

  /** The kernel's winning line if it keeps to `limit`; else null, and `failed` says why. */
  within(limit) {
    const found = this.line();
    if (found.length <= limit) return found;
    this.failed = `kernel error: asked for a line of at most ${limit} steps, it gave ${found.length}`;
    return null;
  }
}

/** The shortest search kept from one solve to the next of the same deal, in a kernel of its own
 *  (the decision searches of the other start afresh each time). Its table holds proven lower
 *  bounds on the steps positions need, true whatever the root, so the hints along one game build
 *  on each other: even a hint its budget cut short leaves the next one its bounds. */
export class KeptSearch {
  constructor(kernel, maxBits = MAX_TABLE_BITS) {
    this.kernel = kernel;
    this.maxBits = maxBits;
    this.search = null;
    this.of = null; // the deal searched: variant and cards
  }

  for(deal) {
    const of = `${deal.variant.text} ${deal.cards.join(",")}`; // the text: options change answers
    if (of !== this.of || this.search.table === null) {
      this.search = new Search(this.kernel, deal, true, this.maxBits);
      this.of = of;
    }
    return this.search;
  }
}

/** Solve `state` of `deal` (rules/ objects) exactly, within the limits if given.
 *  options: {shortest, timeLimit (seconds), nodeLimit, clock, maxBits, atLeast (a proven lower
 *  bound on the shortest line's steps, from an earlier search; 0: none), kept (a KeptSearch for
 *  the shortest search, on another kernel than `kernel`)}. */
export function solve(kernel, deal, state, options = {}) {
  const { shortest = false, timeLimit = null, nodeLimit = null, clock = monotonic, maxBits = MAX_TABLE_BITS } = options;
  const { atLeast = 0, kept = null } = options;
  const budget = new Budget(timeLimit, nodeLimit, clock);
  const key = stateKey(kernel, state, deal.variant.recycles === null, gathers(deal.variant));
  const gathered = stateGathered(kernel, deal, state);
  const search = new Search(kernel, deal, false, maxBits);
  search.gathered = gathered;
  let [verdict, line] = search.decide(key, budget);
  let states = search.table === null ? 0 : search.nodes;
  let proven = false;
  let reason = search.failed;
  if (shortest && verdict === WINNABLE) {
    const deeper = kept ? kept.for(deal) : new Search(kernel, deal, true, maxBits);
    deeper.gathered = gathered;
    if (deeper.table !== null) deeper.kernel.setControl(PK.NODES, states);
    [line, proven] = deeper.shortestLine(key, line, budget, atLeast);
    if (deeper.table !== null) states = deeper.nodes;
    reason = deeper.failed;
  }
  // The searches are over: a memory they left past the kernel's renewBytes is let go now, not kept
  // until the next search (kept's own kernel keeps its table: the next hints build on it).
  if (kept === null || kept.kernel !== kernel) kernel.release();
  // reason: only when the memory stopped the search (the verdict unknown, or the line not proven),
  // or the kernel broke its contract (a line past the limit: the line it had, not proven)
  const found = { verdict, line, states, seconds: budget.seconds(), shortest: proven };
  return reason === null ? found : { ...found, reason };
}

/** The shortest search's admissible estimate from `state`: at least this many steps remain. */
export function lowerBound(kernel, deal, state) {
  new Search(kernel, deal, true, MAX_TABLE_BITS);
  return kernel.estimate(stateKey(kernel, state, deal.variant.recycles === null, gathers(deal.variant)));
}
