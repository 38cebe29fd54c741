"""Which deal a new game plays: random, typed in by number, or the day's deal."""

import re
import secrets
from datetime import date

from ..cards import quote
from ..decks import MAX_DEAL
from ..game import RecordError

# Random deals stay below 2**31: short numbers to read out, and safe in JavaScript numbers.
RANDOM_DEALS = 2**31


def random_deal() -> int:
    return secrets.randbelow(RANDOM_DEALS)


def parse_day(text: str) -> date:
    """The page's local date, YYYY-MM-DD."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            pass
    raise RecordError(f"daily: {quote(text)} is not a date (YYYY-MM-DD)")


def deal_number(deal: int | str) -> int:
    text = str(deal).strip()
    if not re.fullmatch(r"[0-9]{1,20}", text) or int(text) >= MAX_DEAL:
        raise RecordError(f"{quote(str(deal))} is not a deal number (0 to 2**64 - 1)")
    return int(text)
