"""A deal's grade from its rating once players have played it enough, from the measure before.

The measure (goals/grades.py) grades a deal from simulated players; people's clean first attempts
rate it (ratings.py). A deal with MIN_RESULTS of them, that a player has won (so it is proven
winnable by a replayed game), is graded by its rating: its variant's deals rated that far are cut
into the four grades at the quartiles of their ratings, as the measure's thresholds cut the
variant's winnable deals into quarters (goals/thresholds.py), so the grades keep their shares.
Until a variant has MIN_DEALS such deals the cuts would be guesses, and the measure grades.

Why 30: in benchmarks/rated_grades.py's simulated population (400 deals, seeds 1 and 2) the
rated grade is the true one for 64-71% of deals at 30 results a deal and at most one grade off
for 98.0-99.8%, where 10 results give 51-55% and 92-94%; past 30 the gain is slow (68-73% at 50).
With 5 results 12-14% of deals are two grades off or more; waiting for more would keep deals
on the measure long after people had told their grade. docs/results.md has the table.
"""

import random
import statistics

from ..engine.deal import Deal
from ..engine.errors import Refusal, cut
from ..goals.grades import GRADES, UnknownGrade, difficulty
from ..goals.index import pick
from .store import Store, StoreDown

MIN_RESULTS = 30  # clean first attempts before a deal's rating grades it
MIN_DEALS = 8  # deals of a variant rated that far before their quartiles cut grades
PICKS = 4  # deals of the index tried for a new game of a grade before one whose rating agrees
RATING, MEASURE = "rating", "measure"


def cuts(ratings: list[float]) -> list[float] | None:
    """The three ratings that cut `ratings` into four grades of a quarter each (None: too few)."""
    if len(ratings) < MIN_DEALS:
        return None
    return statistics.quantiles(sorted(ratings), n=len(GRADES), method="inclusive")


def grade_of(rating: float, limits: list[float]) -> str:
    """The grade of a rating: the first grade whose cut the rating does not pass (higher is harder)."""
    for grade, limit in zip(GRADES, limits, strict=False):
        if rating <= limit:
            return grade
    return GRADES[-1]


def rated_grade(store: Store | None, variant: str, deal: str) -> str | None:
    """The deal's grade from its rating, or None while it has too few results (or the store is
    down or absent: the measure grades then)."""
    if store is None:
        return None
    try:
        rating = store.rating("deal", variant, deal)
        if rating.results < MIN_RESULTS or not store.won(variant, deal):
            return None
        limits = cuts(store.deal_ratings(variant, MIN_RESULTS))
    except StoreDown:
        return None
    return None if limits is None else grade_of(rating.rating, limits)


def grade(store: Store | None, variant: str, number: int) -> tuple[str | None, str]:
    """A deal's grade and where it comes from: ("hard", "rating") or ("medium", "measure");
    (None, "measure") for a deal the measure leaves ungraded (unwinnable, or a rule option)."""
    rated = rated_grade(store, variant, str(number))
    return (rated, RATING) if rated is not None else (measured_grade(variant, number), MEASURE)


def measured_grade(variant: str, number: int) -> str | None:
    """The measure's grade of a deal (None: unwinnable, or a variant with rule options)."""
    try:
        return difficulty(Deal.from_number(variant, number)).grade
    except Refusal:  # a variant with rule options: no grades
        return None


def graded_deal(
    store: Store | None, variant: str, wanted: str, rng: random.Random | None = None
) -> tuple[int, str, str]:
    """A deal of grade `wanted` from the index (goals/index.pick), skipping those whose rating
    grades them otherwise: (number, grade, source). When every pick is rated otherwise, the last
    one with its rated grade (said so, not passed off as `wanted`)."""
    rng = rng or random.SystemRandom()
    dealt = None
    for _ in range(PICKS):
        found = pick(variant, wanted, 1, rng, search=False)
        if not found:
            break
        rated = rated_grade(store, variant, str(found[0]))
        if rated is None:
            return found[0], wanted, MEASURE
        dealt = (found[0], rated, RATING)
        if rated == wanted:
            break
    if dealt is None:
        raise UnknownGrade("grade_variant", variant=cut(variant))
    return dealt
