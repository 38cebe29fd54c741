"""Candidate measures of how hard a winnable deal is for a person, each from the deal alone.

Every measure is deterministic: the solver's searches run under node limits (never the clock),
and a simulated player's ties are broken by SplitMix64 seeded with the rollout's number. Larger is
harder for every measure here (a win rate is turned into losses).

states    positions the exact decision search expands before it finds a winning line
forced    positions along the solver's winning line with a choice (two legal moves or more) where
          only one keeps the deal winnable: a person must find that one move there
greedy    games lost out of GREEDY_ROLLOUTS by the greedy player (players.py)

benchmarks/difficulty.py compares them against the lookahead player's win rate (docs/difficulty.md).

losing    removals open at the positions along the solver's winning line after which the deal is
          lost: the traps a player who takes what is open walks into; grades.py orders the deals
          the greedy player never wins by it (benchmarks/outsiders.py chose it among the others)
"""

from dataclasses import dataclass

from ..engine.deal import START, Deal, Move, State
from ..solver.search import WINNABLE, solve
from .players import greedy_wins

# The decision search's node budget for grading: past it a deal is not graded (too few are: see
# docs/difficulty.md). A fixed count, so a deal grades the same on every machine and in the page.
DECIDE_NODES = 2_000_000
CHILD_NODES = 200_000  # each position after a move, for `forced`; past it the move counts as keeping
GREEDY_ROLLOUTS = 16

MEASURES = ("states", "forced", "greedy")


@dataclass(frozen=True)
class Decision:
    """The exact decision search from the start, within DECIDE_NODES: its verdict, line and states."""

    verdict: str
    line: tuple[Move, ...]
    states: int


def decide(deal: Deal) -> Decision:
    found = solve(deal, node_limit=DECIDE_NODES)
    return Decision(str(found.verdict), found.line, found.searched)


def forced(deal: Deal, line: tuple[Move, ...]) -> int:
    """Positions along `line` with a choice where exactly one legal move leads to a winnable one."""
    count = 0
    state: State = START
    for move in line:
        keeping = 0
        moves = deal.legal_moves(state)
        for other in moves if len(moves) > 1 else ():
            after = deal.apply(state, other)
            if other == move or deal.is_won(after) or _keeps(deal, after):
                keeping += 1
                if keeping > 1:
                    break
        count += keeping == 1 and len(moves) > 1
        state = deal.apply(state, move)
    return count


def losing(deal: Deal, line: tuple[Move, ...]) -> int:
    """Removals open at the positions along `line` (each position once) that leave the deal
    proven unwinnable within CHILD_NODES (an undecided one does not count)."""
    count = 0
    state: State = START
    for move in line:
        for other in deal.legal_moves(state):
            if other.cards and other != move and not _keeps(deal, deal.apply(state, other)):
                count += 1
        state = deal.apply(state, move)
    return count


def _keeps(deal: Deal, state: State) -> bool:
    """Winnable, or not decided within CHILD_NODES (counted as keeping: not forced)."""
    return solve(deal, state, node_limit=CHILD_NODES).verdict != "unwinnable"


def measure(deal: Deal, name: str, decision: Decision | None = None) -> int:
    """The measure `name` of a deal (larger is harder); the decision is passed in when known."""
    if name == "greedy":
        return GREEDY_ROLLOUTS - greedy_wins(deal, GREEDY_ROLLOUTS)
    decision = decision or decide(deal)
    if decision.verdict != WINNABLE:
        raise ValueError(f"{deal!r} is not proven winnable: no measure of difficulty")
    return decision.states if name == "states" else forced(deal, decision.line)
