"""Cards as small integers, their values and their text notation (RULES.md, "Cards").

A card is an int 0..51: suit index * 13 + rank index, in the order c, d, h, s and A..K,
so 0 is Ac and 51 is Ks. Ints keep the engine and the compiled solver on one representation.
"""

from .errors import Refusal, cut

RANKS = "A23456789TJQK"
SUITS = "cdhs"
KING_VALUE = 13
PAIR_SUM = 13

ALL_CARDS = tuple(range(52))


class CardError(Refusal):
    """A card text that names no card."""


def value(card: int) -> int:
    """Game value: A=1, 2..10 face value, J=11, Q=12, K=13."""
    return card % 13 + 1


def is_king(card: int) -> bool:
    """Whether the card is a king (it is removed on its own)."""
    return value(card) == KING_VALUE


def pairs(a: int, b: int) -> bool:
    """Two cards pair when their values add up to 13 (two kings never do)."""
    return value(a) + value(b) == PAIR_SUM


def card_text(card: int) -> str:
    """Canonical notation: rank letter then suit letter, e.g. 'Td'."""
    return RANKS[card % 13] + SUITS[card // 13]


def parse_card(text: str) -> int:
    """Read 'Ah', 'td', '10h', 'QS'; refuse anything else with a message naming it."""
    t = text.strip()
    if len(t) < 2:
        raise CardError("card_invalid", text=cut(text))
    rank, suit = t[:-1].upper(), t[-1].lower()
    if rank == "10":
        rank = "T"
    if len(rank) != 1 or rank not in RANKS:
        raise CardError("card_rank", text=cut(text), rank=cut(t[:-1]))
    if suit not in SUITS:
        raise CardError("card_suit", text=cut(text), suit=cut(t[-1]))
    return SUITS.index(suit) * 13 + RANKS.index(rank)
