// The score of a position (docs/score.md; goals/score.py is the specification, held to this copy
// by tests/golden/score_corpus.json): 5 per card removed, 25 per pyramid row cleared, 100 for the
// pyramid cleared, -20 per recycle. A function of the position alone, so Undo takes points back.
// No DOM: it runs in node too.

export const CARD = 5;
export const ROW = 25;
export const CLEARED = 100;
export const RECYCLE = -20;
const ROWS = 7;
const DECK_SIZE = 52;

const rowSlots = (row) => Array.from({ length: row + 1 }, (_, i) => (row * (row + 1)) / 2 + i);
const ROW_SLOTS = Array.from({ length: ROWS }, (_, row) => rowSlots(row));

const points = (removed, rows, recycles) =>
  CARD * removed + ROW * rows + (rows === ROWS ? CLEARED : 0) + RECYCLE * recycles;

/** The score of a position of rules/deal.js ({removed: 0/1 per deck position, recycles}). */
export function score(state) {
  let removed = 0;
  for (let p = 0; p < DECK_SIZE; p++) removed += state.removed[p] ? 1 : 0;
  const rows = ROW_SLOTS.filter((slots) => slots.every((p) => state.removed[p])).length;
  return points(removed, rows, state.recycles);
}

/** The recycles played in a view: from the passes left, or with unlimited passes (no passes
 *  left to count) the page's own field, rules/view.js answer()'s `recycles`. */
export const recyclesOfView = (view) => (view.passes === null ? view.recycles ?? 0 : Math.max(view.passes - view.passes_left, 0));

/** The same score from what the page draws (rules/view.js's view, or the server's). */
export function scoreOfView(view) {
  const there = (c) => c.card !== null || Boolean(c.face_down); // a face-down card (Thirteen) is there
  const left = view.pyramid.filter(there).length + view.stock.count
    + view.wastes.reduce((n, pile) => n + pile.length, 0) + view.piles.reduce((n, pile) => n + pile.length, 0);
  const rows = ROW_SLOTS.filter((slots) => slots.every((p) => !there(view.pyramid[p]))).length;
  return points(DECK_SIZE - left, rows, recyclesOfView(view));
}
