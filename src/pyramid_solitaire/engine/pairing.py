"""Pairing relations as data: which two available cards are removed together, which card alone.

>>> THIRTEEN.pairs(parse_card("6h"), parse_card("7c")), THIRTEEN.pairs(parse_card("Kh"), parse_card("Kc"))
(True, False)
>>> THIRTEEN.alone(parse_card("Kd")), CHEOPS.pairs(parse_card("Kd"), parse_card("Qs"))
(True, True)
>>> DOZEN.pairs(parse_card("Qh"), parse_card("Kc")), DOZEN.pairs(parse_card("6h"), parse_card("6c"))
(True, True)
>>> ELEVEN.pairs(parse_card("Jh"), parse_card("Jc")), ELEVEN.pairs(parse_card("5h"), parse_card("5c"))
(True, False)
"""

from dataclasses import dataclass

from .cards import parse_card, value  # noqa: F401 (parse_card: the examples above)


@dataclass(frozen=True)
class Pairing:
    """Two cards pair when their values add up to `total`, when both have one value of `same`,
    when they are a pair of values in `also`, or (with `adjacent`) when their values are equal or
    next to each other (no wrap: A and K are not). A card whose value is in `alone` goes alone."""

    total: int | None = 13
    same: tuple[int, ...] = ()
    also: tuple[tuple[int, int], ...] = ()
    adjacent: bool = False
    alone_values: tuple[int, ...] = (13,)

    def pairs(self, a: int, b: int) -> bool:
        """Whether cards `a` and `b` are removed together."""
        va, vb = value(a), value(b)
        return (
            va + vb == self.total
            or (va == vb and va in self.same)
            or (va, vb) in self.also
            or (vb, va) in self.also
            or (self.adjacent and abs(va - vb) <= 1)
        )

    def alone(self, card: int) -> bool:
        """Whether `card` is removed on its own."""
        return value(card) in self.alone_values


THIRTEEN = Pairing()  # RULES.md: sums of 13, kings alone
DOZEN = Pairing(total=12, also=((12, 13),), alone_values=())  # Pyramid Dozen: 6+6 pairs too (PySolFC)
ELEVEN = Pairing(total=11, same=(11, 12, 13), alone_values=())  # Eleven Triangle: J+J, Q+Q, K+K
CHEOPS = Pairing(total=None, adjacent=True, alone_values=())  # Cheops: same or next rank
