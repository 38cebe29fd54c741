// The page: keeps the game record, asks the server for every change, draws what it answers.
// No rule is worked out here; the legal moves and available cards come from the server.

import * as api from "./api.js";
import { attachInput } from "./input.js";
import { cardWidth, clear, render, setOpenStock } from "./board.js";
import * as store from "./store.js";
import {
  LANGUAGES, browserLanguage, language, reason, rulesFor, setLanguage, t, translatePage,
  variantName, variantSummary,
} from "./i18n.js";

const IDLE_PAUSE_MS = 5 * 60 * 1000;
const SAVE_EVERY_MS = 5000;

const $ = (id) => document.getElementById(id);
const board = $("board");
const table = $("table");

const game = {
  variants: [],
  variant: null, // the variant object from the server
  record: null,
  view: null,
  selected: null, // the first card of a pair, waiting for its partner
  hint: [], // cards (or "draw"/"recycle") the last hint marks
  paused: false,
  banked: 0, // ms of play before `since`
  since: null, // when the clock last started, or null while it stands
  lastInput: Date.now(),
  lastSave: 0,
};
let prefs = store.settings();
let queue = Promise.resolve();
let busy = 0;

// --- talking to the server, one request at a time ------------------------------------------

/** Run `work` after the requests before it, so every request carries the newest record. */
function run(work) {
  queue = queue.then(async () => {
    busy += 1;
    document.body.dataset.busy = "1";
    try {
      await work();
    } catch (err) {
      if (err instanceof api.Refused) {
        say(t("refused", { reason: reason(err.message) }));
      } else {
        say(t("serverDown"));
        console.error(err);
      }
    } finally {
      busy -= 1;
      if (!busy) delete document.body.dataset.busy;
    }
  });
  return queue;
}

function show(answer, { keepSelection = false } = {}) {
  game.record = answer.record;
  game.view = answer.view;
  if (!keepSelection) game.selected = null;
  game.hint = [];
  syncClock();
  save();
  draw();
}

function play(text) {
  return run(async () => {
    try {
      show(await api.move(game.record, text));
    } catch (err) {
      if (err instanceof api.Refused) refuse(text);
      throw err;
    }
  });
}

function refuse(text) {
  for (const card of text.split("+")) {
    const el = board.querySelector(`.card[data-card="${card}"]`);
    if (!el) continue;
    el.classList.remove("refused");
    el.getBoundingClientRect();
    el.classList.add("refused");
  }
}

// --- the player's actions ------------------------------------------------------------------

function onCard(card) {
  if (game.paused || !game.view) return;
  const { view } = game;
  if (view.moves.includes(card)) {
    play(card); // a king goes on its own
  } else if (game.selected === card) {
    game.selected = null;
    draw();
  } else if (game.selected) {
    play(`${game.selected}+${card}`);
  } else if (view.available.includes(card)) {
    game.selected = card;
    game.hint = [];
    draw();
  } else {
    play(card); // not available: the server says why
  }
}

function onPair(a, b) {
  if (game.paused || a === b) {
    draw();
    return;
  }
  game.selected = null;
  play(`${a}+${b}`).then(draw);
}

function onStock() {
  if (game.paused || !game.view) return;
  const { view } = game;
  if (view.can_draw) play("draw");
  else if (view.can_recycle) play("recycle");
  else play(view.stock.count ? "draw" : "recycle"); // refused, with the reason
}

function partners(card) {
  if (!game.view) return [];
  return game.view.moves.filter((m) => m.includes("+")).map((m) => m.split("+"))
    .filter((pair) => pair.includes(card)).map(([a, b]) => (a === card ? b : a));
}

const undo = () => run(async () => show(await api.undo(game.record)));
const redo = () => run(async () => show(await api.redo(game.record)));

function restart() {
  return run(async () => {
    const answer = await api.restart(game.record);
    resetClock();
    clear(board);
    show(answer);
  });
}

function newGame(deal = null) {
  return run(async () => {
    const answer = await api.newGame(game.variant.id, deal);
    resetClock();
    clear(board);
    store.notePlayed(game.variant.id);
    show(answer);
  });
}

function hint() {
  return run(async () => {
    const answer = await api.hint(game.record);
    // Read both hint shapes: {move, exact, winnable} and the solver's {move, checked, verdict, undo}.
    const h = answer.hint;
    const move = h.move ?? null;
    const exact = Boolean(h.exact ?? h.checked);
    const lost = h.winnable === false || h.verdict === "unwinnable";
    game.hint = move === null ? [] : move.split("+");
    let text = move === null ? (lost ? "" : t("hintNone"))
      : move === "draw" ? t("hintDraw") : move === "recycle" ? t("hintRecycle")
        : t("hintMove", { move: move.replace("+", " + ") });
    if (move !== null) text += ` ${exact ? t("hintExact") : t("hintUnchecked")}`;
    if (lost) text = `${t("hintLost")} ${h.undo ? t("hintUndo", { n: h.undo }) : ""} ${text}`;
    text = text.trim();
    say(text);
    draw();
  });
}

