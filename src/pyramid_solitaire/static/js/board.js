// Draws the view the server sent: where each card lies, which ones are available.
// Sizes are in card widths; one card is 1 wide and RATIO high.

import { cardName, t } from "./i18n.js";

const RATIO = 1.4;
const ROW_STEP = 0.5 * RATIO; // a covered card shows its top half: rank and suit stay readable
const MARGIN = 0.15;
const GAP = 0.3; // between the pyramid and the row of stock and wastes
const FAN = 0.25; // a waste pile shows its top cards fanned to the right
const FAN_SHOWN = 3;
const PILE_STEP = 0.6; // Giza's piles fan downwards, far enough to read each rank
const SIDE_GAP = 0.45; // between the pyramid and the heaps beside it
const SIDE_FAN = 0.3; // Giza's piles beside the pyramid fan to the right
const NORMAL = 0.86; // normal cards leave some felt around the game; large cards fill the table

const cards = new Map(); // card text -> its element, for the cards on the table now
let stockEl = null;
const slots = [];

// On a tall narrow screen (a phone held upright) the width sets the card size, so large cards
// let the cards of a row overlap a little: the rank and suit sit in the top left corner and stay
// in sight, and every card grows by about a fifth.
let compact = false;
let beside = false; // the heaps lie beside the pyramid (chosen by cardWidth)
// The open-stock variant keeps a place for the stock's face-up top card even when the stock is empty.
let openStockVariant = false;

function colStep(large) {
  if (large && compact) return 0.86;
  return large ? 1.03 : 1.1;
}

/**
 * Board size in card widths, and where each heap lies. The stock and wastes (or Giza's piles)
 * go below the pyramid, or beside it when the table is wide and low (a phone on its side).
 */
function plan(view, large, sideways) {
  const step = colStep(large);
  const pyramidW = 6 * step + 1;
  const pyramidH = 6 * ROW_STEP + RATIO;
  const heaps = sideways ? heapsBeside(view) : heapsBelow(view, step);
  let width, height, pyramidX, pyramidY, heapX, heapY;
  if (sideways) {
    width = pyramidW + SIDE_GAP + heaps.width + 2 * MARGIN;
    height = Math.max(pyramidH, heaps.height) + 2 * MARGIN;
    pyramidX = MARGIN;
    pyramidY = MARGIN;
    heapX = MARGIN + pyramidW + SIDE_GAP;
    heapY = MARGIN; // the stock at the top right, where a player looks for it
  } else {
    width = Math.max(pyramidW, heaps.width) + 2 * MARGIN;
    height = pyramidH + GAP + heaps.height + 2 * MARGIN;
    pyramidX = MARGIN + (width - 2 * MARGIN - pyramidW) / 2;
    pyramidY = MARGIN;
    heapX = MARGIN + (width - 2 * MARGIN - heaps.width) / 2;
    heapY = MARGIN + pyramidH + GAP;
  }
  for (const spot of heaps.spots) {
    spot.x += heapX;
    spot.y += heapY;
  }
  return { width, height, step, pyramidX, pyramidY, bottom: heaps.spots };
}

/** Below the pyramid: one row; Giza's piles fan downwards. */
function heapsBelow(view, step) {
  const spots = [];
  if (view.piles.length) {
    view.piles.forEach((_, j) => spots.push({ kind: "pile", index: j, x: j * step, y: 0, dx: 0, dy: PILE_STEP }));
    return { spots, width: (view.piles.length - 1) * step + 1, height: RATIO + 2 * PILE_STEP };
  }
  let x = 0;
  for (const spot of stockSpots(view)) {
    spots.push({ ...spot, x, y: 0 });
    x += spot.w + 0.25;
  }
  return { spots, width: x - 0.25, height: RATIO };
}

