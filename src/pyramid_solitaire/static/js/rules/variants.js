// Variants (engine/variants.py: the rules part; names and summaries come from the server) and the
// options any stock variant takes: passes, overlap discards and what wins (docs/variants.md).
// One text names a variant with options: `VARIANT:option=value,...`, printed in one order with
// the options equal to the variant's own left out. Part of the rules in the page (see game.js).

import { cut, refuse } from "./errors.js";
import { CHEOPS, DOZEN, ELEVEN, THIRTEEN } from "./pairing.js";

export const DEFAULT_VARIANT = "pyramid";
export const MAX_PASSES = 32; // the solver kernel's limit (variants.py MAX_PASSES)
export const UNLIMITED = "unlimited";
export const OPTIONS = ["passes", "overlap", "win"]; // the canonical order in a variant's text
const WINS = ["pyramid", "all"];
const OPTION_VALUES = { passes: `1 to ${MAX_PASSES} or ${UNLIMITED}`, overlap: "yes or no", win: "pyramid or all" };
const OPTION = /^([a-z]+)=(.*)$/s; // any value is the option's to refuse, naming its range (variants.py _OPTION)

/** A variant's rules: `passes` null is unlimited (so is `recycles`); `text` is what names it.
 *  `game` holds the rest of a game of the family (variants.py's Variant fields past `win`). */
function variant(id, nameEn, passes, wastes, piles, openStock, overlap = false, win = "pyramid", game = {}) {
  const recycles = passes === null ? null : Math.max(passes - 1, 0);
  return {
    id, text: id, name_en: nameEn, passes, wastes, piles, open_stock: openStock, has_stock: wastes > 0, recycles, overlap, win,
    layout: "pyramid", pile_size: 3, draw: 1, gather: "order", pairing: THIRTEEN, hidden: false, pysol_id: null, ...game,
  };
}
const byId = (list) => Object.fromEntries(list.map((v) => [v.id, v]));

export const VARIANTS = byId([
  variant("pyramid", "Pyramid", 3, 1, 0, false),
  variant("classic", "Classic Pyramid", 1, 1, 0, false),
  variant("classic-redeal", "Pyramid, one redeal", 2, 1, 0, false),
  variant("three-wastes", "Solitaire 13, three wastes", 1, 3, 0, false),
  variant("giza", "Giza", 0, 0, 8, false),
  variant("open-stock", "Pyramid, open stock", 3, 1, 0, true),
]);

/** The well-known rule sets under their own ids (variants.py NAMED). */
export const NAMED = byId([
  variant("original", "Pyramid, the original game", 1, 1, 0, false, false, "all"),
  variant("overlap", "Pyramid, overlap discards", 3, 1, 0, false, true),
  variant("unlimited", "Pyramid, unlimited passes", null, 1, 0, false),
]);

/** The Pyramid family's games under PySolFC's ids (variants.py GAMES). */
export const GAMES = byId([
  variant("pyramid-dozen", "Pyramid Dozen", 0, 0, 6, false, false, "all", { pile_size: 4, pairing: DOZEN, pysol_id: 846 }),
  variant("tuts-tomb", "Tut's Tomb", null, 1, 0, false, false, "pyramid", { draw: 3, pysol_id: 681 }),
  variant("apophis", "Apophis", 3, 3, 0, false, false, "all", { gather: "piles", pysol_id: 658 }),
  variant("cheops", "Cheops", 1, 1, 0, true, false, "all", { pairing: CHEOPS, pysol_id: 659 }),
  variant("triangle", "Triangle", 3, 1, 0, true, false, "all", { layout: "inverted", pysol_id: 700 }),
  variant("eleven-triangle", "Eleven Triangle", 1, 3, 0, false, false, "all", { layout: "inverted", pairing: ELEVEN, pysol_id: 969 }),
  variant("pharaohs", "Pharaohs", 0, 0, 0, false, false, "all", { layout: "pharaohs", pysol_id: 655 }),
  variant("thirteen", "Pyramid Thirteen", 1, 1, 0, true, false, "all", { hidden: true, pysol_id: 44 }),
]);

