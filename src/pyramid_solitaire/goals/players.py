"""Simulated players: how often a player of some habit wins a deal, over seeded rollouts.

A player looks at the legal moves (`Deal.legal_moves`, in its stable order), scores each by its
habit, and plays one of the best, a tie broken by SplitMix64 (RULES.md's generator, seeded by the
rollout's number: never the clock), so a rollout is the same on every machine and in the page
(static/js/goals/players.js is this module line for line, held to it by the grades corpus).

greedy     removes cards whenever it can, tableau cards first (the pyramid's, or the family's
           triangles); draws only when it must (`greedy_game` plays it fast over lists of
           positions; `rollout` with `greedy_score` over `Deal` is its specification, and the
           tests hold the two to the same games)
lookahead  plays the move after which the most cards can be removed (one move ahead); used by
           benchmarks/difficulty.py as the yardstick the measures are compared with, none of
           them is built from it
"""

from collections.abc import Callable

from ..engine.deal import Deal, Move, MoveKind, State
from ..engine.decks import DECK_SIZE

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
    """How many of the move's cards lie in the tableau (not on a waste, pile or the stock)."""
    return sum(1 for card in move.cards if deal.position[card] < deal.size)


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


def greedy_wins(deal: Deal, rollouts: int) -> int:
    """Games the greedy player wins out of `rollouts` (as `wins(deal, "greedy", rollouts)`)."""
    return sum(greedy_game(deal, k) for k in range(rollouts))


def greedy_game(deal: Deal, seed: int) -> bool:
    """One game of the greedy player, kept as lists of deck positions (top last; the stock top
    first), for speed: the same moves as `rollout(deal, greedy_score, seed)`. It reads the deal's
    layout, reserve piles, draw, pairing and goal, so it plays the family's games too; a gathering
    recycle (Apophis) gathers pile 1, then 2, then 3 into a new stock and deals its first row."""
    v, size = deal.variant, deal.size
    covers = [sum(1 << c for c in over) for over in deal.layout.covered_by]  # slot -> the bits over it
    values = [card % 13 + 1 for card in deal.cards]
    pairs = {(a, b) for a in range(1, 14) for b in range(1, 14) if v.pairing.pairs(a - 1, b - 1)}
    stock = list(range(deal.stock_start, DECK_SIZE)) if v.has_stock else []
    index = {p: p - deal.stock_start for p in stock}  # a stock card's place in this pass's order
    gathering = v.gather == "piles"
    wastes: list[list[int]] = [[] for _ in range(v.wastes)]
    piles = [list(range(size + v.pile_size * j, size + v.pile_size * (j + 1))) for j in range(v.piles)]
    removed = recycles = gone = gone_at_recycle = 0
    rng = SplitMix64(seed)
    free = _free(removed, covers)
    for _ in range(MAX_MOVES):
        if not free and (v.win != "all" or not any([stock, *wastes, *piles])):
            return True  # the tableau gone (and with win=all every other card too)
        avail = free + [pile[-1] for pile in wastes + piles if pile]
        if v.open_stock and stock:
            avail.append(stock[0])
        avail.sort()
        ties = _best_removals(avail, values, size, pairs, v.pairing.alone_values)
        if ties:
            gone += 1
            for p in ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]:
                if p < size:
                    removed |= 1 << p
                    free = _free(removed, covers)
                else:
                    for pile in [stock, *wastes, *piles]:
                        if pile and p in (pile[0] if pile is stock else pile[-1],):
                            pile.remove(p)
                            break
        elif stock:  # draw: the next cards round the waste piles in turn
            _deal_row(stock, wastes, index, v.cards_per_draw)
        elif (
            (v.recycles is None or recycles < v.recycles)
            and any(wastes)
            and (gathering or gone > gone_at_recycle)
        ):
            # gathering: pile 1 first, so pile 3 is on top, a new order (a pass that removed nothing
            # does not play the same again), the first row dealt in the same move; else the
            # original order, which a pass that removed nothing would play again
            stock = (
                [p for pile in reversed(wastes) for p in pile]
                if gathering
                else sorted(p for pile in wastes for p in pile)
            )
            wastes = [[] for _ in range(v.wastes)]
            recycles += 1
            gone_at_recycle = gone
            if gathering:
                index = {p: i for i, p in enumerate(stock)}
                _deal_row(stock, wastes, index, v.cards_per_draw)
        else:  # stuck; or a whole pass removed nothing, so every pass to come plays the same
            return False
    return False


def _deal_row(stock: list[int], wastes: list[list[int]], index: dict[int, int], count: int) -> None:
    """The stock's next `count` cards round the waste piles, each by its place in this pass's order."""
    for p in stock[:count]:
        wastes[index[p] % len(wastes)].append(p)
    del stock[:count]


def _free(removed: int, covers: list[int]) -> list[int]:
    """The tableau slots not removed whose covering cards are all gone, in deck order."""
    return [q for q, over in enumerate(covers) if not removed >> q & 1 and removed & over == over]


def _best_removals(
    avail: list[int], values: list[int], size: int, pairs: set[tuple[int, int]], alone: tuple[int, ...]
) -> list[tuple[int, ...]]:
    """The greedy player's best removals in legal order (cards alone, then pairs, each in deck
    order), as tuples of positions: those with the most tableau cards."""
    moves: list[tuple[int, ...]] = [(p,) for p in avail if values[p] in alone]
    moves += [(a, b) for i, a in enumerate(avail) for b in avail[i + 1 :] if (values[a], values[b]) in pairs]
    if not moves:
        return []
    scores = [sum(p < size for p in m) for m in moves]
    best = max(scores)
    return [m for m, s in zip(moves, scores, strict=True) if s == best]
