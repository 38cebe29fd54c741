"""The rules engine: what a deal looks like in a position, which moves are legal, what they do.

A position is a `State`: which deck positions are gone, how far the stock has been drawn in this
pass, and how often the waste was turned over. Everything else (pyramid, stock, waste piles,
Giza piles) follows from the deal's 52 cards in deck-string order. Deck position p:
  0..27   pyramid slots, row-major from the apex (slot (r, i) = r*(r+1)/2 + i)
  28..51  the stock, top first (or Giza's piles: 28-30 pile 1 with 30 on top, ... 49-51 pile 8)
Cards leave the stock in that order and a recycle restores it, so the order of the remaining
cards never changes; the same compact state is what the compiled solver searches.

The family's games (variants.GAMES) are read from the same record: the tableau is the variant's
layout (layouts.py: its cards first, in reading order), then its reserve piles, then the stock.
Only a recycle that gathers the waste piles one after another (Apophis) changes the order of the
stock; its State then carries the new order (`order`, top first).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .cards import CardError, card_text, parse_card, value
from .decks import DECK_SIZE, PYRAMID_SIZE, deal_cards, format_deck, parse_deck
from .errors import Conflict, Refusal, cut
from .layouts import LAYOUTS
from .pairing import THIRTEEN
from .variants import Variant, get_variant

ROWS = 7
PILE_SIZE = 3
PYRAMID_MASK = (1 << PYRAMID_SIZE) - 1
ALL_MASK = (1 << DECK_SIZE) - 1


def slot(row: int, i: int) -> int:
    """The deck position of pyramid slot `i` (0-based) of row `row` (0 is the apex)."""
    return row * (row + 1) // 2 + i


# For each pyramid slot, the two slots that cover it (none in the bottom row).
COVERED_BY = LAYOUTS["pyramid"].covered_by
# For each pyramid slot, the slots it covers (overlap discards: a card pairs with the one over it).
COVERS = tuple(tuple(s for s in range(PYRAMID_SIZE) if p in COVERED_BY[s]) for p in range(PYRAMID_SIZE))


class IllegalMove(Conflict):
    """A move that the rules do not allow in this position; the message says why."""


class MoveSyntaxError(Refusal):
    """A move text that is not move notation at all."""


class MoveKind(StrEnum):
    """The four kinds of move; each is its own text, so JSON and comparisons with text are unchanged."""

    PAIR = "pair"
    KING = "king"
    DRAW = "draw"
    RECYCLE = "recycle"


CARDS_OF_KIND = {MoveKind.PAIR: 2, MoveKind.KING: 1, MoveKind.DRAW: 0, MoveKind.RECYCLE: 0}


@dataclass(frozen=True)
class Move:
    """A pair (two cards), a king (one card), a draw or a recycle; cards in deck order.

    `str()` and `repr()` show the move notation:

    >>> Move(MoveKind.PAIR, (parse_card("5h"), parse_card("8s")))
    Move('5h+8s')
    >>> str(DRAW)
    'draw'
    """

    kind: MoveKind
    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # A move built by hand in Python is held to its kind here, so a pair of three cards or a
        # draw that names cards is a clear mistake at once, not a crash (or a draw) when played.
        # (A kind that is none of the four is refused when played, with its code: move_kind.)
        wanted = CARDS_OF_KIND.get(self.kind)
        if wanted is not None and len(self.cards) != wanted:
            named = ("no card", "one card", "two cards")[wanted]
            raise ValueError(f"a {self.kind} move names {named}, not {len(self.cards)}: {self.cards!r}")

    def __str__(self) -> str:
        if self.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            return str(self.kind)
        return "+".join(card_text(c) for c in self.cards)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


DRAW = Move(MoveKind.DRAW)
RECYCLE = Move(MoveKind.RECYCLE)


@dataclass(frozen=True)
class State:
    """A position of a deal, as three numbers (the deal's cards say what they mean).

    >>> State(removed=0b101, drawn=2)
    State(removed=0x5 (2 cards gone), drawn=2, recycles=0)
    """

    removed: int = 0  # bit p set: the card at deck position p is gone
    drawn: int = 0  # stock positions passed in this pass: 28 .. 28+drawn-1 lie on the waste
    recycles: int = 0  # how often the waste has been turned over
    order: tuple[int, ...] | None = None  # the stock of this pass, top first; None: the deal's

    def __repr__(self) -> str:
        gone = self.removed.bit_count() if isinstance(self.removed, int) else "?"
        order = "" if self.order is None else f", order={self.order}"
        return (
            f"State(removed={self.removed:#x} ({gone} card{'s' * (gone != 1)} gone), "
            f"drawn={self.drawn}, recycles={self.recycles}{order})"
        )


START = State()


class Deal:
    """A variant and its 52 cards: answers every rules question about a `State`.

    The variant is a `Variant` or its text. `goal` is the mask of deck positions whose cards must
    all be gone to win: the variant's (the pyramid, or all 52 with win=all) unless a challenge
    names another set (`with_goal`).

    >>> Deal.from_number("pyramid", 1)
    Deal.from_number('pyramid', 1)
    """

    def __init__(
        self, variant: Variant | str, cards: Iterable[int], number: int | None = None, goal: int | None = None
    ):
        self.variant = _variant(variant)
        self.cards = tuple(cards)
        self.number = number
        self.position = {card: p for p, card in enumerate(self.cards)}
        self.layout = LAYOUTS[self.variant.layout]
        self.size = self.layout.size  # the tableau's cards: deck positions 0 .. size - 1
        self.stock_start = self.size + self.variant.piles * self.variant.pile_size
        tableau = (1 << self.size) - 1
        self.goal = (ALL_MASK if self.variant.win == "all" else tableau) if goal is None else goal

    def with_goal(self, goal: int | Iterable[int]) -> "Deal":
        """The same deal won when the cards of `goal` are gone: a mask of deck positions, or cards."""
        if not isinstance(goal, int):
            goal = sum(1 << self.position[card] for card in set(goal))
        if isinstance(goal, bool) or not 0 < goal <= ALL_MASK:
            raise ValueError(f"a goal is a non-empty set of the deal's cards, not {goal!r}")
        return Deal(self.variant, self.cards, self.number, goal)

    @classmethod
    def from_number(cls, variant: Variant | str, number: int) -> "Deal":
        """Deal number `number` (RULES.md, "Deal numbers") in `variant`."""
        return cls(variant, deal_cards(number), number)

    @classmethod
    def from_deck(cls, variant: Variant | str, deck: str) -> "Deal":
        """The deal of a deck string (RULES.md, "A deal as text") in `variant`."""
        return cls(variant, parse_deck(deck))

    def deck_string(self) -> str:
        """The deal's 52 cards as a deck string."""
        return format_deck(list(self.cards))

    def __repr__(self) -> str:
        if self.number is not None:
            return f"Deal.from_number({self.variant.text!r}, {self.number})"
        return f"Deal.from_deck({self.variant.text!r}, {self.deck_string()!r})"

    # --- where the cards lie -------------------------------------------------------------

    def pyramid(self, state: State) -> list[int | None]:
        """The tableau's slots (the pyramid's 28), each a card or None where it is gone."""
        return [None if state.removed >> p & 1 else self.cards[p] for p in range(self.size)]

    def _present(self, state: State, positions: Iterable[int]) -> list[int]:
        return [p for p in positions if not state.removed >> p & 1]

    def stock_order(self, state: State) -> tuple[int, ...] | range:
        """The stock of this pass, top first, drawn cards included: the deal's order, or the
        order a gathering recycle made (State.order)."""
        if not self.variant.has_stock:
            return ()
        return range(self.stock_start, DECK_SIZE) if state.order is None else state.order

    def stock_positions(self, state: State) -> list[int]:
        """Stock cards still to draw, top first."""
        return self._present(state, self.stock_order(state)[state.drawn :])

    def waste_positions(self, state: State) -> list[list[int]]:
        """Each waste pile bottom to top. A draw deals its cards round the piles in turn
        (no stock card is ever removed in a variant with several wastes, so position fixes pile)."""
        n = self.variant.wastes
        drawn = self.stock_order(state)[: state.drawn]
        return [self._present(state, drawn[k::n]) for k in range(n)]

    def pile_positions(self, state: State) -> list[list[int]]:
        """The reserve piles bottom to top (Giza's: the last card of each group of three on top)."""
        size = self.variant.pile_size
        return [
            self._present(state, range(self.size + size * j, self.size + size * (j + 1)))
            for j in range(self.variant.piles)
        ]

    def is_free(self, state: State, p: int) -> bool:
        """Whether tableau position `p` is uncovered (the cards over it are gone)."""
        return all(state.removed >> c & 1 for c in self.layout.covered_by[p])

    def is_face_down(self, state: State, p: int) -> bool:
        """Whether position `p` holds a tableau card that lies face down (hidden cards: covered)."""
        hidden = self.variant.hidden and p < self.size
        return hidden and not state.removed >> p & 1 and not self.is_free(state, p)

    def available_positions(self, state: State) -> list[int]:
        """Deck positions of every available card, in deck order."""
        found = [p for p in range(self.size) if not state.removed >> p & 1 and self.is_free(state, p)]
        for pile in self.waste_positions(state) + self.pile_positions(state):
            if pile:
                found.append(pile[-1])
        if self.variant.open_stock:
            stock = self.stock_positions(state)
            if stock:
                found.append(stock[0])
        return sorted(found)

    def available(self, state: State) -> list[int]:
        """The available cards, in deck order."""
        return [self.cards[p] for p in self.available_positions(state)]

    # --- moves ------------------------------------------------------------------------------

    def can_draw(self, state: State) -> bool:
        """Whether the stock has a card to draw."""
        return bool(self.stock_positions(state))

    def can_recycle(self, state: State) -> bool:
        """Whether the waste may be turned over into a new stock now."""
        recycles = self.variant.recycles
        return (
            self.variant.has_stock
            and (recycles is None or state.recycles < recycles)
            and not self.stock_positions(state)
            and any(self.waste_positions(state))
        )

    def overlap_partner(self, state: State, p: int) -> int | None:
        """Overlap discards: the one card left over pyramid position `p` when it is free (then
        the two may pair), else None. None too in a variant without overlap discards."""
        if not self.variant.overlap or p >= self.size or state.removed >> p & 1:
            return None
        over = [c for c in self.layout.covered_by[p] if not state.removed >> c & 1]
        if len(over) == 1 and self.is_free(state, over[0]):
            return over[0]
        return None

    def legal_moves(self, state: State) -> list[Move]:
        """Kings, then pairs, each in deck order, then draw, then recycle; none once won."""
        if self.is_won(state):
            return []
        avail = self.available_positions(state)
        cards = [self.cards[p] for p in avail]
        pairs = self.variant.pairing.pairs
        moves = [Move(MoveKind.KING, (c,)) for c in cards if self.variant.pairing.alone(c)]
        twos = [(avail[i], b) for i, a in enumerate(cards) for b in avail[i + 1 :] if pairs(a, self.cards[b])]
        for p in range(self.size):
            over = self.overlap_partner(state, p)
            if over is not None and pairs(self.cards[p], self.cards[over]):
                twos.append((p, over))
        moves += [Move(MoveKind.PAIR, (self.cards[a], self.cards[b])) for a, b in sorted(twos)]
        if self.can_draw(state):
            moves.append(DRAW)
        if self.can_recycle(state):
            moves.append(RECYCLE)
        return moves

    def is_won(self, state: State) -> bool:
        """Whether every card of the goal is gone (the 28 of the pyramid, or all 52 with win=all)."""
        return state.removed & self.goal == self.goal

    def is_stuck(self, state: State) -> bool:
        """Whether the game is lost: not won, and no move is left."""
        return not self.is_won(state) and not self.legal_moves(state)

    def passes_left(self, state: State) -> int | None:
        """Passes through the stock still to come, the current one included; None: unlimited."""
        if self.variant.passes is None:
            return None
        return max(self.variant.passes - state.recycles, 0)

    def apply(self, state: State, move: Move) -> State:
        """The position after `move`; raises IllegalMove saying why it cannot be played."""
        self.check(state, move)
        if move.kind == MoveKind.DRAW:
            return State(state.removed, self._drawn_after(state), state.recycles, state.order)
        if move.kind == MoveKind.RECYCLE:
            if self.variant.gather == "piles":  # pile 1 gathered first, so pile 3 is on top
                order = tuple(p for pile in reversed(self.waste_positions(state)) for p in pile)
                dealt = min(self.variant.cards_per_draw, len(order))  # and the first row dealt at once
                return State(state.removed, dealt, state.recycles + 1, order)
            return State(state.removed, 0, state.recycles + 1, state.order)
        removed = state.removed
        for card in move.cards:
            removed |= 1 << self.position[card]
        return State(removed, state.drawn, state.recycles, state.order)

    def _drawn_after(self, state: State) -> int:
        """How far the stock is drawn after a draw: the next cards_per_draw cards left (or fewer)."""
        stock = self.stock_positions(state)
        last = stock[min(self.variant.cards_per_draw, len(stock)) - 1]
        return self.stock_order(state).index(last) + 1

    def check(self, state: State, move: Move) -> None:
        """Raise IllegalMove saying why `move` cannot be played; a won position has no move
        (as legal_moves says)."""
        if self.is_won(state):
            raise IllegalMove("game_won", move=str(move))
        if move.kind == MoveKind.DRAW:
            if not self.variant.has_stock:
                raise IllegalMove("draw_no_stock", **self._named())
            if not self.can_draw(state):
                recycle = self.can_recycle(state)
                raise IllegalMove("draw_stock_empty_recycle" if recycle else "draw_stock_empty")
        elif move.kind == MoveKind.RECYCLE:
            self._check_recycle(state)
        elif move.kind == MoveKind.KING:
            (card,) = move.cards
            self._check_available(state, card)
            pairing = self.variant.pairing
            if not pairing.alone(card):
                if not pairing.alone_values:
                    raise IllegalMove("no_card_alone", card=card_text(card), **self._named())
                raise IllegalMove("not_a_king", card=card_text(card), worth=13 - value(card))
        elif move.kind == MoveKind.PAIR:
            a, b = move.cards
            if a == b:
                raise IllegalMove("same_card_twice", move=f"{card_text(a)}+{card_text(b)}")
            if not self._overlapping(state, a, b):
                for card in move.cards:
                    self._check_available(state, card)
            if not self.variant.pairing.pairs(a, b):
                if self.variant.pairing != THIRTEEN:
                    raise IllegalMove("not_a_pair", a=card_text(a), b=card_text(b), **self._named())
                raise IllegalMove("not_thirteen", a=card_text(a), b=card_text(b))
        else:
            raise IllegalMove("move_kind", kind=cut(move.kind))

    def _named(self) -> dict[str, str]:
        """The variant as refusal parameters: its text (for the page) and English name."""
        return {"variant": self.variant.text, "name": self.variant.name_en}

    def _overlapping(self, state: State, a: int, b: int) -> bool:
        """Whether cards a and b are an overlap pair: one the only card left over the other, free."""
        pa, pb = self.position[a], self.position[b]
        return self.overlap_partner(state, pa) == pb or self.overlap_partner(state, pb) == pa

    def _check_recycle(self, state: State) -> None:
        if not self.variant.has_stock:
            raise IllegalMove("recycle_no_stock", **self._named())
        if self.variant.recycles is not None and state.recycles >= self.variant.recycles:
            if self.variant.recycles:
                raise IllegalMove("recycle_none_left")
            raise IllegalMove("recycle_one_pass", **self._named())
        if self.stock_positions(state):
            raise IllegalMove("recycle_stock_not_empty")
        if not any(self.waste_positions(state)):
            raise IllegalMove("recycle_waste_empty")

    def _check_available(self, state: State, card: int) -> None:
        """Raise IllegalMove naming where `card` lies when it is not available."""
        p = self.position[card]
        name = card_text(card)
        if state.removed >> p & 1:
            raise IllegalMove("card_removed", card=name)
        if p in self.available_positions(state):
            return
        if self.variant.hidden and (self.is_face_down(state, p) or p in self.stock_positions(state)):
            raise IllegalMove("card_unseen", card=name)  # where it lies is not told: never a peek
        if p < self.size:
            over = [card_text(self.cards[c]) for c in self.layout.covered_by[p] if not state.removed >> c & 1]
            raise IllegalMove("card_covered", card=name, by=over)
        for k, pile in enumerate(self.pile_positions(state)):
            if p in pile:
                top = card_text(self.cards[pile[-1]])
                raise IllegalMove("card_under_pile", card=name, top=top, pile=k + 1)
        wastes = self.waste_positions(state)
        for k, pile in enumerate(wastes):
            if p in pile:
                top = card_text(self.cards[pile[-1]])
                if len(wastes) == 1:
                    raise IllegalMove("card_under_waste", card=name, top=top)
                raise IllegalMove("card_under_waste_pile", card=name, top=top, pile=k + 1)
        raise IllegalMove("card_in_stock_not_top" if self.variant.open_stock else "card_in_stock", card=name)

    # --- notation ---------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """Read `7h+6c`, `Kd`, `draw` or `recycle`; pair cards are put in deck order."""
        t = text.strip()
        if t.lower() in ("draw", "recycle"):
            return DRAW if t.lower() == "draw" else RECYCLE
        parts = t.split("+")
        if not t or len(parts) > 2:
            raise MoveSyntaxError("move_syntax", text=cut(text))
        try:
            cards = [parse_card(part) for part in parts]
        except CardError as err:
            raise MoveSyntaxError("move_card", text=cut(text), reason=err.as_reason()) from None
        return self.normalize(Move(MoveKind.PAIR if len(cards) == 2 else MoveKind.KING, tuple(cards)))

    def normalize(self, move: Move) -> Move:
        """The same move with its cards in deck order (the order notation writes them)."""
        if move.kind == MoveKind.PAIR:
            return Move(MoveKind.PAIR, tuple(sorted(move.cards, key=self.position.__getitem__)))
        return move

    def format_line(self, moves: Iterable[Move]) -> str:
        """A line of play as text: the moves' notation separated by spaces."""
        return " ".join(str(m) for m in moves)


def _variant(variant: object) -> Variant:
    """A `Variant` as given, or the one an id names; anything else is refused here, not later."""
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, str):
        return get_variant(variant)
    raise TypeError(f"a variant is a Variant or its id (text), not {type(variant).__name__}")
