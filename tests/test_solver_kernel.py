"""The C kernel (solver/c, the extension solver._kernel): the same search as the numba kernel it
replaced, and an interface that refuses bad buffers.

tests/golden/kernel_searches.json holds the numba kernel's answers on a few positions per variant
(benchmarks/kernel_agreement.py --write-golden, which also compares the two kernels at scale):
the same search expands the same states and finds the same line, so those must match exactly."""

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pyramid_solitaire.engine.cards import value
from pyramid_solitaire.engine.deal import COVERED_BY, PYRAMID_SIZE, START, Deal, State
from pyramid_solitaire.engine.variants import VARIANTS, get_variant
from pyramid_solitaire.solver import WINNABLE, search
from pyramid_solitaire.solver import _kernel as ck

GOLDEN = json.loads((Path(__file__).parent / "golden" / "kernel_searches.json").read_text())
VARIANT_IDS = list(VARIANTS)


def answer(deal: Deal, state: State, shortest: bool) -> dict:
    """The C kernel's answer in the golden file's form; every winning line replayed."""
    nodes = GOLDEN["shortest_nodes"] if shortest else None
    found = search._solve(search._Search, deal, state, shortest, search._Budget(None, nodes))
    if found.verdict == WINNABLE:
        played = state
        for move in found.line:
            played = deal.apply(played, move)  # the engine checks every move
        assert deal.is_won(played)
    line = hashlib.sha1(deal.format_line(found.line).encode()).hexdigest()[:12]
    got = {"verdict": found.verdict, "states": found.searched, "steps": found.steps, "line": line}
    return got | ({"proven": found.shortest} if shortest else {})


@pytest.mark.parametrize("variant", VARIANT_IDS)
@pytest.mark.slow  # 32 s at load 26 (pytest --durations, 1 Dec 2026)
def test_whole_deals_are_searched_as_the_numba_kernel_searched_them(variant):
    golden = GOLDEN["variants"][variant]
    for number, expected in enumerate(golden["deals"]):
        assert answer(Deal.from_number(get_variant(variant), number), START, False) == expected, number
    for number, expected in enumerate(golden["shortest"]):
        assert answer(Deal.from_number(get_variant(variant), number), START, True) == expected, number


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_mid_game_positions_are_searched_as_the_numba_kernel_searched_them(variant):
    for case in GOLDEN["variants"][variant]["positions"]:
        deal, state = Deal.from_number(get_variant(variant), case["deal"]), State(*case["state"])
        assert answer(deal, state, False) == case["decided"], case
        assert answer(deal, state, True) == case["shortest"], case
        estimate = search._Search(deal, shortest=True).estimate(search.state_key(deal, state))
        assert estimate == case["estimate"], case


class LeftoverWork(search._Search):
    """A search whose work area held other bytes before pk_work_init (a reused buffer)."""

    def __init__(self, deal: Deal, shortest: bool):
        super().__init__(deal, shortest)
        self.work[:] = b"\x5a" * len(self.work)  # int32 0x5a5a5a5a: a positive count
        ck.work_init(self.work)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_a_work_area_of_any_content_searches_the_same(variant):
    """pk_work_init sets only what the search reads before writing it: the rest may hold anything."""
    golden = GOLDEN["variants"][variant]
    for shortest, expected in ((False, golden["deals"]), (True, golden["shortest"])):
        nodes = GOLDEN["shortest_nodes"] if shortest else None
        for number in range(min(5, len(expected))):
            deal = Deal.from_number(get_variant(variant), number)
            found = search._solve(LeftoverWork, deal, START, shortest, search._Budget(None, nodes))
            assert (found.verdict, found.searched, found.steps) == (
                expected[number]["verdict"],
                expected[number]["states"],
                expected[number]["steps"],
            ), (number, shortest)
    for case in golden["positions"][:20]:
        deal, state = Deal.from_number(get_variant(variant), case["deal"]), State(*case["state"])
        assert LeftoverWork(deal, shortest=True).estimate(search.state_key(deal, state)) == case["estimate"]


@pytest.mark.slow  # 5 s at load 26 (pytest --durations, 1 Dec 2026)
def test_a_table_emptied_at_its_cap_changes_no_verdict(monkeypatch):
    """At the memory cap the table is emptied instead of grown: more states, the same answers."""
    deal = Deal.from_number(get_variant("three-wastes"), 179)
    expected = GOLDEN["variants"]["three-wastes"]["deals"][179]
    assert expected["states"] > 1 << search.FIRST_TABLE_BITS  # the table fills up more than once
    monkeypatch.setattr(search, "MAX_TABLE_BITS", search.FIRST_TABLE_BITS)
    got = search.solve(deal)
    assert got.verdict == expected["verdict"] and got.searched > expected["states"]


