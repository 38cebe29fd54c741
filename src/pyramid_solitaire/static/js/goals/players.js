// The greedy player of goals/players.py (greedy_game), line for line: it removes cards whenever it
// can, tableau cards first, and draws only when it must; a tie is broken by SplitMix64 seeded with
// the rollout's number (never the clock), so a game is the same here as on the server. The grades
// corpus (tests/golden/grades_corpus.json) holds the two to the same wins.

const DECK_SIZE = 52;
const MAX_MOVES = 500;
const MASK64 = (1n << 64n) - 1n;

/** RULES.md's SplitMix64: below(n) draws a whole number in 0..n-1 (as players.SplitMix64). */
export class SplitMix64 {
  constructor(seed) {
    this.state = BigInt(seed) & MASK64;
  }

  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  }

  below(n) {
    return Number(this.next() % BigInt(n));
  }
}

/** Games the greedy player wins out of `rollouts` (players.greedy_wins). */
export function greedyWins(deal, rollouts) {
  let won = 0;
  for (let k = 0; k < rollouts; k++) won += greedyGame(deal, k) ? 1 : 0;
  return won;
}

/** One game of the greedy player on a rules/ Deal, ties broken by SplitMix64(seed). It reads the
 *  deal's layout, reserve piles, draw, pairing and goal, so it plays the family's games too; a
 *  gathering recycle (Apophis) gathers pile 1, then 2, then 3 into a new stock and deals its first row. */
export function greedyGame(deal, seed) {
  const v = deal.variant;
  const size = deal.size;
  const covers = deal.layout.coveredBy;
  const values = deal.cards.map((card) => (card % 13) + 1);
  const perDraw = v.draw * v.wastes;
  let stock = [];
  if (v.has_stock) for (let p = deal.stockStart; p < DECK_SIZE; p++) stock.push(p);
  let index = new Map(stock.map((p) => [p, p - deal.stockStart])); // a stock card's place in this pass's order
  const gathering = v.gather === "piles";
  let wastes = Array.from({ length: v.wastes }, () => []);
  const piles = Array.from({ length: v.piles }, (_, j) => Array.from({ length: v.pile_size }, (_, k) => size + v.pile_size * j + k));
  const removed = new Array(size).fill(false);
  let recycles = 0;
  let gone = 0;
  let goneAtRecycle = 0;
  const rng = new SplitMix64(seed);
  const freeSlots = () => covers.map((cover, p) => p).filter((p) => !removed[p] && covers[p].every((c) => removed[c]));
  let free = freeSlots();
  for (let move = 0; move < MAX_MOVES; move++) {
    if (!free.length && (v.win !== "all" || ![stock, ...wastes, ...piles].some((pile) => pile.length))) return true;
    const avail = [...free, ...[...wastes, ...piles].filter((pile) => pile.length).map((pile) => pile[pile.length - 1])];
    if (v.open_stock && stock.length) avail.push(stock[0]);
    avail.sort((a, b) => a - b);
    const ties = bestRemovals(avail, values, size, v.pairing);
    if (ties.length) {
      gone += 1;
      for (const p of ties.length > 1 ? ties[rng.below(ties.length)] : ties[0]) {
        if (p < size) {
          removed[p] = true;
          free = freeSlots();
        } else if (stock.length && stock[0] === p) {
          stock.shift();
        } else {
          const pile = [...wastes, ...piles].find((it) => it.length && it[it.length - 1] === p);
          pile.pop();
        }
      }
    } else if (stock.length) {
      dealRow(stock, wastes, index, perDraw);
    } else if ((v.recycles === null || recycles < v.recycles) && wastes.some((pile) => pile.length) && (gathering || gone > goneAtRecycle)) {
      // gathering: pile 1 first, so pile 3 is on top, a new order (a pass that removed nothing
      // does not play the same again), the first row dealt in the same move; else the
      // original order, which a pass that removed nothing would play again
      stock = gathering ? [...wastes].reverse().flat() : wastes.flat().sort((a, b) => a - b);
      wastes = Array.from({ length: v.wastes }, () => []);
      recycles += 1;
      goneAtRecycle = gone;
      if (gathering) {
        index = new Map(stock.map((p, i) => [p, i]));
        dealRow(stock, wastes, index, perDraw);
      }
    } else {
      return false; // stuck; or a whole pass removed nothing, so every pass to come plays the same
    }
  }
  return false;
}

/** The stock's next `count` cards round the waste piles, each by its place in this pass's order. */
function dealRow(stock, wastes, index, count) {
  for (const p of stock.splice(0, count)) wastes[index.get(p) % wastes.length].push(p);
}

/** The best removals in legal order (cards alone, then pairs, each in deck order), as arrays of
 *  positions: those with the most tableau cards. */
function bestRemovals(avail, values, size, pairing) {
  const alone = pairing.rules.alone_values;
  const moves = avail.filter((p) => alone.includes(values[p])).map((p) => [p]);
  avail.forEach((a, i) => {
    for (const b of avail.slice(i + 1)) if (pairing.pairs(values[a] - 1, values[b] - 1)) moves.push([a, b]);
  });
  if (!moves.length) return [];
  const scores = moves.map((m) => m.filter((p) => p < size).length);
  const best = Math.max(...scores);
  return moves.filter((m, i) => scores[i] === best);
}
