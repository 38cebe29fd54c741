"""An honest hint where cards lie face down (Pyramid Thirteen): each legal move judged over deals
the player cannot tell from the real one, never over the real hidden cards.

What a player has seen of a position is what engine/view.py shows them: the face-up pyramid
cards, the waste, the open stock's top card, and every card gone. The rest are the unseen cards
(face-down pyramid cards, and the stock under its top while the first pass lasts: after a recycle
every stock card was drawn once). A consistent deal keeps every seen card where it is and puts
the unseen cards in the unseen places in a shuffled order. SAMPLES such deals, shuffled by a seed
made of what was seen alone (the page's twin, solver/consistent.js, draws the same ones), are
solved by the kernel within SAMPLE_NODES positions each, after each legal move; the move that
keeps the most of them winnable is the hint, with its share. A hint's time limit stops the
sampling early (then the share is of the samples solved).

The legal moves are the same in every consistent deal (an unseen card is never available), and
the answer depends only on what was seen: two deals that differ only in their unseen cards get
the same hint. Budgets are counts of positions, so the answer is the same on every machine.
"""

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.deal import Deal, Move, State
from ..engine.decks import MAX_DEAL, deal_cards
from .search import UNKNOWN, UNWINNABLE, WINNABLE, solve

SAMPLES = 40  # consistent deals per hint
SAMPLE_NODES = 20_000  # positions the kernel may search for one sampled position


@dataclass(frozen=True)
class Judged:
    """A move judged over the consistent deals: in how many it keeps the game winnable."""

    move: Move
    winnable: int  # sampled deals where the position after the move is proven winnable
    unknown: int  # sampled deals the budget did not decide
    samples: int

    @property
    def share(self) -> float:
        """The share of the samples the move keeps winnable (0 to 1)."""
        return self.winnable / self.samples if self.samples else 0.0

    def to_dict(self) -> dict[str, object]:
        """JSON form: the counts and the share (winnable of samples, rounded)."""
        return {
            "winnable": self.winnable,
            "samples": self.samples,
            "unknown": self.unknown,
            "share": round(self.share, 4),
        }


def unseen_positions(deal: Deal, state: State) -> list[int]:
    """The deck positions whose cards the player has not seen, in deck order."""
    face_down = [p for p in range(deal.size) if deal.is_face_down(state, p)]
    stock = deal.stock_positions(state) if state.recycles == 0 else []
    return face_down + (stock[1:] if deal.variant.open_stock else stock)


def seed(deal: Deal, state: State, unseen: list[int]) -> int:
    """A seed made of what was seen alone: the position, and each seen card where it lies (the
    first 8 bytes, big-endian, of a SHA-256 of a text the page's twin writes the same)."""
    hidden = set(unseen)
    seen = ",".join(f"{p}:{card}" for p, card in enumerate(deal.cards) if p not in hidden)
    where = f"{deal.variant.text} {state.removed} {state.drawn} {state.recycles}"
    text = f"pyramid-solitaire consistent {where} {','.join(map(str, unseen))} {seen}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def consistent_deals(deal: Deal, state: State, samples: int = SAMPLES) -> list[Deal]:
    """`samples` deals the player cannot tell from `deal` in `state`: the unseen cards shuffled
    into the unseen places. The shuffle starts from the unseen cards sorted, so their real
    order is never used. Sample k's order is that of deal number seed + k's 52 cards (RULES.md's
    shuffle, which the page has too) read for the numbers below the count of unseen cards."""
    unseen = unseen_positions(deal, state)
    first = seed(deal, state, unseen)
    pool = sorted(deal.cards[p] for p in unseen)
    found = []
    for k in range(samples):
        order = [i for i in deal_cards((first + k) % MAX_DEAL) if i < len(pool)]
        cards = list(deal.cards)
        for p, i in zip(unseen, order, strict=True):
            cards[p] = pool[i]
        found.append(Deal(deal.variant, cards, goal=deal.goal))
    return found


def judge(
    deal: Deal,
    state: State,
    samples: int = SAMPLES,
    node_limit: int = SAMPLE_NODES,
    left: Callable[[], float] | None = None,
) -> list[Judged]:
    """Every legal move with its count of consistent deals it keeps winnable, in legal order.
    With `left` (the seconds left), no new sample is begun once it is spent (at least one is
    solved): the counts are then of fewer samples, which Judged.samples says."""
    moves = deal.legal_moves(state)
    winnable = dict.fromkeys(moves, 0)
    unknown = dict.fromkeys(moves, 0)
    solved = 0
    for sample in consistent_deals(deal, state, samples) if moves else []:
        if solved and left is not None and left() <= 0:
            break
        solved += 1
        here = solve(sample, state, node_limit=node_limit)
        if here.verdict == UNWINNABLE:  # lost here: lost after every move, nothing more to ask
            continue
        rest = moves
        if here.verdict == WINNABLE:  # the line's first move keeps it winnable: no need to ask
            winnable[here.line[0]] += 1
            rest = [m for m in moves if m != here.line[0]]
        _each(sample, state, rest, node_limit, winnable, unknown)
    return [Judged(m, winnable[m], unknown[m], solved) for m in moves]


def _each(
    sample: Deal,
    state: State,
    moves: list[Move],
    node_limit: int,
    winnable: dict[Move, int],
    unknown: dict[Move, int],
) -> None:
    """Count, for each move, whether the sampled deal stays winnable after it."""
    for move in moves:
        after = sample.apply(state, move)
        verdict = WINNABLE if sample.is_won(after) else solve(sample, after, node_limit=node_limit).verdict
        winnable[move] += verdict == WINNABLE
        unknown[move] += verdict == UNKNOWN


def best(deal: Deal, state: State, left: Callable[[], float] | None = None) -> Judged | None:
    """The move that keeps the most consistent deals winnable (the first in legal order of the
    best); None when there is no legal move."""
    judged = judge(deal, state, left=left)
    return max(judged, key=lambda j: j.winnable, default=None)
