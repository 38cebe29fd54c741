"""Which deal a new game plays: random, typed in by number, or the day's deal (a graded one:
results/grades.py, by the deal's rating once it has one, by the measure before).
Deal numbers and random deals follow the one rule of decks.py, and days the one range of
goals/daily.py (2000-01-01 to 2200-12-31), as on the command line."""

from ..engine.decks import parse_deal_number, random_deal
from ..goals.daily import parse_day
from ..goals.grades import parse_grade

__all__ = ["parse_day", "parse_deal_number", "parse_grade", "random_deal"]
