"""The exact solver: can a position still be won, and how (in the fewest steps if asked).

The goal is a set of cards to remove: the deal's own (the pyramid, or all 52 with win=all), or
any other for a challenge (`goal=`: cards, or a mask of deck positions).

`solve(deal, state)` runs the C kernel (`c/`, the extension `_kernel`) in slices, reading the clock
between slices, and answers with a `Solution`: the verdict, a winning line of `Move`s, and figures.
`reference_solve` and `reference_shortest` below are the readable specification: plain searches
over `Deal.legal_moves` and `Deal.apply`; the tests make the compiled search agree with them.
"""

import dataclasses
import time
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..engine.deal import PYRAMID_MASK, START, Deal, Move, MoveKind, State
from ..engine.decks import DECK_SIZE
from ..engine.layouts import LAYOUTS

try:
    from . import _kernel as ck  # the C kernel (c/, built by the install; _kernel.pyi its interface)
except ImportError as missing:  # Python's own text blames "a circular import"
    raise ImportError(
        "the solver's C kernel (pyramid_solitaire.solver._kernel) is not built: in a source checkout "
        "run `make install` (or `pip install -e .`), which compiles it"
    ) from missing

if TYPE_CHECKING:  # a Game only passes through solve_game: `solve` loads no records, no json
    from ..engine.game import Game
    from ..engine.variants import Variant


class Verdict(StrEnum):
    """What the solver says of a position; each is its own text (JSON and text comparisons unchanged)."""

    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"  # the budget ran out before it was decided


WINNABLE = Verdict.WINNABLE
UNWINNABLE = Verdict.UNWINNABLE
UNKNOWN = Verdict.UNKNOWN

SLICE = 1 << 20  # nodes per kernel call without a time limit
SLICE_SECONDS = 0.01  # with one, the clock is read about this often
FIRST_RATE = 1e6  # nodes per second assumed until measured
FIRST_TABLE_BITS = 14
WARM_UP_NODES = 2000
MAX_TABLE_BITS = 25  # 32M entries, 256 MB of keys (+32 MB of bounds for the shortest search)
# The shortest search keeps its lower bounds in a byte (INFINITE, 255, means "cannot be won"), so
# it asks for lines of at most this many steps: its bounds then stay below 255. A longer line
# (only unlimited passes make one) is the decision's, not proven shortest.
MAX_SHORTEST_LIMIT = 200


@dataclass(frozen=True)
class Solution:
    """The solver's answer for one position: the verdict, a winning line, and what it cost.

    `searched` counts the positions the search expanded (a figure of effort; `Game.states` are
    the positions of a game). Its JSON (`to_dict`) keeps the key "states" for that count.

    >>> found = solve(Deal.from_number("pyramid", 1))
    >>> print(found.verdict, found.steps == len(found.line))
    winnable True
    >>> found.line[0]
    Move('Kc')
    """

    verdict: Verdict  # WINNABLE, UNWINNABLE or UNKNOWN (the budget ran out first)
    line: tuple[Move, ...] = ()  # a winning line when winnable
    searched: int = 0  # positions the search expanded
    seconds: float = 0.0
    shortest: bool = False  # the line is proven to have the fewest steps
    reason: str | None = None  # why the shortest search stopped short of a proof, if not the budget
    thoughtful: bool = False  # the answer knows cards the player has not seen (Pyramid Thirteen)

    @property
    def steps(self) -> int | None:
        """Steps of the winning line; None unless winnable."""
        return len(self.line) if self.verdict == WINNABLE else None

    def to_dict(self, deal: Deal) -> dict[str, Any]:
        """JSON form (as `solve --json` prints it): verdict, line, steps, states, seconds. The line
        is a list of moves in notation, as in every other JSON of a line (review, the API)."""
        return (
            {
                "verdict": self.verdict,
                "line": [str(m) for m in self.line] if self.verdict == WINNABLE else None,
                "steps": self.steps,
                "states": self.searched,
                "seconds": round(self.seconds, 6),
            }
            | ({} if self.reason is None else {"reason": self.reason})
            | self._thoughtful()
        )

    def _thoughtful(self) -> dict[str, bool]:
        """The key "thoughtful" only where it is true: the six variants' JSON is unchanged."""
        return {"thoughtful": True} if self.thoughtful else {}

    def __repr__(self) -> str:
        figures = f"searched={self.searched}, seconds={self.seconds:.4f}"
        if self.verdict != WINNABLE:
            return f"Solution({str(self.verdict)!r}, {figures})"
        shortest = ", shortest" if self.shortest else ""
        line = " ".join(str(m) for m in self.line)
        return f"Solution({str(self.verdict)!r}, {line!r}, steps={len(self.line)}{shortest}, {figures})"


