// Where things lie on the table: a layout plan made from the view and the table's size.
// Sizes are in card widths; one card is 1 wide and RATIO high. Pure functions: the plan is
// made afresh for every render and handed to the board, which keeps no layout of its own.

import { LAYOUTS } from "../rules/layouts.js";
import { getVariant } from "../rules/variants.js";

export const RATIO = 1.4;
const ROW_STEP = 0.5 * RATIO; // a covered card shows its top half: rank and suit stay readable
const ROW_STEP_TALL = 0.85 * RATIO; // on a tall table the rows spread, each card shown nearly whole
const GAP_SNUG = 0.5; // ... the heaps close below, the rest of the height goes to bigger cards
const STEP_SHRINK = 0.14; // ... as the cards of a row overlap more, by at most this much
const GAP_TALL = 2.5; // ... and what is left still, the heaps move down towards the player's thumb
const MARGIN = 0.15;
const GAP = 0.3; // between the pyramid and the row of stock and wastes
const FAN = 0.25; // a waste pile shows its top cards fanned to the right
export const FAN_SHOWN = 3;
export const FACE_DOWN = "down-"; // placements' name for a face-down card: "down-" and its position
const PILE_STEP = 0.6; // Giza's piles fan downwards, far enough to read each rank
const PILE_STEP_TALL = 1; // ... and further on a tall table
const SIDE_GAP = 0.45; // between the pyramid and the heaps beside it
const SIDE_FAN = 0.3; // Giza's piles beside the pyramid fan to the right
const NORMAL = 0.86; // normal cards leave some felt around the game; large cards fill the table
const TRIANGLE_GAP = 0.4; // between Pharaohs's pyramids

// On a tall narrow screen (a phone held upright) the width sets the card size, so the cards of
// a row overlap: the rank and suit sit in the top left corner and stay in sight, and every card
// grows (large cards by a tenth more).
function colStep(large, compact) {
  if (compact) return large ? 0.76 : 0.86;
  return large ? 1.03 : 1.1;
}

/**
 * Board size in card widths, and where each heap lies. The stock and wastes (or Giza's piles)
 * go below the pyramid, or beside it when the table is wide and low (a phone on its side).
 */
function arrange(view, options, sideways) {
  const step = options.step ?? colStep(options.large, options.compact);
  const rowStep = options.rowStep ?? ROW_STEP;
  const gap = options.gap ?? GAP;
  const tableau = tableauCells(options.layout, step, rowStep, options.wideTableau);
  const pyramidW = tableau.width;
  const pyramidH = tableau.height;
  const heaps = sideways ? heapsBeside(view, options) : heapsBelow(view, step, options.pileStep ?? PILE_STEP, options);
  const between = heaps.spots.length ? gap : 0; // Pharaohs: nothing below the pyramids
  let width, height, pyramidX, pyramidY, heapX, heapY;
  if (sideways) {
    width = pyramidW + (heaps.spots.length ? SIDE_GAP : 0) + heaps.width + 2 * MARGIN;
    height = Math.max(pyramidH, heaps.height) + 2 * MARGIN;
    pyramidX = MARGIN;
    pyramidY = MARGIN;
    heapX = MARGIN + pyramidW + SIDE_GAP;
    heapY = MARGIN; // the stock at the top right, where a player looks for it
  } else {
    width = Math.max(pyramidW, heaps.width) + 2 * MARGIN;
    height = pyramidH + between + heaps.height + 2 * MARGIN;
    pyramidX = MARGIN + (width - 2 * MARGIN - pyramidW) / 2;
    pyramidY = MARGIN;
    heapX = MARGIN + (width - 2 * MARGIN - heaps.width) / 2;
    heapY = MARGIN + pyramidH + between;
  }
  for (const spot of heaps.spots) {
    spot.x += heapX;
    spot.y += heapY;
  }
  return { width, height, step, rowStep, pyramidX, pyramidY, cells: tableau.cells, rowSteps: tableau.rowSteps, bottom: heaps.spots };
}

/**
 * Where each tableau position lies, from the layout's rows (rules/layouts.js): a row of k cards
 * in a triangle of n rows is indented (n - k) half steps, so a pyramid's card lies over the two
 * it covers, and so does an inverted pyramid's. Several triangles (Pharaohs) stand on one base
 * side by side (`wide`) or, on a narrow table, the largest on top and the others below it.
 * Returns {cells: [{x, y, row, n}] by position, width, height, rowSteps (rows the height spans)}.
 */
