// The solver's C kernel (solver/c/, built to kernel.wasm by tools/wasm.py) in the page: the same
// source as the server's native kernel. The kernel allocates nothing, so this module owns its
// buffers in the wasm memory: the deal's tables, the work area, a deck and a line buffer at fixed
// places, then the search's hash table. A table grows as the server's does (search.py's schedule):
// the table twice as big is laid right after the old one, the entries are rehashed into it, and it
// is moved down to where the old one began, so the memory's high-water mark is one table and the
// next (1.5 times the largest table) and a grown table leaves no dead memory behind. A wasm memory
// never shrinks: when search.js's solve ends with the memory past RENEW_BYTES (`release`), or a
// search begins on one (`renew`: a kept search's kernel, when its deal changes), the kernel takes
// a fresh instance of the module (a few kB of state to set up), and the old memory goes to the
// collector. One search at a time per kernel; the worker runs one.

import { LAYOUTS } from "../rules/layouts.js";

const KEY_MASK = (1n << 64n) - 1n;
export const PK = Object.freeze({
  KING: 0, PAIR: 1, DRAW: 2, RECYCLE: 3, // move kinds
  WIN: 0, LOST: 1, BUDGET: 2, GROW: 3, // results of start and search
  DEPTH: 0, NODES: 1, COUNT: 2, BOUND: 3, GATHERED: 7, // control words
  UNLIMITED: -1, PYRAMID_GOAL: (1n << 28n) - 1n, // kernel.h: unlimited recycles; pk_cards_init's goal
  MAX_DEPTH: 2649, // PK_MAX_DEPTH of kernel.h: room for the longest line pk_line writes
  LOST_KEY: (1n << 53n) - 1n, // key bits of a decision table's entry (kernel.h)
  FULL_KEY: -1n, // ... and of a shortest table's entry
});

/** Whether the kernel plays `variant`'s gathering recycle (search.py's gathers, c/gather.c):
 *  Apophis with at most three passes (a third gather needs more than the position's second word). */
export const gathers = (variant) => variant.gather === "piles" && variant.recycles !== null && variant.recycles <= 2;

const align = (n) => Math.ceil(n / 8) * 8;

// The family's games with a twin rule set the kernel plays as the six variants' (search.py's
// KERNEL_TWINS), and so with no tables of their own.
const TWINS = new Set(["thirteen"]);

/** A family game's rules as pk_cards_layout takes them (search.py's family_rules): per deck
 *  position the mask of positions covering it (a reserve card: every card over it in its pile),
 *  the tableau's mask, the 13 x 13 value pairs (1/0), the values alone (bit v - 1), cards a draw;
 *  null for the six variants, a twin, Apophis with more than three passes or overlap discards. */
export function familyRules(variant) {
  if (variant.pysol_id === null || TWINS.has(variant.id) || variant.overlap) return null;
  if (variant.gather !== "order" && !gathers(variant)) return null;
  const mask = (positions) => positions.reduce((m, p) => m | (1n << BigInt(p)), 0n);
  const layout = LAYOUTS[variant.layout];
  const coveredBy = layout.coveredBy.map(mask);
  for (let j = 0; j < variant.piles; j++) {
    const first = layout.size + j * variant.pile_size;
    for (let p = first; p < first + variant.pile_size; p++) {
      coveredBy.push(mask(Array.from({ length: first + variant.pile_size - p - 1 }, (_, i) => p + 1 + i)));
    }
  }
  const tableau = (1n << BigInt(coveredBy.length)) - 1n;
  while (coveredBy.length < 52) coveredBy.push(0n);
  const pairs = Uint8Array.from({ length: 169 }, (_, i) => (variant.pairing.pairs(Math.floor(i / 13), i % 13) ? 1 : 0));
  let alone = 0;
  for (let a = 0; a < 13; a++) if (variant.pairing.alone(a)) alone |= 1 << a;
  return { coveredBy, tableau, pairs, alone, draw: variant.draw };
}
/** Whether the kernel plays `variant`'s rules (search.py's kernel_deal is not None): the six
 *  variants and their options, a twin (Thirteen), and a family game as data (familyRules); not
 *  Apophis with more than three passes (the server's plain search plays it), nor a family game
 *  with overlap discards. */
