"""The readable specification of the solver: plain-Python searches over the engine's positions.

Short and slow on purpose; the property tests hold the compiled kernel (search.py) to them. Both
take the deal's goal (Deal.goal: the pyramid, all 52 cards with win=all) or a `goal` of their own,
and with unlimited passes take positions that differ only in how often the waste was turned
over for one position (`position`): the same cards lie in the same places, and passes are left.

They search every game the engine knows. The C kernel plays the family's games (variants.GAMES)
by their rules as data (search.family_rules) or as a twin rule set (Thirteen), Apophis too (its
gathered stock's order as a second word of the position, c/gather.c), all but Apophis with more
than three passes and overlap discards on a family game: `plain_solve` is their solver, these
searches with a node budget, `unknown` when it runs out.
"""

import dataclasses
import time
from collections import deque
from collections.abc import Iterable

from ..engine.deal import START, Deal, Move, State
from .search import UNKNOWN, UNWINNABLE, WINNABLE, Solution, Verdict, kernel_deal

PLAIN_NODES = 50_000  # positions the plain search enters for one deal of a family game
PLAIN_RATE = 2_000  # positions a second it enters, about, on this 2-core machine under load


def kernel_plays(deal: Deal) -> bool:
    """Whether the C kernel knows the deal's rules: the six variants and their options, a family
    game by its rules as data (search.family_rules) or by a twin rule set (search.KERNEL_TWINS);
    not Apophis with more than three passes, nor overlap discards on a family game."""
    return kernel_deal(deal) is not None


def position(deal: Deal, state: State) -> State:
    """The position as the searches tell positions apart (unlimited passes: no recycle count)."""
    return dataclasses.replace(state, recycles=0) if deal.variant.recycles is None else state


def reference_solve(
    deal: Deal, state: State = START, node_limit: int = 100_000, goal: int | Iterable[int] | None = None
) -> tuple[str, list[Move]]:
    """Try every legal move, depth first, entering each position once (a position met again was
    searched, or is being searched further up the line: either way no new way to win starts there).
    Returns (WINNABLE, line), (UNWINNABLE, []) or (UNKNOWN, []) past `node_limit` positions."""
    verdict, line, _ = _depth_first(deal if goal is None else deal.with_goal(goal), state, node_limit)
    return verdict, line


def _depth_first(deal: Deal, state: State, node_limit: int) -> tuple[Verdict, list[Move], int]:
    """reference_solve's search; also returns how many positions it entered."""
    if deal.is_won(state):
        return WINNABLE, [], 0
    seen = {position(deal, state)}
    stack = [(state, iter(deal.legal_moves(state)))]
    line: list[Move] = []
    while stack:
        here, moves = stack[-1]
        move = next(moves, None)
        if move is None:
            stack.pop()
            if line:
                line.pop()
            continue
        after = deal.apply(here, move)
        if deal.is_won(after):
            return WINNABLE, line + [move], len(seen)
        if position(deal, after) in seen:
            continue
        if len(seen) >= node_limit:
            return UNKNOWN, [], len(seen)
        seen.add(position(deal, after))
        line.append(move)
        stack.append((after, iter(deal.legal_moves(after))))
    return UNWINNABLE, [], len(seen)


def reference_shortest(
    deal: Deal, state: State = START, node_limit: int = 100_000, goal: int | Iterable[int] | None = None
) -> tuple[str, list[Move]]:
    """Breadth first: the first won position reached has a line with the fewest steps."""
    verdict, line, _ = _breadth_first(deal if goal is None else deal.with_goal(goal), state, node_limit)
    return verdict, line


def _breadth_first(deal: Deal, state: State, node_limit: int) -> tuple[Verdict, list[Move], int]:
    """reference_shortest's search; also returns how many positions it met."""
    parent: dict[State, tuple[State, Move] | None] = {position(deal, state): None}
    queue = deque([state])
    while queue:
        here = queue.popleft()
        if deal.is_won(here):
            line = []
            at = position(deal, here)
            while (step := parent[at]) is not None:
                at, move = step
                line.append(move)
            return WINNABLE, line[::-1], len(parent)
        if len(parent) > node_limit:
            return UNKNOWN, [], len(parent)
        for move in deal.legal_moves(here):
            after = deal.apply(here, move)
            if position(deal, after) not in parent:
                parent[position(deal, after)] = (position(deal, here), move)
                queue.append(after)
    return UNWINNABLE, [], len(parent)


def plain_solve(
    deal: Deal,
    state: State = START,
    *,
    shortest: bool = False,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Solution:
    """The plain searches' answer as a Solution (the kernel's form): depth first, or breadth first
    with `shortest` (its line then has the fewest steps). UNKNOWN past `node_limit` positions
    (PLAIN_NODES unless given), or when a `time_limit` asks for fewer: the positions it enters
    in that time at PLAIN_RATE (a count, so the answer is the same on every machine)."""
    started = time.perf_counter()  # only for the figure `seconds`, never a decision
    limit = PLAIN_NODES if node_limit is None else node_limit
    if time_limit is not None:
        limit = min(limit, max(int(time_limit * PLAIN_RATE), 1))
    search = _breadth_first if shortest else _depth_first
    verdict, line, searched = search(deal, state, limit)
    seconds = time.perf_counter() - started
    return Solution(verdict, tuple(line), searched, seconds, shortest=shortest and verdict == WINNABLE)
