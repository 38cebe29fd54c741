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
const NORMAL = 0.86; // normal cards leave some felt around the game; large cards fill the table

const cards = new Map(); // card text -> its element, for the cards on the table now
let stockEl = null;
const slots = [];

// On a tall narrow screen (a phone held upright) the width sets the card size, so large cards
// let the cards of a row overlap a little: the rank and suit sit in the top left corner and stay
// in sight, and every card grows by about a fifth.
let compact = false;

function colStep(large) {
  if (large && compact) return 0.86;
  return large ? 1.03 : 1.1;
}

/** Board size in card widths, and where each heap lies, for this variant's view. */
function plan(view, large) {
  const step = colStep(large);
  const pyramidW = 6 * step + 1;
  const pyramidH = 6 * ROW_STEP + RATIO;
  const bottom = [];
  let bottomW = 0;
  let bottomH = RATIO;
  if (view.piles.length) {
    view.piles.forEach((_, j) => bottom.push({ kind: "pile", index: j, x: j * step }));
    bottomW = (view.piles.length - 1) * step + 1;
    bottomH = RATIO + 2 * PILE_STEP;
  } else {
    let x = 0;
    bottom.push({ kind: "stock", x });
    x += 1 + 0.25;
    if (openStockVariant) {
      bottom.push({ kind: "open", x });
      x += 1 + 0.25;
    }
    view.wastes.forEach((_, k) => {
      bottom.push({ kind: "waste", index: k, x });
      x += 1 + FAN * (FAN_SHOWN - 1) + 0.25;
    });
    bottomW = x - 0.25;
  }
  const width = Math.max(pyramidW, bottomW) + 2 * MARGIN;
  const height = pyramidH + GAP + bottomH + 2 * MARGIN;
  const pyramidX = MARGIN + (width - 2 * MARGIN - pyramidW) / 2;
  const bottomX = MARGIN + (width - 2 * MARGIN - bottomW) / 2;
  const bottomY = MARGIN + pyramidH + GAP;
  for (const spot of bottom) {
    spot.x += bottomX;
    spot.y = bottomY;
  }
  return { width, height, step, pyramidX, pyramidY: MARGIN, bottom };
}

// The open-stock variant keeps a place for the stock's face-up top card even when the stock is empty.
let openStockVariant = false;
export function setOpenStock(on) {
  openStockVariant = on;
}

/** Card width in px that fits the table; large cards use all the room there is. */
export function cardWidth(view, availW, availH, large) {
  compact = availW < 0.8 * availH;
  const p = plan(view, large);
  const fitW = availW / p.width;
  const fitH = availH / p.height;
  const cw = large ? Math.min(fitW, fitH) : Math.min(fitW, NORMAL * fitH);
  return Math.max(20, Math.floor(cw));
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
      shown.forEach((card, n) => out.push([card, spot.x + n * FAN, spot.y, 30 + n, "waste",
        n === shown.length - 1]));
    } else if (spot.kind === "pile") {
      view.piles[spot.index].forEach((card, n, pile) => out.push([card, spot.x, spot.y + n * PILE_STEP,
        30 + n, "pile", n === pile.length - 1]));
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
  const p = plan(view, large);
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

export function cardElement(card) {
  return cards.get(card) || null;
}
