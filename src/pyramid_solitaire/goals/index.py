"""The graded deal lists that ship with the package and the page: deal numbers per variant and grade.

static/grades.json (a file of the release, which the page fetches too) holds, for each variant,
some deal numbers of each grade, every one proven winnable and graded by grades.py at the
measure's version the file names; tools/difficulty_index.py writes it from the graded rows of a
research run (research/grading.py). A deal not in the file is graded when asked.

static/daily-deals.json is the same lists pinned once for the day's challenges (goals/daily.py
draws their deals from it, never from grades.json): a new index, with more deals or new
thresholds, changes no day, past or to come. Only `tools/difficulty_index.py --pin-daily`
rewrites it, and that changes every day (docs/daily.md).
"""

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from ..engine.deal import Deal
from ..engine.decks import random_deal
from .grades import MEASURE_VERSION, difficulty

INDEX_FILE = Path(__file__).parents[1] / "static" / "grades.json"
DAILY_FILE = Path(__file__).parents[1] / "static" / "daily-deals.json"
SEARCH_TRIES = 20_000  # random deals graded to find one of a grade the file lacks (then: give up)


def _lists(path: Path, version: str | None) -> dict[str, Any]:
    """A file of graded lists; an empty one if it is missing, damaged or (given `version`) of
    another measure's version."""
    empty = {"version": MEASURE_VERSION, "variants": {}}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return empty
    if not isinstance(data, dict) or not isinstance(data.get("variants"), dict):
        return empty
    return data if version is None or data.get("version") == version else empty


@cache
def index() -> dict[str, Any]:
    """The index file's contents; an empty one if it is missing or of another measure's version."""
    return _lists(INDEX_FILE, MEASURE_VERSION)


@cache
def daily_index() -> dict[str, Any]:
    """The pinned lists of the day's challenges, of whatever measure's version pinned them: a
    day keeps its deals when the measure changes too."""
    return _lists(DAILY_FILE, None)


def daily_deals(variant_id: str, grade: str) -> list[int]:
    """The deal numbers of `grade` that the day's challenges draw from (maybe none)."""
    return list(daily_index()["variants"].get(variant_id, {}).get(grade, []))


def indexed(variant_id: str, grade: str) -> list[int]:
    """The deal numbers of `grade` that the index holds for the variant (maybe none)."""
    return list(index()["variants"].get(variant_id, {}).get(grade, []))


def pick(
    variant_id: str, grade: str, count: int, rng: random.Random | None = None, search: bool = True
) -> list[int]:
    """`count` different deal numbers of `grade`, each graded again here (so each is proven
    winnable and of that grade now): from the index first, then (with `search`) random deals
    graded one by one, up to SEARCH_TRIES of them."""
    rng = rng or random.SystemRandom()
    chosen: list[int] = []
    numbers = indexed(variant_id, grade)
    rng.shuffle(numbers)
    for number in numbers:
        if len(chosen) == count:
            return chosen
        if difficulty(Deal.from_number(variant_id, number)).grade == grade:
            chosen.append(number)
    for _ in range(SEARCH_TRIES if search else 0):
        if len(chosen) == count:
            break
        number = random_deal()
        if number not in chosen and difficulty(Deal.from_number(variant_id, number)).grade == grade:
            chosen.append(number)
    return chosen
