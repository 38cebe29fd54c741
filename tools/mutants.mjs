// The JavaScript half of tools/mutants.py: runs the conformance checks (tests/js/conformance.mjs)
// against mutated copies of the page's rules, in one process (the corpus is read once).
//   node tools/mutants.mjs MUTANTS.json FIRST
// MUTANTS.json: {"module": "deal.js", "sources": [the whole mutated module, ...]}. Prints one line
// per mutant from index FIRST on: {"i": index, "killed": true | false, "by": the failing check}.

import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RULES, conformance, golden, loadRules } from "../tests/js/conformance.mjs";

const [file, first] = process.argv.slice(2);
const { module, sources } = JSON.parse(readFileSync(file, "utf8"));
const files = golden();

for (let i = Number(first); i < sources.length; i++) {
  const mutated = mkdtempSync(join(tmpdir(), "mutant-"));
  cpSync(RULES, mutated, { recursive: true });
  writeFileSync(join(mutated, module), sources[i]);
  let by = null;
  let loaded = null;
  try {
    loaded = await loadRules(mutated);
    for (const [name, check] of conformance(loaded.rules, files)) {
      try {
        check();
      } catch {
        by = name;
        break;
      }
    }
  } catch {
    by = "import";
  } finally {
    rmSync(mutated, { recursive: true });
    if (loaded) rmSync(loaded.folder, { recursive: true });
  }
  console.log(JSON.stringify({ i, killed: by !== null, by }));
}
