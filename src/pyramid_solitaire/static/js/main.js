// The page: keeps the game record, asks the server for every change, draws what it answers.
// No rule is worked out here; the legal moves and available cards come from the server.

import * as api from "./api.js";
import { attachInput } from "./input.js";
import { cardWidth, clear, render, setOpenStock } from "./board.js";
import * as store from "./store.js";
import * as stats from "./stats.js";
import * as dealing from "./dealing.js";
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
  const wasStuck = Boolean(game.view && game.view.stuck);
  game.record = answer.record;
  game.view = answer.view;
  if (!keepSelection) game.selected = null;
  game.hint = [];
  if (stickyMessage) say("", 1); // a message about the old position goes with it
  syncClock();
  save();
  stats.observe(game.variant.id, answer.view, elapsed());
  draw();
  if (answer.view.stuck && !wasStuck && answer.view.move_count > 0) explainLoss();
}

/** Stuck: ask the solver since when the game was lost, without counting it as a hint. */
function explainLoss() {
  run(async () => showHint((await api.hint(game.record)).hint));
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

/** Undo `count` moves at once, back to the position the hint named; they stay on the redo path. */
function undoTo(count) {
  return run(async () => {
    const answer = await api.undo(game.record, count);
    show(answer);
    const n = answer.view.move_count;
    say(n ? t("hintBackThere", { n }) : t("hintBackStart"), 6000);
  });
}
const redo = () => run(async () => show(await api.redo(game.record)));

function restart() {
  return run(async () => {
    const answer = await api.restart(game.record);
    stats.startGame(game.variant.id, game.view.move_count);
    resetClock();
    clear(board);
    show(answer);
  });
}

/** A new game: a deal number (as text), the daily deal ({daily: true}), or a random deal,
 *  proven winnable when the player chose that for this variant. */
function newGame(deal = null, { daily = false } = {}) {
  return run(async () => {
    const answer = await api.newGame(game.variant.id, deal, newDealOptions(deal, daily));
    beginGame(answer);
    if (daily) {
      dealing.noteDaily(game.variant.id, answer.daily, answer.view.deal);
      draw();
      say(t("dailyStarted", { date: dayText(answer.daily) }), 6000);
    } else if (answer.winnable === true) {
      say(t("winnableProven"));
    } else if (answer.winnable === false) {
      say(t("winnableUnproven"), 8000);
    }
  });
}

function newDealOptions(deal, daily) {
  if (daily) return { daily: dealing.today() };
  if (deal === null && dealing.winnableOnly(game.variant.id)) return { winnable_only: true };
  return {};
}

/** Put a new deal on the table; the game it replaces counts as lost if it was under way. */
function beginGame(answer) {
  if (game.view) stats.startGame(game.variant.id, game.view.move_count);
  resetClock();
  clear(board);
  store.notePlayed(game.variant.id);
  show(answer);
}

/** A date for people: "November 29, 2026", or short ("Nov 29") for the status line on a phone. */
function dayText(date, short = false) {
  const [y, m, d] = date.split("-").map(Number);
  const format = short ? { day: "numeric", month: "short" } : { day: "numeric", month: "long", year: "numeric" };
  return new Date(y, m - 1, d).toLocaleDateString(language(), format);
}

/** The solver's hint: mark the move of a winning line, or say the game is lost and since when. */
function hint() {
  return run(async () => {
    const h = (await api.hint(game.record)).hint;
    stats.noteHint(game.variant.id);
    showHint(h);
  });
}

/** Mark the hinted move, or say the position is lost and since when (with the undo-back button). */
function showHint(h) {
  game.hint = h.move === null ? [] : h.move.split("+");
  if (h.verdict === "unwinnable") {
    const undoButton = h.undo ? { label: t(h.undo === 1 ? "hintUndoButtonOne" : "hintUndoButton", { n: h.undo }),
      act: () => undoTo(h.undo) } : null;
    say(`${t("hintLost")} ${lostSince(h)}`, 0, undoButton);
  } else if (h.move === null) {
    say(t("hintNone"));
  } else {
    const line = t(h.shortest ? "hintShortest" : "hintWinning", { steps: h.steps });
    say(`${moveText(h.move)} ${h.checked ? line : t(h.busy ? "hintBusy" : "hintUnchecked")}`, 8000);
  }
  draw();
}

function moveText(move) {
  if (move === "draw") return t("hintDraw");
  if (move === "recycle") return t("hintRecycle");
  return t("hintMove", { move: spaced(move) });
}

/** A pair for people: "7d + 6c". */
const spaced = (move) => move.replace("+", " + ");

function lostSince(h) {
  if (h.last_winnable === null) return t("hintLostUnknown");
  if (h.last_winnable < 0) return t("hintNeverWinnable");
  const losing = spaced(h.losing_move);
  if (h.last_winnable === 0) return t("hintLostAtStart", { losing });
  return t("hintLastWinnable", { n: h.last_winnable, move: spaced(h.last_winnable_move), losing });
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
    const answer = await api.newGame(game.variant.id, null, newDealOptions(null, false));
    stats.startGame(game.variant.id, 0);
    show(answer);
    if (answer.winnable === false) say(t("winnableUnproven"), 8000);
  });
}