function tableauCells(layout, step, rowStep, wide) {
  let first = 0;
  const shapes = layout.triangles.map(({ rows }) => {
    first += rows;
    return { rows: layout.rows.slice(first - rows, first), width: (rows - 1) * step + 1, height: (rows - 1) * rowStep + RATIO };
  });
  const largest = shapes.reduce((a, b) => (b.rows.length > a.rows.length ? b : a));
  const lines = wide || shapes.length === 1 ? [shapes] : [[largest], shapes.filter((s) => s !== largest)];
  const lineWidth = (line) => line.reduce((w, s) => w + s.width, 0) + (line.length - 1) * TRIANGLE_GAP;
  const width = Math.max(...lines.map(lineWidth));
  const cells = [];
  let y = 0;
  let rowSteps = 0;
  for (const line of lines) {
    let x = (width - lineWidth(line)) / 2;
    const lineHeight = Math.max(...line.map((s) => s.height));
    for (const shape of line) {
      const top = y + lineHeight - shape.height;
      shape.rows.forEach((row, r) => row.forEach((p, n) => {
        cells[p] = { x: x + ((shape.rows.length - row.length) * step) / 2 + n * step, y: top + r * rowStep, row: r, n };
      }));
      x += shape.width + TRIANGLE_GAP;
    }
    y += lineHeight + TRIANGLE_GAP;
    rowSteps += Math.max(...line.map((s) => s.rows.length - 1));
  }
  return { cells, width, height: y - TRIANGLE_GAP, rowSteps };
}

/** Below the pyramid: one row; Giza's piles fan downwards. */
function heapsBelow(view, step, pileStep, options) {
  const spots = [];
  if (view.piles.length) {
    view.piles.forEach((_, j) => spots.push({ kind: "pile", index: j, x: j * step, y: 0, dx: 0, dy: pileStep }));
    return { spots, width: (view.piles.length - 1) * step + 1, height: RATIO + (options.pileSize - 1) * pileStep };
  }
  // squeezed (a tall table), the heaps close up and fan less, as the pyramid's rows do
  const between = 0.25 - 0.1 * (options.squeeze ?? 0);
  let x = 0;
  for (const spot of stockSpots(view, options)) {
    spots.push({ ...spot, x, y: 0 });
    x += spot.w + between;
  }
  return { spots, width: Math.max(x - between, 0), height: spots.length ? RATIO : 0 };
}

/** Beside the pyramid: a column; Giza's piles in two columns, fanned to the right. */
function heapsBeside(view, options) {
  const spots = [];
  if (view.piles.length) {
    const w = 1 + (options.pileSize - 1) * SIDE_FAN;
    view.piles.forEach((_, j) => spots.push({ kind: "pile", index: j, x: (j % 2) * (w + 0.25),
      y: Math.floor(j / 2) * (RATIO + 0.15), dx: SIDE_FAN, dy: 0 }));
    const rows = Math.ceil(view.piles.length / 2);
    return { spots, width: 2 * w + 0.25, height: rows * (RATIO + 0.15) - 0.15 };
  }
  // Two heaps stack in one column; more go in two columns, read row by row.
  const heaps = stockSpots(view, options);
  if (!heaps.length) return { spots, width: 0, height: 0 };
  const cols = heaps.length > 2 ? 2 : 1;
  const colW = Math.max(...heaps.map((h) => h.w));
  heaps.forEach((spot, n) => spots.push({ ...spot, x: (n % cols) * (colW + 0.25),
    y: Math.floor(n / cols) * (RATIO + 0.2) }));
  const rows = Math.ceil(heaps.length / cols);
  return { spots, width: cols * colW + (cols - 1) * 0.25, height: rows * (RATIO + 0.2) - 0.2 };
}

/** The stock, the open stock card (open-stock variant) and the wastes, in playing order.
 *  The open-stock variant keeps a place for the stock's top card even when the stock is empty. */
function stockSpots(view, options) {
  const spots = options.hasStock ? [{ kind: "stock", w: 1 }] : []; // Pharaohs has none
  if (options.openStock) spots.push({ kind: "open", w: 1 });
  const fan = FAN - 0.07 * (options.squeeze ?? 0);
  view.wastes.forEach((_, k) => spots.push({ kind: "waste", index: k, w: 1 + fan * (FAN_SHOWN - 1), dx: fan, dy: 0 }));
  return spots;
}

/**
 * The plan for a board of at most `width` x `height` px: the card width in px (`cw`; large cards
 * use all the room there is) and where everything lies. The heaps go beside the pyramid when that
 * gives clearly bigger cards. options: {large, openStock}.
 */
