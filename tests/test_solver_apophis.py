"""The C kernel on Apophis (c/gather.c): its gathering recycle makes the next round's stock of the
cards left on waste pile 3, 2, 1 in turn, so a position carries the piles of the cards left at the
last gather (a second word beside the key). Held to the plain reference search (plain_solve) on
positions after one and two gathers, decisions and shortest lines, every line replayed in the
engine."""

import random

import pytest

from pyramid_solitaire.engine.deal import START, Deal, MoveKind, State
from pyramid_solitaire.engine.variants import GAMES
from pyramid_solitaire.solver import _kernel as ck
from pyramid_solitaire.solver.reference import plain_solve
from pyramid_solitaire.solver.search import (
    UNKNOWN,
    UNWINNABLE,
    WINNABLE,
    _Search,
    family_rules,
    solve,
    state_gathered,
)

PLAIN_NODES = 4000  # the plain search's budget for one position


def walk(deal: Deal, rng: random.Random) -> list[State]:
    """A random game that mostly removes cards when it can (so it reaches the later rounds with
    few cards left, where the plain search decides): every position it passes."""
    state, states = START, [START]
    while legal := deal.legal_moves(state):
        removals = [m for m in legal if m.kind in (MoveKind.PAIR, MoveKind.KING)]
        state = deal.apply(state, rng.choice(removals if removals and rng.random() < 0.9 else legal))
        states.append(state)
    return states


def positions_after_gathers(seeds: range, per_game: int = 3):
    """Per seed a random deal, and up to `per_game` positions of a random game after a gather."""
    for seed in seeds:
        rng = random.Random(seed)
        deal = Deal.from_number("apophis", rng.randrange(1000))
        later = [s for s in walk(deal, rng) if s.recycles >= 1]
        for state in rng.sample(later, min(per_game, len(later))):
            yield seed, deal, state


def replay(deal: Deal, state: State, line) -> bool:
    for move in line:
        state = deal.apply(state, move)
    return deal.is_won(state)


def test_the_kernel_plays_apophis_and_its_gathered_word_is_the_engines_order():
    assert family_rules(GAMES["apophis"]) is not None
    deal = Deal.from_number("apophis", 1)
    rng = random.Random(5)
    rounds = set()
    for state in walk(deal, rng) + walk(deal, random.Random(6)):
        word = state_gathered(deal, state)
        assert (word == 0) == (state.recycles == 0)
        if state.order is not None:  # the kernel's order for that word is the engine's
            assert ck.gathered(bytes(state.order), state.recycles) == word
            rounds.add(state.recycles)
    assert rounds == {1, 2}
    # orders no gathering makes are refused: round 2's piles 3, 2, 1 in the wrong order; a card
    # twice; a pyramid card; an order in round 1
    with pytest.raises(ValueError, match="no gathering makes"):
        ck.gathered(bytes([28, 31, 29]), 1)
    with pytest.raises(ValueError, match="no gathering makes"):
        ck.gathered(bytes([30, 30]), 2)
    with pytest.raises(ValueError, match="no gathering makes"):
        ck.gathered(bytes([27]), 1)
    with pytest.raises(ValueError, match="not a position of Apophis"):
        solve(deal, State(drawn=3, order=(30, 33, 36)))
    with pytest.raises(ValueError, match="not a position of Apophis"):
        solve(deal, State(drawn=0, recycles=1))  # a gather without its order
    with pytest.raises(ValueError, match="not a position of Apophis"):
        solve(deal, State(drawn=0, recycles=1, order=(28, 29, 30)))  # no gather makes it
    with pytest.raises(ValueError, match="not a position"):
        solve(deal, State(drawn=4, recycles=1, order=(30, 33, 36)))  # drawn past the stock


def test_the_tables_slots_are_two_words():
    deal = Deal.from_number("apophis", 1)
    assert ck.key_bits(_Search(deal, shortest=False).cards) == ck.LOST_PAIRS
    assert ck.key_bits(_Search(deal, shortest=True).cards) == ck.FULL_PAIRS
    assert ck.key_bits(_Search(Deal.from_number("three-wastes", 1), shortest=False).cards) == ck.LOST_KEY
    search = _Search(deal, shortest=False)  # a table grown past its first size keeps its entries
    search.bits = 3
    search.entries, search.bounds = bytearray(8 << 3), bytearray(1 << 3)
    search.gathered = 0
    from pyramid_solitaire.solver.search import _Budget

    assert search.decide(0, _Budget(None, None))[0] == solve(deal).verdict
    assert search.bits > 3


def test_the_kernel_agrees_with_the_plain_search_after_one_and_two_gathers():
    """Random positions of random games after a gather: where the plain search decides, the same
    verdict, and the kernel's line wins in the engine. Both verdicts, both later rounds, seen."""
    seen = set()
    for seed, deal, state in positions_after_gathers(range(700)):
        plain = plain_solve(deal, state, node_limit=PLAIN_NODES)
        if plain.verdict == UNKNOWN:
            continue
        found = solve(deal, state)
        assert found.verdict == plain.verdict, (seed, deal, state, found, plain)
        assert replay(deal, state, found.line) == (found.verdict == WINNABLE)
        seen.add((state.recycles, found.verdict))
    assert seen == {(r, v) for r in (1, 2) for v in (WINNABLE, UNWINNABLE)}


def test_the_kernels_shortest_lines_after_gathers_are_the_breadth_first_searchs():
    checked = 0
    for seed, deal, state in positions_after_gathers(range(150), per_game=2):
        plain = plain_solve(deal, state, shortest=True, node_limit=PLAIN_NODES)
        if plain.verdict == UNKNOWN:
            continue
        found = solve(deal, state, shortest=True)
        assert [found.verdict, len(found.line)] == [plain.verdict, len(plain.line)], (seed, deal, state)
        assert found.shortest == (found.verdict == WINNABLE)
        assert replay(deal, state, found.line) == (found.verdict == WINNABLE)
        checked += found.verdict == WINNABLE
    assert checked > 20


def test_whole_deals_lines_replay_through_the_gathers_they_make():
    """From a deal's start the kernel's line, through its gathers, wins in the engine; the plain
    search's wins (deals 1, 2, 6, 11 within 20,000 positions) are the kernel's too."""
    gathers = set()
    for number in range(40):
        deal = Deal.from_number("apophis", number)
        found = solve(deal)
        assert found.verdict != UNKNOWN
        assert replay(deal, START, found.line) == (found.verdict == WINNABLE), number
        gathers.add(sum(move.kind == MoveKind.RECYCLE for move in found.line))
        if number in (1, 2, 6, 11):
            assert found.verdict == WINNABLE
    assert gathers == {0, 1, 2}
