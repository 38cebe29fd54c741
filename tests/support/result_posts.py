"""Results to post, shared by tests/test_results*.py and benchmarks/results.py: the day's giza
challenge of 2026-12-01 (its proof is a won game) and records cut short of it (lost games); and
ratings seeded straight into a store (tests/test_rated_grades.py, the page's "at my level")."""

import json
from datetime import UTC, datetime
from pathlib import Path

from pyramid_solitaire.results import grades, schema, store

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


def seed(
    url: str, variant: str, deals: dict[int, float], results: int = grades.MIN_RESULTS, won: bool = True
) -> None:
    """Deals rated as given, each with `results` clean first attempts and (if `won`) a won one."""
    engine = store.Store(url).engine
    with engine.begin() as db:
        for deal, rating in deals.items():
            row = {"kind": "deal", "variant": variant, "subject": str(deal), "rating": rating}
            db.execute(schema.ratings.insert().values(row | rated(results)))
            if won:
                db.execute(schema.results.insert().values(result_row(f"winner-{deal:06d}", variant, deal)))
    engine.dispose()


def rated(results: int, deviation: float = 60.0) -> dict:
    return {"deviation": deviation, "volatility": 0.06, "results": results, "period": 1}


def result_row(player: str, variant: str, deal: int) -> dict:
    """A stored result row (what a post of a won game stores)."""
    return {
        "key": f"{player} {variant} {deal}",
        "player": player,
        "variant": variant,
        "deal": str(deal),
        "won": True,
        "moves": 30,
        "score": 0,
        "hints": 0,
        "undos": 0,
        "way": False,
        "seconds": 60.0,
        "first_attempt": True,
        "rated": True,
        "posted_at": datetime(2026, 12, 1, tzinfo=UTC),
        "record": json.dumps({"variant": variant, "deal": str(deal), "moves": []}),
    }


def rate_player(url: str, player: str, rating: float) -> None:
    engine = store.Store(url).engine
    with engine.begin() as db:
        row = {"kind": "player", "variant": "", "subject": player, "rating": rating}
        db.execute(schema.ratings.insert().values(row | rated(10)))
    engine.dispose()