/** Beside the pyramid: a column; Giza's piles in two columns, fanned to the right. */
function heapsBeside(view) {
  const spots = [];
  if (view.piles.length) {
    const w = 1 + 2 * SIDE_FAN;
    view.piles.forEach((_, j) => spots.push({ kind: "pile", index: j, x: (j % 2) * (w + 0.25),
      y: Math.floor(j / 2) * (RATIO + 0.15), dx: SIDE_FAN, dy: 0 }));
    const rows = Math.ceil(view.piles.length / 2);
    return { spots, width: 2 * w + 0.25, height: rows * (RATIO + 0.15) - 0.15 };
  }
  // Two heaps stack in one column; more go in two columns, read row by row.
  const heaps = stockSpots(view);
  const cols = heaps.length > 2 ? 2 : 1;
  const colW = Math.max(...heaps.map((h) => h.w));
  heaps.forEach((spot, n) => spots.push({ ...spot, x: (n % cols) * (colW + 0.25),
    y: Math.floor(n / cols) * (RATIO + 0.2) }));
  const rows = Math.ceil(heaps.length / cols);
  return { spots, width: cols * colW + (cols - 1) * 0.25, height: rows * (RATIO + 0.2) - 0.2 };
}

/** The stock, the open stock card (open-stock variant) and the wastes, in playing order. */
function stockSpots(view) {
  const spots = [{ kind: "stock", w: 1 }];
  if (openStockVariant) spots.push({ kind: "open", w: 1 });
  view.wastes.forEach((_, k) => spots.push({ kind: "waste", index: k, w: 1 + FAN * (FAN_SHOWN - 1), dx: FAN, dy: 0 }));
  return spots;
}

export function setOpenStock(on) {
  openStockVariant = on;
}

/** Card width in px that fits the table; large cards use all the room there is.
 * Also chooses where the heaps go: beside the pyramid when that gives clearly bigger cards. */
export function cardWidth(view, availW, availH, large) {
  compact = availW < 0.8 * availH;
  const fit = (p) => {
    const cw = Math.min(availW / p.width, availH / p.height);
    return large ? cw : Math.min(availW / p.width, NORMAL * availH / p.height);
  };
  const below = fit(plan(view, large, false));
  const side = fit(plan(view, large, true));
  beside = side > 1.08 * below;
  return Math.max(20, Math.floor(beside ? side : below));
}

/** Where every visible card goes: [card, x, y, z, where] in card widths. */
function placements(view, p) {
  const out = [];
  view.pyramid.forEach((slot, index) => {
    if (!slot.card) return;
    const row = Math.floor((Math.sqrt(8 * index + 1) - 1) / 2);
    const i = index - (row * (row + 1)) / 2;
    const x = p.pyramidX + (6 - row) * p.step / 2 + i * p.step;
    out.push([slot.card, x, p.pyramidY + row * ROW_STEP, 10 + row, "pyramid", slot.available]);
  });
  for (const spot of p.bottom) {
    if (spot.kind === "waste") {
      const pile = view.wastes[spot.index];
      const shown = pile.slice(-FAN_SHOWN);
      shown.forEach((card, n) => out.push([card, spot.x + n * spot.dx, spot.y + n * spot.dy, 30 + n, "waste",
        n === shown.length - 1]));
    } else if (spot.kind === "pile") {
      view.piles[spot.index].forEach((card, n, pile) => out.push([card, spot.x + n * spot.dx,
        spot.y + n * spot.dy, 30 + n, "pile", n === pile.length - 1]));
    } else if (spot.kind === "open" && view.stock.top) {
      out.push([view.stock.top, spot.x, spot.y, 30, "open", view.stock.available]);
    }
  }
  return out;
}

function makeCard(card) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "card";
  el.dataset.card = card;
  const img = document.createElement("img");
  img.src = `/static/cards/${card}.svg`;
  img.alt = "";
  img.draggable = false;
  el.append(img);
  return el;
}

function place(el, x, y, cw) {
  el.style.transform = `translate(${Math.round(x * cw)}px, ${Math.round(y * cw)}px)`;
}

/**
 * Draw `view` on `board`. `marks` says which cards are selected or hinted.
 * Cards keep their element between renders so a move slides them instead of redrawing.
 */
