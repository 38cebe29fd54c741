// The greedy player of goals/players.py (greedy_game), line for line: it removes cards whenever it
// can, pyramid cards first, and draws only when it must; a tie is broken by SplitMix64 seeded with
// the rollout's number (never the clock), so a game is the same here as on the server. The grades
// corpus (tests/golden/grades_corpus.json) holds the two to the same wins.

const PYRAMID_SIZE = 28;
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

// Pyramid slot -> the two slots over it (none in the bottom row), as engine/deal.py's COVERED_BY.
const COVERS = Array.from({ length: PYRAMID_SIZE }, (_, p) => {
  const row = Math.floor((Math.sqrt(8 * p + 1) - 1) / 2);
  const i = p - (row * (row + 1)) / 2;
  return row === 6 ? [] : [(row + 1) * (row + 2) / 2 + i, (row + 1) * (row + 2) / 2 + i + 1];
});

/** Games the greedy player wins out of `rollouts` (players.greedy_wins). */
export function greedyWins(deal, rollouts) {
  let won = 0;
  for (let k = 0; k < rollouts; k++) won += greedyGame(deal, k) ? 1 : 0;
  return won;
}

/** One game of the greedy player on a rules/ Deal, ties broken by SplitMix64(seed). */
export function greedyGame(deal, seed) {
  const v = deal.variant;
  const values = deal.cards.map((card) => (card % 13) + 1);
  let stock = [];
  if (v.has_stock) for (let p = PYRAMID_SIZE; p < DECK_SIZE; p++) stock.push(p);
  let wastes = Array.from({ length: v.wastes }, () => []);
  const piles = Array.from({ length: v.piles }, (_, j) => [0, 1, 2].map((k) => PYRAMID_SIZE + 3 * j + k));
  const removed = new Array(PYRAMID_SIZE).fill(false);
  let recycles = 0;
  const rng = new SplitMix64(seed);
  const freeSlots = () => COVERS.map((cover, p) => p).filter((p) => !removed[p] && COVERS[p].every((c) => removed[c]));
  let free = freeSlots();
  for (let move = 0; move < MAX_MOVES; move++) {
    if (!free.length) return true;
    const avail = [...free, ...[...wastes, ...piles].filter((pile) => pile.length).map((pile) => pile[pile.length - 1])];
    if (v.open_stock && stock.length) avail.push(stock[0]);
    avail.sort((a, b) => a - b);
    const ties = bestRemovals(avail, values);
    if (ties.length) {
      for (const p of ties.length > 1 ? ties[rng.below(ties.length)] : ties[0]) {
        if (p < PYRAMID_SIZE) {
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
      for (const p of stock.slice(0, v.wastes)) wastes[(p - PYRAMID_SIZE) % v.wastes].push(p);
      stock = stock.slice(v.wastes);
    } else if (recycles < v.recycles && wastes.some((pile) => pile.length)) {
      stock = wastes.flat().sort((a, b) => a - b);
      wastes = Array.from({ length: v.wastes }, () => []);
      recycles += 1;
    } else {
      return false;
    }
  }
  return false;
}

/** The best removals in legal order (kings, then pairs, each in deck order), as arrays of positions. */
function bestRemovals(avail, values) {
  const moves = avail.filter((p) => values[p] === 13).map((p) => [p]);
  avail.forEach((a, i) => {
    for (const b of avail.slice(i + 1)) if (values[a] + values[b] === 13) moves.push([a, b]);
  });
  if (!moves.length) return [];
  const scores = moves.map((m) => m.filter((p) => p < PYRAMID_SIZE).length);
  const best = Math.max(...scores);
  return moves.filter((m, i) => scores[i] === best);
}
