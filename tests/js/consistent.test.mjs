// solver/consistent.js, the twin of solver/consistent.py: on tests/golden/consistent_corpus.json
// (tools/consistent_corpus.py) the page finds the same unseen places, seed and sampled deals, and
// gives the same hint with the same share; and it never reads the face-down cards.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { kernel, load, root } from "./page.mjs";

const { consistentDeals, seed, unseenPositions } = await load("solver/consistent.js");
const { consistentHint } = await load("solver/hints.js");
const { Game } = await load("rules/game.js");
const { Deal } = await load("rules/deal.js");

const k = await kernel();
const corpus = JSON.parse(readFileSync(new URL("tests/golden/consistent_corpus.json", root), "utf8"));
const noClock = { seconds: null }; // every sample: the answer is set by counts of positions

test("the corpus holds a position of each kind", () => {
  assert.deepEqual(corpus.map((c) => c.hint.verdict), ["unknown", "unknown", "unknown", "unwinnable"]);
});

for (const c of corpus) {
  test(`the page's unseen places, seed and samples are the server's: ${c.case}`, async () => {
    const { deal, state } = Game.fromRecord(c.record);
    const unseen = unseenPositions(deal, state);
    assert.deepEqual(unseen, c.unseen);
    assert.equal(String(await seed(deal, state, unseen)), c.seed);
    assert.deepEqual((await consistentDeals(deal, state, c.samples.length)).map((s) => s.cards), c.samples);
  });

  test(`the page's hint and share are the server's: ${c.case}`, async () => {
    const { seconds, ...given } = await consistentHint(k, Game.fromRecord(c.record), noClock);
    assert.ok(seconds >= 0);
    assert.deepEqual(given, c.hint);
  });
}

test("two deals equal in what is seen get the same hint: the face-down cards are never read", async () => {
  const c = corpus.find((e) => e.case === "a random game");
  const game = Game.fromRecord(c.record);
  const cards = [...game.deal.cards];
  c.unseen.forEach((p, i) => {
    cards[p] = game.deal.cards[c.unseen[c.unseen.length - 1 - i]]; // the unseen cards reversed
  });
  const { deal, ...record } = c.record;
  const other = Game.fromRecord({ ...record, deck: new Deal("thirteen", cards).deckString() });
  assert.notDeepEqual(other.deal.cards, game.deal.cards);
  const mine = await consistentHint(k, game, noClock);
  const theirs = await consistentHint(k, other, noClock);
  delete mine.seconds;
  delete theirs.seconds;
  assert.deepEqual(theirs, mine);
});

test("a spent time limit stops the sampling after one sample", async () => {
  const c = corpus.find((e) => e.case === "four moves along a winning line");
  const still = () => 0; // a clock that never moves: the limit of 0 s is spent at once
  const given = await consistentHint(k, Game.fromRecord(c.record), { seconds: 0, clock: still });
  assert.equal(given.consistent.samples, 1);
});

test("the toast says the share, rounded as the command line rounds it, in English and German", async () => {
  const { hintMessage } = await load("text/hint-text.js");
  const { setLanguage } = await load("text/i18n.js");
  globalThis.document ??= { documentElement: {} }; // setLanguage marks the page's language
  const c = corpus.find((e) => e.case === "a random game").hint; // 1 of 40: 2.5%, the CLI says 2%
  setLanguage("en");
  assert.match(hintMessage(c).text, /^Hint: pair .+ \(Winnable in 1 of 40 deals that fit the cards you have seen, 2%;/);
  setLanguage("de");
  assert.match(hintMessage(c).text, /Gewinnbar in 1 von 40 Verteilungen, die zu den gesehenen Karten passen, 2\u00a0%/);
  setLanguage("en");
});
