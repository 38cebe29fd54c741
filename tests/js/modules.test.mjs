// Every module of the page's state/ and solver/ has its own node test, tests/js/<module>.test.mjs
// (as chessops keeps san.test.ts beside san.ts). Beside by name, not by folder: static/ is what
// the site ships and the service worker caches, so the tests live here, named per module (no two
// modules of these folders share a name). Run: node --test tests/js/
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { test } from "node:test";

import { root } from "./page.mjs";

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
