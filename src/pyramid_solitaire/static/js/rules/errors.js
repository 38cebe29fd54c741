// Refusals (engine/errors.py): a code and parameters; the English is made from them here, word
// for word as the Python engine's. Part of the rules in the page (see game.js).

/** The English of the codes this engine raises, word for word as errors.py's MESSAGES. */
export const MESSAGES = {
  card_invalid: "'{text}' is not a card (expected rank and suit, e.g. Ah, Td, Ks)",
  card_rank: "'{text}' is not a card: unknown rank '{rank}' (use A 2-9 T/10 J Q K)",
  card_suit: "'{text}' is not a card: unknown suit '{suit}' (use c d h s)",
  deal_number_invalid: "'{text}' is not a deal number (a whole number from 0 to 2**64 - 1)",
  deal_number_range: "deal number {text} is out of range (0 to 2**64 - 1)",
  deck_not_text: "deck string must be text, not {type}",
  deck_card: "deck string card {position}: {reason}",
  deck_missing: "deck string has {count} cards; missing: {missing}",
  deck_repeated: "deck string has {count} cards; repeated: {repeated}",
  deck_repeated_missing: "deck string has {count} cards; repeated: {repeated}; missing: {missing}",
  deal_source: "give one deal source only, not {given}",
  variant_unknown: "unknown variant '{variant}' (known: {known})",
  variant_option_syntax: "'{text}' is not an option of {variant}: write option=value, e.g. passes=1",
  variant_option_unknown: "unknown option '{option}' (options: {known})",
  variant_option_twice: "option {option} is given twice",
  variant_option_value: "{option}={value} is not allowed ({option}: {allowed})",
  variant_option_no_stock: "option {option} does not fit {name}: it has no stock",
  move_syntax: "'{text}' is not a move: write a pair as 7h+6c, a king as Kd, or draw / recycle",
  move_card: "'{text}' is not a move: {reason}",
  game_won: "{move}: the game is already won",
  draw_no_stock: "no draw: {name} has no stock",
  draw_stock_empty: "no draw: the stock is empty",
  draw_stock_empty_recycle: "no draw: the stock is empty; recycle the waste",
  recycle_no_stock: "no recycle: {name} has no stock",
  recycle_one_pass: "no recycle: {name} allows one pass only",
  recycle_none_left: "no recycle left",
  recycle_stock_not_empty: "no recycle yet: the stock is not empty",
  recycle_waste_empty: "no recycle: the waste is empty",
  not_a_king: "{card} is not a king; pair it with a card worth {worth}",
  same_card_twice: "{move} names the same card twice",
  not_thirteen: "{a} and {b} do not add up to 13",
  not_a_pair: "{a} and {b} do not pair in {name}",
  no_card_alone: "{card} cannot go alone: in {name} every card is removed in a pair",
  card_unseen: "{card} is not available: it is not face up",
  card_removed: "{card} is already removed",
  card_covered: "{card} is covered by {by}",
  card_under_pile: "{card} is under {top} on pile {pile}",
  card_under_waste: "{card} is under {top} in the waste",
  card_under_waste_pile: "{card} is under {top} in waste pile {pile}",
  card_in_stock: "{card} is still in the stock",
  card_in_stock_not_top: "{card} is still in the stock, not on top",
  nothing_to_undo: "nothing to undo",
  nothing_to_redo: "nothing to redo",
  undo_too_many: "cannot undo {count} moves: only {played} played",
  record_not_object: "a game record is a JSON object, not {type}",
  record_unknown_fields: "unknown field(s) in game record: {fields}",
  record_version: "game record version must be {expected}, not {version}",
  record_variant_type: "game record: variant must be a text id",
  record_deal_or_deck: "game record needs exactly one of 'deal' (a number) or 'deck' (a deck string)",
  record_deck_type: "game record: deck must be a deck string",
  record_deal: "game record: {reason}",
  record_moves_type: "game record: {field} must be a list of move texts",
  record_moves_many: "game record: {field} has {count} moves, at most {limit} allowed",
  record_move: "game record {field}: move {n} '{move}': {reason}",
};
const CUT = 24; // characters of hostile text echoed in a message

/** Hostile text made safe to echo (errors.cut): at most CUT characters (code points, as Python
 *  counts them, not UTF-16 units), then "...", what Python cannot print escaped as its repr
 *  writes it. Values that are not text are written as JSON writes them. */
export function cut(text) {
  const t = typeof text === "string" ? text : text === undefined ? "null" : JSON.stringify(text);
  const chars = [...t]; // code points; a lone surrogate is one of its own
  const short = chars.length <= CUT ? chars : [...chars.slice(0, CUT), "..."];
  return short.map(printable).join("");
}

// Python's str.isprintable() is false for "Other" (control, format, surrogate, private use,
// unassigned) and "Separator" characters but the space. (Unassigned: by the Unicode version of
// node's ICU, which may know characters newer than the Python engine's.)
const UNPRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
const SHORT_ESCAPES = { "\n": "\\n", "\t": "\\t", "\r": "\\r" };

/** A character as errors.cut shows it: itself, or the escape of Python's repr. */
function printable(c) {
  if (c === " " || !UNPRINTABLE.test(c)) return c;
  if (SHORT_ESCAPES[c]) return SHORT_ESCAPES[c];
  const n = c.codePointAt(0);
  const [letter, digits] = n < 0x100 ? ["x", 2] : n < 0x10000 ? ["u", 4] : ["U", 8];
  return `\\${letter}${n.toString(16).padStart(digits, "0")}`;
}

/** The English of a refusal: its template with the parameters filled in (lists "a, b and c";
 *  a nested refusal {code, params} as its own English). */
export function english(code, params) {
  const shown = (v) => {
    if (Array.isArray(v)) return v.length <= 2 ? v.join(" and ") : `${v.slice(0, -1).join(", ")} and ${v[v.length - 1]}`;
    if (v !== null && typeof v === "object") return english(v.code, v.params);
    return String(v);
  };
  return MESSAGES[code].replace(/\{(\w+)\}/g, (_, name) => shown(params[name]));
}

/** A refusal: `kind` is the Python exception's name, `code` and `params` as errors.py's. */
export class RulesError extends Error {
  constructor(kind, code, params = {}) {
    super(english(code, params));
    this.kind = kind;
    this.code = code;
    this.params = params;
  }

  /** This refusal as the `reason` parameter of an enclosing one. */
  asReason() {
    return { code: this.code, params: this.params };
  }
}
export const refuse = (kind, code, params) => {
  throw new RulesError(kind, code, params);
};

// Whitespace as Python's str.strip() and str.split() see it: JavaScript's trim() and \s also
// take U+FEFF, and leave U+001C..U+001F and U+0085.
const SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const EDGES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
const RUNS = new RegExp(`[${SPACE}]+`);
/** `text` without the whitespace at either end (str.strip()). */
export const strip = (text) => text.replace(EDGES, "");
/** The words of `text` between runs of whitespace (str.split()). */
export const words = (text) => text.split(RUNS).filter(Boolean);

/** A JSON value's type by its Python name, as the Python engine's refusals name it. */
export function pythonType(v) {
  if (v === null || v === undefined) return "NoneType";
  if (Array.isArray(v)) return "list";
  const types = { string: "str", boolean: "bool", object: "dict" };
  return typeof v === "number" ? (Number.isInteger(v) ? "int" : "float") : types[typeof v] ?? typeof v;
}