class _Budget:
    """When to stop: a node limit, a clock deadline, or neither."""

    def __init__(self, time_limit: float | None, node_limit: int | None):
        if time_limit is not None and (
            isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit >= 0
        ):
            raise ValueError(f"time limit must be a number of seconds (0 or more), not {time_limit}")
        if node_limit is not None and (
            isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1
        ):
            raise ValueError(f"node limit must be a positive whole number, not {node_limit}")
        self.started = time.perf_counter()
        self.deadline = None if time_limit is None else self.started + time_limit
        self.node_limit = node_limit

    def next_stop(self, nodes: int) -> int:
        """Where the next slice stops. With a time limit, a slice lasts about SLICE_SECONDS (or
        half the time left, if less) at the speed measured so far, so the limit is kept closely."""
        step = SLICE
        if self.deadline is not None:
            now = time.perf_counter()
            spent = now - self.started
            rate = nodes / spent if nodes > 0 and spent > 0 else FIRST_RATE
            step = int(rate * min(SLICE_SECONDS, max(self.deadline - now, 0) / 2))
            step = min(max(step, 256), SLICE)
        stop = nodes + step
        return stop if self.node_limit is None else min(stop, self.node_limit)

    def spent(self, nodes: int) -> bool:
        if self.node_limit is not None and nodes >= self.node_limit:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def seconds(self) -> float:
        return time.perf_counter() - self.started


