// What the node tests of the page's modules share: the modules by path, a kernel, the solver
// corpus and a localStorage of plain memory (node has none). Not a test file itself.
import { readFileSync } from "node:fs";

export const root = new URL("../../", import.meta.url);
const js = new URL("src/pyramid_solitaire/static/js/", root);

/** A module of static/js/ by its path there, e.g. "state/stats.js". */
export const load = (path) => import(new URL(path, js).href);

/** The bytes of the page's kernel, solver/kernel.wasm (built by tools/wasm.py). */
export const wasm = () => readFileSync(new URL("solver/kernel.wasm", js));

/** A fresh instance of the page's kernel (kernel.wasm, as the worker loads it). */
export async function kernel() {
  const { loadKernel } = await load("solver/kernel.js");
  return loadKernel(wasm());
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

/** A stand-in element: what the page's dialogs call on one (children, text, attributes, classes,
 *  listeners, a dialog's open and close), as plain data a test can read. */
export function element(tag = "div") {
  const listeners = {};
  const classes = new Set();
  const attributes = new Map();
  const el = {
    tagName: tag.toUpperCase(),
    children: [],
    textContent: "",
    dataset: {},
    style: {},
    hidden: false,
    open: false,
    classList: {
      add: (...names) => names.forEach((n) => classes.add(n)),
      remove: (...names) => names.forEach((n) => classes.delete(n)),
      toggle: (n, on = !classes.has(n)) => (on ? classes.add(n) : classes.delete(n), on),
      contains: (n) => classes.has(n),
    },
    setAttribute: (name, value) => attributes.set(name, String(value)),
    getAttribute: (name) => attributes.get(name) ?? null,
    removeAttribute: (name) => attributes.delete(name),
    append: (...kids) => el.children.push(...kids),
    replaceChildren: (...kids) => { el.children = kids; },
    addEventListener: (type, fn) => { (listeners[type] ??= []).push(fn); },
    dispatch: (type, event) => (listeners[type] ?? []).forEach((fn) => fn(event)),
    click: () => el.dispatch("click", { preventDefault() {} }),
    showModal: () => { el.open = true; },
    close: () => { el.open = false; },
    contains: () => false,
  };
  return el;
}

/** A document of stand-in elements as globalThis.document: getElementById makes each id's element
 *  on first ask and keeps it, so a test reads what the module drew there. */
export function fakeDocument() {
  const byId = new Map();
  const document = {
    documentElement: element("html"),
    body: element("body"),
    getElementById: (id) => byId.get(id) ?? byId.set(id, element()).get(id),
    createElement: element,
    createElementNS: (_, tag) => element(tag),
    addEventListener: () => {},
    querySelector: () => null,
    querySelectorAll: () => [],
    activeElement: null,
  };
  globalThis.document = document;
  return document;
}
