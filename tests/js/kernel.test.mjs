// solver/kernel.js: the C kernel as WebAssembly, its buffers laid in the wasm memory. The control
// words 0..7 (kernel.h's PK_CONTROLS) are read and set, and none past them (the C answers -1 and
// writes nothing: an off-by-one would reach past the work area's words); a table grows and is
// emptied; keys pack as the native kernel's. Run: node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { kernel, load, root } from "./page.mjs";

const { PK } = await load("solver/kernel.js");
const { Game } = await load("rules/game.js");
const k = await kernel();
const CONTROLS = Number(/PK_CONTROLS = (\d+)/.exec(readFileSync(new URL("src/pyramid_solitaire/solver/c/kernel.h", root), "utf8"))[1]);

test("every control word and no other is read and set", () => {
  const game = new Game("pyramid", { deal: 1 });
  k.begin(game.deal.cards, game.deal.variant, false, 10);
  for (let which = 0; which < CONTROLS; which++) k.setControl(which, 1000 + which);
  assert.deepEqual([...Array(CONTROLS).keys()].map((w) => k.control(w)), [...Array(CONTROLS).keys()].map((w) => 1000 + w));
  for (const which of [-1, CONTROLS]) {
    k.setControl(which, 7);
    assert.equal(k.control(which), -1, `control word ${which}`);
  }
  assert.deepEqual([...Array(CONTROLS).keys()].map((w) => k.control(w)), [...Array(CONTROLS).keys()].map((w) => 1000 + w),
    "a write past the words changed one of them");
});

test("a table grows to twice its slots, keeps its entries, and is emptied on clear", () => {
  const game = new Game("pyramid", { deal: 13 });
  let table = k.begin(game.deal.cards, game.deal.variant, false, 10);
  assert.equal(table.bits, 10);
  k.start(k.pack(0n, 0, 0));
  let status = PK.BUDGET;
  while (status === PK.BUDGET || status === PK.GROW) {
    status = k.search(table, k.control(PK.NODES) + 1000, 0);
    if (status === PK.GROW) table = k.grow(table, false);
  }
  assert.equal(status, PK.WIN);
  assert.ok(k.control(PK.COUNT) > 0);
  const grown = k.grow(table, false);
  assert.equal(grown.bits, table.bits + 1);
  k.clear(grown);
  assert.equal(k.control(PK.COUNT), 0);
});

test("the key of the start position, and a line's moves are codes of the deal", () => {
  assert.equal(k.pack(0n, 0, 0), 0n);
  assert.notEqual(k.pack(1n, 0, 0), k.pack(0n, 1, 0));
  const game = new Game("pyramid", { deal: 1 });
  const table = k.begin(game.deal.cards, game.deal.variant, false, 14);
  let status = k.start(k.pack(0n, 0, 0));
  while (status === PK.BUDGET) status = k.search(table, 1 << 20, 0);
  assert.equal(status, PK.WIN);
  const line = k.line();
  assert.equal(line.length, k.control(PK.DEPTH));
  assert.ok(line.every((code) => [PK.KING, PK.PAIR, PK.DRAW, PK.RECYCLE].includes(code & 3)));
});

// The family's games by rules as data (pk_cards_layout, kernel.js's familyRules): the verdict,
// the states and the line's length the native kernel gives (solve(Deal.from_number(game, n))
// in Python, SOLVER_VERSION 11), and each line wins the deal in the page's rules.
const FAMILY = [
  ["pyramid-dozen", 16, "winnable", 92, 26],
  ["pyramid-dozen", 0, "unwinnable", 726, 0],
  ["tuts-tomb", 2, "winnable", 24762, 82],
  ["cheops", 0, "winnable", 217, 35],
  ["triangle", 5, "winnable", 49, 50],
  ["eleven-triangle", 14, "winnable", 279, 34],
  ["eleven-triangle", 1, "unwinnable", 366, 0],
  ["pharaohs", 44, "winnable", 39, 28],
  ["pharaohs", 0, "unwinnable", 362, 0],
  ["apophis", 1, "winnable", 108, 44],
  ["apophis", 0, "unwinnable", 0, 0],
];