export const kernelPlays = (variant) => (variant.pysol_id ?? null) === null || TWINS.has(variant.id) || familyRules(variant) !== null;

const PAGE = 65536;
// A memory bigger than this is given up for a fresh instance (see above): 64 MiB holds the tables
// up to 2^22 slots (36 MB) with the one before it, so the searches of a hint (at most 1 M positions
// by default: 2^21 slots) never renew, and a big search's hundreds of MB are let go when it ends.
export const RENEW_BYTES = 64 * 2 ** 20;

/** The kernel from the bytes of kernel.wasm (node) or a fetched Response (the page). The bytes,
 *  not the stream: a static host may not serve .wasm as application/wasm, and it is 14 KB. */
export async function loadKernel(source) {
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw new Error(`kernel.wasm: HTTP ${source.status}`);
    source = await source.arrayBuffer();
  }
  const { module, instance } = await WebAssembly.instantiate(source);
  return new Kernel(instance.exports, module);
}

export class Kernel {
  /** `module`: the compiled kernel.wasm, to renew the instance from (none: never renewed). */
  constructor(exports, module = null) {
    this.module = module;
    this.renewals = 0;
    this.renewBytes = RENEW_BYTES; // tests lower it
    this.peak = 0; // the largest memory (bytes) this kernel's instances reached
    this.init(exports);
  }

  /** Lay the fixed buffers out in the memory of the instance `exports`. */
  init(exports) {
    this.k = exports;
    this.memory = exports.memory;
    let at = align(exports.__heap_base.value);
    const take = (bytes) => {
      const place = at;
      at = align(at + bytes);
      return place;
    };
    this.cards = take(exports.pk_cards_bytes());
    this.work = take(exports.pk_work_bytes(PK.MAX_DEPTH)); // one area for every search: the deepest stack
    this.deck = take(52);
    this.coveredBy = take(8 * 52); // a family game's tables (familyRules)
    this.pairs = take(169);
    this.order = take(24); // a gathered stock's order (pk_gathered)
    this.lineAt = take(4 * PK.MAX_DEPTH);
    this.tablesFrom = at;
    this.reach(at);
  }

  /** Make sure the memory reaches `end` bytes. When the host refuses (WebAssembly.Memory.grow
   *  throws a RangeError), the memory is as it was and the RangeError goes to the caller. */
  reach(end) {
    const short = end - this.memory.buffer.byteLength;
    if (short > 0) this.memory.grow(Math.ceil(short / PAGE));
    this.peak = Math.max(this.peak, this.memory.buffer.byteLength);
  }

  /** A fresh instance when the memory is past RENEW_BYTES: its memory starts small again. Every
   *  table in the old memory is lost: only between searches. A host that refuses the new memory
   *  throws a RangeError and leaves the kernel as it was. */
  renew() {
    if (this.module === null || this.memory.buffer.byteLength <= this.renewBytes) return;
    this.init(new WebAssembly.Instance(this.module).exports);
    this.renewals += 1;
  }

