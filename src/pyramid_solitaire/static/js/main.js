// The page's composition root: it makes the parts and wires them; no rule is worked out here.
// The modules, by folder, and what each owns. rules/ and state/ never touch the DOM
// (tests/js/layers.test.mjs); main.js and play.js wire and drive the rest.
//   rules/    the rules in the page, the Python engine's copy (held to it by the corpus):
//             errors, cards, variants, decks, deal (layout and moves), game (undo, redo, record),
//             view (what the page draws, the server's answer shape)
//   state/    session.js the variant and game on the table (record and view), one request at a
//             time (requests.js), listeners told of every change; apply(move) is the one place a
//             move is applied; holding.js the save this tab holds, and other tabs' saves
//             settings.js the player's settings, their one owner (get, change, toggle)
//             saves.js when and what the session saves, restoring a save (store.js keeps the format)
//             store.js localStorage: save format, settings, favourites, recent games
//             local.js the page's game service (the session's gameService): api.js's calls
//             answered in the page by rules/, so moves need no server
//             clock.js playing time and idle time; stats.js a player's statistics (streaks, bests)
//             dealing.js daily deal, share links, winnable-only; transfer.js what export and import hold
//             sane.js what a saved figure or date may be, records holding junk set aside
//   net/      api.js the server's JSON API; offline.js the service worker that keeps the page
//   view/     layout.js the layout plan (card size, where each heap lies) for a table size
//             board.js the cards on the board, drawn from a view and a plan
//             screen.js toolbar state, status line, pause cover, end panel, and the board
//             messages.js the message line; fullscreen.js; feel.js sounds (sound.js, Web Audio)
//             and the win's celebration (celebrate.js)
//   input/    pointer.js pointer (click, tap, drag) on the board; keys.js the keyboard
//   dialogs/  menus.js game menu, More dialog, yes/no dialog; stats-dialog.js, rules-dialog.js,
//             transfer-dialog.js (export and import, in More); review-panel.js the move list,
//             the review against the solver, watching the shortest win (move-list.js the
//             list, watch.js plays the line)
//   text/     i18n.js every text (en.js, de.js), the language; rules-text.js the Rules dialog's
//             texts; words.js cards, moves and lists in the player's language ("the ten of
//             hearts", "10♥ + 3♣"); refusals.js a refusal in the player's language;
//             hint-text.js what a hint says; review-text.js what a review says
//   play.js   the player's actions and what follows a change, put together from play/: picking.js
//             cards and the stock, hinting.js hints and the lost verdict, pausing.js pause and the
//             clock, games.js which game is on the table, positions.js what follows a new position,
//             notices.js what the session's notices say
//   goals/daily-play.js  a day's challenge played in its own save slot (goals/ the score and goals,
//             state/challenges.js what was done, net/daily.js the release's files of challenges,
//             dialogs/daily-dialog.js the Daily view)

import { createBoard } from "./view/board.js";
import { createClock } from "./state/clock.js";
import * as dealing from "./state/dealing.js";
import { createFeel } from "./view/feel.js";
import { createFullscreen } from "./view/fullscreen.js";
import { browserLanguage, setLanguage, t, translatePage, variantName } from "./text/i18n.js";
import { attachInput } from "./input/pointer.js";
import { attachKeys } from "./input/keys.js";
import { ask, bindMore, openGamesMenu, openMore } from "./dialogs/menus.js";
import { createMessages } from "./view/messages.js";
import { createPlay } from "./play.js";
import { challengesOf } from "./net/daily.js";
import { createReview } from "./dialogs/review-panel.js";
import { openRules } from "./dialogs/rules-dialog.js";
import * as local from "./state/local.js";
import { keepForOffline } from "./net/offline.js";
import { createScreen } from "./view/screen.js";
import { createSession } from "./state/session.js";
import { createSettings } from "./state/settings.js";
import { createSound } from "./view/sound.js";
import { bindStats, openStats } from "./dialogs/stats-dialog.js";
import { createDailyDialog } from "./dialogs/daily-dialog.js";
import { createDailyPlay } from "./goals/daily-play.js";
import { bindTransfer, sayImported } from "./dialogs/transfer-dialog.js";
import { entryOrNull } from "./text/variant-names.js";
import { bindResults } from "./dialogs/results-toggle.js";
import { createSharing, noteWay } from "./state/results.js";
import * as achievements from "./state/achievements.js";
import * as challenges from "./state/challenges.js";
import * as records from "./state/records.js";
import { setAside } from "./state/sane.js";
import * as stats from "./state/stats.js";

const $ = (id) => document.getElementById(id);
const boardEl = $("board");
const table = $("table");

