"""The solver under the rule options and with a goal of its own: the compiled kernel agrees with
the plain-Python reference searches (solver/reference.py), every line replays through the engine,
and the kernel's limits are refused where they are read."""

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramid_solitaire.engine.deal import ALL_MASK, START, Deal, State
from pyramid_solitaire.engine.variants import MAX_PASSES, get_variant
from pyramid_solitaire.solver import UNKNOWN, UNWINNABLE, WINNABLE, reference_shortest, reference_solve, solve
from pyramid_solitaire.solver import _kernel as ck
from test_solver import balanced_position, random_position, replay_wins

OPTION_SETS = [
    "pyramid:passes=unlimited",
    "pyramid:overlap=yes",
    "pyramid:win=all",
    "classic:passes=unlimited,overlap=yes",
    "classic-redeal:overlap=yes,win=all",
    "three-wastes:passes=2",
    "three-wastes:passes=unlimited,win=all",
    "open-stock:passes=1",
    "open-stock:passes=unlimited,overlap=yes",
    "giza:overlap=yes",
    "giza:win=all",
    "original",
    "pyramid:passes=6",
]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KERNEL_NODES = 3_000_000
REFERENCE_NODES = 4000


def challenge(deal: Deal, rng: random.Random) -> Deal:
    """Now and then a goal of its own: the four cards of one rank (a daily challenge's kind)."""
    if rng.random() < 0.3:
        rank = rng.randrange(13)
        return deal.with_goal([c for c in deal.cards if c % 13 == rank])
    return deal


@SETTINGS
@given(text=st.sampled_from(OPTION_SETS), number=st.integers(0, 2**64 - 1), seed=st.integers(0, 2**32))
def test_agrees_with_the_reference_under_options_and_goals(text, number, seed):
    rng = random.Random(seed)
    deal = challenge(Deal.from_number(get_variant(text), number), rng)
    pick = random_position if rng.random() < 0.6 else balanced_position
    state = pick(deal, rng, rng.randrange(0, 8))
    got = solve(deal, state, node_limit=KERNEL_NODES)
    if got.verdict == WINNABLE:
        assert replay_wins(deal, state, got.line), deal.format_line(got.line)
    expected, line = reference_solve(deal, state, node_limit=REFERENCE_NODES)
    if expected != UNKNOWN and got.verdict != UNKNOWN:
        assert got.verdict == expected, (text, deal.deck_string(), state, hex(deal.goal))
    if expected == WINNABLE:
        assert replay_wins(deal, state, line)
        best = solve(deal, state, shortest=True, node_limit=KERNEL_NODES)
        verdict, fewest = reference_shortest(deal, state, node_limit=4 * REFERENCE_NODES)
        if verdict != UNKNOWN and best.shortest:
            assert best.steps == len(fewest), (text, deal.deck_string(), state, hex(deal.goal))
        assert best.verdict != WINNABLE or replay_wins(deal, state, best.line)


def test_a_goal_of_four_sevens_is_met_by_the_line():
    deal = Deal.from_number("pyramid", 7)
    sevens = [c for c in deal.cards if c % 13 == 6]
    found = solve(deal, goal=sevens, shortest=True, node_limit=KERNEL_NODES)
    assert found.verdict == WINNABLE and found.shortest
    assert replay_wins(deal.with_goal(sevens), START, found.line)
    assert not replay_wins(deal, START, found.line)  # the pyramid is not the goal here
    mask = sum(1 << deal.position[c] for c in sevens)
    assert solve(deal, goal=mask, shortest=True, node_limit=KERNEL_NODES).steps == found.steps


@pytest.mark.parametrize("number", range(12))
def test_more_rules_never_lose_a_deal_fewer_rules_win(number):
    """Unlimited passes and overlap discards only add moves; all 52 cards only adds to the goal."""
    texts = ("classic", "classic:passes=unlimited", "classic:overlap=yes", "classic:win=all")
    verdict = {t: solve(Deal.from_number(t, number), node_limit=KERNEL_NODES).verdict for t in texts}
    if verdict["classic"] == WINNABLE:
        assert verdict["classic:passes=unlimited"] == WINNABLE and verdict["classic:overlap=yes"] == WINNABLE
    if verdict["classic:win=all"] == WINNABLE:
        assert verdict["classic"] == WINNABLE


def test_win_all_lines_remove_every_card():
    for number in range(60):
        deal = Deal.from_number("pyramid:win=all", number)
        found = solve(deal, shortest=True, node_limit=KERNEL_NODES)
        if found.verdict == WINNABLE:
            assert deal.goal == ALL_MASK and replay_wins(deal, START, found.line)
            assert len(found.line) >= 26  # 52 cards, two at most a step
            return
    pytest.fail("no deal of 60 won with all 52 cards")


def test_the_kernels_limits_are_named_and_refused():
    assert MAX_PASSES == ck.MAX_RECYCLES + 1
    cards, deck = bytearray(ck.CARDS_BYTES), bytes(range(52))
    with pytest.raises(ValueError, match="recycles 32"):
        ck.cards_init(cards, deck, 1, 0, 0, ck.MAX_RECYCLES + 1, 0)
    ck.cards_init(cards, deck, 1, 0, 0, ck.UNLIMITED, 0)
    for goal, overlap in [(0, 0), (1 << 52, 0), (-1, 0), (1, 2)]:
        with pytest.raises(ValueError, match="not a goal"):
            ck.cards_goal(cards, goal, overlap)
    with pytest.raises(ValueError, match="a goal is a non-empty set"):
        solve(Deal.from_number("pyramid", 1), goal=[])


