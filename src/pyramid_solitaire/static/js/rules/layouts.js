// Layouts (engine/layouts.py): the tableau's triangles in dealing order, each row's deck
// positions and which positions cover which. A pyramid's card (r, i) is covered by (r+1, i) and
// (r+1, i+1); an inverted pyramid's by (r+1, i-1) and (r+1, i) where they exist. Part of the
// rules in the page (see game.js).

function layout(id, triangles) {
  const rows = [];
  const coveredBy = [];
  let start = 0;
  for (const { rows: count, inverted } of triangles) {
    const mine = [];
    for (let r = 0; r < count; r++) {
      const n = inverted ? count - r : r + 1;
      mine.push(Array.from({ length: n }, (_, i) => start + i));
      start += n;
    }
    mine.forEach((row, r) => {
      const below = mine[r + 1] ?? [];
      row.forEach((_, i) => {
        const near = inverted ? [i - 1, i] : [i, i + 1];
        coveredBy.push(near.filter((j) => j >= 0 && j < below.length).map((j) => below[j]));
      });
    });
    rows.push(...mine);
  }
  return Object.freeze({ id, triangles, rows, coveredBy, size: coveredBy.length });
}

export const LAYOUTS = Object.freeze({
  pyramid: layout("pyramid", [{ rows: 7, inverted: false }]),
  inverted: layout("inverted", [{ rows: 7, inverted: true }]),
  // Pharaohs: PySolFC deals its pyramids of 2, 7 and 6 rows in this order (3 + 28 + 21 cards)
  pharaohs: layout("pharaohs", [{ rows: 2, inverted: false }, { rows: 7, inverted: false }, { rows: 6, inverted: false }]),
});