/** Open a variant: its saved game if there is one that loads, else a new deal. */
function openVariant(id) {
  return run(async () => {
    save();
    game.variant = game.variants.find((v) => v.id === id) || game.variants[0];
    prefs.variant = game.variant.id;
    store.storeSettings(prefs);
    store.notePlayed(game.variant.id);
    setOpenStock(game.variant.open_stock);
    clear(board);
    game.record = null;
    game.view = null;
    resetClock();
    const text = store.loadSaveText(game.variant.id);
    if (text !== null) {
      try {
        const saved = store.parseSave(text);
        const answer = await api.state(saved.record);
        game.banked = saved.elapsed;
        show(answer);
        if (answer.view.move_count > 0 && !answer.view.won) say(t("restored"));
        return;
      } catch (err) {
        if (err instanceof api.Offline) throw err;
        store.keepBroken(game.variant.id, text);
        say(t("saveBroken"), 8000);
      }
    }
    show(await api.newGame(game.variant.id));
  });
}

// --- clock, pause and saving ---------------------------------------------------------------

function elapsed() {
  return game.banked + (game.since === null ? 0 : Date.now() - game.since);
}

function resetClock() {
  game.banked = 0;
  game.since = null;
}

/** The clock runs while a started game is neither paused nor over. */
function syncClock() {
  const v = game.view;
  const running = v && !game.paused && !v.won && !v.stuck && (v.move_count > 0 || game.banked > 0);
  if (running && game.since === null) game.since = Date.now();
  if (!running && game.since !== null) {
    game.banked = elapsed();
    game.since = null;
  }
  $("status-time").textContent = clockText(elapsed());
}