export function planLayout(view, width, height, { large = false, openStock = false } = {}) {
  const variant = getVariant(view.variant);
  const options = { large, openStock, compact: width < 0.8 * height, layout: LAYOUTS[variant.layout],
    hasStock: variant.has_stock, pileSize: variant.pile_size };
  const fit = (p) => {
    const cw = Math.min(width / p.width, height / p.height);
    return large ? cw : Math.min(width / p.width, NORMAL * height / p.height);
  };
  // Pharaohs's three pyramids stand side by side where that gives bigger cards, else stacked
  options.wideTableau = fit(arrange(view, { ...options, wideTableau: true }, false)) > fit(arrange(view, options, false));
  const below = arrange(view, options, false);
  const side = arrange(view, options, true);
  const beside = fit(side) > 1.08 * fit(below);
  if (!beside && options.compact) return { ...tallPlan(view, options, height, fit), beside, tall: true };
  const plan = beside ? side : below;
  return { ...plan, beside, cw: Math.max(20, Math.floor(fit(plan))), tall: false };
}

/** A tall table (a phone held upright): the width sets the card size, and height is left over.
 *  The rows spread first, then the cards of a row overlap more so that every card grows, as long
 *  as the spread board still fits; only past that do the heaps move down (no empty band between
 *  the pyramid and the stock). */
function tallPlan(view, options, height, fit) {
  const base = colStep(options.large, true);
  let best = null;
  const steps = Math.round(STEP_SHRINK * 100);
  for (let n = 0; n <= steps; n += 1) {
    const shaped = { ...options, step: base - n / 100, squeeze: n / steps };
    const cw = Math.max(20, Math.floor(fit(arrange(view, shaped, false))));
    const snug = spread(view, shaped, arrange(view, shaped, false), height / cw, GAP_SNUG);
    if (best && snug.height > height / cw + 1e-9) break; // too big to fit: the step before
    best = { shaped, cw };
    if (snug.height >= height / cw - 0.05) break; // the height is used
  }
  const plan = spread(view, best.shaped, arrange(view, best.shaped, false), height / best.cw, GAP_TALL);
  return { ...plan, cw: best.cw };
}

/** The width sets the card size and height is left over (a phone held upright): the pyramid's
 *  rows spread, Giza's piles fan further and the heaps move down, up to `room` card widths high,
 *  so the felt is used to its foot. */
function spread(view, options, plan, room, gapCap) {
  let spare = room - plan.height;
  if (spare <= 0.05) return plan;
  const rowSteps = plan.rowSteps;
  const rowStep = Math.min(ROW_STEP_TALL, ROW_STEP + spare / rowSteps);
  spare -= rowSteps * (rowStep - ROW_STEP);
  const fans = options.pileSize - 1;
  const pileStep = view.piles.length ? Math.min(PILE_STEP_TALL, PILE_STEP + spare / fans) : PILE_STEP;
  spare -= fans * (pileStep - PILE_STEP);
  const gap = Math.min(gapCap, GAP + Math.max(0, spare));
  return arrange(view, { ...options, rowStep, gap, pileStep }, false);
}

/** Where every visible card goes: [card, x, y, z, where, onTop, place] in card widths; `place`
 *  names the spot for people: {where, row, n (1-based), heaps (how many of its kind)}. */
export function placements(view, p) {
  const out = [];
  view.pyramid.forEach((slot, index) => {
    if (!slot.card && !slot.face_down) return;
    const { x, y, row, n } = p.cells[index];
    const place = { where: "pyramid", row: row + 1, n: n + 1 };
    // a face-down card (Thirteen) is a back, named by its place only: the view never names it
    const card = slot.face_down ? `${FACE_DOWN}${index}` : slot.card;
    out.push([card, p.pyramidX + x, p.pyramidY + y, 10 + row, "pyramid", slot.available, place]);
  });
  for (const spot of p.bottom) {
    if (spot.kind === "waste") {
      const pile = view.wastes[spot.index];
      const shown = pile.slice(-FAN_SHOWN);
      const place = { where: "waste", n: spot.index + 1, heaps: view.wastes.length };
      shown.forEach((card, n) => out.push([card, spot.x + n * spot.dx, spot.y + n * spot.dy, 30 + n, "waste",
        n === shown.length - 1, place]));
    } else if (spot.kind === "pile") {
      const place = { where: "pile", n: spot.index + 1, heaps: view.piles.length };
      view.piles[spot.index].forEach((card, n, pile) => out.push([card, spot.x + n * spot.dx,
        spot.y + n * spot.dy, 30 + n, "pile", n === pile.length - 1, place]));
    } else if (spot.kind === "open" && view.stock.top) {
      out.push([view.stock.top, spot.x, spot.y, 30, "open", view.stock.available, { where: "open" }]);
    }
  }
  return out;
}
