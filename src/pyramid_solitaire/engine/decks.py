"""Decks: deck strings, deal numbers (a shuffled deck per number) and daily deals
(RULES.md, "A deal as text" and "Deal numbers")."""

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .cards import ALL_CARDS, CardError, card_text, parse_card
from .errors import Refusal, cut

# hashlib, secrets and datetime load only when a daily or a random deal is asked for: a `solve`
# start-up needs none of them (tests/test_startup.py).
if TYPE_CHECKING:
    from datetime import date

DECK_SIZE = 52
PYRAMID_SIZE = 28
MAX_DEAL = 2**64
_MASK64 = MAX_DEAL - 1
# A random deal (the page's New game, `play` and `deal --random`) is below 2**31: a number short
# enough to read out or type, and exact in JavaScript. Every deal number up to 2**64 - 1 can be played.
RANDOM_DEALS = 2**31


class DeckError(Refusal):
    """A deck string that is not exactly the 52 cards, or a deal number that is none."""


def _splitmix64(state: int) -> Iterator[int]:
    """The SplitMix64 generator of RULES.md, as an endless iterator of 64-bit numbers."""
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def parse_deal_number(number: object) -> int:
    """The one reader of deal numbers (records, web, command line): a whole number, or its
    digits as text (numbers past 2**53 travel as text for JavaScript), from 0 to 2**64 - 1.
    `true`, `1.0`, `1e2`, " 7" and "+7" are refused; a minus sign is read, then out of range."""
    if isinstance(number, str) and re.fullmatch(r"-?[0-9]+", number, re.ASCII):
        digits = number.lstrip("-").lstrip("0")
        if len(digits) > 20:  # past 2**64 anyway; int() of thousands of digits is slow or refused
            raise DeckError("deal_number_range", text=cut(number))
        number = int(number)
    if isinstance(number, bool) or not isinstance(number, int):
        raise DeckError("deal_number_invalid", text=cut(number))
    if not 0 <= number < MAX_DEAL:
        raise DeckError("deal_number_range", text=cut(str(number)))
    return number


def random_deal() -> int:
    """The one random-deal rule of every front end: uniform below RANDOM_DEALS."""
    import secrets

    return secrets.randbelow(RANDOM_DEALS)


def deal_cards(number: int) -> list[int]:
    """The 52 cards of deal `number`, in deck-string order."""
    number = parse_deal_number(number)
    deck = list(ALL_CARDS)
    rng = _splitmix64(number)
    for i in range(DECK_SIZE - 1, 0, -1):
        j = next(rng) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def parse_deck(text: str) -> list[int]:
    """Read a deck string; refuse it naming the unknown, repeated or missing cards."""
    if not isinstance(text, str):
        raise DeckError("deck_not_text", type=type(text).__name__)
    tokens = text.split()
    cards = []
    for pos, token in enumerate(tokens, 1):
        try:
            cards.append(parse_card(token))
        except CardError as err:
            raise DeckError("deck_card", position=pos, reason=err.as_reason()) from None
    seen: set[int] = set()
    doubled = []
    for c in cards:
        if c in seen:
            doubled.append(c)
        seen.add(c)
    missing = [c for c in ALL_CARDS if c not in seen]
    repeated = [card_text(c) for c in dict.fromkeys(doubled)]  # each card once, so the list stays short
    absent = [card_text(c) for c in missing]
    if repeated and absent:
        raise DeckError("deck_repeated_missing", count=len(cards), repeated=repeated, missing=absent)
    if repeated:
        raise DeckError("deck_repeated", count=len(cards), repeated=repeated)
    if absent:
        raise DeckError("deck_missing", count=len(cards), missing=absent)
    return cards


def format_deck(cards: list[int]) -> str:
    """The cards as a deck string (RULES.md, "A deal as text")."""
    return " ".join(card_text(c) for c in cards)


def daily_deal(variant_id: str, day: "date") -> int:
    """The deal number of the daily deal: one per variant and calendar day, the same for everyone.
    A hash of the date and the variant, so neighbouring days and variants look unrelated."""
    import hashlib

    digest = hashlib.sha256(f"pyramid-solitaire daily {day.isoformat()} {variant_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
