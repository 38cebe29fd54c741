"""Results to post, shared by tests/test_results*.py and benchmarks/results.py: the day's giza
challenge of 2026-12-01 (its proof is a won game) and records cut short of it (lost games)."""

import json
from pathlib import Path

STATIC = Path(__file__).parents[2] / "src" / "pyramid_solitaire" / "static"
DAY = json.loads((STATIC / "daily" / "2026-12.json").read_text())["days"]["2026-12-01"]
GIZA = DAY[1]  # 2026-12-01-2: giza deal 1266, clear it in at most 29 moves; the proof takes 21
PLAYER = "0f8fad5b-d9cb-469f-a165-70867728950e"
OTHER = "7c9e6679-7425-40de-944b-e07fc1f90ae7"


def won_record(deal: dict = GIZA) -> dict:
    """The challenge's proof as a game record: a won game of its deal."""
    return {"version": 1, "variant": deal["variant"], "deal": deal["deal"], "moves": deal["proof"].split()}


def post_body(record: dict | None = None, player: str = PLAYER, **more) -> dict:
    """A POST /api/results body: the won record by PLAYER in 95.5 s unless told."""
    return {"player": player, "record": record or won_record(), "seconds": 95.5, **more}


def player_id(n: int) -> str:
    """The n-th simulated player's id, shaped as the page's random UUIDs."""
    return f"00000000-0000-4000-8000-{n:012d}"
