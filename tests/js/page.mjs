// What the node tests of the page's modules share: the modules by path, a kernel, the solver
// corpus and a localStorage of plain memory (node has none). Not a test file itself.
import { readFileSync } from "node:fs";

export const root = new URL("../../", import.meta.url);
const js = new URL("src/pyramid_solitaire/static/js/", root);

/** A module of static/js/ by its path there, e.g. "state/stats.js". */
export const load = (path) => import(new URL(path, js).href);

/** A fresh instance of the page's kernel (kernel.wasm, as the worker loads it). */
export async function kernel() {
  const { loadKernel } = await load("solver/kernel.js");
  return loadKernel(readFileSync(new URL("solver/kernel.wasm", js)));
}

/** tests/golden/solver_corpus.json (tools/solver_corpus.py). */
export const solverCorpus = () => JSON.parse(readFileSync(new URL("tests/golden/solver_corpus.json", root), "utf8"));

/** A localStorage of plain memory as globalThis.localStorage, emptied by each call. */
export function memoryStorage() {
  const items = new Map();
  const storage = {
    get length() { return items.size; },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => { items.set(k, String(v)); },
    removeItem: (k) => { items.delete(k); },
    clear: () => items.clear(),
  };
  globalThis.localStorage = storage;
  return storage;
}