SOLVER_OPTIONS_CORPUS = Path(__file__).parent / "golden" / "solver_options_corpus.json"


@pytest.mark.parametrize("entry", json.loads(SOLVER_OPTIONS_CORPUS.read_text()), ids=lambda e: e["variant"])
def test_the_native_kernel_answers_the_solver_options_corpus(entry):
    """tools/solver_options_corpus.py wrote these; node holds the page's kernel.wasm to them too."""
    deal = Deal(get_variant(entry["variant"]), entry["cards"], goal=int(entry["goal"], 16))
    state = State(int(entry["removed"], 16), entry["drawn"], entry["recycles"])
    decided = solve(deal, state, node_limit=60_000)
    best = solve(deal, state, shortest=True, node_limit=60_000)
    got = [str(decided.verdict), decided.searched, deal.format_line(decided.line).split()]
    assert got == [entry["verdict"], entry["states"], entry["line"]]
    assert [best.steps, best.searched] == [entry["shortest"], entry["shortest_states"]]


def test_three_wastes_with_a_recycle_to_come_keeps_the_king_and_the_time():
    """Won only by recycling with a king still on a waste pile: the next pass deals three cards a
    draw, so the king kept in the stock changes which cards come up together. The kernel took the
    king first and read the position as lost from the same cards at an earlier time; both are
    unsound with three wastes while a recycle may come (found by the reference test above)."""
    deal = Deal.from_number(get_variant("three-wastes:passes=2"), 11057828303639010592)
    state = State(removed=0x592EFFFFFFFFC, drawn=15, recycles=0)
    assert reference_solve(deal, state)[0] == WINNABLE
    found = solve(deal, state)
    assert found.verdict == WINNABLE and replay_wins(deal, state, found.line)


def test_two_partners_in_one_waste_pile_never_pair():
    """Three wastes: a card keeps its waste pile in every pass (its stock position fixes it), and a
    pile loses cards only from its top, so of two cards in one pile one always lies over the other
    or waits in the closed stock. With only two such partners left, passes to come or not, the
    cards cannot all go, and the kernel says so before any search (it searched 3 positions
    without the pairing proof)."""
    deal = Deal.from_number("three-wastes:passes=unlimited,win=all", 3)
    values = [c % 13 + 1 for c in deal.cards]
    p, q = next((p, q) for p in range(28, 52) for q in range(p + 3, 52, 3) if values[p] + values[q] == 13)
    state = State(removed=ALL_MASK & ~(1 << p | 1 << q), drawn=0, recycles=0)
    assert reference_solve(deal, state)[0] == UNWINNABLE
    found = solve(deal, state)
    assert (found.verdict, found.searched) == (UNWINNABLE, 0)


def test_three_wastes_won_with_all_cards_looks_only_at_pairings_that_can_be():
    """Three wastes, three passes, every card to go: a deal won in 48 positions, where the kernel
    without the pairing proof searched 4,077,569 (it cannot see that two cards of one waste pile
    never pair, and tries every way to a position left with such pairs only)."""
    deal = Deal.from_number("three-wastes:passes=3,win=all", 20021)
    found = solve(deal, node_limit=10_000)
    assert found.verdict == WINNABLE and replay_wins(deal, START, found.line)


def test_unlimited_passes_read_a_loss_at_every_time_a_pass_reaches():
    """Unlimited passes, three wastes: cards found lost with no recycle made since the last removal
    are lost at every time a pass from the start reaches, whichever came first (tables.h's
    known_lost). Deal 20021 is won in 78,011 positions with that, 295,715 without."""
    deal = Deal.from_number("three-wastes:passes=unlimited", 20021)
    found = solve(deal, node_limit=150_000)
    assert found.verdict == WINNABLE and replay_wins(deal, START, found.line)


def test_the_shortest_search_weighs_a_pyramid_king_the_goal_does_not_need():
    """A goal of one rank (the four queens): the king over the ace that the last queen needs is no
    card of the goal, yet removing it is part of the shortest line. The shortest search never
    tried it (it removed only the goal's kings) and called the 11-step line shortest; the
    reference's breadth-first search finds 10 (a hypothesis example of the reference test)."""
    deal = Deal.from_number(get_variant("pyramid:passes=unlimited"), 99680).with_goal(0x10028020000)
    state = State(removed=0xFFCD8BFFFFF80, drawn=21, recycles=3)
    verdict, fewest = reference_shortest(deal, state)
    found = solve(deal, state, shortest=True)
    assert verdict == WINNABLE and len(fewest) == 10
    assert found.shortest and found.steps == 10 and replay_wins(deal, state, found.line)


def test_three_wastes_read_a_loss_from_an_earlier_pass_at_the_same_draws():
    """Three wastes, passes to come: cards found lost at a time of an earlier pass are lost at a
    later pass's time that whole draws reach from it in that pass too (the same piles, fewer
    passes left: tables.h's known_lost). Deal 20140 is won in 24,959 positions with that, 34,042
    without."""
    deal = Deal.from_number("three-wastes:passes=3,win=all", 20140)
    found = solve(deal, node_limit=30_000)
    assert found.verdict == WINNABLE and replay_wins(deal, START, found.line)


def test_three_wastes_read_a_loss_from_an_earlier_pass_only_where_whole_draws_reach():
    """The same reading at a later pass's time that whole draws do not reach from the earlier
    time (the cards left between come in other threes: other cards meet on the piles) called
    this won deal lost."""
    deal = Deal.from_number("three-wastes:passes=2,overlap=yes", 764)
    found = solve(deal)
    assert found.verdict == WINNABLE and replay_wins(deal, START, found.line)
