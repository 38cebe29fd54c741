// Draws a view on the board element, following a layout plan (layout.js) made for it.
// Cards keep their element between renders, so a move slides them instead of redrawing; those
// elements are the board's only memory, kept per board, not in module globals.
// The board is one tab stop (a roving tabindex): the free cards and the stock take the focus in
// turn (keys.js moves it), and a card that goes away hands the focus to the nearest free one.

import { FACE_DOWN, RATIO, placements } from "./layout.js";
import { t } from "../text/i18n.js";
import { cardPlaceLabel } from "../text/spoken.js";

const ARRIVING_MS = 250; // a card's slide from the stock (style.css: 0.2 s)

/** A card's face; the four-colour deck has its own diamonds (blue) and clubs (green). */
const faceSrc = (card, fourColour) =>
  fourColour && "dc".includes(card[1]) ? `/static/cards/four/${card}.svg` : `/static/cards/${card}.svg`;
const backSrc = (back) => (back && back !== "blue" ? `/static/cards/back-${back}.svg` : "/static/cards/back.svg");

function setSrc(img, src) {
  if (img.getAttribute("src") !== src) img.src = src;
}

/** A card's element; a face-down card (Thirteen) is a back that is not a button and carries no
 *  name, so no tap, drop or the page's text can tell what it is. */
function makeCard(card, down = false) {
  const el = document.createElement(down ? "div" : "button");
  el.className = down ? "card face-down" : "card";
  if (down) el.setAttribute("role", "img");
  else {
    el.type = "button";
    el.dataset.card = card;
  }
  const img = document.createElement("img");
  img.alt = "";
  img.draggable = false;
  el.append(img);
  return el;
}

const SLOT_GAP = 0.06; // card widths between two empty slots' outlines

function place(el, x, y, cw) {
  el.style.transform = `translate(${Math.round(x * cw)}px, ${Math.round(y * cw)}px)`;
}

function makeStock() {
  const el = document.createElement("button");
  el.type = "button";
  el.id = "stock";
  el.className = "stock";
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
  el.append(img, badge, mark);
  return el;
}

/** What the focus may rest on: a free card or the stock. */
export const isStop = (el) => Boolean(el && el.isConnected && !el.classList.contains("gone")
  && (el.classList.contains("available") || el.id === "stock"));

