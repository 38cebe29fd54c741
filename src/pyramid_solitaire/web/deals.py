"""Which deal a new game plays: random, typed in by number, or the day's deal.
Deal numbers and random deals follow the one rule of decks.py, as on the command line."""

import re
from datetime import date

from ..engine.decks import parse_deal_number, random_deal
from ..engine.errors import Refusal, cut
from ..goals.grades import UnknownGrade, parse_grade
from ..goals.index import pick

__all__ = ["RequestError", "graded_deal", "parse_day", "parse_deal_number", "parse_grade", "random_deal"]


class RequestError(Refusal):
    """A request the web layer itself refuses: a bad date, options that exclude each other."""


def parse_day(text: str) -> date:
    """The page's local date, YYYY-MM-DD."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            pass
    raise RequestError("daily_date", text=cut(text))


def graded_deal(variant_id: str, grade: str) -> int:
    """A random deal of the index's list of `grade`, graded again (goals/index.pick: a few ms);
    never a search through random deals, which a request could make long."""
    found = pick(variant_id, grade, 1, search=False)
    if not found:
        raise UnknownGrade("grade_variant", variant=cut(variant_id))
    return found[0]
