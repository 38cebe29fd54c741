"""Decks: deck strings, deal numbers (a shuffled deck per number) and daily deals
(RULES.md, "A deal as text" and "Deal numbers")."""

import hashlib
from collections.abc import Iterator
from datetime import date

from .cards import ALL_CARDS, CardError, card_text, parse_card, quote

DECK_SIZE = 52
PYRAMID_SIZE = 28
MAX_DEAL = 2**64
_MASK64 = MAX_DEAL - 1


class DeckError(ValueError):
    """A deck string that is not exactly the 52 cards."""


def _splitmix64(state: int) -> Iterator[int]:
    """The SplitMix64 generator of RULES.md, as an endless iterator of 64-bit numbers."""
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def check_deal_number(number: int) -> int:
    if isinstance(number, bool) or not isinstance(number, int):
        shown = quote(number if isinstance(number, str) else repr(number))
        raise DeckError(f"deal number must be an integer, not {shown}")
    if not 0 <= number < MAX_DEAL:
        raise DeckError(f"deal number {quote(str(number))} is out of range (0 to 2**64 - 1)")
    return number


def deal_cards(number: int) -> list[int]:
    """The 52 cards of deal `number`, in deck-string order."""
    check_deal_number(number)
    deck = list(ALL_CARDS)
    rng = _splitmix64(number)
    for i in range(DECK_SIZE - 1, 0, -1):
        j = next(rng) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def parse_deck(text: str) -> list[int]:
    """Read a deck string; refuse it naming the unknown, repeated or missing cards."""
    if not isinstance(text, str):
        raise DeckError(f"deck string must be text, not {type(text).__name__}")
    tokens = text.split()
    cards = []
    for pos, token in enumerate(tokens, 1):
        try:
            cards.append(parse_card(token))
        except CardError as err:
            raise DeckError(f"deck string card {pos}: {err}") from None
    seen: set[int] = set()
    doubled = []
    for c in cards:
        if c in seen:
            doubled.append(c)
        seen.add(c)
    missing = [c for c in ALL_CARDS if c not in seen]
    if doubled or missing or len(cards) != DECK_SIZE:
        problems = []
        if doubled:
            problems.append(_listing(doubled, "is repeated", "are repeated"))
        if missing:
            problems.append(_listing(missing, "is missing", "are missing"))
        raise DeckError(f"deck string has {len(cards)} cards: " + "; ".join(problems))
    return cards


def _listing(cards: list[int], one: str, many: str) -> str:
    names = " ".join(card_text(c) for c in cards)
    return f"{names} {one if len(cards) == 1 else many}"


def format_deck(cards: list[int]) -> str:
    return " ".join(card_text(c) for c in cards)


def daily_deal(variant_id: str, day: date) -> int:
    """The deal number of the daily deal: one per variant and calendar day, the same for everyone.
    A hash of the date and the variant, so neighbouring days and variants look unrelated."""
    digest = hashlib.sha256(f"pyramid-solitaire daily {day.isoformat()} {variant_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