def cards_for(deck: list[int], variant: str = "pyramid") -> bytearray:
    v = get_variant(variant)
    cards = bytearray(ck.CARDS_BYTES)
    ck.cards_init(cards, bytes(deck), v.wastes, v.piles, int(v.open_stock), v.recycles, 0)
    return cards


def test_kernel_tables_match_the_engine():
    """The kernel keeps its own covering table and card values; they must say what the engine says."""
    deck = list(range(52))[::-1]
    cards = cards_for(deck)
    for s in range(PYRAMID_SIZE):
        assert ck.table_value(cards, ck.COVER, s) == sum(1 << c for c in COVERED_BY[s]), s
    for p, card in enumerate(deck):
        assert ck.table_value(cards, ck.VALUES, p) == value(card)
        assert ck.table_value(cards, ck.PARTNERS, p) == sum(
            1 << q for q in range(52) if value(card) + value(deck[q]) == 13
        )
    for v in range(1, 14):
        assert ck.table_value(cards, ck.HOLDING, v) == sum(1 << p for p in range(52) if value(deck[p]) == v)


def test_a_waste_card_whose_partners_the_cards_above_it_take_blocks_the_waste():
    """One waste, closed stock: two 8s on the waste and one 5 left in the pyramid. The upper 8
    takes the 5, so the lower one can never come to the top and leave before a recycle."""
    deck = list(range(52))
    for position, card in ((0, 4), (1, 17), (28, 7), (29, 20)):  # a 5, a 5, an 8, an 8
        other = deck.index(card)
        deck[position], deck[other] = deck[other], deck[position]
    cards = cards_for(deck)
    one_five = (1 << 28) - 1 & ~1  # every pyramid card gone but the 5 in slot 0

    def blocker(removed, partners_from=0):  # the waste: positions 29 (top) and 28
        return ck.blocker(cards, removed, 29, 28, 1, partners_from)

    assert blocker(one_five) == 28
    assert blocker(one_five & ~2) == -1  # the second 5 left too
    assert blocker(one_five | 1 << 29) == -1  # the upper 8 gone
    # A 5 that can be available with the waste's top (an open stock's card) is a partner too.
    deck[30], deck[1] = deck[1], deck[30]  # the second 5 in the stock
    cards = cards_for(deck)
    assert blocker(one_five) == 28
    assert blocker(one_five, partners_from=1 << 30) == -1


@pytest.mark.parametrize(
    "deck, rules, message",
    [
        (list(range(51)), (1, 0, 0, 2, 0), "a deck is 52 bytes"),
        ([0] * 52, (1, 0, 0, 2, 0), "not a deck of 52 different cards"),
        (list(range(52)), (2, 0, 0, 2, 0), "valid rules"),
        (list(range(52)), (1, 8, 0, 0, 0), "valid rules"),
        (list(range(52)), (1, 0, 0, ck.MAX_RECYCLES + 1, 0), "valid rules"),
        (list(range(52)), (1, 0, 0, ck.UNLIMITED - 1, 0), "valid rules"),
    ],
)
def test_bad_decks_and_rules_are_refused(deck, rules, message):
    with pytest.raises(ValueError, match=message):
        ck.cards_init(bytearray(ck.CARDS_BYTES), bytes(deck), *rules)


def test_bad_buffers_are_refused():
    cards = cards_for(list(range(52)))
    work = bytearray(ck.work_bytes(ck.depth(cards)))
    ck.work_init(work)
    with pytest.raises(ValueError, match="work must be"):
        ck.work_init(bytearray(ck.work_bytes(0) - 8))
    with pytest.raises(ValueError, match="cards must be"):
        ck.start(bytearray(16), work, 0)
    with pytest.raises(ValueError, match="work must be"):
        ck.estimate(cards, bytearray(16), 0)
    with pytest.raises(ValueError, match="work must be"):  # a stack too shallow for the rules
        ck.start(cards, bytearray(ck.work_bytes(ck.depth(cards)) - 8), 0)
    with pytest.raises(TypeError):
        ck.estimate(cards, work, "a key")
    with pytest.raises(BufferError, match="not writable"):
        ck.work_init(bytes(len(work)))
    assert ck.start(cards, work, ck.pack(0, 0, 0)) in (ck.BUDGET, ck.LOST)
    with pytest.raises(ValueError, match="a table is"):
        ck.search(cards, work, bytearray(8 * 1000), bytearray(1000), 100, 0)  # not a power of two
    with pytest.raises(ValueError, match="a table is"):
        ck.search(cards, work, bytearray(8 << 10), bytearray(1 << 9), 100, 0)  # bounds too small
    with pytest.raises(ValueError, match="not a position"):
        ck.pack(1 << 52, 0, 0)
    with pytest.raises(ValueError, match="no control word"):
        ck.control(work, 99)


