// The solver's C kernel (solver/c/, built to kernel.wasm by tools/wasm.py) in the page: the same
// source as the server's native kernel. The kernel allocates nothing, so this module owns its
// buffers in the wasm memory: the deal's tables, the work area, a deck and a line buffer at fixed
// places, then the hash tables, laid one after another as a search grows them (a new search
// starts again at the first table). One search at a time per kernel; the worker runs one.

const KEY_MASK = (1n << 64n) - 1n;
export const PK = Object.freeze({
  KING: 0, PAIR: 1, DRAW: 2, RECYCLE: 3, // move kinds
  WIN: 0, LOST: 1, BUDGET: 2, GROW: 3, // results of start and search
  DEPTH: 0, NODES: 1, COUNT: 2, BOUND: 3, // control words
  UNLIMITED: -1, PYRAMID_GOAL: (1n << 28n) - 1n, // kernel.h: unlimited recycles; pk_cards_init's goal
  MAX_DEPTH: 2649, // PK_MAX_DEPTH of kernel.h: room for the longest line pk_line writes
  LOST_KEY: (1n << 53n) - 1n, // key bits of a decision table's entry (kernel.h)
  FULL_KEY: -1n, // ... and of a shortest table's entry
});

const align = (n) => Math.ceil(n / 8) * 8;
const PAGE = 65536;

/** The kernel from the bytes of kernel.wasm (node) or a fetched Response (the page). The bytes,
 *  not the stream: a static host may not serve .wasm as application/wasm, and it is 14 KB. */
export async function loadKernel(source) {
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw new Error(`kernel.wasm: HTTP ${source.status}`);
    source = await source.arrayBuffer();
  }
  const { instance } = await WebAssembly.instantiate(source);
  return new Kernel(instance.exports);
}

export class Kernel {
  constructor(exports) {
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
    this.lineAt = take(4 * PK.MAX_DEPTH);
    this.tablesFrom = at;
    this.reach(at);
  }

  /** Make sure the memory reaches `end` bytes. */
  reach(end) {
    const short = end - this.memory.buffer.byteLength;
    if (short > 0) this.memory.grow(Math.ceil(short / PAGE));
  }

  /** Set up a new search of `cards` (deck order, card numbers 0..51) under a variant's rules
   *  (recycles null: unlimited passes; overlap: overlap discards) and a goal (a BigInt mask of
   *  deck positions; null: the pyramid); returns its first table (zeroed) of 1 << bits slots. */
  begin(cards, variant, shortest, bits, goal = null) {
    new Uint8Array(this.memory.buffer, this.deck, 52).set(cards);
    const recycles = variant.recycles ?? PK.UNLIMITED;
    let ok = this.k.pk_cards_init(this.cards, this.deck, variant.wastes, variant.piles,
      variant.open_stock ? 1 : 0, recycles, shortest ? 1 : 0);
    if (ok === 0 && (variant.overlap || goal !== null)) {
      ok = this.k.pk_cards_goal(this.cards, goal ?? PK.PYRAMID_GOAL, variant.overlap ? 1 : 0);
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

  /** The table twice as big, right after `old`, with its entries moved over. */
  grow(old, shortest) {
    const table = this.table(old.end, old.bits + 1);
    this.k.pk_rehash(old.entries, old.bounds, old.bits, table.entries, table.bounds, table.bits,
      shortest ? PK.FULL_KEY : PK.LOST_KEY);
    return table;
  }

  /** At the memory cap: the same table emptied (it only saves work, so forgetting is safe). */
  clear(table) {
    this.table(table.entries, table.bits);
    this.setControl(PK.COUNT, 0);
  }

  pack(removed, drawn, recycles) {
    return BigInt.asIntN(64, this.k.pk_pack(BigInt(removed), BigInt(drawn), BigInt(recycles)) & KEY_MASK);
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
