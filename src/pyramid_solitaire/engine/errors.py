"""Refusals: every error a player or a script can act on has a stable code and parameters.

`MESSAGES` is the one table of codes: code -> English template with `{name}` placeholders.
The engine, the command line and the web layer raise `Refusal` subclasses holding `code` and
`params`; the English text is made here and nowhere else. The web answers
`{"error": text, "code": code, "params": params}` and the page translates the code
(GET /api/codes serves this table). Parameter values are text, whole numbers, lists of text
(English joins them "a, b and c") or, under the name `reason`, a nested refusal
`{"code": ..., "params": ...}` that says why a part (a card of a deck, a move of a record) failed.
Hostile text is always passed through `cut` before it becomes a parameter.
"""

from typing import Any

MESSAGES: dict[str, str] = {
    # cards (cards.py)
    "card_invalid": "'{text}' is not a card (expected rank and suit, e.g. Ah, Td, Ks)",
    "card_rank": "'{text}' is not a card: unknown rank '{rank}' (use A 2-9 T/10 J Q K)",
    "card_suit": "'{text}' is not a card: unknown suit '{suit}' (use c d h s)",
    # deal numbers and deck strings (decks.py)
    "deal_number_invalid": "'{text}' is not a deal number (a whole number from 0 to 2**64 - 1)",
    "deal_number_range": "deal number {text} is out of range (0 to 2**64 - 1)",
    "deck_not_text": "deck string must be text, not {type}",
    "deck_card": "deck string card {position}: {reason}",
    "deck_missing": "deck string has {count} cards; missing: {missing}",
    "deck_repeated": "deck string has {count} cards; repeated: {repeated}",
    "deck_repeated_missing": "deck string has {count} cards; repeated: {repeated}; missing: {missing}",
    "deal_source": "give one deal source only, not {given}",
    # variants (variants.py)
    "variant_unknown": "unknown variant '{variant}' (known: {known})",
    "variant_option_syntax": "'{text}' is not an option of {variant}: write option=value, e.g. passes=1",
    "variant_option_unknown": "unknown option '{option}' (options: {known})",
    "variant_option_twice": "option {option} is given twice",
    "variant_option_value": "{option}={value} is not allowed ({option}: {allowed})",
    "variant_option_no_stock": "option {option} does not fit {name}: it has no stock",
    # grades of difficulty (goals/grades.py)
    "grade_unknown": "unknown grade '{grade}' (known: {known})",
    "grade_variant": (
        "{variant} has no grades: only the six variants and the family's games, without options, are graded"
    ),
    # moves (deal.py); `name` is the variant's English name, `variant` its id
    "move_syntax": "'{text}' is not a move: write a pair as 7h+6c, a king as Kd, or draw / recycle",
    "move_card": "'{text}' is not a move: {reason}",
    "move_kind": "unknown kind of move '{kind}'",
    "game_won": "{move}: the game is already won",
    "draw_no_stock": "no draw: {name} has no stock",
    "draw_stock_empty": "no draw: the stock is empty",
    "draw_stock_empty_recycle": "no draw: the stock is empty; recycle the waste",
    "recycle_no_stock": "no recycle: {name} has no stock",
    "recycle_one_pass": "no recycle: {name} allows one pass only",
    "recycle_none_left": "no recycle left",
    "recycle_stock_not_empty": "no recycle yet: the stock is not empty",
    "recycle_waste_empty": "no recycle: the waste is empty",
    "not_a_king": "{card} is not a king; pair it with a card worth {worth}",
    "same_card_twice": "{move} names the same card twice",
    "not_thirteen": "{a} and {b} do not add up to 13",
    "not_a_pair": "{a} and {b} do not pair in {name}",
    "no_card_alone": "{card} cannot go alone: in {name} every card is removed in a pair",
    "card_unseen": "{card} is not available: it is not face up",
    "card_removed": "{card} is already removed",
    "card_covered": "{card} is covered by {by}",
    "card_under_pile": "{card} is under {top} on pile {pile}",
    "card_under_waste": "{card} is under {top} in the waste",
    "card_under_waste_pile": "{card} is under {top} in waste pile {pile}",
    "card_in_stock": "{card} is still in the stock",
    "card_in_stock_not_top": "{card} is still in the stock, not on top",
    # the day's challenges (goals/daily.py; a bad date is daily_date, below)
    "daily_date_range": "there are challenges for the days {first} to {last}, not {text}",
    # games and their records (game.py)
    "nothing_to_undo": "nothing to undo",
    "nothing_to_redo": "nothing to redo",
    "undo_too_many": "cannot undo {count} moves: only {played} played",
    "record_json": "game record is not valid JSON (line {line}, column {column})",
    "record_not_object": "a game record is a JSON object, not {type}",
    "record_unknown_fields": "unknown field(s) in game record: {fields}",
    "record_version": "game record version must be {expected}, not {version}",
    "record_variant_type": "game record: variant must be a text id",
    "record_deal_or_deck": "game record needs exactly one of 'deal' (a number) or 'deck' (a deck string)",
    "record_deck_type": "game record: deck must be a deck string",
    "record_deal": "game record: {reason}",
    "record_moves_type": "game record: {field} must be a list of move texts",
    "record_moves_many": "game record: {field} has {count} moves, at most {limit} allowed",
    "record_move": "game record {field}: move {n} '{move}': {reason}",
    # the command line (cli.py)
    "cli_usage": "{detail}",
    "cli_deal_needed": 'deal needs a deal number, --deck "..." or --random',
    "cli_solve_source": 'solve needs exactly one of: a deal number, --deck "...", --deck-file F',
    "cli_difficulty_source": (
        'difficulty needs one of: a deal number, --deck "...", --pick GRADE, --deals A..B'
    ),
    "cli_jobs": "--jobs must be 1 or more, not {jobs}",
    "cli_chunk": "--chunk must be 1 or more, not {chunk}",
    "cli_stats_deals": "stats needs --deals A..B (or --summary DIR to sum up stored rows)",
    "cli_make_folder": "cannot make the folder {folder}: {detail}",
    "cli_no_rows": "{folder} holds no solved deals (files named VARIANT.FIRST-LAST.parquet)",
    "cli_csv_series": "{folder} holds {count} series; --csv writes one: use a folder per variant",
    "cli_read_file": "cannot read {path}: {detail}",
    "cli_write_file": "cannot write {path}: {detail}",
    "cli_save_format": "saved game format {format} is not one this version reads (1 to {newest})",
    "cli_export_empty": "the export file holds no saved game",
    "cli_export_pick": "the export file holds saves of {held}: pick one with --variant",
    "cli_export_variant": "the export file holds no save of {variant} (it holds: {held})",
    "cli_mixed_versions": (
        "{folder} holds rows of {series} from solver versions {versions}: their positions and "
        "times differ; sum them anyway with --mixed-versions, or keep a folder per version"
    ),
    # players' results (results/, web/routes/results.py)
    "results_seconds": "{seconds} s is no time for a game of {moves} moves (at most {most} s)",
    "results_challenge_unknown": "there is no challenge '{challenge}' (ids are YYYY-MM-DD-N)",
    "results_challenge_deal": "challenge {challenge} is deal {deal} of {variant}, not this record's deal",
    "results_too_many": "more than {most} new results from one player within the hour; wait {retry_after} s",
    "results_unavailable": "the results store is not available now; try again in {retry_after} s",
    "cli_database_url": "'{url}' is not a database URL (sqlite:///PATH or postgresql://...)",
    # the web layer's own refusals (web)
    "body_too_large": "request body is larger than {limit} bytes",
    "body_too_slow": "request body did not arrive in time",
    "request_too_slow": "the request did not arrive within {seconds} s",
    "too_many_connections": "the server has too many open connections; try again in {retry_after} s",
    "rate_limited": "too many solver requests from your address: hints rest for {retry_after} s",
    "face_down_unseen": "{name} keeps cards face down: its review and way open once the game is won or stuck",
    "request_not_json": "bad request: the body is not a JSON object",
    "request_field_missing": "bad request: {field} is missing",
    "request_field_unknown": "bad request: unknown field '{field}'",
    "request_field_invalid": "bad request: {field}: {detail}",
    "daily_date": "daily: '{text}' is not a date (YYYY-MM-DD)",
    "not_found": "no such page: {path}",
    "method_not_allowed": "{method} is not allowed on {path}",
    "http_error": "HTTP error {status}",
    "invalid": "{detail}",
}

