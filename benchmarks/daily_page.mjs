// How long the page takes to make a day's challenges (static/js/goals/daily.js, what the solver's
// worker runs for a day the release ships no file for): the same distribution as
// benchmarks/daily.py prints for Python, over a run of dates, on the page's wasm kernel in node
// (one thread, as the worker). The target (issue 35): under 2 s for 95% of days on this machine.
//
//   nice node benchmarks/daily_page.mjs --first 2026-12-01 --days 365

import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { challenges, PLAN } from "../src/pyramid_solitaire/static/js/goals/daily.js";
import { gradedIndex } from "../src/pyramid_solitaire/static/js/goals/index.js";
import { loadKernel } from "../src/pyramid_solitaire/static/js/solver/kernel.js";

const { values: args } = parseArgs({ options: { first: { type: "string", default: "2026-12-01" }, days: { type: "string", default: "365" } } });
const js = new URL("../src/pyramid_solitaire/static/", import.meta.url);
const kernel = await loadKernel(readFileSync(new URL("js/solver/kernel.wasm", js)));
const index = gradedIndex(JSON.parse(readFileSync(new URL("grades.json", js), "utf8")));

const percentile = (values, share) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))];
const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const walls = [];
const cpus = [];
const loads = [];
const first = new Date(`${args.first}T00:00:00Z`);
for (let i = 0; i < Number(args.days); i++) {
  const day = new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const made = await challenges(kernel, day, index);
  const used = process.cpuUsage(cpu);
  walls.push((performance.now() - wall) / 1000);
  cpus.push((used.user + used.system) / 1e6);
  loads.push(loadavg()[0]);
  if (made.length !== PLAN.length) throw new Error(`${day}: ${made.length} challenges`);
}
console.log(`${args.days} days from ${args.first} in the page's code (node ${process.version}), load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
console.log("| per day | median | p90 | p95 | p99 | max |");
console.log("|---|---|---|---|---|---|");
for (const [name, values] of [["wall-clock s", walls], ["processor s", cpus]]) {
  const row = [median(values), ...[0.9, 0.95, 0.99].map((q) => percentile(values, q)), Math.max(...values)];
  console.log(`| ${name} | ${row.map((v) => v.toFixed(2)).join(" | ")} |`);
}
const under = [walls, cpus].map((values) => values.filter((v) => v < 2).length);
console.log(`days under 2 s: wall-clock ${under[0]}/${walls.length}, processor ${under[1]}/${cpus.length}`);