class _Search:
    """One search in the C kernel (c/kernel.h): the deal's tables, the work area (stack, scratch,
    memos, control words) and the hash table, all buffers owned here; the kernel never allocates."""

    failed: str | None = None  # why the shortest search stopped short of a proof (a kernel error)
    gathered = 0  # a gathering recycle (Apophis): the root's stock order, the kernel's word (state_gathered)

    def __init__(self, deal: Deal, shortest: bool):
        self.deal = deal
        v = deal.variant
        layout = family_rules(v)
        if v.pysol_id is not None and layout is None:
            raise ValueError(f"the solver's kernel does not play {v.name_en} yet: use reference.plain_solve")
        recycles = ck.UNLIMITED if v.recycles is None else v.recycles
        if recycles > ck.MAX_RECYCLES:  # engine/variants.py's MAX_PASSES keeps to it
            raise ValueError(f"the solver plays at most {ck.MAX_RECYCLES + 1} passes, not {v.passes}")
        self.cards = bytearray(ck.CARDS_BYTES)
        piles = 0 if layout is not None else v.piles  # a family game's reserves are in its cover relation
        ck.cards_init(
            self.cards, bytes(deal.cards), v.wastes, piles, int(v.open_stock), recycles, int(shortest)
        )
        if layout is not None:
            ck.cards_layout(self.cards, *layout)
            if gathers(v):
                ck.cards_gather(self.cards)
        if deal.goal != PYRAMID_MASK or v.overlap or layout is not None:  # pk_cards_init's own goal
            ck.cards_goal(self.cards, deal.goal, int(v.overlap))
        self.work = bytearray(ck.work_bytes(ck.depth(self.cards)))  # a stack as deep as the rules go
        ck.work_init(self.work)
        self.key_bits = ck.key_bits(self.cards)  # FULL_KEY or LOST_KEY; two words a slot when gathering
        self.bits = FIRST_TABLE_BITS
        self.entries, self.bounds = _table(self.bits)

    def grow(self) -> None:
        """Double the table, or at the memory cap empty it: the table only saves work
        (a lost position or a lower bound found again), so forgetting never changes a verdict."""
        old_entries, old_bounds = self.entries, self.bounds
        self.entries, self.bounds = _table(min(self.bits + 1, MAX_TABLE_BITS))
        if self.bits >= MAX_TABLE_BITS:
            ck.set_control(self.work, ck.COUNT, 0)
        else:
            self.bits += 1
            ck.rehash(old_entries, old_bounds, self.entries, self.bounds, self.key_bits)

    @property
    def nodes(self) -> int:
        return ck.control(self.work, ck.NODES)

    def carry_nodes(self, nodes: int) -> None:
        """Count on from an earlier search's nodes (the shortest search after the decision)."""
        ck.set_control(self.work, ck.NODES, nodes)

    def line(self) -> tuple[Move, ...]:
        """The moves on the stack, from the root to the won position."""
        return tuple(self.move(code) for code in self.codes())

    def codes(self) -> list[int]:
        return ck.line(self.work)

    def move(self, code: int) -> Move:
        kind = code & 3
        if kind == ck.DRAW:
            return Move(MoveKind.DRAW)
        if kind == ck.RECYCLE:
            return Move(MoveKind.RECYCLE)
        a = self.deal.cards[code >> 2 & 63]
        if kind == ck.KING:
            return Move(MoveKind.KING, (a,))
        return self.deal.normalize(Move(MoveKind.PAIR, (a, self.deal.cards[code >> 8 & 63])))

    def run(self, key: int, budget: _Budget, limit: int = 0) -> int:
        """Search from `key` (the node count and the table carry on) slice by slice, growing the
        table when asked, until WIN or LOST; BUDGET when the node or time budget ran out first."""
        ck.set_control(self.work, ck.GATHERED, self.gathered)
        status = ck.start(self.cards, self.work, key)
        while status == ck.BUDGET:
            status = ck.search(
                self.cards, self.work, self.entries, self.bounds, budget.next_stop(self.nodes), limit
            )
            if status == ck.GROW:
                self.grow()
                status = ck.BUDGET
            elif status == ck.BUDGET and budget.spent(self.nodes):
                break
        return status

    def estimate(self, key: int) -> int:
        return ck.estimate(self.cards, self.work, key)

    def decide(self, key: int, budget: _Budget) -> tuple[Verdict, tuple[Move, ...]]:
        """Any winning line from `key`, or proof there is none, or UNKNOWN when the budget ends."""
        status = self.run(key, budget)
        if status == ck.BUDGET:
            return UNKNOWN, ()
        return (WINNABLE, self.line()) if status == ck.WIN else (UNWINNABLE, ())

    def shortest_line(
        self, key: int, line: tuple[Move, ...], budget: _Budget
    ) -> tuple[tuple[Move, ...], bool]:
        """Depth-first searches with a falling limit (IDA* iterations run from the top): each asks
        for a line one step shorter than the shortest known, starting from the decision search's
        `line`, until one fails, which proves the line shortest. A search that finds a line
        stops early, and one that fails leaves its proven bounds in the table, so this costs less
        than limits rising from the estimate: those fail every time but the last, and each
        failure searches every position under its limit.
        Returns the shortest line and True, or the shortest known and False if the budget ends.
        The kernel's contract: asked for a line of at most `limit` steps, it gives one or none. A
        longer line breaks it (issue 48: the same 45-step line for a limit of 44, forever): it is
        never taken, the search stops with the line it had, not proven, and `failed` says why.
        Each line found is shorter than the last, and the budget is read after each, so the loop
        ends whatever the kernel answers."""
        at_least = max(self.estimate(key), 1)  # a won position is not searched: one step at least
        while len(line) > at_least:
            limit = min(len(line) - 1, MAX_SHORTEST_LIMIT)
            status = self.run(key, budget, limit)
            if status == ck.BUDGET:
                return line, False
            if status == ck.LOST:
                return line, limit == len(line) - 1  # past the limit: shorter lines not ruled out
            found = self.line()
            if len(found) > limit:
                self.failed = f"kernel error: asked for a line of at most {limit} steps, it gave {len(found)}"
                return line, False
            line = found
            if budget.spent(self.nodes):
                return line, False
        return line, True