const own = (id) => [VARIANTS, NAMED, GAMES].map((set) => (Object.hasOwn(set, id) ? set[id] : null)).find(Boolean) ?? null;
const KNOWN = [...Object.keys(VARIANTS), ...Object.keys(NAMED), ...Object.keys(GAMES)]; // the six, the named rule sets, the family
const unknown = (text) => refuse("UnknownVariant", "variant_unknown", { variant: cut(text), known: KNOWN });

/** An option's value as a variant's text writes it. */
export function optionText(v, name) {
  if (name === "passes") return v.passes === null ? UNLIMITED : String(v.passes);
  if (name === "overlap") return v.overlap ? "yes" : "no";
  return v.win;
}

/** The options of `v` that differ from its own variant's, in the canonical order. */
export const changedOptions = (v) => OPTIONS.filter((name) => v[name] !== own(v.id)[name]);

/** The variant a text names: an id (VARIANTS or NAMED), then maybe `:option=value,...`. A bad
 *  option is refused naming it and its allowed values, with variants.py's codes. */
export function getVariant(text) {
  if (typeof text !== "string") return unknown(text);
  const colon = text.indexOf(":");
  const id = colon < 0 ? text : text.slice(0, colon);
  const base = own(id);
  if (base === null) return unknown(id);
  if (colon < 0) return base;
  const values = {};
  for (const part of text.slice(colon + 1).split(",")) {
    const found = OPTION.exec(part);
    if (!found) refuse("UnknownVariant", "variant_option_syntax", { text: cut(part), variant: base.id });
    const [, name, value] = found;
    if (!OPTIONS.includes(name)) refuse("UnknownVariant", "variant_option_unknown", { option: cut(name), known: OPTIONS });
    if (Object.hasOwn(values, name)) refuse("UnknownVariant", "variant_option_twice", { option: name });
    values[name] = value;
  }
  return withOptions(base, values);
}

/** `base` with options given as their texts ({passes: "2", overlap: "yes", win: "all"}). */
export function withOptions(base, values) {
  const changed = { ...base };
  for (const [name, value] of Object.entries(values)) changed[name] = optionValue(base, name, value);
  changed.recycles = changed.passes === null ? null : Math.max(changed.passes - 1, 0);
  const differ = changedOptions(changed);
  if (!differ.length) return own(base.id);
  changed.text = `${base.id}:${differ.map((name) => `${name}=${optionText(changed, name)}`).join(",")}`;
  changed.name_en = `${base.name_en} (${differ.map((name) => optionSaid(changed, name)).join(", ")})`;
  return Object.freeze(changed);
}

/** An option in English words, as variants.py's names of a variant with options say it. */
export function optionSaid(v, name) {
  if (name === "passes") return v.passes === null ? "unlimited passes" : v.passes === 1 ? "1 pass" : `${v.passes} passes`;
  if (name === "overlap") return v.overlap ? "overlap discards" : "no overlap discards";
  return v.win === "all" ? "won with all 52 cards" : "won with the pyramid";
}

function optionValue(base, name, value) {
  const bad = () => refuse("UnknownVariant", "variant_option_value", { option: name, value: cut(value), allowed: OPTION_VALUES[name] });
  if (name === "passes") {
    if (!base.has_stock) refuse("UnknownVariant", "variant_option_no_stock", { option: name, variant: base.id, name: base.name_en });
    if (value === UNLIMITED) return null;
    if (!/^[0-9]{1,3}$/.test(value) || !(Number(value) >= 1 && Number(value) <= MAX_PASSES)) bad();
    return Number(value);
  }
  if (name === "overlap") {
    if (value !== "yes" && value !== "no") bad();
    return value === "yes";
  }
  if (!WINS.includes(value)) bad();
  return value;
}
