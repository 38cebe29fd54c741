// engine.js (the rules in the page) answers what the Python engine wrote into the conformance
// corpus, tests/golden/corpus.json. Run: node --test tests/js/ (make test does).
// A failure here means engine.js and the Python engine disagree: the Python engine is the
// specification, so engine.js follows it (after `python tools/corpus.py` if the
// Python rules changed on purpose).

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");
// engine.js is a browser module; node reads a .js file as CommonJS, so it is imported as a copy named .mjs.
const folder = mkdtempSync(join(tmpdir(), "engine-"));
after(() => rmSync(folder, { recursive: true }));
const copy = join(folder, "engine.mjs");
writeFileSync(copy, read("src/pyramid_solitaire/static/js/engine.js"));
const engine = await import(pathToFileURL(copy).href);
const corpus = JSON.parse(read("tests/golden/corpus.json"));
const { Game, VARIANTS, cardText, dealCards, formatDeck, parseCard, parseDeck, view } = engine;

const newGame = (entry) => new Game(entry.variant, entry.deck === undefined ? { deal: entry.deal } : { deck: entry.deck });

function act(game, action) {
  if (action === "undo") game.undo();
  else if (action === "redo") game.redo();
  else if (action === "restart") game.restart();
  else game.play(action);
}

function refusal(thunk) {
  try {
    thunk();
  } catch (err) {
    if (!(err instanceof engine.RulesError)) throw err;
    return { error: err.kind, message: err.message, code: err.code, params: err.params };
  }
  return { error: null };
}

test("variants, cards and deal numbers", () => {
  for (const [id, rules] of Object.entries(corpus.variants)) {
    const { id: _, ...mine } = VARIANTS[id];
    assert.deepEqual(mine, rules, id);
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
});

test("games: the same view after every step", () => {
  for (const entry of corpus.games) {
    const game = newGame(entry);
    assert.deepEqual(view(game), entry.start, `${entry.variant}: ${entry.name}, start`);
    entry.steps.forEach((step, i) => {
      act(game, step.do);
      assert.deepEqual(view(game), step.view, `${entry.variant}: ${entry.name}, step ${i + 1} (${step.do})`);
    });
  }
});

test("playouts: the same legal moves, won and stuck after every step", () => {
  for (const entry of corpus.playouts) {
    const game = newGame(entry);
    entry.steps.forEach(([action, moves, end], i) => {
      act(game, action);
      const where = `${entry.variant} deal ${entry.deal} step ${i + 1} (${action})`;
      assert.equal(game.legalMoves().map(engine.moveText).join(" "), moves, where);
      assert.equal(game.isWon ? "won" : game.isStuck ? "stuck" : "", end, where);
    });
  }
});

test("illegal moves: refused alike, with the same code, parameters and English", () => {
  for (const probe of corpus.illegal) {
    const game = newGame(probe);
    for (const move of probe.moves) game.play(move);
    const where = `${probe.variant} ${probe.moves.join(" ")} then ${JSON.stringify(probe.move)}`;
    const { error, message, code, params } = probe;
    assert.deepEqual(refusal(() => game.play(probe.move)), error ? { error, message, code, params } : { error }, where);
  }
});

test("records: good ones load to the same view and round-trip, bad ones are refused", () => {
  for (const good of corpus.records.good) {
    const game = Game.fromRecord(good.record);
    assert.deepEqual(view(game), good.view);
    assert.deepEqual(Game.fromRecord(game.toRecord()).toRecord(), game.toRecord());
  }
  for (const bad of corpus.records.bad) {
    const { record, ...expected } = bad;
    assert.deepEqual(refusal(() => Game.fromRecord(record)), expected, JSON.stringify(record).slice(0, 80));
  }
});