export function render(board, view, { cw, large, selected = null, hint = [] }) {
  const p = plan(view, large, beside);
  board.style.setProperty("--cw", `${cw}px`);
  board.style.setProperty("--ch", `${Math.round(cw * RATIO)}px`);
  board.style.width = `${Math.round(p.width * cw)}px`;
  board.style.height = `${Math.round(p.height * cw)}px`;

  drawSlots(board, p, cw);
  const stockSpot = p.bottom.find((s) => s.kind === "stock");
  drawStock(board, view, stockSpot, cw, hint);

  const seen = new Set();
  const available = new Set(view.available);
  for (const [card, x, y, z, where, onTop] of placements(view, p)) {
    seen.add(card);
    let el = cards.get(card);
    if (!el) {
      el = makeCard(card);
      cards.set(card, el);
      // A card that comes from the stock starts there, so a draw is seen to happen.
      if (stockSpot && where !== "pyramid") place(el, stockSpot.x, stockSpot.y, cw);
      else place(el, x, y, cw);
      board.append(el);
      el.getBoundingClientRect(); // commit the start position before sliding
    }
    el.dataset.where = where;
    el.style.zIndex = String(z);
    place(el, x, y, cw);
    el.dataset.x = String(x * cw);
    el.dataset.y = String(y * cw);
    const isAvailable = available.has(card) && onTop;
    el.classList.toggle("available", isAvailable);
    el.classList.toggle("selected", card === selected);
    el.classList.toggle("hint", hint.includes(card));
    el.tabIndex = isAvailable ? 0 : -1;
    el.setAttribute("aria-label", cardName(card));
    el.setAttribute("aria-pressed", card === selected ? "true" : "false");
    el.classList.remove("gone");
  }
  for (const [card, el] of cards) {
    if (seen.has(card)) continue;
    cards.delete(card);
    el.classList.add("gone");
    setTimeout(() => el.remove(), 220);
  }
}

/** Forget every card element (a new deal or another variant). */
export function clear(board) {
  cards.clear();
  stockEl = null;
  slots.length = 0;
  board.replaceChildren();
}

function drawSlots(board, p, cw) {
  const wanted = p.bottom.filter((s) => s.kind !== "stock");
  while (slots.length > wanted.length) slots.pop().remove();
  wanted.forEach((spot, n) => {
    if (!slots[n]) {
      const el = document.createElement("div");
      el.className = "slot";
      el.setAttribute("aria-hidden", "true");
      board.prepend(el);
      slots[n] = el;
    }
    place(slots[n], spot.x, spot.y, cw);
  });
}

function drawStock(board, view, spot, cw, hint) {
  if (!spot) {
    if (stockEl) stockEl.remove();
    stockEl = null;
    return;
  }
  if (!stockEl) {
    stockEl = document.createElement("button");
    stockEl.type = "button";
    stockEl.id = "stock";
    stockEl.className = "stock";
    const img = document.createElement("img");
    img.src = "/static/cards/back.svg";
    img.alt = "";
    img.draggable = false;
    const badge = document.createElement("span");
    badge.className = "badge";
    const mark = document.createElement("span");
    mark.className = "recycle-mark";
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = "\u21bb";
    stockEl.append(img, badge, mark);
    board.append(stockEl);
  }
  place(stockEl, spot.x, spot.y, cw);
  const count = view.stock.count - (view.stock.top ? 1 : 0);
  stockEl.classList.toggle("empty", count <= 0);
  stockEl.classList.toggle("can-recycle", view.can_recycle);
  stockEl.classList.toggle("can-draw", view.can_draw);
  stockEl.classList.toggle("hint", hint.includes("draw") || hint.includes("recycle"));
  stockEl.querySelector(".badge").textContent = count > 0 ? String(count) : "";
  const label = view.can_draw ? t("drawHere", { n: view.stock.count })
    : view.can_recycle ? t("recycleHere") : t("stockEmpty");
  stockEl.setAttribute("aria-label", label);
  stockEl.title = label;
  stockEl.dataset.count = String(view.stock.count);
}
