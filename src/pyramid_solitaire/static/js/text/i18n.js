// Every text the page shows, in English (en.js) and German (de.js). No other module holds a sentence.

import * as de from "./de.js";
import * as en from "./en.js";

// Saves, giving a game up, export and import (issue 9) are kept in a block of their own.
const STRINGS = {
  en: { ...en.STRINGS, ...en.SAVES_STRINGS, ...en.GOALS_STRINGS }, de: { ...de.STRINGS, ...de.SAVES_STRINGS, ...de.GOALS_STRINGS },
};

// Every refusal the server or the rules can give, by its code (errors.py, GET /api/codes), with
// parameters filled in by refusals.js: cards and moves in words ({card}, {by}, {move}), the quoted
// text that was refused ({text}), a nested refusal ({reason}); a text that counts is plural forms.
// tests/test_i18n.py fails when a language lacks a code the server sends, or has one it never sends.
const REFUSALS = { en: en.REFUSALS, de: de.REFUSALS };

let lang = "en";

export const LANGUAGES = { en: "English", de: "Deutsch" };

export function browserLanguage() {
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const code of wanted) {
    const base = String(code).slice(0, 2).toLowerCase();
    if (base in STRINGS) return base;
  }
  return "en";
}

export function setLanguage(code) {
  lang = code in STRINGS ? code : "en";
  document.documentElement.lang = lang;
}

export function language() {
  return lang;
}

/** The text for `key` with {name} placeholders filled in. A text that counts something is an
 *  object of plural forms ({one, other}) and takes the form for `params.count` ("1 move", "2 moves"). */
export function t(key, params = {}) {
  return fill(STRINGS[lang][key] ?? STRINGS.en[key] ?? key, params);
}

/** `text` (a template, or plural forms of one, picked by `count`) with {name} placeholders filled
 *  in from `params`. */
export function fill(text, params = {}, count = params.count) {
  if (isPlural(text)) text = text[new Intl.PluralRules(lang).select(Number(count))] ?? text.other;
  if (typeof text !== "string") return text;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

const isPlural = (text) => typeof text === "object" && text !== null && typeof text.other === "string";

export function variantName(variant) {
  return lang === "de" ? variant.name_de : variant.name_en;
}

/** A short name for the status line of a small screen. */
export function variantShortName(variant) {
  return STRINGS[lang].variantShort[variant.id] ?? variantName(variant);
}

export function variantSummary(variant) {
  return lang === "de" ? variant.summary_de : variant.summary_en;
}

/** The template of refusal `code` in the page's language (refusals.js fills it in), or null. */
export const refusalTemplate = (code) => REFUSALS[lang][code] ?? null;

/** Every refusal code each language has: {en: [...], de: [...]} (for tests/test_i18n.py). */
export const refusalCodes = () => Object.fromEntries(Object.entries(REFUSALS).map(([code, all]) => [code, Object.keys(all)]));

/** Fill every element marked data-i18n (text), data-i18n-label (title and aria-label), data-i18n-title
 *  (the title only: a toolbar button is named by the text it shows, its full name is the tooltip) or
 *  data-i18n-aria (aria-label). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    const text = t(el.dataset.i18nLabel);
    el.title = text;
    el.setAttribute("aria-label", text);
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  document.title = t("title");
}
