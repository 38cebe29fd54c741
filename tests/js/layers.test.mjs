// The page's layers, as its folders show them (static/js/, see main.js): the rules and the state
// never touch the DOM, so they run in node and can be tested without a browser. A module that
// breaks a rule below fails here, by file and line. Run: node --test tests/js/ (make test does).
//
// The rules:
// - rules/ is pure: the Python engine's copy, a function of its inputs. No browser global at all
//   (document, window, storage, network, timers), no chance and no clock (the same record gives
//   the same view in node and in the page), and it imports only rules/.
// - state/ has no DOM: never `document`, nor what only a page with a DOM has (elements, style,
//   observers, animation frames). It may keep things in localStorage (store.js) and read or
//   change the page's address (window.location, window.history: dealing.js's share links), but
//   reaches nothing else of `window`. It imports only rules/, state/ and net/ (the other folders
//   draw, listen and speak: text/i18n.js sets the document's language).
// - No module is over 400 lines (one concept per module).
// Comments are not code: a comment may name `document`.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const JS = fileURLToPath(new URL("../../src/pyramid_solitaire/static/js/", import.meta.url));
const MAX_LINES = 400;

const BROWSER = ["document", "window", "globalThis", "self", "localStorage", "sessionStorage", "indexedDB",
  "navigator", "location", "history", "fetch", "XMLHttpRequest", "WebSocket", "setTimeout", "setInterval",
  "requestAnimationFrame", "crypto", "performance"];
const RULES_FORBID = [...BROWSER.map((name) => [name, new RegExp(`\\b${name}\\b`)]),
  ["Math.random", /\bMath\.random\b/], ["Date", /\bDate\b/]];
const DOM = ["document", "HTMLElement", "Element", "Node", "Event", "getComputedStyle", "matchMedia",
  "requestAnimationFrame", "ResizeObserver", "MutationObserver", "IntersectionObserver", "AudioContext"];
const STATE_FORBID = [...DOM.map((name) => [name, new RegExp(`\\b${name}\\b`)]),
  ["window (other than window.location, window.history)", /\bwindow\b(?!\.(location|history)\b)/]];
const IMPORTS = { rules: ["rules"], state: ["rules", "state", "net"] };

/** Every module under static/js/: {path (from js/), lines of code with comments blanked}. */
function modules(folder = JS) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return modules(path);
    if (!entry.name.endsWith(".js")) return [];
    return [{ path: relative(JS, path), lines: withoutComments(readFileSync(path, "utf8")).split("\n") }];
  });
}

/** The text with its comments blanked (line numbers kept): block comments, and // comments that
 *  do not follow a colon or a quote (so "http://..." in a string stays). */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|[^:"'\\])\/\/.*$/gm, "$1");
}

/** Where `module` breaks the `forbidden` list: "path:line: name". */
function mentions(module, forbidden) {
  const found = [];
  module.lines.forEach((line, i) => {
    for (const [name, pattern] of forbidden) if (pattern.test(line)) found.push(`${module.path}:${i + 1}: ${name}`);
  });
  return found;
}

/** Where `module` imports from a folder other than `allowed`: "path:line: imports target". */
function strayImports(module, allowed) {
  const folder = module.path.split("/")[0];
  const found = [];
  module.lines.forEach((line, i) => {
    for (const [, target] of line.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
      const top = relative(JS, join(JS, folder, target)).split("/")[0];
      if (!allowed.includes(top)) found.push(`${module.path}:${i + 1}: imports ${target}`);
    }
  });
  return found;
}

const all = modules();
const inFolder = (name) => all.filter((m) => m.path.startsWith(`${name}/`));

test("the folders hold the modules", () => {
  for (const folder of ["rules", "state", "net", "view", "input", "dialogs", "text"]) {
    assert.ok(inFolder(folder).length > 0, `static/js/${folder}/ has modules`);
  }
  assert.deepEqual(all.filter((m) => !m.path.includes("/")).map((m) => m.path).sort(), ["main.js", "play.js"]);
});

test("rules/ is pure: no browser, no chance, no clock, imports only rules/", () => {
  const found = inFolder("rules").flatMap((m) => [...mentions(m, RULES_FORBID), ...strayImports(m, IMPORTS.rules)]);
  assert.deepEqual(found, []);
});

test("state/ has no DOM and imports only rules/, state/ and net/", () => {
  const found = inFolder("state").flatMap((m) => [...mentions(m, STATE_FORBID), ...strayImports(m, IMPORTS.state)]);
  assert.deepEqual(found, []);
});

test(`no module is over ${MAX_LINES} lines`, () => {
  const long = all.filter((m) => m.lines.length > MAX_LINES).map((m) => `${m.path}: ${m.lines.length} lines`);
  assert.deepEqual(long, []);
});

// The page's controllers own their state (issue 40): a module writes `ui.<field>` only where it
// declares its own `const ui = {...}`; the screen reads them through main.js's read-only `seen`.
test("a controller writes only the state it owns: no shared writable ui bag", () => {
  const writes = all.flatMap((m) => {
    const owns = m.lines.some((line) => /\bconst ui = \{/.test(line));
    return owns ? [] : m.lines.flatMap((line, i) => (/\bui\.\w+\s*(=(?!=)|\+\+|--|\+=|-=)/.test(line) ? [`${m.path}:${i + 1}: ${line.trim()}`] : []));
  });
  assert.deepEqual(writes, []);
  const main = all.find((m) => m.path === "main.js");
  assert.ok(!main.lines.some((line) => /\bconst ui = \{/.test(line)), "main.js holds no bag of its own to hand out");
});
