"""Players no grade was tuned on: the check that the grades describe deals, not one player.

The grades (grades.py) come from the greedy player and the solver; the lookahead and casual
players of benchmarks/difficulty.py chose the measure. These three have other habits and no
threshold, measure or benchmark choice was made with them; benchmarks/difficulty.py plays them
on deals beyond every graded range (docs/difficulty.md). Each plays through players.rollout: a
score per legal move, a tie broken by SplitMix64 seeded with the game's number.

lowest      removes whenever it can, the pair with the lowest card first (an ace with a queen
            before a six with a seven, a king last), never minding where the cards lie; draws
            only when it must
lookahead2  looks two moves ahead: the move after which the best next move leaves the most
            removals open (a win first)
kingfirst   takes a king when one is open, else any removal at random, wherever its cards lie;
            draws only when it must
"""

from ..engine.deal import Deal, Move, MoveKind, State
from .players import Score, rollout


def lowest_score(deal: Deal, state: State, move: Move) -> int:
    """A removal beats a draw, a draw a recycle; among removals the lowest card first."""
    if not move.cards:
        return move.kind == MoveKind.DRAW
    return 100 - min(card % 13 + 1 for card in move.cards)


def _open_removals(deal: Deal, state: State) -> int:
    return sum(1 for m in deal.legal_moves(state) if m.cards)


def lookahead2_score(deal: Deal, state: State, move: Move) -> int:
    """The most removals open after the move and the best next one; a win, then a sure win next,
    first; a move that leaves nothing to play last."""
    after = deal.apply(state, move)
    if deal.is_won(after):
        return 10_000
    best = -1
    for then in deal.legal_moves(after):
        later = deal.apply(after, then)
        if deal.is_won(later):
            return 5_000
        best = max(best, _open_removals(deal, later))
    return 4 * best + 2 * len(move.cards) + (move.kind != MoveKind.RECYCLE)


def kingfirst_score(deal: Deal, state: State, move: Move) -> int:
    """A king, then any pair alike, then a draw, then a recycle."""
    order = (MoveKind.RECYCLE, MoveKind.DRAW, MoveKind.PAIR, MoveKind.KING)
    return order.index(move.kind)


OUTSIDERS: dict[str, Score] = {
    "lowest": lowest_score,
    "lookahead2": lookahead2_score,
    "kingfirst": kingfirst_score,
}


def outsider_wins(deal: Deal, player: str, games: int) -> int:
    """Games the outsider `player` wins out of `games`, game k seeded with k."""
    score = OUTSIDERS[player]
    return sum(rollout(deal, score, k) for k in range(games))