const settings = createSettings(); // the player's settings: read and changed through it alone
// What the screen shows besides the game, each part written by its owner alone: the play's marks,
// pause, lost verdict and undos; the position the review shows instead of the game; the challenge
// in play. The screen reads them here and cannot write them.
const seen = new Proxy({}, {
  get: (_, name) => ({
    ...play.state, shown: review.shown(), challenge: daily.playing(), goalText: daily.goalText(), challengeEnd: daily.end(),
  })[name],
  set: (_, name) => {
    throw new TypeError(`the screen does not write ${String(name)}`);
  },
});
const clock = createClock();
const session = createSession({ gameService: local, elapsed: clock.elapsed }); // moves are played here, at once
const board = createBoard(boardEl);
const screen = createScreen({ session, ui: seen, setting: settings.get, clock, board, table });
const messages = createMessages({
  toast: $("toast"), text: $("toast-text"), button: $("toast-action"), spoken: $("announce"), fitted: () => screen.fitMessage(),
});
const play = createPlay({ session, clock, screen, board, messages, settings, ask });
const fullscreen = createFullscreen({ buttons: [$("btn-fullscreen"), $("more-fullscreen")], say: messages.say, changed: screen.draw });
const sound = createSound(() => settings.get("sound"));
const review = createReview({ session, screen, messages, watched: () => noteWay(session.state.record) });
const daily = createDailyPlay({ session, clock, screen, messages, review, focusBoard: () => board.focus() }); // the day's challenges
session.subscribe(daily.onChange); // before the play, whose draw shows a challenge's end
session.subscribe(play.onChange);
session.subscribe(createFeel({ sound, layer: $("celebration"), missed: () => daily.end()?.met === false }));
const dailyDialog = createDailyDialog({ daily, variants: () => session.state.variants });
// Sharing results (issue 50): asked once when a game ends, posted only after the player said yes.
const sharing = createSharing({
  session, seconds: () => clock.elapsed() / 1000, challenge: () => daily.playing()?.id ?? null,
  ask: () => askShare(),
});
const askShare = bindResults({
  session, posted: () => sharing({ type: "position", cause: "move" }),
  newGame: (deal) => play.newGame(deal), usualGrade: dealing.gradeWanted, say: messages.say,
});
session.subscribe(sharing);
session.subscribe((change) => change.type === "position" && session.state.slot && dailyDialog.drawWaiting()); // one done

function toggleLarge() {
  settings.toggle("large");
  screen.draw();
}

function bind() {
  const variant = () => session.state.variant;
  const click = (id, action) => $(id).addEventListener("click", action);
  // A game action from the toolbar ends a pause: the player is back.
  const awake = (action) => () => {
    if (seen.paused) play.resume();
    action();
  };
  // The first Tab stop: past the toolbar's buttons straight to the cards (the board has no
  // fixed tab stop of its own, so the link hands the focus over itself).
  $("skip-board").addEventListener("click", (event) => {
    event.preventDefault();
    board.focus();
  });
  click("btn-games", () => openGamesMenu(session, play.openVariant));
  click("btn-new", awake(() => play.newGame()));
  click("btn-hint", awake(play.hint));
  click("btn-undo", awake(play.undo));
  click("btn-redo", awake(play.redo));
  click("btn-restart", awake(play.restart));
  click("btn-pause", () => (seen.paused ? play.resume() : play.pause()));
  click("btn-resume", play.resume);
  click("btn-large", toggleLarge);
  click("btn-fullscreen", fullscreen.toggle);
  click("btn-more", () => openMore(session, settings.get));
  click("btn-rules", () => openRules(variant()));
  click("btn-challenges", () => dailyDialog.open());
  click("more-challenges", () => {
    $("more-dialog").close();
    dailyDialog.open();
  });
  click("end-undo", play.undo);
  click("end-undo-to", play.undoToLastWinnable);
  click("end-close", () => (daily.end() ? daily.playOn() : play.closeLost()));
  // Escape closes the end panel where it can be closed: a lost game, as "Play on" does. A won or
  // stuck game has ended, so there the panel stays.
  $("end-panel").addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("end-close").hidden) $("end-close").click();
  });
  click("end-restart", () => (daily.playing() ? daily.retry() : play.restart()));
  click("end-way", daily.giveUp);
  click("end-next", daily.next);
  click("end-list", () => dailyDialog.open());
  click("end-new", () => play.newGame());
  click("end-stats", () => openStats(variant()));
  click("end-review", review.review);
  click("btn-moves", () => {
    $("more-dialog").close();
    review.open();
  });
  const fromMore = (action) => () => {
    $("more-dialog").close();
    action();
  };
  click("more-restart", fromMore(play.restart));
  click("more-large", fromMore(toggleLarge));
  click("more-fullscreen", fromMore(fullscreen.toggle));
  click("btn-stats", () => {
    $("more-dialog").close();
    openStats(variant());
  });
  bindStats(variant);
  bindTransfer({
    say: messages.say, ask, t, check: local.state,
    // the ids the page plays: the list's, and any variant text with options (as their canonical text)
    variants: () => ({ includes: (id) => entryOrNull(session.state.variants, id)?.id === id }),
  });
  bindMore(session, settings.change, {
    newGame: play.newGame, say: messages.say, changed: screen.draw,
    language: (code) => {
      setLanguage(code);
      translatePage();
      screen.draw();
    },
  });
  attachInput(boardEl, {
    onCard: play.onCard, onPair: play.onPair, onStock: play.onStock, partners: play.partners,
    cardWidth: () => boardEl.querySelector(".card")?.offsetWidth || 60, redraw: screen.draw,
  });
  attachKeys(boardEl, {
    stock: play.onStock, hint: play.hint, undo: play.undo, redo: play.redo, pause: play.pause,
    resume: play.resume, newGame: () => play.newGame(), large: toggleLarge, fullscreen: fullscreen.toggle,
    focusBoard: board.focus,
    escape: () => {
      fullscreen.leaveFillPage();
      play.unselect();
      screen.draw();
    },
  }, () => seen.paused || Boolean(seen.shown)); // a position the review shows is not played on
  for (const type of ["pointerdown", "keydown", "wheel"]) {
    document.addEventListener(type, clock.touch, { capture: true, passive: true });
  }
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) return session.catchUp();
    if (settings.get("autoPause")) play.pause();
    session.save();
  });
  window.addEventListener("pagehide", session.save);
  window.addEventListener("storage", session.otherTabSaved); // another tab saved a game
  window.addEventListener("focus", session.catchUp); // ... and this tab may not have heard it
  new ResizeObserver(() => {
    boardEl.classList.add("no-slide"); // a new size is not a move: no sliding
    screen.draw();
    requestAnimationFrame(() => boardEl.classList.remove("no-slide"));
  }).observe(table);
  setInterval(play.tick, 500);
}