function clockText(ms) {
  const s = Math.floor(ms / 1000);
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  return h ? `${h}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

function save() {
  if (!game.variant || !game.record) return;
  store.storeGame(game.variant.id, game.record, elapsed());
  game.lastSave = Date.now();
}

function pause() {
  if (game.paused || !game.view) return;
  game.paused = true;
  game.selected = null;
  syncClock();
  save();
  draw();
}

function resume() {
  game.paused = false;
  game.lastInput = Date.now();
  syncClock();
  draw();
  $("btn-resume").blur();
}

function tick() {
  const now = Date.now();
  if (prefs.autoPause && game.since !== null && now - game.lastInput >= IDLE_PAUSE_MS) pause();
  if (game.since !== null && now - game.lastSave >= SAVE_EVERY_MS) save();
  $("status-time").textContent = clockText(elapsed());
}

// --- drawing -----------------------------------------------------------------------------

function draw() {
  const { view } = game;
  document.body.classList.toggle("large", prefs.large);
  $("btn-large").setAttribute("aria-pressed", String(prefs.large));
  $("btn-pause").setAttribute("aria-pressed", String(game.paused));
  $("pause-cover").hidden = !game.paused;
  if (!view) return;
  const cw = currentCardWidth();
  render(board, view, { cw, large: prefs.large, selected: game.selected, hint: game.hint });
  board.dataset.moves = String(view.move_count);
  board.dataset.variant = view.variant;
  $("btn-undo").disabled = !view.can_undo;
  $("btn-redo").disabled = !view.can_redo;
  $("btn-hint").disabled = view.won;
  const dealText = view.deal === null ? t("deck") : t("deal", { n: view.deal });
  $("status-game").textContent = `${variantName(game.variant)} \u00b7 ${dealText}`;
  $("status-moves").textContent = String(view.move_count);
  $("status-passes").textContent = String(view.passes_left);
  $("status-passes-item").hidden = !game.variant.has_stock || view.passes <= 1;
  $("status-time").textContent = clockText(elapsed());
  drawEnd(view);
  document.body.dataset.ready = "1";
}

function currentCardWidth() {
  return cardWidth(game.view, table.clientWidth, table.clientHeight, prefs.large);
}

function drawEnd(view) {
  const panel = $("end-panel");
  panel.hidden = !(view.won || view.stuck);
  panel.classList.toggle("won", view.won);
  if (view.won) {
    $("end-title").textContent = t("wonTitle");
    $("end-text").textContent = t("wonText", { time: clockText(elapsed()), moves: view.move_count });
  } else if (view.stuck) {
    $("end-title").textContent = t("stuckTitle");
    $("end-text").textContent = t("stuckText");
  }
  $("end-undo").hidden = !view.stuck;
}

let toastTimer = null;
function say(text, ms = 4000) {
  const toast = $("toast");
  toast.textContent = text;
  toast.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => toast.classList.remove("show"), ms);
}

// --- menus -------------------------------------------------------------------------------

function openGamesMenu() {
  const favs = store.favourites();
  const recentList = $("recent-list");
  recentList.replaceChildren();
  const recent = store.recent().map((id) => game.variants.find((v) => v.id === id)).filter(Boolean);
  if (!recent.length) {
    const none = document.createElement("span");
    none.textContent = t("noRecent");
    recentList.append(none);
  }
  for (const v of recent) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = variantName(v);
    b.dataset.variant = v.id;
    b.addEventListener("click", () => chooseVariant(v.id));
    recentList.append(b);
  }
  const list = $("variant-list");
  list.replaceChildren();
  const ordered = [...game.variants].sort((a, b) => favs.includes(b.id) - favs.includes(a.id));
  for (const v of ordered) {
    const li = document.createElement("li");
    li.dataset.variant = v.id;
    li.classList.toggle("current", v.id === game.variant.id);
    const star = document.createElement("button");
    star.type = "button";
    star.className = "star";
    const fav = favs.includes(v.id);
    star.textContent = fav ? "\u2605" : "\u2606";
    star.setAttribute("aria-pressed", String(fav));
    star.setAttribute("aria-label", t(fav ? "unmarkFavourite" : "markFavourite", { name: variantName(v) }));
    star.title = star.getAttribute("aria-label");
    star.addEventListener("click", () => {
      store.toggleFavourite(v.id);
      openGamesMenu();
    });
    const pick = document.createElement("button");
    pick.type = "button";
    pick.className = "pick";
    const name = document.createElement("strong");
    name.textContent = variantName(v);
    const summary = document.createElement("small");
    summary.textContent = variantSummary(v);
    pick.append(name, summary);
    pick.addEventListener("click", () => chooseVariant(v.id));
    li.append(star, pick);
    list.append(li);
  }
  if (!$("games-dialog").open) $("games-dialog").showModal();
}

function chooseVariant(id) {
  $("games-dialog").close();
  if (id !== game.variant.id) openVariant(id);
}

function openMore() {
  const select = $("language-select");
  select.replaceChildren();
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.selected = code === language();
    select.append(option);
  }
  $("autopause-check").checked = prefs.autoPause;
  $("deal-input").value = "";
  $("more-dialog").showModal();
}

function openRules() {
  const rules = rulesFor(game.variant.id);
  $("rules-title").textContent = `${t("rules")}: ${variantName(game.variant)}`;
  const body = $("rules-body");
  body.replaceChildren();
  const section = (title, items) => {
    const h = document.createElement("h3");
    h.textContent = title;
    const ul = document.createElement("ul");
    for (const item of items) {
      const li = document.createElement("li");
      if (Array.isArray(item)) {
        const q = document.createElement("strong");
        q.textContent = item[0];
        li.append(q, document.createElement("br"), item[1]);
      } else {
        li.textContent = item;
      }
      ul.append(li);
    }
    body.append(h, ul);
  };
  section(t("rulesHead"), [...rules.common, ...rules.rules]);
  section(t("faqHead"), rules.faq);
  section(t("tipsHead"), rules.tips);
  section(t("keysTitle"), rules.keys);
  $("more-dialog").close();
  $("rules-dialog").showModal();
  $("rules-dialog").scrollTop = 0; // showModal focused the Close button at the bottom
}

function applyLanguage(code) {
  setLanguage(code);
  translatePage();
  draw();
}

// --- fullscreen ----------------------------------------------------------------------------

function toggleFullscreen() {
  const root = document.documentElement;
  if (document.fullscreenElement) {
    document.exitFullscreen();
  } else if (document.body.classList.contains("fill-page")) {
    setFillPage(false);
  } else if (document.fullscreenEnabled && root.requestFullscreen) {
    root.requestFullscreen().catch(() => setFillPage(true));
  } else {
    setFillPage(true);
  }
}

/** Without the Fullscreen API the board fills the page instead. */
function setFillPage(on) {
  document.body.classList.toggle("fill-page", on);
  if (on) say(t("fullscreenFallback"));
  fullscreenChanged();
}

function fullscreenChanged() {
  const on = Boolean(document.fullscreenElement) || document.body.classList.contains("fill-page");
  $("btn-fullscreen").setAttribute("aria-pressed", String(on));
  draw();
}

// --- keyboard --------------------------------------------------------------------------------

function onKey(event) {
  game.lastInput = Date.now();
  if (event.altKey || event.metaKey || document.querySelector("dialog[open]")) return;
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  const key = event.key.toLowerCase();
  const ctrl = event.ctrlKey;
  if (key === "escape") {
    if (document.body.classList.contains("fill-page")) setFillPage(false);
    game.selected = null;
    draw();
    return;
  }
  if (game.paused) {
    if (key === "p") resume();
    return;
  }
  const arrow = ARROWS[event.key];
  if (arrow && !ctrl) {
    event.preventDefault();
    focusNext(...arrow);
    return;
  }
  const actions = ctrl ? { z: event.shiftKey ? redo : undo, y: redo } : {
    d: onStock, h: hint, u: undo, y: redo, p: pause, n: () => newGame(), l: toggleLarge, f: toggleFullscreen,
  };
  if (actions[key]) {
    event.preventDefault();
    actions[key]();
  }
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Arrow keys move the focus to the nearest available card (or the stock) that way. */
function focusNext(dx, dy) {
  const targets = [...board.querySelectorAll(".card.available:not(.gone), #stock")];
  const from = document.activeElement;
  if (!targets.includes(from)) {
    targets[0]?.focus();
    return;
  }
  const middle = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const a = middle(from);
  let best = null;
  for (const el of targets) {
    if (el === from) continue;
    const b = middle(el);
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((b.x - a.x) * dy) + Math.abs((b.y - a.y) * dx);
    const score = along + 2 * across;
    if (!best || score < best.score) best = { el, score };
  }
  best?.el.focus();
}

function toggleLarge() {
  prefs.large = !prefs.large;
  store.storeSettings(prefs);
  draw();
}

// --- start -----------------------------------------------------------------------------------

function bind() {
  $("btn-games").addEventListener("click", openGamesMenu);
  // A game action from the toolbar ends a pause: the player is back.
  const awake = (action) => () => {
    if (game.paused) resume();
    action();
  };
  $("btn-new").addEventListener("click", awake(() => newGame()));
  $("btn-hint").addEventListener("click", awake(hint));
  $("btn-undo").addEventListener("click", awake(undo));
  $("btn-redo").addEventListener("click", awake(redo));
  $("btn-restart").addEventListener("click", awake(restart));
  $("btn-pause").addEventListener("click", () => (game.paused ? resume() : pause()));
  $("btn-resume").addEventListener("click", resume);
  $("btn-large").addEventListener("click", toggleLarge);
  $("btn-fullscreen").addEventListener("click", toggleFullscreen);
  $("btn-more").addEventListener("click", openMore);
  $("btn-rules").addEventListener("click", openRules);
  $("end-undo").addEventListener("click", undo);
  $("end-restart").addEventListener("click", restart);
  $("end-new").addEventListener("click", () => newGame());
  $("language-select").addEventListener("change", (event) => {
    prefs.lang = event.target.value;
    store.storeSettings(prefs);
    applyLanguage(prefs.lang);
  });
  $("autopause-check").addEventListener("change", (event) => {
    prefs.autoPause = event.target.checked;
    store.storeSettings(prefs);
  });
  $("deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("deal-input").value.trim();
    if (!/^\d+$/.test(text)) {
      say(t("dealNumberBad"));
      return;
    }
    $("more-dialog").close();
    newGame(text); // as text: deal numbers may be larger than JavaScript numbers hold exactly
  });
  attachInput(board, {
    onCard, onPair, onStock, partners, cardWidth: () => board.querySelector(".card")?.offsetWidth || 60,
    redraw: draw,
  });
  for (const type of ["pointerdown", "keydown", "wheel"]) {
    document.addEventListener(type, () => { game.lastInput = Date.now(); }, { capture: true, passive: true });
  }
  document.addEventListener("keydown", onKey);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      if (prefs.autoPause) pause();
      save();
    }
  });
  window.addEventListener("pagehide", save);
  document.addEventListener("fullscreenchange", fullscreenChanged);
  new ResizeObserver(() => {
    board.classList.add("no-slide"); // a new size is not a move: no sliding
    draw();
    requestAnimationFrame(() => board.classList.remove("no-slide"));
  }).observe(table);
  setInterval(tick, 500);
}

async function start() {
  setLanguage(prefs.lang || browserLanguage());
  translatePage();
  bind();
  draw();
  await run(async () => {
    game.variants = (await api.variants()).variants;
  });
  if (!game.variants.length) return;
  const wanted = prefs.variant && game.variants.some((v) => v.id === prefs.variant) ? prefs.variant : "pyramid";
  openVariant(wanted);
}

start();
