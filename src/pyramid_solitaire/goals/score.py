"""The score of a position (docs/score.md): points per card removed, per row of the layout
cleared (each row of each triangle: the inverted pyramid's, Pharaohs's three pyramids'; a
reserve is no row), for clearing the layout, less per recycle. A pure function of the position,
so Undo takes the points back; the page's goals/score.js is held to it by
tests/golden/score_corpus.json.

>>> from pyramid_solitaire.engine.deal import Deal, START, State
>>> deal = Deal.from_number("pyramid", 1)
>>> score(START)
0
>>> score(deal.apply(START, deal.parse_move("Kc")))
5
>>> score(State(removed=(1 << 52) - 1), LAYOUTS["pharaohs"])  # 52 cards, 15 rows, cleared
735
"""

from collections.abc import Iterable

from ..engine.deal import START, Deal, Move, State
from ..engine.layouts import LAYOUTS, Layout

CARD = 5  # each card removed: a pair 10, a king 5
ROW = 25  # each row of the layout cleared
CLEARED = 100  # the layout cleared (the pyramid, or every triangle), on top of its rows
RECYCLE = -20  # each recycle

PYRAMID = LAYOUTS["pyramid"]  # the six variants' layout
# For each layout, a mask of deck positions per row of its triangles, and of the whole tableau.
ROW_MASKS = {layout.id: tuple(sum(1 << p for p in row) for row in layout.rows) for layout in LAYOUTS.values()}
TABLEAU_MASKS = {layout.id: (1 << layout.size) - 1 for layout in LAYOUTS.values()}


def rows_cleared(state: State, layout: Layout = PYRAMID) -> int:
    """How many rows of the layout's triangles are gone (the pyramid's 7, Pharaohs's 15)."""
    return sum(state.removed & mask == mask for mask in ROW_MASKS[layout.id])


def score(state: State, layout: Layout = PYRAMID) -> int:
    """The score of `state` in a game of `layout` (the deal's): the points do not depend on which
    cards are gone, only how many, and which rows."""
    cleared = TABLEAU_MASKS[layout.id]
    return (
        CARD * state.removed.bit_count()
        + ROW * rows_cleared(state, layout)
        + CLEARED * (state.removed & cleared == cleared)
        + RECYCLE * state.recycles
    )


def line_scores(deal: Deal, moves: Iterable[Move], state: State | None = None) -> list[int]:
    """The score after each move of a line played from `state` (the start if None)."""
    state = START if state is None else state
    scores = []
    for move in moves:
        state = deal.apply(state, move)
        scores.append(score(state, deal.layout))
    return scores


def best_score(deal: Deal, moves: Iterable[Move]) -> int:
    """The highest score a line reaches from the start (0 for no move)."""
    return max([0, *line_scores(deal, moves)])
