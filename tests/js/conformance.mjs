// The conformance checks of the page's rules (static/js/rules/) against the Python engine's
// corpus, tests/golden/corpus.json, and its move counts, tests/golden/move_counts.json: each a
// [name, check] pair. tests/js/engine.test.mjs runs them as tests; tools/mutants.py runs them
// against mutated copies of the rules (tools/mutants.mjs). The Python engine is the specification.

import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");
export const RULES = fileURLToPath(new URL("src/pyramid_solitaire/static/js/rules/", root));
export const golden = () => ({
  corpus: JSON.parse(read("tests/golden/corpus.json")),
  moveCounts: JSON.parse(read("tests/golden/move_counts.json")),
  options: JSON.parse(read("tests/golden/options_corpus.json")),
});

/** The rules modules of folder `source`, imported from a fresh copy that node reads as ES modules
 *  (a new folder each time: new module instances). Returns {rules, folder}. */
export async function loadRules(source = RULES) {
  const folder = mkdtempSync(join(tmpdir(), "rules-"));
  cpSync(source, folder, { recursive: true });
  writeFileSync(join(folder, "package.json"), '{"type": "module"}');
  const names = ["cards", "decks", "deal", "errors", "game", "variants", "view"];
  const modules = await Promise.all(names.map((name) => import(pathToFileURL(join(folder, `${name}.js`)).href)));
  return { rules: Object.assign({}, ...modules), folder };
}

/** What replaying a golden file needs of `rules`: the entry's game, one step (tools/corpus.py's
 *  act: returns the move the game returned, or null), and a refusal as the corpus writes it. */
export function replaying(rules) {
  const { Game, RulesError } = rules;
  const newGame = (entry) => new Game(entry.variant, entry.deck === undefined ? { deal: entry.deal } : { deck: entry.deck });

  function act(game, action) {
    if (action === "undo") return game.undo();
    if (action.startsWith("undo ")) return game.undo(Number(action.split(" ")[1]));
    if (action === "redo") return game.redo();
    if (action === "restart") return game.restart() ?? null;
    return game.play(action);
  }

  function refusal(thunk) {
    try {
      thunk();
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      return { error: err.kind, message: err.message, code: err.code, params: err.params };
    }
    return { error: null };
  }

  return { newGame, act, refusal };
}

/** The checks, each [name, () => void], that replay a corpus section's games (the view after
 *  every step), playouts (the legal moves, won and stuck after every step) and probes of moves
 *  (refused or played) with `rules`: corpus.json's own, its family section, options_corpus.json.
 *  `what` starts the checks' names. */
export function replayChecks(rules, { games, playouts, illegal }, what) {
  const { moveText, view } = rules;
  const { newGame, act, refusal } = replaying(rules);
  return [
    [`${what}games: the same view after every step`, () => {
      for (const entry of games) {
        const game = newGame(entry);
        assert.deepEqual(view(game), entry.start, `${entry.variant}: ${entry.name}, start`);
        entry.steps.forEach((step, i) => {
          act(game, step.do);
          assert.deepEqual(view(game), step.view, `${entry.variant}: ${entry.name}, step ${i + 1} (${step.do})`);
        });
      }
    }],
    [`${what}playouts: the same legal moves, won and stuck after every step`, () => {
      for (const entry of playouts) {
        const game = newGame(entry);
        entry.steps.forEach(([action, moves, end], i) => {
          act(game, action);
          const where = `${entry.variant} deal ${entry.deal} step ${i + 1} (${action})`;
          assert.equal(game.legalMoves().map(moveText).join(" "), moves, where);
          assert.equal(game.isWon ? "won" : game.isStuck ? "stuck" : "", end, where);
        });
      }
    }],
    [`${what}moves refused alike (or played), with the same code, parameters and English`, () => {
      for (const probe of illegal) {
        const game = newGame(probe);
        for (const move of probe.moves) game.play(move);
        const { variant, deal, deck, moves, move, ...expected } = probe;
        assert.deepEqual(refusal(() => game.play(move)), expected, `${variant} ${moves.join(" ")} then ${JSON.stringify(move)}`);
      }
    }],
  ];
}

