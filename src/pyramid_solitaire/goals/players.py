"""Simulated players: how often a player of some habit wins a deal, over seeded rollouts.

A player looks at the legal moves (`Deal.legal_moves`, in its stable order), scores each by its
habit, and plays one of the best, a tie broken by SplitMix64 (RULES.md's generator, seeded by the
rollout's number: never the clock), so a rollout is the same on every machine and in the page
(static/js/goals/players.js is this module line for line, held to it by the grades corpus).

greedy     removes cards whenever it can, pyramid cards first; draws only when it must
           (`greedy_game` plays it fast over lists of positions; `rollout` with `greedy_score`
           over `Deal` is its specification, and the tests hold the two to the same games)
lookahead  plays the move after which the most cards can be removed (one move ahead); used by
           benchmarks/difficulty.py as the yardstick the measures are compared with, none of
           them is built from it
"""

from collections.abc import Callable

from ..engine.deal import COVERED_BY, Deal, Move, MoveKind, State
from ..engine.decks import DECK_SIZE, PYRAMID_SIZE

MASK64 = (1 << 64) - 1
MAX_MOVES = 500  # no variant's game is longer (every pass is finite); a guard, never reached


class SplitMix64:
    """RULES.md's SplitMix64 as an object: `below(n)` draws a whole number in 0..n-1."""

    def __init__(self, seed: int):
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n


def pyramid_cards(deal: Deal, move: Move) -> int:
    """How many of the move's cards lie in the pyramid (not on a waste, pile or the stock)."""
    return sum(1 for card in move.cards if deal.position[card] < PYRAMID_SIZE)


def greedy_score(deal: Deal, state: State, move: Move) -> int:
    """A removal beats a draw, a draw beats a recycle; pyramid cards first among removals."""
    if move.kind == MoveKind.RECYCLE:
        return 0
    if move.kind == MoveKind.DRAW:
        return 1
    return 10 + pyramid_cards(deal, move)


def lookahead_score(deal: Deal, state: State, move: Move) -> int:
    """The removals the move leaves open (one move ahead), then the pyramid cards it takes."""
    after = deal.apply(state, move)
    if deal.is_won(after):
        return 1000
    removals = sum(1 for m in deal.legal_moves(after) if m.cards)
    return 4 * removals + 2 * pyramid_cards(deal, move) + (move.kind != MoveKind.RECYCLE)


Score = Callable[[Deal, State, Move], int]
PLAYERS: dict[str, Score] = {"greedy": greedy_score, "lookahead": lookahead_score}


def rollout(deal: Deal, score: Score, seed: int, state: State = State()) -> bool:
    """One game of the player from `state` with the ties broken by SplitMix64(seed): won or not."""
    rng = SplitMix64(seed)
    for _ in range(MAX_MOVES):
        moves = deal.legal_moves(state)
        if not moves:
            return deal.is_won(state)
        scores = [score(deal, state, m) for m in moves]
        best = max(scores)
        ties = [m for m, s in zip(moves, scores, strict=True) if s == best]
        state = deal.apply(state, ties[rng.below(len(ties))] if len(ties) > 1 else ties[0])
    return False


def wins(deal: Deal, player: str, rollouts: int) -> int:
    """Games won out of `rollouts`, rollout k seeded with k (the same k on every deal)."""
    score = PLAYERS[player]
    return sum(rollout(deal, score, k) for k in range(rollouts))


COVERS = [sum(1 << c for c in cover) for cover in COVERED_BY]  # pyramid slot -> the bits over it


def greedy_wins(deal: Deal, rollouts: int) -> int:
    """Games the greedy player wins out of `rollouts` (as `wins(deal, "greedy", rollouts)`)."""
    return sum(greedy_game(deal, k) for k in range(rollouts))


def greedy_game(deal: Deal, seed: int) -> bool:
    """One game of the greedy player, kept as lists of deck positions (top last; the stock top
    first), for speed: the same moves as `rollout(deal, greedy_score, seed)`."""
    v = deal.variant
    values = [card % 13 + 1 for card in deal.cards]
    stock = list(range(PYRAMID_SIZE, DECK_SIZE)) if v.has_stock else []
    wastes: list[list[int]] = [[] for _ in range(v.wastes)]
    piles = [list(range(PYRAMID_SIZE + 3 * j, PYRAMID_SIZE + 3 * j + 3)) for j in range(v.piles)]
    removed = recycles = 0
    rng = SplitMix64(seed)
    free = list(range(21, PYRAMID_SIZE))  # the bottom row
    for _ in range(MAX_MOVES):
        if not free:
            return True  # all 28 pyramid cards gone
        avail = free + [pile[-1] for pile in wastes + piles if pile]
        if v.open_stock and stock:
            avail.append(stock[0])
        avail.sort()
        best, ties = _best_removals(avail, values)
        if ties:
            for p in ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]:
                if p < PYRAMID_SIZE:
                    removed |= 1 << p
                    free = [
                        q
                        for q in range(PYRAMID_SIZE)
                        if not removed >> q & 1 and removed & COVERS[q] == COVERS[q]
                    ]
                else:
                    for pile in [stock, *wastes, *piles]:
                        if pile and p in (pile[0] if pile is stock else pile[-1],):
                            pile.remove(p)
                            break
        elif stock:  # draw: the next cards round the waste piles in turn
            for p in stock[: v.wastes]:
                wastes[(p - PYRAMID_SIZE) % v.wastes].append(p)
            del stock[: v.wastes]
        elif (v.recycles is None or recycles < v.recycles) and any(wastes):
            stock = sorted(p for pile in wastes for p in pile)
            wastes = [[] for _ in range(v.wastes)]
            recycles += 1
        else:
            return False
    return False


def _best_removals(avail: list[int], values: list[int]) -> tuple[int, list[tuple[int, ...]]]:
    """The greedy player's best removals in legal order (kings, then pairs, each in deck order):
    their score and the moves as tuples of positions."""
    moves: list[tuple[int, ...]] = [(p,) for p in avail if values[p] == 13]
    moves += [(a, b) for i, a in enumerate(avail) for b in avail[i + 1 :] if values[a] + values[b] == 13]
    if not moves:
        return 0, []
    scores = [sum(p < PYRAMID_SIZE for p in m) for m in moves]
    best = max(scores)
    return best, [m for m, s in zip(moves, scores, strict=True) if s == best]