def _table(bits: int) -> tuple[bytearray, bytearray]:
    """A zeroed hash table of 1 << bits slots: int64 entries and uint8 bounds."""
    return bytearray(8 << bits), bytearray(1 << bits)


# The family's games whose moves are those of a rule set the kernel knows, on the same cards
# (docs/rules-decisions.md, Thirteen's "On the kernel"): Thirteen's face-down cards change
# what a player sees, never which moves are legal (a covered card is not available either way).
KERNEL_TWINS = {"thirteen": "open-stock"}


def gathers(v: "Variant") -> bool:
    """Whether the kernel plays `v`'s gathering recycle (Apophis, c/gather.c): the new stock's
    order depends on the cards left at each gather, which the position's second word holds; at
    most two recycles (a third gather would need more than its 48 bits)."""
    return v.gather == "piles" and v.recycles is not None and v.recycles <= 2


def family_rules(v: "Variant") -> tuple[bytes, int, bytes, int, int] | None:
    """A family game's rules as the kernel takes them (pk_cards_layout): per deck position the mask
    of positions covering it (the layout's, and in a reserve pile every card over it), the
    tableau's mask, the 13 x 13 pairs of values, the values removed alone and the cards a draw
    turns onto one waste. None for the six variants (the kernel's own pyramid) and for rules it
    cannot play: a gathering recycle with more than three passes (Apophis:passes=4 and up; its
    three passes are the kernel's, `gathers`) and overlap discards (the pyramid's own, in the kernel)."""
    if v.pysol_id is None or (v.gather != "order" and not gathers(v)) or v.overlap:
        return None
    layout = LAYOUTS[v.layout]
    covered_by = [sum(1 << c for c in over) for over in layout.covered_by]
    for j in range(v.piles):  # a reserve pile, bottom to top: a card is covered by all over it
        pile = range(layout.size + j * v.pile_size, layout.size + (j + 1) * v.pile_size)
        covered_by += [sum(1 << c for c in pile if c > p) for p in pile]
    tableau = (1 << len(covered_by)) - 1
    covered_by += [0] * (DECK_SIZE - len(covered_by))
    pairs = bytes(v.pairing.pairs(a, b) for a in range(13) for b in range(13))  # cards worth a + 1, b + 1
    alone = sum(1 << a for a in range(13) if v.pairing.alone(a))
    return array("q", covered_by).tobytes(), tableau, pairs, alone, v.draw


def kernel_deal(deal: Deal) -> Deal | None:
    """The deal as the kernel plays it: the deal itself for the six variants and their options
    and for a family game it plays by its rules as data (family_rules), its twin rule set on the
    same cards (and goal) for a family game that has one, else None."""
    v = deal.variant
    twin = KERNEL_TWINS.get(v.id)
    if v.pysol_id is None or (twin is None and family_rules(v) is not None):
        return deal
    if twin is None:
        return None
    from ..engine.variants import OPTIONS, get_variant, option_text, with_options

    rules = with_options(get_variant(twin), **{name: option_text(v, name) for name in OPTIONS})
    return Deal(rules, deal.cards, deal.number, deal.goal)


def state_key(deal: Deal, state: State) -> int:
    """The position as the compiled search's packed key; a ValueError for what is no position."""
    if not isinstance(state, State):
        raise ValueError(f"a position is a State, not {type(state).__name__}")
    if not 0 <= state.removed < 1 << DECK_SIZE or not 0 <= state.drawn <= DECK_SIZE - 28:
        raise ValueError(f"not a position: {state}")
    recycles = deal.variant.recycles
    if not 0 <= state.recycles <= (state.recycles if recycles is None else recycles):
        raise ValueError(f"not a position of {deal.variant.name_en}: {state.recycles} recycles")
    if gathers(deal.variant):  # `drawn` counts in the gathered order: pk_start makes it canonical
        return state.removed | state.drawn << 52 | state.recycles << 57
    # unlimited passes: the kernel's key holds no count of recycles (c/moves.c's play)
    return ck.pack(state.removed, state.drawn, 0 if recycles is None else state.recycles)