/** The checks, each [name, () => void], of `rules` against the golden files. */
export function conformance(rules, { corpus, moveCounts, options = { refused: [] } }) {
  const { cardText, parseCard, RANDOM_DEALS, dealCards, dealNumber, formatDeck, parseDeck, randomDeal } = rules;
  const { Deal, START, MESSAGES, RulesError, Game, oneDealSource, VARIANTS, getVariant, view } = rules;

  const { newGame, act, refusal } = replaying(rules);

  /** Every refusal code in a JSON value (a refusal's own and each nested reason's). */
  function codesIn(value, found = new Set()) {
    if (Array.isArray(value)) value.forEach((v) => codesIn(v, found));
    else if (value !== null && typeof value === "object") {
      if (typeof value.code === "string") found.add(value.code);
      Object.values(value).forEach((v) => codesIn(v, found));
    }
    return found;
  }


  /** Move sequences of length `depth` (shorter where the game ends), like chess perft. */
  function perft(deal, state, depth) {
    if (depth === 0) return 1;
    const moves = deal.legalMoves(state);
    if (!moves.length) return 1;
    return moves.reduce((sum, move) => sum + perft(deal, deal.apply(state, move), depth - 1), 0);
  }

  return [
    ["variants, cards and deal numbers", () => {
    for (const [id, rules] of Object.entries(corpus.variants)) {
      const { id: _, text, overlap, win, layout, pile_size, draw, gather, pairing: __, hidden, pysol_id, ...mine } = VARIANTS[id];
      assert.deepEqual(mine, rules, id); // the options: options.test.mjs; the family's fields: family.test.mjs
      assert.deepEqual([layout, pile_size, draw, gather, hidden, pysol_id], ["pyramid", 3, 1, "order", false, null], id);
      assert.deepEqual([text, overlap, win], [id, false, "pyramid"], id);
    }
    assert.deepEqual(Object.keys(VARIANTS), Object.keys(corpus.variants));
    for (const [text, expected] of corpus.cards) {
      let got = null;
      try {
        got = cardText(parseCard(text));
      } catch {}
      assert.equal(got, expected, `card ${JSON.stringify(text)}`);
    }
    for (const [number, deck] of corpus.deals.numbers) {
      assert.equal(formatDeck(dealCards(number)), deck, `deal ${number}`);
      assert.equal(formatDeck(dealCards(BigInt(number))), deck);
    }
    for (const bad of corpus.deals.bad_numbers) {
      assert.equal(refusal(() => Game.fromRecord({ version: 1, deal: bad })).error, "RecordError", bad);
    }
    for (const bad of corpus.deals.bad_decks) {
      const { deck, ...expected } = bad;
      assert.deepEqual(refusal(() => parseDeck(deck)), expected);
    }
    for (const bad of corpus.deals.refused_numbers) {
      const { number, ...expected } = bad;
      assert.deepEqual(refusal(() => dealNumber(number)), expected, JSON.stringify(number));
    }
    }],

    ["random deals: below the Python engine's bound, over the whole range", () => {
    const below = corpus.deals.random_below;
    assert.equal(RANDOM_DEALS, below);
    const bits = [0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, ...Array.from({ length: 400 }, (_, i) => (i * 2654435761) >>> 0)];
    const numbers = bits.map(randomDeal);
    assert.ok(numbers.every((n) => Number.isInteger(n) && n >= 0 && n < below), "a random deal out of range");
    assert.equal(randomDeal(2 ** 31 - 1), below - 1);
    assert.ok(Math.max(...numbers) >= below / 2, "random deals cover only part of the range");
    assert.throws(() => new Game("pyramid"), TypeError); // the page draws the bits, not the rules
    const game = new Game("pyramid", { deal: 5 });
    game.play("draw");
    game.play("draw");
    assert.equal(game.undo(2), "draw"); // the first undone move, the next to redo
    assert.throws(() => game.undo(0), RangeError);
    }],

    ...replayChecks(rules, corpus, ""),

    ["actions: undo of one or several moves, redo and moves in rare positions, as the Python engine", () => {
    for (const entry of corpus.actions) {
      const game = newGame(entry);
      for (const move of entry.moves) game.play(move);
      for (const step of entry.before) act(game, step);
      const where = `${entry.variant} ${entry.moves.length} moves, ${entry.before.join(" ")} then ${entry.do}`;
      const { variant, deal, deck, moves, before, do: _, view: expected, returns, ...refused } = entry;
      let returned;
      const got = refusal(() => (returned = act(game, entry.do)));
      assert.deepEqual(got, refused, where);
      if (refused.error === null) {
        assert.equal(returned, returns, `${where}: what it returns`);
        assert.deepEqual(view(game), expected, where);
      }
    }
    }],

    ["one deal source: the same refusal, code, parameters and English", () => {
    for (const entry of corpus.sources) {
      if (entry.given) {
        const { given, ...expected } = entry;
        assert.deepEqual(refusal(() => oneDealSource(given)), expected, given.join(" "));
      } else {
        const { variant, source, ...expected } = entry;
        assert.deepEqual(refusal(() => new Game(variant, source)), expected);
      }
    }
    }],

    ["every code the page's rules can raise occurs in the corpus, and only the Python API's are missing", () => {
    const shown = codesIn([corpus, options]); // the options' refusals: options_corpus.json
    const missing = Object.keys(MESSAGES).filter((code) => !shown.has(code));
    assert.deepEqual(missing, [], "codes of rules/errors.js the corpus never shows: add a case to tools/corpus.py");
    const pythonOnly = [...codesIn(corpus.api)];
    const notHere = [...shown].filter((code) => !Object.hasOwn(MESSAGES, code)).sort();
    assert.deepEqual(notHere, pythonOnly.sort(), "the corpus shows codes the page's rules cannot raise");
    }],

    ["move counts: perft to depth 4 and the first and last move lines, as tests/golden/move_counts.json", () => {
    assert.deepEqual(Object.keys(moveCounts.perft).map((k) => k.split(" ")[0]).filter((v, i, all) => all.indexOf(v) === i),
      Object.keys(VARIANTS));
    for (const [key, counts] of Object.entries(moveCounts.perft)) {
      const [variant, number] = key.split(" ");
      const deal = Deal.fromNumber(getVariant(variant), number);
      assert.deepEqual([1, 2, 3, 4].map((d) => perft(deal, START, d)), counts, `perft ${key}`);
      for (const [section, pick] of [["first", 0], ["last", -1]]) {
        let state = START;
        const seen = [];
        for (;;) {
          const moves = deal.legalMoves(state);
          seen.push(moves.length);
          if (!moves.length) break;
          state = deal.apply(state, moves.at(pick));
        }
        assert.deepEqual(seen, moveCounts[section][key], `${section} ${key}`);
      }
    }
    }],

    ["records: good ones load to the same view and round-trip, bad ones are refused", () => {
    for (const good of corpus.records.good) {
      const game = Game.fromRecord(good.record);
      assert.deepEqual(view(game), good.view);
      assert.deepEqual(game.toRecord(), good.dump);
      assert.deepEqual(Game.fromRecord(game.toRecord()).toRecord(), game.toRecord());
    }
    for (const bad of corpus.records.bad) {
      const { record, ...expected } = bad;
      assert.deepEqual(refusal(() => Game.fromRecord(record)), expected, JSON.stringify(record).slice(0, 80));
    }
    }],
  ];
}
