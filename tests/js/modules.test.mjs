// Every module of the page's state/ and solver/ has its own node test, tests/js/<module>.test.mjs
// (as chessops keeps san.test.ts beside san.ts). Beside by name, not by folder: static/ is what
// the site ships and the service worker caches, so the tests live here, named per module (no two
// modules of these folders share a name). Run: node --test tests/js/
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

import { load, root } from "./page.mjs";

const FOLDERS = ["state", "solver"];

test("every module of state/ and solver/ has tests/js/<module>.test.mjs", () => {
  const missing = [];
  const seen = new Set();
  for (const folder of FOLDERS) {
    const modules = readdirSync(new URL(`src/pyramid_solitaire/static/js/${folder}/`, root)).filter((f) => f.endsWith(".js"));
    assert.ok(modules.length > 3, folder);
    for (const module of modules) {
      const name = module.slice(0, -3);
      assert.ok(!seen.has(name), `${folder}/${module}: another folder has a ${module}; name its test by folder`);
      seen.add(name);
      if (!existsSync(new URL(`tests/js/${name}.test.mjs`, root))) missing.push(`${folder}/${module}`);
    }
  }
  assert.deepEqual(missing, [], `modules without a node test: ${missing.join(", ")}`);
});

// The modules node cannot load as they are, and why; every other module of static/js/ loads here,
// so a module no test imports still fails on a syntax error or a bad import.
const NOT_IN_NODE = {
  "main.js": "the composition root: it reads the page's document when loaded (the browser tests load it)",
  "solver/worker.js": "a Web Worker: it answers on `self` when loaded (worker.test.mjs gives it a stand-in `self`)",
};

test("every module of static/js/ loads in node, but those NOT_IN_NODE names", async () => {
  const js = new URL("src/pyramid_solitaire/static/js/", root);
  const modules = readdirSync(js, { recursive: true }).filter((f) => f.endsWith(".js")).sort();
  assert.ok(modules.length > 60, `${modules.length} modules`);
  for (const name of Object.keys(NOT_IN_NODE)) assert.ok(modules.includes(name), `${name} is listed but gone`);
  const failed = [];
  for (const module of modules.filter((m) => !(m in NOT_IN_NODE))) {
    await load(module).catch((err) => failed.push(`${module}: ${err.message}`));
  }
  assert.deepEqual(failed, []);
  await assert.rejects(load("main.js"), /document is not defined/, "main.js loads in node now: take it off the list");
  assert.match(readFileSync(new URL("tests/js/worker.test.mjs", root), "utf8"), /load\("solver\/worker\.js"\)/);
});
