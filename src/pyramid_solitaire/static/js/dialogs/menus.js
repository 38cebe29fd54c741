// The game menu (favourites, recent games, every variant) and the More dialog (settings, deal
// number, daily deal, winnable-only deals, share link), and a yes/no dialog.

import * as dealing from "../state/dealing.js";
import { LANGUAGES, language, t, variantName, variantSummary } from "../text/i18n.js";
import * as store from "../state/store.js";
import { entryOrNull } from "../text/variant-names.js";
import { GAMES } from "../rules/variants.js";
import { showRuleOptions } from "./rule-options.js";
import { THEMES } from "../view/theme.js";

const $ = (id) => document.getElementById(id);

// The settings under More: a check box or a choice each, kept in the browser's settings.
const CHECKS = { "autopause-check": "autoPause", "sound-check": "sound", "autokings-check": "autoKings",
  "fourcolour-check": "fourColour" };
const CHOICES = { "back-select": ["back", ["blue", "red", "green"]], "felt-select": ["felt", ["green", "blue", "red", "grey"]],
  "theme-select": ["theme", THEMES] };

function fillChoice(select, names, current) {
  select.replaceChildren();
  for (const [value, name] of names) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = name;
    option.selected = value === current;
    select.append(option);
  }
}

/** Show a dialog with a yes and a no button; resolves true for yes. */
export function ask(dialog, yes, no) {
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

function button(text, onClick, className = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  if (text) b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

/** The game menu; `choose(id)` opens a variant. */
export function openGamesMenu(session, choose) {
  const { variants, variant: current } = session.state;
  const pick = (id) => {
    $("games-dialog").close();
    if (id !== current.id) choose(id);
  };
  const favs = store.favourites();
  const recentList = $("recent-list");
  recentList.replaceChildren();
  const recent = store.recent().map((id) => entryOrNull(variants, id)).filter(Boolean); // options too
  if (!recent.length) {
    const none = document.createElement("span");
    none.textContent = t("noRecent");
    recentList.append(none);
  }
  for (const v of recent) {
    const b = button(variantName(v), () => pick(v.id));
    b.dataset.variant = v.id;
    recentList.append(b);
  }
  const list = $("variant-list");
  list.replaceChildren();
  const ordered = [...variants].sort((a, b) => favs.includes(b.id) - favs.includes(a.id));
  const item = (v) => {
    const li = document.createElement("li");
    li.dataset.variant = v.id;
    li.classList.toggle("current", v.id === current.id);
    const fav = favs.includes(v.id);
    const star = button(fav ? "\u2605" : "\u2606", () => {
      store.toggleFavourite(v.id);
      openGamesMenu(session, choose);
    }, "star");
    star.setAttribute("aria-pressed", String(fav));
    star.setAttribute("aria-label", t(fav ? "unmarkFavourite" : "markFavourite", { name: variantName(v) }));
    star.title = star.getAttribute("aria-label");
    const name = document.createElement("strong");
    name.textContent = variantName(v);
    const summary = document.createElement("small");
    summary.textContent = variantSummary(v);
    const choice = button("", () => pick(v.id), "pick");
    choice.append(name, summary);
    li.append(star, choice);
    return li;
  };
  // The Pyramid family's games (rules/variants.js GAMES) follow in a group of their own.
  const family = (v) => Object.hasOwn(GAMES, v.id);
  list.append(...ordered.filter((v) => !family(v)).map(item));
  const games = ordered.filter(family);
  if (games.length) {
    const heading = document.createElement("li");
    heading.className = "variant-group";
    heading.textContent = t("familyGames");
    list.append(heading, ...games.map(item));
  }
  showRuleOptions(current, variants, pick);
  if (!$("games-dialog").open) $("games-dialog").showModal();
}

/** The More dialog, filled for the game on the table; `setting(key)` reads the player's settings. */
export function openMore(session, setting) {
  fillChoice($("language-select"), Object.entries(LANGUAGES), language());
  for (const [id, [key, values]] of Object.entries(CHOICES)) {
    fillChoice($(id), values.map((value) => [value, t(`${key}-${value}`)]), setting(key));
  }
  for (const [id, key] of Object.entries(CHECKS)) $(id).checked = setting(key);
  const { variant, view } = session.state;
  $("deal-input").value = "";
  dealError("");
  $("share-note").textContent = "";
  $("winnable-check").checked = dealing.winnableOnly(variant.id);
  $("winnable-label").textContent = t("winnableOnly", { name: variantName(variant) });
  $("grade-label").textContent = t("gradeLabel", { name: variantName(variant) });
  const grades = ["any", ...dealing.GRADES].map((grade) => [grade, t(`grade-${grade}`)]);
  fillChoice($("grade-select"), grades, dealing.gradeWanted(variant.id) ?? "any");
  const deal = view ? view.deal : null;
  $("share-link").value = deal === null ? t("noShareForDeck") : dealing.shareLink(variant.id, deal);
  $("btn-share").disabled = deal === null;
  $("more-dialog").showModal();
}

/**
 * The More dialog's controls; `change(key, value)` changes a setting (state/settings.js). on:
 * {language(code), newGame(deal, options), say(text), changed() (a setting changed)}.
 */
export function bindMore(session, change, on) {
  $("btn-daily").addEventListener("click", () => {
    $("more-dialog").close();
    on.newGame(null, { daily: true });
  });
  $("winnable-check").addEventListener("change", (event) => {
    dealing.setWinnableOnly(session.state.variant.id, event.target.checked);
  });
  $("grade-select").addEventListener("change", (event) => {
    dealing.setGradeWanted(session.state.variant.id, event.target.value);
  });
  $("btn-share").addEventListener("click", () => copyShareLink());
  $("language-select").addEventListener("change", (event) => {
    on.language(change("lang", event.target.value));
  });
  const keep = (key, value) => {
    change(key, value);
    on.changed();
  };
  for (const [id, key] of Object.entries(CHECKS)) $(id).addEventListener("change", (e) => keep(key, e.target.checked));
  for (const [id, [key]] of Object.entries(CHOICES)) $(id).addEventListener("change", (e) => keep(key, e.target.value));
  $("deal-input").addEventListener("input", () => dealError(""));
  $("deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("deal-input").value.trim();
    if (!/^\d+$/.test(text)) {
      dealError(t("dealNumberBad")); // in the dialog, beside the field: a message under it would not be seen
      return;
    }
    $("more-dialog").close();
    on.newGame(text); // as text: deal numbers may be larger than JavaScript numbers hold exactly
  });
}

/** The deal number field's own error, shown beside it ("" takes it away). */
function dealError(text) {
  const error = $("deal-error");
  error.textContent = text;
  error.hidden = !text;
  if (text) $("deal-input").setAttribute("aria-invalid", "true");
  else $("deal-input").removeAttribute("aria-invalid");
}

/** Copy the share link; what happened is said in the dialog, beside the link (not behind it). */
async function copyShareLink() {
  const field = $("share-link");
  const note = $("share-note");
  try {
    await navigator.clipboard.writeText(field.value);
    note.textContent = t("linkCopied", { link: field.value });
  } catch {
    field.select(); // no clipboard here: the link is selected for the player to copy
    note.textContent = t("linkCopyFailed");
  }
}