/** A board on `boardEl`: render(view, plan, marks), clear(), shake(cards), focus(). */
export function createBoard(boardEl) {
  const cards = new Map(); // card text -> its element, for the cards on the table now
  const slots = [];
  let stockEl = null;
  let stop = null; // the one element of the board that Tab reaches

  function setStop(el) {
    if (stop && stop !== el) stop.tabIndex = -1;
    stop = el;
    if (el) el.tabIndex = 0;
  }
  boardEl.addEventListener("focusin", (event) => {
    if (isStop(event.target)) setStop(event.target);
  });

  /** The free card (or the stock) nearest to where `el` lies. */
  function nearest(el) {
    const stops = [...boardEl.querySelectorAll(".card.available:not(.gone), #stock")];
    if (!el) return stops.find((e) => e.dataset.where === "pyramid") ?? stops[0] ?? null; // the pyramid first
    const at = (e) => ({ x: Number(e.dataset.x), y: Number(e.dataset.y) });
    const a = at(el);
    const dist = (e) => Math.hypot(at(e).x - a.x, at(e).y - a.y);
    return stops.reduce((best, e) => (best && dist(best) <= dist(e) ? best : e), null);
  }

  /** Draw `view` as `plan` lays it out; `marks` says which cards are selected or hinted, and
   *  the looks: the card back ("blue", "red", "green") and the four-colour deck. */
  function render(view, plan, { selected = null, hint = [], goal = [], back = "blue", fourColour = false } = {}) {
    const { cw } = plan;
    const focused = boardEl.contains(document.activeElement) ? document.activeElement : null;
    boardEl.style.setProperty("--cw", `${cw}px`);
    boardEl.style.setProperty("--ch", `${Math.round(cw * RATIO)}px`);
    boardEl.style.width = `${Math.round(plan.width * cw)}px`;
    boardEl.style.height = `${Math.round(plan.height * cw)}px`;

    drawSlots(plan);
    const stockSpot = plan.bottom.find((s) => s.kind === "stock");
    drawStock(view, stockSpot, cw, hint);
    if (stockEl) setSrc(stockEl.querySelector("img"), backSrc(back));

    const seen = new Set();
    const available = new Set(view.available);
    // a covered pyramid card that pairs by overlap discards (rules/deal.js) is played as available
    const pairing = new Set(view.moves.filter((m) => m.includes("+")).flatMap((m) => m.split("+")));
    for (const [card, x, y, z, where, onTop, spot] of placements(view, plan)) {
      seen.add(card);
      const down = card.startsWith(FACE_DOWN);
      let el = cards.get(card);
      if (!el) {
        el = makeCard(card, down);
        cards.set(card, el);
        // A card that comes from the stock starts there, so a draw is seen to happen. Until it has
        // left, it lets the tap that drew it through: a tap focuses what it lands on after its
        // pointerup (the draw), and that is the stock, as for a mouse, not the card drawn.
        if (stockSpot && where !== "pyramid") {
          place(el, stockSpot.x, stockSpot.y, cw);
          el.classList.add("arriving");
          setTimeout(() => el.classList.remove("arriving"), ARRIVING_MS);
        } else place(el, x, y, cw);
        boardEl.append(el);
        el.getBoundingClientRect(); // commit the start position before sliding
      }
      setSrc(el.firstChild, down ? backSrc(back) : faceSrc(card, fourColour));
      el.dataset.where = where;
      if (spot.heaps > 1) el.dataset.heap = String(spot.n); // Giza's piles, three wastes: keys 1-9
      else delete el.dataset.heap;
      el.style.zIndex = String(z);
      place(el, x, y, cw);
      el.dataset.x = String(x * cw);
      el.dataset.y = String(y * cw);
      const isAvailable = (available.has(card) && onTop) || (where === "pyramid" && pairing.has(card));
      el.classList.toggle("available", isAvailable);
      el.classList.toggle("selected", card === selected);
      el.classList.toggle("hint", hint.includes(card));
      el.classList.toggle("goal-card", goal.includes(card)); // a card a challenge asks to remove
      if (down) el.setAttribute("aria-label", `${t("placeFaceDown")}, ${t("placeRow", spot)}`);
      else {
        if (el !== stop) el.tabIndex = -1;
        el.setAttribute("aria-label", cardPlaceLabel(card, spot, { covered: !isAvailable, hint: hint.includes(card), goal: goal.includes(card) }));
        el.setAttribute("aria-pressed", card === selected ? "true" : "false");
        if (isAvailable) el.removeAttribute("aria-disabled");
        else el.setAttribute("aria-disabled", "true");
      }
      el.classList.remove("gone");
      el.removeAttribute("aria-hidden");
    }
    // Cards of the last pair or king fly off the table; others (undone draws) just fade.
    const removed = new Set(view.last_move ? view.last_move.split("+") : []);
    for (const [card, el] of cards) {
      if (seen.has(card)) continue;
      cards.delete(card);
      const flying = removed.has(card);
      if (flying) {
        const left = Number(el.dataset.x) < boardEl.offsetWidth / 2;
        el.style.setProperty("--fly-x", `${(left ? -1 : 1) * Math.round(cw * 0.8)}px`);
        el.style.setProperty("--fly-turn", `${left ? -25 : 25}deg`);
      }
      el.classList.toggle("flying", flying);
      el.classList.add("gone");
      el.tabIndex = -1;
      el.setAttribute("aria-hidden", "true");
      setTimeout(() => el.remove(), flying ? 480 : 220);
    }
    keepStop(focused);
  }

  /** The tab stop moves to the nearest free card when its own went away or was covered; so does
   *  the focus, which never drops to the page. */
  function keepStop(focused) {
    const lost = focused && !isStop(focused) ? focused : null;
    if (!isStop(stop) || lost) setStop(nearest(lost || stop));
    if (lost && stop) stop.focus({ preventScroll: true });
  }

  /** Give the focus to the board's tab stop (after a panel or the pause goes). */
  function focus() {
    if (!isStop(stop)) setStop(nearest(null));
    stop?.focus({ preventScroll: true });
  }

  /** Forget every card element (a new deal or another variant). */
  function clear() {
    cards.clear();
    stockEl = null;
    stop = null;
    slots.length = 0;
    boardEl.replaceChildren();
  }

  /** Shake the cards of a refused move. */
  function shake(cardTexts) {
    for (const card of cardTexts) {
      const el = cards.get(card);
      if (!el) continue;
      el.classList.remove("refused");
      el.getBoundingClientRect();
      el.classList.add("refused");
    }
  }

  function drawSlots(plan) {
    const wanted = plan.bottom.filter((s) => s.kind !== "stock");
    while (slots.length > wanted.length) slots.pop().remove();
    wanted.forEach((spot, n) => {
      if (!slots[n]) {
        const el = document.createElement("div");
        el.className = "slot";
        el.setAttribute("aria-hidden", "true");
        boardEl.prepend(el);
        slots[n] = el;
      }
      place(slots[n], spot.x, spot.y, plan.cw);
      // Giza's piles side by side closer than a card's width (a phone held upright): each empty
      // pile's outline ends before the next pile's, so two never cross (issue 49).
      const narrow = spot.kind === "pile" && spot.dx === 0 && plan.step < 1 + SLOT_GAP;
      slots[n].style.width = narrow ? `${Math.floor((plan.step - SLOT_GAP) * plan.cw)}px` : "";
    });
  }

  function drawStock(view, spot, cw, hint) {
    if (!spot) {
      if (stockEl) stockEl.remove();
      stockEl = null;
      return;
    }
    if (!stockEl) {
      stockEl = makeStock();
      boardEl.append(stockEl);
    }
    place(stockEl, spot.x, spot.y, cw);
    stockEl.dataset.x = String(spot.x * cw);
    stockEl.dataset.y = String(spot.y * cw);
    if (stockEl !== stop) stockEl.tabIndex = -1;
    const count = view.stock.count - (view.stock.top ? 1 : 0);
    stockEl.classList.toggle("empty", count <= 0);
    stockEl.classList.toggle("can-recycle", view.can_recycle);
    stockEl.classList.toggle("can-draw", view.can_draw);
    stockEl.classList.toggle("hint", hint.includes("draw") || hint.includes("recycle"));
    stockEl.querySelector(".badge").textContent = count > 0 ? String(count) : "";
    // The badge's number starts the name, as it is seen ("24 cards in the stock: draw").
    const hinted = hint.includes("draw") || hint.includes("recycle");
    const label = (view.can_draw ? t("drawHere", { count }) : view.can_recycle ? t("recycleHere") : t("stockEmpty"))
      + (hinted ? `, ${t("placeHint")}` : "");
    stockEl.setAttribute("aria-label", label); // an empty stock still answers: it says why not
    stockEl.title = label;
    stockEl.dataset.count = String(view.stock.count);
  }

  return { render, clear, shake, focus };
}
