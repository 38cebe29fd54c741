"""The score of a position (docs/score.md): points per card removed, per pyramid row cleared,
for clearing the pyramid, less per recycle. A pure function of the position, so Undo takes the
points back; the page's goals/score.js is held to it by tests/golden/score_corpus.json.

>>> from pyramid_solitaire.engine.deal import Deal, START
>>> deal = Deal.from_number("pyramid", 1)
>>> score(START)
0
>>> score(deal.apply(START, deal.parse_move("Kc")))
5
"""

from collections.abc import Iterable

from ..engine.deal import PYRAMID_MASK, ROWS, START, Deal, Move, State, slot

CARD = 5  # each card removed: a pair 10, a king 5
ROW = 25  # each pyramid row cleared
CLEARED = 100  # the pyramid cleared, on top of its rows
RECYCLE = -20  # each recycle

ROW_MASKS = tuple(sum(1 << slot(row, i) for i in range(row + 1)) for row in range(ROWS))


def rows_cleared(state: State) -> int:
    """How many of the pyramid's 7 rows are gone."""
    return sum(state.removed & mask == mask for mask in ROW_MASKS)


def score(state: State) -> int:
    """The score of `state`: the points do not depend on which cards are gone, only how many."""
    won = state.removed & PYRAMID_MASK == PYRAMID_MASK
    return (
        CARD * state.removed.bit_count()
        + ROW * rows_cleared(state)
        + CLEARED * won
        + RECYCLE * state.recycles
    )


def line_scores(deal: Deal, moves: Iterable[Move], state: State | None = None) -> list[int]:
    """The score after each move of a line played from `state` (the start if None)."""
    state = START if state is None else state
    scores = []
    for move in moves:
        state = deal.apply(state, move)
        scores.append(score(state))
    return scores


def best_score(deal: Deal, moves: Iterable[Move]) -> int:
    """The highest score a line reaches from the start (0 for no move)."""
    return max([0, *line_scores(deal, moves)])