test("the family's games: the native kernel's verdicts and states, and the lines win", async () => {
  const { solve } = await load("solver/search.js");
  const { START } = await load("rules/deal.js");
  for (const [id, deal, verdict, states, steps] of FAMILY) {
    const game = new Game(id, { deal });
    const found = solve(k, game.deal, START);
    assert.deepEqual([found.verdict, found.states, found.line?.length ?? 0], [verdict, states, steps], `${id} ${deal}`);
    for (const move of found.line ?? []) game.play(move);
    assert.equal(game.isWon, verdict === "winnable", `${id} ${deal}`);
  }
});

test("the kernel plays every game of the family but Apophis past three passes and overlap discards; begin refuses those by name", async () => {
  const { kernelPlays } = await load("solver/kernel.js");
  const { getVariant } = await load("rules/variants.js");
  const played = ["pyramid", "giza", "open-stock:overlap=yes", "pyramid-dozen", "tuts-tomb", "cheops", "triangle",
    "eleven-triangle", "pharaohs", "thirteen", "thirteen:passes=2", "apophis", "apophis:passes=1", "apophis:win=pyramid"];
  for (const text of played) assert.equal(kernelPlays(getVariant(text)), true, text);
  for (const text of ["apophis:passes=4", "apophis:passes=unlimited", "tuts-tomb:overlap=yes", "pharaohs:overlap=yes"]) {
    assert.equal(kernelPlays(getVariant(text)), false, text);
  }
  const apophis = new Game("apophis:passes=4", { deal: 44 });
  assert.throws(() => k.begin(apophis.deal.cards, apophis.deal.variant, false, 10), /does not play Apophis \(4 passes\): the server's does/);
});

// Apophis (c/gather.c): a position's stock order after a gather goes to the kernel as a second
// word (control GATHERED). The native kernel's verdicts, states and steps (Python's solve, SOLVER_VERSION 12)
// from deal 12's start, after the first `moves` moves of its line (after its first and second
// gather, then `draws` draws more), and from deals 0 and 1; each line wins in the page's rules.
const APOPHIS = [
  [12, 0, 0, "winnable", 394, 47],
  [12, 25, 0, "winnable", 369, 22],
  [12, 25, 4, "unwinnable", 186, 0],
  [12, 37, 0, "winnable", 27, 10],
  [12, 37, 2, "unwinnable", 9, 0],
  [0, 0, 0, "unwinnable", 0, 0],
  [1, 0, 0, "winnable", 108, 44],
];

test("Apophis: the native kernel's verdicts and states after one and two gathers, and the lines win", async () => {
  const { solve } = await load("solver/search.js");
  const { START } = await load("rules/deal.js");
  const line12 = solve(k, new Game("apophis", { deal: 12 }).deal, START).line;
  for (const [deal, moves, draws, verdict, states, steps] of APOPHIS) {
    const game = new Game("apophis", { deal });
    for (const move of line12.slice(0, deal === 12 ? moves : 0)) game.play(move);
    for (let i = 0; i < draws; i++) game.play("draw");
    const found = solve(k, game.deal, game.state);
    const at = `deal ${deal} after ${moves} moves and ${draws} draws`;
    assert.deepEqual([found.verdict, found.states, found.line.length], [verdict, states, steps], at);
    assert.equal(game.state.recycles, moves === 25 ? 1 : moves === 37 ? 2 : 0, at);
    for (const move of found.line) game.play(move);
    assert.equal(game.isWon, verdict === "winnable", at);
  }
  const shortest = solve(k, new Game("apophis", { deal: 12 }).deal, START, { shortest: true });
  assert.equal(shortest.verdict, "winnable");
  // a table of two words a slot grows from 2^3 slots and keeps its entries: the same states
  const game = new Game("apophis", { deal: 12 });
  let table = k.begin(game.deal.cards, game.deal.variant, false, 3, game.deal.goal);
  k.setControl(PK.GATHERED, 0);
  let status = k.start(0n);
  while (status === PK.BUDGET || status === PK.GROW) {
    status = k.search(table, k.control(PK.NODES) + 50, 0);
    if (status === PK.GROW) table = k.grow(table, false);
  }
  assert.deepEqual([status, k.control(PK.NODES)], [PK.WIN, 394]);
  assert.ok(table.bits > 3);
});
