// What earlier hints proved, for the next ones. Every suffix of a shortest winning line is a
// shortest line of the position it starts from, so one proof answers the hints all along its line
// at once (the player who follows the hint gets the next one without a search). And a position one
// move past a position whose shortest line has s steps needs at least s - 1 (k moves past: s - k):
// a lower bound the shortest search starts from (search.js's atLeast), which spares it the costly
// last iteration that proves a line shortest when the bound is met.

import { stateKey } from "./search.js";

export const PROVEN_POSITIONS = 20_000; // about 2 MB of keys and lines; the oldest go first

export class Proven {
  constructor(kernel, size = PROVEN_POSITIONS) {
    this.kernel = kernel;
    this.size = size;
    this.lines = new Map(); // deal and position -> a proven shortest line from there (move texts)
  }

  key(deal, state) {
    // the text: options change answers; a gathered stock's order (Apophis) tells positions apart too
    const order = state.order ? ` ${state.order.join(",")}` : "";
    return `${deal.variant.text} ${deal.cards.join(",")} ${stateKey(this.kernel, state, deal.variant.recycles === null)}${order}`;
  }

  /** `line` (move texts) is proven a shortest winning line from `state` of `deal`. */
  remember(deal, state, line) {
    for (let i = 0; i < line.length; i++) {
      const key = this.key(deal, state);
      this.lines.delete(key); // a Map keeps insertion order: the newest go last
      this.lines.set(key, line.slice(i));
      state = deal.apply(state, deal.parseMove(line[i]));
    }
    for (const old of this.lines.keys()) {
      if (this.lines.size <= this.size) break;
      this.lines.delete(old);
    }
  }

  /** A proven shortest line from the game's position, or null. */
  line(game) {
    return this.lines.get(this.key(game.deal, game.state)) ?? null;
  }

  /** The most steps the game's position is proven to need at least, from the positions it passed
   *  through (0: none known). */
  atLeast(game) {
    let bound = 0;
    const n = game.states.length - 1;
    for (let i = n - 1; i >= 0; i--) {
      const line = this.lines.get(this.key(game.deal, game.states[i]));
      if (line) bound = Math.max(bound, line.length - (n - i));
    }
    return bound;
  }
}
