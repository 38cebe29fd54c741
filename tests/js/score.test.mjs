// The page's score (static/js/goals/score.js) gives what goals/score.py wrote into
// tests/golden/score_corpus.json (tools/score_corpus.py): after every move of every line, from the
// page's own position and from the view the page draws. Run: node --test tests/js/

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { load, root } from "./page.mjs";

const { Game } = await load("rules/game.js");
const { view } = await load("rules/view.js");
const { score, scoreOfView } = await load("goals/score.js");
const corpus = JSON.parse(readFileSync(new URL("tests/golden/score_corpus.json", root), "utf8"));

for (const entry of corpus) {
  test(`${entry.variant} ${entry.deal}: ${entry.line.length} moves`, () => {
    const game = new Game(entry.variant, { deal: entry.deal });
    assert.equal(score(game.state, game.deal.layout), 0);
    entry.line.forEach((move, i) => {
      game.play(move);
      assert.equal(score(game.state, game.deal.layout), entry.scores[i], `after ${move} (move ${i + 1})`);
      assert.equal(scoreOfView(view(game)), entry.scores[i], `the view after ${move} (move ${i + 1})`);
    });
  });
}

test("the corpus has lines", () => assert.ok(corpus.length >= 30));

test("the corpus scores every layout's rows: the inverted pyramid, three pyramids, reserves", () => {
  const won = (variant) => Math.max(...corpus.filter((e) => e.variant === variant).map((e) => e.scores.at(-1)));
  assert.equal(won("pharaohs"), 5 * 52 + 25 * 15 + 100); // 2 + 7 + 6 rows
  assert.equal(won("pyramid-dozen"), 5 * 52 + 25 * 7 + 100); // the six reserves are no rows
  assert.ok(corpus.some((e) => e.variant === "triangle") && corpus.some((e) => e.variant === "thirteen"));
});
