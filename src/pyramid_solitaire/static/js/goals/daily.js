// The day's challenges made in the page (the solver's worker), goals/daily.py line for line: the
// same plan, hashes, graded lists (pinned in static/daily-deals.json) and node budgets on the same C kernel, so
// a day the release ships no file for is made here, offline and on the static site, and is the
// same as `pyramid-solitaire daily` makes (tests/js/daily-made.test.mjs holds it to
// tests/golden/daily_corpus.json, made in Python). Node budgets only, never the clock.

import { cardText } from "../rules/cards.js";
import { Deal, START } from "../rules/deal.js";
import { DECK_SIZE, RANDOM_DEALS } from "../rules/decks.js";
import { VARIANTS } from "../rules/variants.js";
import { solve, WINNABLE } from "../solver/search.js";
import { score } from "./score.js";

export const FIRST_DAY = "2000-01-01";
export const LAST_DAY = "2200-12-31";
export const PLAN = [["easy", "clear"], ["medium", "moves"], ["hard", "score"], ["expert", "moves"], ["expert", "cards"]];
export const MARGIN = { easy: 12, medium: 8, hard: 4, expert: 0 };
export const DECIDE_NODES = 200_000;
export const SHORTEST_NODES = 1_000_000;
export const TRIES = 500;
const RANKS = "A23456789TJQK";
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since FIRST_DAY of "YYYY-MM-DD" (a calendar date, so in UTC: no time zone moves it). */
function dayNumber(day) {
  const [, y, m, d] = DAY.exec(day).map(Number);
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(2000, 0, 1)) / 86_400_000);
}

/** Whether `day` is a date of the range that has challenges (daily.py's parse_day). */
export function isDay(day) {
  if (typeof day !== "string" || !DAY.test(day)) return false;
  const [, y, m, d] = DAY.exec(day).map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d && day >= FIRST_DAY && day <= LAST_DAY;
}

/** The variants of the day's steps: all six take turns, one step later each day. */
export function variantsOf(day) {
  const ids = Object.keys(VARIANTS);
  const turn = dayNumber(day) % ids.length;
  return PLAN.map((_, i) => ids[(turn + i) % ids.length]);
}

/** daily.py's _hashed: the first 8 bytes, big-endian, of a SHA-256 (WebCrypto). */
export async function hashed(...parts) {
  const text = new TextEncoder().encode(["pyramid-solitaire challenge", ...parts.map(String)].join(" "));
  return new DataView(await crypto.subtle.digest("SHA-256", text)).getBigUint64(0, false);
}

/** The deal numbers of `grade` in the index (goals/index.js's gradedIndex), or null for none. */
function gradedDeals(index, variant, grade) {
  const list = index?.variants?.[variant]?.[grade] ?? [];
  return list.length ? list : null;
}

/** The highest score a line reaches from the start (score.py's best_score). */
function bestScore(deal, line) {
  let state = START;
  let best = 0;
  for (const text of line) {
    state = deal.apply(state, deal.parseMove(text));
    best = Math.max(best, score(state));
  }
  return best;
}

/** Whether the rules play all of `line` (daily.py's plays_out): the solver, asked for other cards
 *  than the deal's goal, plays on past the pyramid cleared, where the game has ended. */
function playsOut(deal, line) {
  let state = START;
  for (const text of line) {
    if (deal.isWon(state)) return false;
    state = deal.apply(state, deal.parseMove(text));
  }
  return true;
}

function proveCards(kernel, deal, rank) {
  const goal = Array.from({ length: DECK_SIZE }, (_, c) => c).filter((c) => cardText(c)[0] === rank);
  const target = deal.withGoal(goal);
  if (solve(kernel, target, START, { nodeLimit: DECIDE_NODES }).verdict !== WINNABLE) return null;
  const shortest = solve(kernel, target, START, { shortest: true, nodeLimit: SHORTEST_NODES });
  if (!shortest.shortest || !playsOut(deal, shortest.line)) return null;
  return [{ kind: "cards", cards: goal.map(cardText), par: shortest.line.length }, shortest.line];
}

/** The goal of `kind` on `deal` with its proof (move texts), or null (daily.py's prove). */
export function prove(kernel, deal, kind, grade, rank = "K") {
  if (kind === "cards") return proveCards(kernel, deal, rank);
  const found = solve(kernel, deal, START, { nodeLimit: DECIDE_NODES });
  if (found.verdict !== WINNABLE) return null;
  if (kind === "clear") return [{ kind: "clear" }, found.line];
  if (kind === "score") return [{ kind: "score", score: bestScore(deal, found.line) }, found.line];
  const shortest = solve(kernel, deal, START, { shortest: true, nodeLimit: SHORTEST_NODES });
  if (!shortest.shortest) return null;
  const par = shortest.line.length;
  return [{ kind: "moves", at_most: par + MARGIN[grade], par }, shortest.line];
}

/** The challenges of `day` ("YYYY-MM-DD"), as `pyramid-solitaire daily --json` lists them.
 *  `index`: the pinned graded lists (goals/deals.js's loadDailyIndex; null: random deals, no grade). */
export async function challenges(kernel, day, index) {
  if (!isDay(day)) throw new RangeError(`a day is YYYY-MM-DD from ${FIRST_DAY} to ${LAST_DAY}, not ${day}`);
  const out = [];
  const variants = variantsOf(day);
  for (const [step, [grade, kind]] of PLAN.entries()) {
    const variant = variants[step];
    const graded = gradedDeals(index, variant, grade);
    for (let k = 0; k < TRIES; k++) {
      const pick = await hashed(day, step, k);
      const rank = RANKS[Number((await hashed(day, step, k, "rank")) % BigInt(RANKS.length))];
      const number = graded ? graded[Number(pick % BigInt(graded.length))] : Number(pick % BigInt(RANDOM_DEALS));
      const proven = prove(kernel, Deal.fromNumber(variant, number), kind, grade, rank);
      if (proven) {
        const [goal, line] = proven;
        out.push({ id: `${day}-${step + 1}`, variant, deal: number, grade: graded ? grade : null, goal, proof: line.join(" ") });
        break;
      }
    }
  }
  return out;
}