async function start() {
  // The only notice of a release: the page's files stay the old ones until it is reloaded.
  const reload = () => ({ label: t("reload"), act: () => location.reload() });
  keepForOffline({ newRelease: () => messages.say(t("newRelease"), 0, reload()) });
  local.warmSolver(); // the solver worker loads beside the page, so the first hint does not wait for it
  setLanguage(settings.get("lang") || browserLanguage());
  translatePage();
  bind();
  screen.draw();
  const variants = await session.loadVariants();
  if (!variants.length) return;
  const junk = setAsideJunk(variants);
  dailyDialog.drawWaiting(); // today's challenges, announced
  await openFirst();
  if (junk.length) messages.say(t("setAside", { names: junk.join(", ") }), 0); // over the first position
}

/** The first game: the day's challenges of the address, a shared deal, the challenge in play, or
 *  the variant played last. */
async function openFirst() {
  if (await openDaily()) return;
  const shared = dealing.sharedDeal();
  if (shared) {
    await play.openShared(shared);
    return;
  }
  if (!(await daily.reopen())) await play.openVariant(play.remembered()); // a challenge in play goes on
  sayImported(messages.say, t, session.state);
}

/** Records holding figures out of range or dates after tomorrow, moved aside before anything
 *  reads them (state/sane.js): their names, for the player. */
function setAsideJunk(variants) {
  const named = [[challenges.CHALLENGES_KEY, challenges.fromStored, t("chalTitle")],
    [achievements.ACHIEVEMENTS_KEY, achievements.fromStored, t("achievementsTitle")]];
  for (const v of variants) {
    named.push([stats.statsKey(v.id), stats.fromStored, t("statsTitle", { name: variantName(v) })]);
    named.push([records.recordsKey(v.id), records.fromStored, `${t("bestsTitle")}: ${variantName(v)}`]);
  }
  return setAside(named);
}

/** `/?daily=YYYY-MM-DD` opens the Daily view on that day; `&challenge=N` plays its challenge N. */
async function openDaily() {
  const params = new URLSearchParams(location.search);
  if (!params.has("daily")) return false;
  history.replaceState(null, "", location.pathname);
  await play.openVariant(settings.get("variant") || "pyramid");
  const date = params.get("daily");
  const chosen = (await challengesOf(date))?.find((ch) => ch.id === `${date}-${params.get("challenge")}`);
  if (chosen) await daily.open(chosen);
  else await dailyDialog.open(date);
  return true;
}

start();
