// The page's wasm kernel in node, for benchmarks/wasm.py: reads {variant, deal, nodeLimit}[] as
// JSON on stdin, solves each start (decision search) and prints [{states, seconds}] as JSON.
// Run with `node --experimental-default-type=module` (the page's modules are plain .js).

import { readFileSync } from "node:fs";
import { loadKernel } from "../src/pyramid_solitaire/static/js/solver/kernel.js";
import { solve } from "../src/pyramid_solitaire/static/js/solver/search.js";
import { Game } from "../src/pyramid_solitaire/static/js/rules/game.js";

const wasm = new URL("../src/pyramid_solitaire/static/js/solver/kernel.wasm", import.meta.url);
const kernel = await loadKernel(readFileSync(wasm));
const jobs = JSON.parse(readFileSync(0, "utf8"));
const results = jobs.map(({ variant, deal, nodeLimit, shortest }) => {
  const game = new Game(variant, { deal });
  const { states, verdict } = solve(kernel, game.deal, game.state, { nodeLimit, shortest });
  return { states, verdict };
});
// Time the whole batch again with the process's CPU clock, as the native side is timed.
const cpu = process.cpuUsage();
for (const { variant, deal, nodeLimit, shortest } of jobs) {
  const game = new Game(variant, { deal });
  solve(kernel, game.deal, game.state, { nodeLimit, shortest });
}
const used = process.cpuUsage(cpu);
console.log(JSON.stringify({ results, cpu_seconds: (used.user + used.system) / 1e6 }));
