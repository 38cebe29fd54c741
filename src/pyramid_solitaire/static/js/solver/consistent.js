// An honest hint where cards lie face down (Pyramid Thirteen), solver/consistent.py line for line:
// each legal move judged over deals the player cannot tell from the real one, never over the real
// hidden cards. The unseen cards (face down, and the stock under its top in the first pass) are
// put in the unseen places in SAMPLES orders drawn from a seed made of what was seen alone (a
// SHA-256 through WebCrypto, hence async), each solved by the kernel within SAMPLE_NODES positions
// after each legal move. The same seed, orders and node counts as the server: the same hint.

import { Deal, moveText } from "../rules/deal.js";
import { dealCards } from "../rules/decks.js";
import { solve, UNKNOWN, UNWINNABLE, WINNABLE } from "./search.js";

export const SAMPLES = 40; // consistent deals per hint
export const SAMPLE_NODES = 20_000; // positions the kernel may search for one sampled position
const MAX_DEAL = 1n << 64n;

/** A move judged over the consistent deals (consistent.py's Judged, as its JSON plus the move). */
export function judged(move, winnable, unknown, samples) {
  const share = samples ? winnable / samples : 0;
  return { move, winnable, samples, unknown, share: Math.round(share * 1e4) / 1e4 };
}

/** The deck positions whose cards the player has not seen, in deck order. */
export function unseenPositions(deal, state) {
  const faceDown = [];
  for (let p = 0; p < deal.size; p++) if (deal.isFaceDown(state, p)) faceDown.push(p);
  const stock = state.recycles === 0 ? deal.stockPositions(state) : [];
  return [...faceDown, ...(deal.variant.open_stock ? stock.slice(1) : stock)];
}

/** A seed (a BigInt) made of what was seen alone: the position, and each seen card where it lies. */
export async function seed(deal, state, unseen) {
  const hidden = new Set(unseen);
  const seen = deal.cards.flatMap((card, p) => (hidden.has(p) ? [] : [`${p}:${card}`])).join(",");
  let removed = 0n;
  for (let p = state.removed.length - 1; p >= 0; p--) removed = (removed << 1n) | BigInt(state.removed[p] ? 1 : 0);
  const where = `${deal.variant.text} ${removed} ${state.drawn} ${state.recycles}`;
  const text = new TextEncoder().encode(`pyramid-solitaire consistent ${where} ${unseen.join(",")} ${seen}`);
  return new DataView(await crypto.subtle.digest("SHA-256", text)).getBigUint64(0, false);
}

/** `samples` deals the player cannot tell from `deal` in `state`: sample k orders the unseen
 *  cards, sorted, as deal number seed + k's 52 cards order the numbers below their count. */
export async function consistentDeals(deal, state, samples = SAMPLES) {
  const unseen = unseenPositions(deal, state);
  const first = await seed(deal, state, unseen);
  const pool = unseen.map((p) => deal.cards[p]).sort((a, b) => a - b);
  const found = [];
  for (let k = 0; k < samples; k++) {
    const order = dealCards((first + BigInt(k)) % MAX_DEAL).filter((i) => i < pool.length);
    const cards = [...deal.cards];
    unseen.forEach((p, j) => {
      cards[p] = pool[order[j]];
    });
    found.push(new Deal(deal.variant, cards, null, deal.goalPositions));
  }
  return found;
}

/** Every legal move (its text) with its counts over the consistent deals, in legal order.
 *  options: {samples, nodes (per sampled position), left (seconds left; no new sample is begun
 *  once it is spent, at least one is solved)}. */
export async function judge(kernel, deal, state, options = {}) {
  const { samples = SAMPLES, nodes = SAMPLE_NODES, left = null } = options;
  const moves = deal.legalMoves(state);
  const texts = moves.map(moveText);
  const winnable = texts.map(() => 0);
  const unknown = texts.map(() => 0);
  let solved = 0;
  for (const sample of moves.length ? await consistentDeals(deal, state, samples) : []) {
    if (solved && left !== null && left() <= 0) break;
    solved += 1;
    const here = solve(kernel, sample, state, { nodeLimit: nodes });
    if (here.verdict === UNWINNABLE) continue; // lost here: lost after every move
    const first = here.verdict === WINNABLE ? texts.indexOf(here.line[0]) : -1;
    if (first >= 0) winnable[first] += 1; // the line's first move keeps it winnable: not asked
    moves.forEach((move, i) => {
      if (i === first) return;
      const after = sample.apply(state, move);
      const verdict = sample.isWon(after) ? WINNABLE : solve(kernel, sample, after, { nodeLimit: nodes }).verdict;
      winnable[i] += verdict === WINNABLE;
      unknown[i] += verdict === UNKNOWN;
    });
  }
  return texts.map((move, i) => judged(move, winnable[i], unknown[i], solved));
}

/** The move that keeps the most consistent deals winnable (the first in legal order of the
 *  best); null when there is no legal move. */
export async function best(kernel, deal, state, options = {}) {
  const all = await judge(kernel, deal, state, options);
  return all.reduce((top, j) => (top === null || j.winnable > top.winnable ? j : top), null);
}
