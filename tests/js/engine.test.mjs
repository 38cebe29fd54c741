// The rules in the page (static/js/rules/) answer what the Python engine wrote into the conformance
// corpus, tests/golden/corpus.json. Run: node --test tests/js/ (make test does).
// A failure here means the page's rules and the Python engine disagree: the Python engine is the
// specification, so rules/ follows it (after `python tools/corpus.py` if the
// Python rules changed on purpose).

import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");
// The rules are browser modules: node reads them as ES modules from a copy whose folder says so.
const folder = mkdtempSync(join(tmpdir(), "rules-"));
after(() => rmSync(folder, { recursive: true }));
cpSync(fileURLToPath(new URL("src/pyramid_solitaire/static/js/rules/", root)), folder, { recursive: true });
writeFileSync(join(folder, "package.json"), '{"type": "module"}');
const rules = async (name) => import(pathToFileURL(join(folder, name)).href);
const { cardText, parseCard } = await rules("cards.js");
const { dealCards, formatDeck, parseDeck } = await rules("decks.js");
const { moveText } = await rules("deal.js");
const { RulesError } = await rules("errors.js");
const { Game } = await rules("game.js");
const { VARIANTS } = await rules("variants.js");
const { view } = await rules("view.js");
const corpus = JSON.parse(read("tests/golden/corpus.json"));

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
    if (!(err instanceof RulesError)) throw err;
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
      assert.equal(game.legalMoves().map(moveText).join(" "), moves, where);
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
