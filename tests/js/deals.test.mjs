// solver/deals.js: today's deal is engine/decks.py's daily_deal (the same SHA-256, the same
// numbers), a winnable-only deal is one the solver proved winnable, or none when no proof came
// in time. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { kernel, load } from "./page.mjs";

const { dailyDeal, randomDeal, winnableDeal } = await load("solver/deals.js");
const { Game } = await load("rules/game.js");
const { solve } = await load("solver/search.js");
const k = await kernel();

test("the daily deal is the server's number for the day and variant", async () => {
  // python -c "from datetime import date; from pyramid_solitaire.engine.decks import daily_deal;
  //            print(daily_deal('pyramid', date(2026, 12, 1)), daily_deal('giza', date(2026, 12, 1)))"
  assert.equal(await dailyDeal("pyramid", "2026-12-01"), 9936131226517101932n);
  assert.equal(await dailyDeal("giza", "2026-12-01"), 5476645962680897819n);
  await assert.rejects(dailyDeal("pyramid", "1.12.2026"), /a day is YYYY-MM-DD, not 1.12.2026/);
});

const verdict = (variant, n) => {
  const game = new Game(variant, { deal: n });
  return solve(k, game.deal, game.state, {}).verdict;
};

test("a winnable deal is proven so; unwinnable numbers are passed over", () => {
  const numbers = [1, 2, 5, 32, 40]; // classic deals: the first three unwinnable (solver_corpus.json)
  const picked = [];
  const pick = () => { picked.push(numbers[picked.length]); return picked.at(-1); };
  assert.equal(winnableDeal(k, "classic", pick, 60), 32);
  assert.deepEqual(picked, [1, 2, 5, 32]);
  assert.deepEqual([1, 2, 5].map((n) => verdict("classic", n)), ["unwinnable", "unwinnable", "unwinnable"]);
});

test("no proof in time: no deal", () => {
  let now = 0;
  const clock = () => (now += 1); // a second passes at every reading
  let picks = 0;
  assert.equal(winnableDeal(k, "classic", () => { picks += 1; return 2; }, 3, clock), null);
  assert.ok(picks >= 1 && picks <= 3, `${picks} deals tried`);
  const n = randomDeal();
  assert.ok(Number.isInteger(n) && n >= 0 && n < 2 ** 31, `${n}`);
});