CUT = 24  # characters of hostile text echoed in a message


def cut(text: object, limit: int = CUT) -> str:
    """Hostile text made safe to echo: at most `limit` characters (then "..."), control
    characters and lone surrogates escaped, so a message stays one short, encodable line."""
    if isinstance(text, bool) or text is None:
        text = {True: "true", False: "false", None: "null"}[text]
    elif not isinstance(text, str):
        text = repr(text)
    short = text if len(text) <= limit else text[:limit] + "..."
    return "".join(c if c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF else repr(c)[1:-1] for c in short)


def english(code: str, params: dict[str, Any]) -> str:
    """The English text of a refusal: its template with the parameters filled in."""
    return MESSAGES[code].format_map({name: _shown(value) for name, value in params.items()})


def _shown(value: Any) -> str:
    if isinstance(value, dict):  # a nested refusal: the reason a part failed
        return english(value["code"], value["params"])
    if isinstance(value, list | tuple):
        items = [str(v) for v in value]
        return " and ".join(items) if len(items) <= 2 else ", ".join(items[:-1]) + " and " + items[-1]
    return str(value)


class Refusal(ValueError):
    """An error with a code from MESSAGES and its parameters; str() is the English text."""

    def __init__(self, code: str, **params: Any):
        self.code = code
        self.params = params
        super().__init__(english(code, params))

    def as_reason(self) -> dict[str, Any]:
        """This refusal as the `reason` parameter of an enclosing one."""
        return {"code": self.code, "params": self.params}

    def to_dict(self) -> dict[str, Any]:
        """The refusal as the web answers it."""
        return {"error": str(self), "code": self.code, "params": self.params}


class Conflict(Refusal):
    """What the position does not allow now (the web's 409): an illegal move or undo, or a look at
    cards that lie face down."""
