// The page's search (static/js/solver/, or another copy of it: the folder given as the first
// argument) in node, for benchmarks/page_table.py: reads {deal, nodeLimit, maxBits}[] as JSON on
// stdin, runs each pyramid shortest search from the start on one kernel (as the worker does) and
// prints one JSON line per search: verdict, states, line, proven, reason, the kernel's memory.
// The second argument: the kernel.wasm to load (default: the folder's own).

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const root = process.argv[2];
const load = (name) => import(pathToFileURL(`${root}/${name}`).href);
const { loadKernel } = await load("solver/kernel.js");
const { solve } = await load("solver/search.js");
const { Game } = await load("rules/game.js");
const kernel = await loadKernel(readFileSync(process.argv[3] ?? `${root}/solver/kernel.wasm`));
for (const { deal, nodeLimit, maxBits } of JSON.parse(readFileSync(0, "utf8"))) {
  const game = Game.fromRecord({ version: 1, variant: "pyramid", deal, moves: [] });
  kernel.peak = 0; // this search's high-water mark (a fresh instance, if it began on a big memory)
  const options = { shortest: true, nodeLimit, ...(maxBits ? { maxBits } : {}) };
  const found = solve(kernel, game.deal, game.state, options);
  const memory = Math.max(kernel.peak, kernel.memory.buffer.byteLength); // older code keeps no peak
  const { verdict, states, line, shortest, reason = null } = found;
  console.log(JSON.stringify({ deal, verdict, states, line, shortest, reason, memory, rss: process.memoryUsage().rss }));
}
