"""The readable specification of the solver: plain-Python searches over the engine's positions.

Short and slow on purpose; the property tests hold the compiled kernel (search.py) to them.
"""

from collections import deque

from ..engine.deal import START, Deal, Move, State
from .search import UNKNOWN, UNWINNABLE, WINNABLE


class OutOfBudget(Exception):
    """The reference search met its node limit."""


def reference_solve(deal: Deal, state: State = START, node_limit: int = 100_000) -> tuple[str, list[Move]]:
    """Try every legal move, depth first, remembering the positions found lost.
    Returns (WINNABLE, line), (UNWINNABLE, []) or (UNKNOWN, []) past `node_limit` positions."""
    lost: set[State] = set()

    def winning_line(state: State) -> list[Move] | None:
        if deal.is_won(state):
            return []
        if state in lost:
            return None
        if len(lost) >= node_limit:
            raise OutOfBudget
        for move in deal.legal_moves(state):
            rest = winning_line(deal.apply(state, move))
            if rest is not None:
                return [move] + rest
        lost.add(state)
        return None

    try:
        line = winning_line(state)
    except OutOfBudget:
        return UNKNOWN, []
    return (UNWINNABLE, []) if line is None else (WINNABLE, line)


def reference_shortest(deal: Deal, state: State = START, node_limit: int = 100_000) -> tuple[str, list[Move]]:
    """Breadth first: the first won position reached has a line with the fewest steps."""
    parent: dict[State, tuple[State, Move] | None] = {state: None}
    queue = deque([state])
    while queue:
        here = queue.popleft()
        if deal.is_won(here):
            line = []
            while (step := parent[here]) is not None:
                here, move = step
                line.append(move)
            return WINNABLE, line[::-1]
        if len(parent) > node_limit:
            return UNKNOWN, []
        for move in deal.legal_moves(here):
            after = deal.apply(here, move)
            if after not in parent:
                parent[after] = (here, move)
                queue.append(after)
    return UNWINNABLE, []