def state_gathered(deal: Deal, state: State) -> int:
    """A gathering recycle's stock order as the kernel's second word (c/gather.c), 0 for other
    rules; a ValueError for an order no gathering makes, or one a position does not have."""
    if not gathers(deal.variant):
        return 0
    if (state.order is None) != (state.recycles == 0):
        raise ValueError(f"not a position of {deal.variant.name_en}: a stock order after each gather only")
    order = state.order or ()
    if state.drawn > (len(order) if state.order is not None else DECK_SIZE - 28):
        raise ValueError(f"not a position: {state}")
    try:
        return ck.gathered(bytes(order), state.recycles)
    except (ValueError, TypeError) as bad:  # positions out of 0..255 too
        raise ValueError(f"not a position of {deal.variant.name_en}: {bad}") from None


def solve(
    deal: Deal,
    state: State = START,
    *,
    shortest: bool = False,
    time_limit: float | None = None,
    node_limit: int | None = None,
    goal: "int | Iterable[int] | None" = None,
) -> Solution:
    """Solve the position `state` of `deal` exactly, within the time and node limits if given.
    With `shortest`, a winning line has the fewest steps (draws and recycles count). The budget
    goes to the decision first; the shortest search gets what is left. `goal`: the cards to
    remove (or a mask of deck positions) instead of the deal's own (Deal.with_goal)."""
    if goal is not None:
        deal = deal.with_goal(goal)
    kernel = kernel_deal(deal)
    if kernel is None:  # a family game: the plain search until the kernel knows it
        from .reference import plain_solve

        return plain_solve(deal, state, shortest=shortest, node_limit=node_limit, time_limit=time_limit)
    found = _solve(_Search, kernel, state, shortest, _Budget(time_limit, node_limit))
    return dataclasses.replace(found, thoughtful=True) if deal.variant.hidden else found


def _solve(search: type[_Search], deal: Deal, state: State, shortest: bool, budget: _Budget) -> Solution:
    """`solve` with the search class `search` (benchmarks/numba_kernel.py passes the numba kernel's)."""
    key, gathered = state_key(deal, state), state_gathered(deal, state)
    decision = search(deal, shortest=False)
    decision.gathered = gathered
    verdict, line = decision.decide(key, budget)
    searched = decision.nodes
    del decision  # its table is no use to the shortest search: free the memory first
    proven, reason = False, None
    if shortest and verdict == WINNABLE:
        deeper = search(deal, shortest=True)
        deeper.gathered = gathered
        deeper.carry_nodes(searched)
        line, proven = deeper.shortest_line(key, line, budget)
        searched, reason = deeper.nodes, deeper.failed
    return Solution(verdict, line, searched, budget.seconds(), shortest=proven, reason=reason)


def lower_bound(deal: Deal, state: State = START) -> int:
    """The shortest search's admissible estimate: at least this many steps are still needed."""
    kernel = kernel_deal(deal)
    if kernel is None:
        raise ValueError(f"the solver's kernel does not play {deal.variant.name_en} yet")
    return _Search(kernel, shortest=True).estimate(state_key(kernel, state))


def warm_up(shortest: bool = True) -> None:
    """Run one small search (both modes with `shortest`, and the table's growth), so later timings
    are of the search alone: the C kernel loads with the module, this only touches its pages."""
    from ..engine.variants import VARIANTS

    deal = Deal.from_number(VARIANTS["pyramid"], 1)  # winnable: both searches run
    solve(deal, shortest=shortest, node_limit=WARM_UP_NODES)
    _Search(deal, shortest=False).grow()  # the table's growth


def solve_game(
    game: "Game", *, shortest: bool = False, time_limit: float | None = None, node_limit: int | None = None
) -> Solution:
    """Solve the current position of a `Game` (the keywords as for `solve`)."""
    return solve(game.deal, game.state, shortest=shortest, time_limit=time_limit, node_limit=node_limit)