/** A share link (/?variant=giza&deal=123): play that deal. A different unfinished game of the
 *  variant is only given up after the player says so. */
async function openShared({ variant, deal }) {
  const id = game.variants.some((v) => v.id === variant) ? variant : prefs.variant || "pyramid";
  await openVariant(id);
  dealing.forgetSharedDeal();
  const { view } = game;
  if (!view || String(view.deal) === deal) return; // the saved game is this deal: go on with it
  if (view.move_count > 0 && !view.won && !view.stuck) {
    $("share-text").textContent = t("sharedAsk", { name: variantName(game.variant), n: deal, m: view.deal ?? t("deck"), k: view.move_count });
    const play = await ask($("share-dialog"), $("share-play"), $("share-keep"));
    if (!play) return;
  }
  await newGame(deal);
  if (game.view && String(game.view.deal) === deal) say(t("sharedLoaded", { name: variantName(game.variant), n: deal }), 6000);
}

/** Show a dialog with a yes and a no button; resolves true for yes. */
function ask(dialog, yes, no) {
  return new Promise((resolve) => {
    const done = (answer) => () => {
      yes.onclick = no.onclick = dialog.oncancel = null;
      dialog.close();
      resolve(answer);
    };
    yes.onclick = done(true);
    no.onclick = done(false);
    dialog.oncancel = done(false);
    dialog.showModal();
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
  const daily = dealing.dailyDate(view.variant, view.deal);
  const dealText = daily ? t("daily", { date: dayText(daily, table.clientWidth < 600) }) : view.deal === null ? t("deck") : t("deal", { n: view.deal });
  $("status-game").textContent = `${variantName(game.variant)} \u00b7 ${dealText}`;
  $("status-game").classList.toggle("daily", Boolean(daily));
  $("status-game").title = daily ? t("deal", { n: view.deal }) : ""; // the daily deal's number, on demand
  if (daily) board.dataset.daily = daily;
  else delete board.dataset.daily;
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
let stickyMessage = false;
/** A message on the line under the table for `ms` (0: until the position changes), with an
 *  optional button {label, act}. */
function say(text, ms = 4000, action = null) {
  const toast = $("toast");
  const button = $("toast-action");
  $("toast-text").textContent = text;
  button.hidden = !action;
  button.textContent = action ? action.label : "";
  button.onclick = action ? () => action.act() : null;
  toast.classList.toggle("show", text !== "");
  stickyMessage = ms === 0;
  clearTimeout(toastTimer);
  if (ms > 0) toastTimer = setTimeout(() => toast.classList.remove("show"), ms);
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
  $("winnable-check").checked = dealing.winnableOnly(game.variant.id);
  $("winnable-label").textContent = t("winnableOnly", { name: variantName(game.variant) });
  const deal = game.view ? game.view.deal : null;
  $("share-link").value = deal === null ? t("noShareForDeck") : dealing.shareLink(game.variant.id, deal);
  $("btn-share").disabled = deal === null;
  $("more-dialog").showModal();
}

// --- statistics ------------------------------------------------------------------------------

function openStats() {
  const s = stats.load(game.variant.id);
  const name = variantName(game.variant);
  $("stats-title").textContent = t("statsTitle", { name });
  const rate = stats.winRate(s);
  const figures = [
    ["played", "statsPlayed", s.played], ["won", "statsWon", s.won],
    ["rate", "statsRate", rate === null ? "\u2013" : `${rate} %`],
    ["streak", "statsStreak", s.streak], ["best-streak", "statsBestStreak", s.bestStreak],
    ["best-time", "statsBestTime", s.bestTime === null ? "\u2013" : clockText(s.bestTime)],
    ["fewest-moves", "statsFewest", s.fewestMoves ?? "\u2013"], ["hints", "statsHints", s.hints],
  ];
  const list = $("stats-figures");
  list.replaceChildren();
  for (const [key, label, value] of figures) {
    const box = document.createElement("div");
    box.dataset.stat = key;
    const dt = document.createElement("dt");
    dt.textContent = t(label);
    const dd = document.createElement("dd");
    dd.textContent = String(value);
    box.append(dt, dd);
    list.append(box);
  }
  drawChart($("stats-chart"), s.recent);
  $("stats-confirm").hidden = true;
  $("stats-reset").hidden = false;
  if (!$("stats-dialog").open) $("stats-dialog").showModal();
}

const SVG = "http://www.w3.org/2000/svg";

/** Recent results as bars, oldest on the left: a won game is a tall green bar, a lost game a short
 *  red one; each bar's tooltip tells the moves. SVG elements, made here (the CSP allows no inline script). */
function drawChart(box, recent) {
  box.replaceChildren();
  if (!recent.length) {
    const none = document.createElement("p");
    none.textContent = t("statsNone");
    box.append(none);
    return;
  }
  const slots = stats.RECENT_MAX;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${slots * 10} 60`);
  svg.setAttribute("role", "img");
  const won = recent.filter((r) => r.won).length;
  svg.setAttribute("aria-label", t("statsChartLabel", { n: recent.length, won, lost: recent.length - won }));
  recent.forEach((r, i) => {
    const height = r.won ? 50 : 18;
    const bar = document.createElementNS(SVG, "rect");
    bar.setAttribute("x", String(i * 10 + 1.5));
    bar.setAttribute("y", String(58 - height));
    bar.setAttribute("width", "7");
    bar.setAttribute("height", String(height));
    bar.setAttribute("rx", "1.5");
    bar.setAttribute("class", r.won ? "bar won" : "bar lost");
    const tip = document.createElementNS(SVG, "title");
    tip.textContent = r.won ? t("statsWonBar", { moves: r.moves }) : t("statsLostBar");
    bar.append(tip);
    svg.append(bar);
  });
  const base = document.createElementNS(SVG, "line");
  base.setAttribute("x1", "0");
  base.setAttribute("x2", String(slots * 10));
  base.setAttribute("y1", "58.5");
  base.setAttribute("y2", "58.5");
  base.setAttribute("class", "base");
  svg.append(base);
  const rule = document.createElement("p");
  rule.className = "note";
  rule.textContent = t("statsRule");
  box.append(svg, rule);
}

function askReset() {
  $("stats-confirm-text").textContent = t("statsResetAsk", { name: variantName(game.variant) });
  $("stats-confirm").hidden = false;
  $("stats-reset").hidden = true;
  $("stats-reset-no").focus();
}

function resetStats() {
  stats.reset(game.variant.id);
  openStats();
  say(t("statsResetDone", { name: variantName(game.variant) }));
}

async function copyShareLink() {
  const field = $("share-link");
  try {
    await navigator.clipboard.writeText(field.value);
    say(t("linkCopied", { link: field.value }));
  } catch {
    field.select(); // no clipboard here: the link is selected for the player to copy
    say(t("linkCopyFailed"));
  }
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
  $("end-stats").addEventListener("click", openStats);
  $("btn-stats").addEventListener("click", () => {
    $("more-dialog").close();
    openStats();
  });
  $("stats-reset").addEventListener("click", askReset);
  $("stats-reset-yes").addEventListener("click", resetStats);
  $("stats-reset-no").addEventListener("click", openStats);
  $("btn-daily").addEventListener("click", () => {
    $("more-dialog").close();
    newGame(null, { daily: true });
  });
  $("winnable-check").addEventListener("change", (event) => {
    dealing.setWinnableOnly(game.variant.id, event.target.checked);
  });
  $("btn-share").addEventListener("click", copyShareLink);
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
  const shared = dealing.sharedDeal();
  if (shared) {
    openShared(shared);
    return;
  }
  const wanted = prefs.variant && game.variants.some((v) => v.id === prefs.variant) ? prefs.variant : "pyramid";
  openVariant(wanted);
}

start();
