// The Games menu's rule options (issue 49): passes, overlap discards and what wins, for the game on
// the table, so a player can play any combination without writing a link. Only the options the
// game takes are offered (rules/variants.js: a game without a stock has no passes); each game's
// own values are its defaults (Cheops is won with all 52 cards). The combination chosen is played
// under its variant text (`pyramid:passes=1,overlap=yes`), with its own save, as a named rule set.

import { getVariant, MAX_PASSES, optionText, UNLIMITED, withOptions } from "../rules/variants.js";
import { language, t, variantName } from "../text/i18n.js";
import { entryOrNull, optionWords } from "../text/variant-names.js";

const $ = (id) => document.getElementById(id);

/** The options of variant `v` a player may set: passes only where there is a stock. */
const optionsOf = (v) => (v.has_stock ? ["passes", "overlap", "win"] : ["overlap", "win"]);

/** "3 passes, no overlap discards, won with the pyramid": every option of `v`, as it is now. */
export const combination = (v) => optionsOf(v).map((name) => optionWords(v, name, language())).join(", ");

/** The variant text the form's choices name, from the base game `base`. */
export function chosenText(base, passes, overlap, win) {
  const values = { overlap: overlap ? "yes" : "no", win };
  if (base.has_stock) values.passes = passes;
  return withOptions(base, values).text;
}

function fill(select, values, current) {
  select.replaceChildren(...values.map(([value, text]) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = text;
    option.selected = value === current;
    return option;
  }));
}

/** Fill the rule options for the game on the table (`current`: its entry in `variants`, id a
 *  variant text); the form's button calls `choose(text)` with the combination chosen (a new game
 *  of it, or its save). */
export function showRuleOptions(current, variants, choose) {
  const v = getVariant(current.id);
  const base = getVariant(v.id); // the game itself, without options: its own values are the defaults
  const name = variantName(entryOrNull(variants, base.id) ?? current); // the options follow, said once
  $("rule-options-now").textContent = t("ruleOptionsNow", { name, options: combination(v) });
  $("rule-passes-row").hidden = !v.has_stock;
  const counts = Array.from({ length: MAX_PASSES }, (_, n) => String(n + 1));
  const said = (passes) => optionWords({ passes: passes === UNLIMITED ? null : Number(passes) }, "passes", language());
  fill($("rule-passes"), [...counts, UNLIMITED].map((p) => [p, said(p)]), v.has_stock ? optionText(v, "passes") : "");
  $("rule-overlap").checked = v.overlap;
  fill($("rule-win"), ["pyramid", "all"].map((w) => [w, optionWords({ win: w }, "win", language())]), v.win);
  $("rule-options-form").onsubmit = (event) => {
    event.preventDefault();
    choose(chosenText(base, $("rule-passes").value, $("rule-overlap").checked, $("rule-win").value));
  };
}
