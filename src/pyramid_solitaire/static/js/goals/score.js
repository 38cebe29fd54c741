// The score of a position (docs/score.md; goals/score.py is the specification, held to this copy
// by tests/golden/score_corpus.json): 5 per card removed, 25 per row of the layout cleared (each
// triangle's rows; a reserve is no row), 100 for the layout cleared, -20 per recycle. A function
// of the position alone, so Undo takes points back. No DOM: it runs in node too.

import { LAYOUTS } from "../rules/layouts.js";
import { getVariant } from "../rules/variants.js";

export const CARD = 5;
export const ROW = 25;
export const CLEARED = 100;
export const RECYCLE = -20;
const DECK_SIZE = 52;
const PYRAMID = LAYOUTS.pyramid; // the six variants' layout

/** How many rows of the layout's triangles are gone (`gone(p)`: position p's card is gone). */
const rowsCleared = (layout, gone) => layout.rows.filter((row) => row.every(gone)).length;

const points = (removed, rows, cleared, recycles) =>
  CARD * removed + ROW * rows + (cleared ? CLEARED : 0) + RECYCLE * recycles;

/** The score of a position of rules/deal.js ({removed: 0/1 per deck position, recycles}) in a
 *  game of `layout` (the deal's): every row of each triangle counts, a reserve is no row. */
export function score(state, layout = PYRAMID) {
  let removed = 0;
  for (let p = 0; p < DECK_SIZE; p++) removed += state.removed[p] ? 1 : 0;
  const gone = (p) => Boolean(state.removed[p]);
  const cleared = layout.rows.every((row) => row.every(gone));
  return points(removed, rowsCleared(layout, gone), cleared, state.recycles);
}

/** The recycles played in a view: from the passes left, or with unlimited passes (no passes
 *  left to count) the page's own field, rules/view.js answer()'s `recycles`. */
export const recyclesOfView = (view) => (view.passes === null ? view.recycles ?? 0 : Math.max(view.passes - view.passes_left, 0));

/** The same score from what the page draws (rules/view.js's view, or the server's). */
export function scoreOfView(view) {
  const there = (c) => c.card !== null || Boolean(c.face_down); // a face-down card (Thirteen) is there
  const left = view.pyramid.filter(there).length + view.stock.count
    + view.wastes.reduce((n, pile) => n + pile.length, 0) + view.piles.reduce((n, pile) => n + pile.length, 0);
  const gone = (p) => !there(view.pyramid[p]);
  const layout = view.variant ? LAYOUTS[getVariant(view.variant).layout] : PYRAMID; // a view made by hand: the pyramid
  return points(DECK_SIZE - left, rowsCleared(layout, gone), view.pyramid.every((c) => !there(c)), recyclesOfView(view));
}
