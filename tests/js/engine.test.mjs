// The rules in the page (static/js/rules/) answer what the Python engine wrote into the conformance
// corpus, tests/golden/corpus.json (the checks: conformance.mjs). Run: node --test tests/js/
// (make test does). A failure here means the page's rules and the Python engine disagree: the
// Python engine is the specification, so rules/ follows it (after `python tools/corpus.py` if
// the Python rules changed on purpose).

import { rmSync } from "node:fs";
import { after, test } from "node:test";
import { conformance, golden, loadRules } from "./conformance.mjs";

const { rules, folder } = await loadRules();
after(() => rmSync(folder, { recursive: true }));
for (const [name, check] of conformance(rules, golden())) test(name, check);
