"""Game files as the command line reads and writes them: a bare record, the page's save, or the
page's Export file (static/js/state/: store.js holds the save format, transfer.js the export).

A bare record is `Game.to_record()`: {"version": 1, "variant": ..., "deal": ..., "moves": ...}.
A save wraps one: {"format": 3, "record": {...}, "elapsed": ms, "saved", "revision", ...}
(formats 1 and 2 are older pages' saves, read the same). An export holds a save per variant:
{"app": "pyramid-solitaire", "format": 1, "saves": {"pyramid": {...}, ...}, ...}, so reading
one needs the variant when it holds more than one. `export_file` writes an export the page's
Import reads, holding the one game.
"""

import json
from datetime import UTC, datetime
from typing import Any

from ..engine.errors import cut
from ..engine.game import Game, RecordError
from ..engine.view import dump
from .common import UsageError

EXPORT_APP = "pyramid-solitaire"
EXPORT_FORMAT = 1
SAVE_FORMAT = 3


def read_game(text: str, variant: str | None = None) -> Game:
    """The game in `text`: a bare record, a save or an export (`variant` picks its save)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError("record_json", line=err.lineno, column=err.colno) from None
    return Game.from_record(record_of(data, variant))


def record_of(data: object, variant: str | None = None) -> object:
    """The game record inside a bare record, a save or an export (anything else is passed on,
    for Game.from_record to refuse)."""
    if isinstance(data, dict) and data.get("app") == EXPORT_APP:
        data = _save_of_export(data, variant)
    if isinstance(data, dict) and "record" in data and "version" not in data:
        fmt = data.get("format", 1)
        if fmt not in (1, 2, SAVE_FORMAT):
            raise UsageError("cli_save_format", format=cut(fmt), newest=SAVE_FORMAT)
        record = data["record"]
        if isinstance(record, dict) and "variant" not in record and variant is not None:
            record = {**record, "variant": variant}  # the save's key names it
        return record
    return data


def _save_of_export(data: dict[str, Any], variant: str | None) -> object:
    saves = data.get("saves")
    if not isinstance(saves, dict) or not saves:
        raise UsageError("cli_export_empty")
    held = sorted(map(str, saves))
    if variant is None:
        if len(saves) > 1:
            raise UsageError("cli_export_pick", held=[cut(v) for v in held])
        (variant,) = saves
    if variant not in saves:
        raise UsageError("cli_export_variant", variant=cut(variant), held=[cut(v) for v in held])
    save = saves[variant]
    if isinstance(save, dict) and isinstance(save.get("record"), dict) and "variant" not in save["record"]:
        save = {**save, "record": {**save["record"], "variant": variant}}
    return save


def export_file(game: Game, elapsed_ms: int = 0, now: datetime | None = None) -> dict[str, Any]:
    """An Export file holding `game` as its variant's save, for the page's Import (More, Import).
    The page asks before it imports, and an import replaces what the browser keeps."""
    stamp = (now or datetime.now(UTC)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    save = {
        "format": SAVE_FORMAT,
        "record": dump(game),
        "elapsed": int(elapsed_ms),
        "saved": stamp,
        "revision": 0,
        "lastMove": None,
        "game": None,
    }
    return {
        "app": EXPORT_APP,
        "format": EXPORT_FORMAT,
        "exported": stamp,
        "saves": {game.variant.text: save},
        "backups": {},
        "statistics": {},
        "settings": {},  # the page's defaults: it reads a setting left out as its default
        "favourites": [],
        "recent": [],
        "winnableOnly": [],
        "daily": {},
    }
