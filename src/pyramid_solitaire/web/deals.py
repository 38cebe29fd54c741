"""Which deal a new game plays: random, typed in by number, or the day's deal.
Deal numbers and random deals follow the one rule of decks.py, and days the one range of
goals/daily.py (2000-01-01 to 2200-12-31), as on the command line."""

from ..engine.decks import parse_deal_number, random_deal
from ..engine.errors import cut
from ..goals.daily import parse_day
from ..goals.grades import UnknownGrade, parse_grade
from ..goals.index import pick

__all__ = ["graded_deal", "parse_day", "parse_deal_number", "parse_grade", "random_deal"]


def graded_deal(variant_id: str, grade: str) -> int:
    """A random deal of the index's list of `grade`, graded again (goals/index.pick: a few ms);
    never a search through random deals, which a request could make long."""
    found = pick(variant_id, grade, 1, search=False)
    if not found:
        raise UnknownGrade("grade_variant", variant=cut(variant_id))
    return found[0]
