// The names of the games the page offers: the server's list (/api/variants, kept by the service
// worker for offline use; the static site's copy is the same file) names its variants; any
// variant text with options (`open-stock:passes=1,overlap=yes`, from a share link, a save or a
// record) is made into an entry of that list: its base variant's entry with the options' rules, names and summaries. An
// entry's `id` is the variant's canonical text: saves, statistics and settings are kept by it.

import { getVariant, changedOptions } from "../rules/variants.js";
import { refuse } from "../rules/errors.js";
import * as de from "./de.js";
import * as en from "./en.js";

const WORDS = { en: en.OPTION_WORDS, de: de.OPTION_WORDS };

/** An option of variant `v` in words of `language`, as variants.py's _said. */
export function optionWords(v, name, language) {
  const words = WORDS[language];
  if (name === "passes") {
    if (v.passes === null) return words.unlimited;
    return (v.passes === 1 ? words.passes.one : words.passes.other).replace("{count}", String(v.passes));
  }
  if (name === "overlap") return v.overlap ? words.overlapYes : words.overlapNo;
  return v.win === "all" ? words.winAll : words.winPyramid;
}

/** The entry of `list` for variant `text`: the listed one, or one made for a text with options.
 *  Throws the rules' refusal (UnknownVariant, with its code) for a text the page cannot play,
 *  and variant_unknown for a variant the list lacks: never another variant's rules. */
export function entryFor(list, text) {
  const listed = list.find((v) => v.id === text);
  if (listed) return listed;
  const v = getVariant(text);
  const base = list.find((entry) => entry.id === v.id);
  if (!base) refuse("UnknownVariant", "variant_unknown", { variant: v.id, known: list.map((entry) => entry.id) });
  if (v.text === base.id) return base; // options equal to its own: `classic:passes=1` is classic
  const said = (language) => changedOptions(v).map((name) => optionWords(v, name, language)).join(", ");
  const [inEn, inDe] = [said("en"), said("de")];
  return {
    ...base, id: v.text, passes: v.passes, recycles: v.recycles, overlap: v.overlap, win: v.win,
    name_en: `${base.name_en} (${inEn})`, name_de: `${base.name_de} (${inDe})`,
    summary_en: `${base.summary_en} ${WORDS.en.options.replace("{list}", inEn)}`,
    summary_de: `${base.summary_de} ${WORDS.de.options.replace("{list}", inDe)}`,
  };
}

/** The entry for `text`, or null where the page cannot play it. */
export function entryOrNull(list, text) {
  try {
    return entryFor(list, text);
  } catch {
    return null;
  }
}
