// A refusal in the player's language: its code (errors.py) picks the text in i18n.js, and its
// parameters are written for people: cards and moves in words, counts in the language's plural,
// refused text quoted, a nested refusal (a card of a deck, a move of a record) explained in turn.

import { fill, language, refusalTemplate, t } from "./i18n.js";
import { cardName, cardShort, listOf, moveShort } from "./words.js";

const quoted = (text) => t("quoted", { text: String(text) });
const number = (n) => new Intl.NumberFormat(language()).format(n);

/** How each parameter is shown, by its name; a name not here is shown as it came. */
const SHOWN = {
  card: cardName, a: cardName, b: cardName, top: cardName,
  by: (cards) => listOf(cards.map(cardName)),
  repeated: (cards) => listOf(cards.map(cardShort)), missing: (cards) => listOf(cards.map(cardShort)),
  move: (move) => moveShort(move) ?? quoted(move),
  reason: (nested) => explain(nested),
  fields: (names) => listOf(names.map(quoted)),
  known: (names) => listOf(names), // the options a variant takes
  // an option's allowed values: "1 to 32 or unlimited" in the page's words, the values as typed
  allowed: (text) => text.replace(" to ", t("optionTo")).replaceAll(" or ", t("optionOr")),
};
for (const name of ["text", "rank", "suit", "variant", "kind", "field", "version", "path", "method"]) SHOWN[name] = quoted;
const NUMBERS = ["worth", "pile", "count", "played", "limit", "n", "position", "line", "column", "expected", "seconds", "retry_after"];
for (const name of NUMBERS) SHOWN[name] = number;

/** The text of refusal {code, params}; `fallback` (the server's English) when the code is unknown. */
export function explain({ code, params = {} }, fallback = code) {
  const template = refusalTemplate(code);
  if (template === null) return String(fallback);
  const shown = {};
  for (const [name, value] of Object.entries(params)) shown[name] = name in SHOWN ? SHOWN[name](value) : value;
  return fill(template, shown, params.count);
}

/** Why storage refused a write (store.refusal()), as a clause of the page's sentences. */
export function storageRefusal(refusal) {
  const key = { full: "storageFull", off: "storageOff" }[refusal.why] ?? "storageError";
  return t(key, { ours: number(refusal.ours ?? 0), others: number(refusal.others ?? 0), name: refusal.name ?? "" });
}

/** The parameters of an import's refusal (state/transfer.js) with their numbers in the page's
 *  language: "15,7 MB" in German. */
export const importParams = (params) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === "number" ? number(value) : value]));