def test_every_control_word_and_no_other_can_be_read_and_set():
    """control and set_control take the words 0 .. PK_CONTROLS - 1 (kernel.h) and refuse the
    next one on each side: an off-by-one would read or write past the work area's words."""
    header = (Path(ck.__file__).parent / "c" / "kernel.h").read_text()
    (controls,) = (int(n) for n in re.findall(r"PK_CONTROLS = (\d+)", header))
    work = bytearray(ck.work_bytes(0))
    ck.work_init(work)
    for which in range(controls):
        ck.set_control(work, which, 1000 + which)
    assert [ck.control(work, which) for which in range(controls)] == [1000 + w for w in range(controls)]
    for which in (-1, controls):
        with pytest.raises(ValueError, match=f"no control word {which}"):
            ck.control(work, which)
        with pytest.raises(ValueError, match=f"no control word {which}"):
            ck.set_control(work, which, 7)


@pytest.mark.slow  # 5 s at load 26 (pytest --durations, 1 Dec 2026)
def test_the_solver_loads_without_numba_or_numpy():
    """A fresh process that loads the solver, the hint and review code, the command line and the
    web app imports neither numba, llvmlite nor numpy (the lean start: research/ alone uses numpy)."""
    code = (
        "import sys, pyramid_solitaire.solver, pyramid_solitaire.solver.hints,"
        " pyramid_solitaire.solver.review, pyramid_solitaire.cli, pyramid_solitaire.web.application;"
        " pyramid_solitaire.solver.solve(pyramid_solitaire.engine.deal.Deal.from_number('pyramid', 1));"
        " print(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'llvmlite', 'numpy')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "variant, depth",
    [
        ("pyramid", 126),
        ("classic", 76),
        ("classic-redeal", 101),
        ("three-wastes", 76),
        ("giza", 52),
        ("open-stock", 126),
        ("pyramid:passes=32", 851),
        ("unlimited", ck.MAX_DEPTH),
    ],
)
def test_the_stack_is_as_deep_as_the_rules_go(variant, depth):
    """52 removals, 24 draws a pass and the recycles (kernel.h PK_MAX_DEPTH); unlimited passes the
    deepest: the work area a search needs grows with its rules, and a shallower one is refused."""
    v = get_variant(variant)
    recycles = ck.UNLIMITED if v.recycles is None else v.recycles
    cards = bytearray(ck.CARDS_BYTES)
    ck.cards_init(cards, bytes(range(52)), v.wastes, v.piles, int(v.open_stock), recycles, 0)
    assert ck.depth(cards) == depth
    assert search._Search(Deal.from_number(v, 1), shortest=False).work.__len__() == ck.work_bytes(depth)
    shallow = bytearray(ck.work_bytes(depth - 1))
    ck.work_init(shallow)
    with pytest.raises(ValueError, match="work must be"):
        ck.start(cards, shallow, 0)


def test_a_stack_depth_past_the_rules_or_the_buffer_is_refused():
    """set_control may write any depth: search and line refuse one their buffers cannot hold."""
    cards = cards_for(list(range(52)))
    work = bytearray(ck.work_bytes(ck.depth(cards)))
    ck.work_init(work)
    ck.set_control(work, ck.DEPTH, ck.depth(cards) + 1)
    with pytest.raises(ValueError, match="the stack's depth"):
        ck.search(cards, work, bytearray(8 << 10), bytearray(1 << 10), 100, 0)
    with pytest.raises(ValueError, match="no line on the stack"):
        ck.line(work)
    ck.set_control(work, ck.DEPTH, ck.depth(cards))
    assert len(ck.line(work)) == ck.depth(cards)