  /** renew() once a search is over (its answer taken): refused, the old instance simply stays. */
  release() {
    try {
      this.renew();
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  }

  /** Set up a new search of `cards` (deck order, card numbers 0..51) under a variant's rules
   *  (recycles null: unlimited passes; overlap: overlap discards) and a goal (a BigInt mask of
   *  deck positions; null: the pyramid); returns its first table (zeroed) of 1 << bits slots. */
  begin(cards, variant, shortest, bits, goal = null) {
    // asked for Apophis with more passes, the kernel would answer for other rules
    if (!kernelPlays(variant)) throw new Error(`the page's solver does not play ${variant.name_en}: the server's does`);
    this.renew();
    new Uint8Array(this.memory.buffer, this.deck, 52).set(cards);
    const recycles = variant.recycles ?? PK.UNLIMITED;
    const family = familyRules(variant); // its reserves are in its cover relation: no piles
    let ok = this.k.pk_cards_init(this.cards, this.deck, variant.wastes, family ? 0 : variant.piles,
      variant.open_stock ? 1 : 0, recycles, shortest ? 1 : 0);
    if (ok === 0 && family) {
      new BigInt64Array(this.memory.buffer, this.coveredBy, 52).set(family.coveredBy);
      new Uint8Array(this.memory.buffer, this.pairs, 169).set(family.pairs);
      ok = this.k.pk_cards_layout(this.cards, this.coveredBy, family.tableau, this.pairs, family.alone, family.draw);
      if (ok === 0 && gathers(variant)) ok = this.k.pk_cards_gather(this.cards);
    }
    if (ok === 0 && (variant.overlap || goal !== null || family)) {
      ok = this.k.pk_cards_goal(this.cards, goal ?? family?.tableau ?? PK.PYRAMID_GOAL, variant.overlap ? 1 : 0);
    }
    if (ok !== 0) throw new Error(`the kernel refused the deal or the rules of ${variant.id}`);
    this.k.pk_work_init(this.work);
    return this.table(this.tablesFrom, bits);
  }

  /** A zeroed table of 1 << bits slots at `at`: int64 entries, then uint8 bounds. */
  table(at, bits) {
    const size = 2 ** bits;
    const table = { bits, entries: at, bounds: at + 8 * size, end: align(at + 9 * size) };
    this.reach(table.end);
    new Uint8Array(this.memory.buffer, at, table.end - at).fill(0);
    return table;
  }

  /** The table twice as big, with `old`'s entries rehashed into it: laid right after `old`, then
   *  moved down to `old`'s place (the first table's), so the next one grows from there too. */
  grow(old, shortest) {
    const table = this.table(old.end, old.bits + 1);
    // the key bits of the cards' search (pk_key_bits: `shortest`'s, two words a slot when gathering)
    this.k.pk_rehash(old.entries, old.bounds, old.bits, table.entries, table.bounds, table.bits, this.k.pk_key_bits(this.cards));
    const shift = table.entries - old.entries;
    new Uint8Array(this.memory.buffer).copyWithin(old.entries, table.entries, table.end);
    return { bits: table.bits, entries: table.entries - shift, bounds: table.bounds - shift, end: table.end - shift };
  }

  /** At the memory cap: the same table emptied (it only saves work, so forgetting is safe). */
  clear(table) {
    this.table(table.entries, table.bits);
    this.setControl(PK.COUNT, 0);
  }

  pack(removed, drawn, recycles) {
    return BigInt.asIntN(64, this.k.pk_pack(BigInt(removed), BigInt(drawn), BigInt(recycles)) & KEY_MASK);
  }

  /** The gathered word (c/gather.c) of a stock order (deck positions, top first) after `recycles`
   *  gathers; throws for an order no gathering makes. */
  gathered(order, recycles) {
    if (order.length > 24) throw new RangeError("a stock order is at most 24 cards");
    new Uint8Array(this.memory.buffer, this.order, 24).set(order);
    const word = this.k.pk_gathered(this.order, order.length, recycles);
    if (word < 0n) throw new RangeError(`no gathering makes the stock order ${order.join(",")}`);
    return word;
  }

  start(key) {
    return this.k.pk_start(this.cards, this.work, key);
  }

  search(table, budget, limit) {
    return this.k.pk_search(this.cards, this.work, table.entries, table.bounds, table.bits, BigInt(budget), limit);
  }

  estimate(key) {
    return this.k.pk_estimate(this.cards, this.work, key);
  }

  control(which) {
    return Number(this.k.pk_control(this.work, which));
  }

  setControl(which, value) {
    this.k.pk_set_control(this.work, which, BigInt(value));
  }

  /** The move codes of the line found (after WIN). */
  line() {
    const n = this.k.pk_line(this.work, this.lineAt);
    return Array.from(new Int32Array(this.memory.buffer, this.lineAt, n));
  }
}
