"""The C kernel on the family's games (issue 51): the rules as data (search.family_rules,
c/kernel.h's pk_cards_layout) held to the plain reference search (reference.plain_solve) on
random positions of every game it plays, and every winning line replayed in the engine."""

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pyramid_solitaire.engine.deal import START, Deal, State
from pyramid_solitaire.engine.variants import GAMES, get_variant
from pyramid_solitaire.solver import _kernel as ck
from pyramid_solitaire.solver.reference import plain_solve
from pyramid_solitaire.solver.search import UNKNOWN, UNWINNABLE, WINNABLE, _Search, family_rules, solve

# Winnable deals of each game the kernel plays by rules as data (of deals 0..39, as it decides;
# Pharaohs: deal 44, the first win of deals 0..59).
WINNABLE_DEALS = {
    "pyramid-dozen": (16, 28, 32, 34),
    "tuts-tomb": (1, 2, 5, 6),
    "cheops": (0, 1, 2, 3),
    "triangle": (0, 2, 5, 6),
    "eleven-triangle": (0, 14, 17, 23),
    "pharaohs": (44,),
}
PLAIN_NODES = 4000  # the plain search's budget for one position (a few tenths of a second)


def test_the_kernel_plays_every_game_by_rules_as_data():
    played = {game for game, v in GAMES.items() if family_rules(v) is not None}
    # Thirteen: also open-stock's twin (KERNEL_TWINS); Apophis: test_solver_apophis.py
    assert played == set(WINNABLE_DEALS) | {"thirteen", "apophis"}
    assert family_rules(get_variant("apophis:passes=4")) is None  # a third gather: the plain search's


def test_the_layout_and_pairing_tables_are_the_games():
    """Pharaohs: 52 tableau positions, its second pyramid's apex (position 3) covered by 4 and 5;
    Pyramid Dozen: a reserve card covered by every card over it in its pile; Cheops: K pairs with
    Q and K, no card alone; Eleven Triangle: J+J, 5+6, not 5+5."""
    pharaohs = _Search(Deal(GAMES["pharaohs"], tuple(range(52))), shortest=False)
    assert ck.table_value(pharaohs.cards, ck.COVER, 3) == 1 << 4 | 1 << 5
    assert ck.table_value(pharaohs.cards, ck.COVER, 51) == 0
    dozen = _Search(Deal(GAMES["pyramid-dozen"], tuple(range(52))), shortest=False)
    assert ck.table_value(dozen.cards, ck.COVER, 28) == 0b1110 << 28  # pile 1: 28 under 29, 30, 31
    assert ck.table_value(dozen.cards, ck.COVER, 31) == 0 and ck.table_value(dozen.cards, ck.ALONE, 0) == 0
    cheops = _Search(Deal(GAMES["cheops"], tuple(range(52))), shortest=False)  # position p holds card p
    king, jack = 12, 10  # the king and the jack of clubs
    kings = sum(1 << p for p in range(52) if p % 13 == 12)
    queens = sum(1 << p for p in range(52) if p % 13 == 11)
    assert ck.table_value(cheops.cards, ck.PARTNERS, king) == (kings | queens) & ~(1 << king)
    assert not ck.table_value(cheops.cards, ck.PARTNERS, king) >> jack & 1
    eleven = _Search(Deal(GAMES["eleven-triangle"], tuple(range(52))), shortest=False)
    partners = ck.table_value(eleven.cards, ck.PARTNERS, 4)  # the five of clubs
    assert partners >> 5 & 1 and not partners >> 17 & 1  # the six of clubs, not the five of diamonds
    assert ck.table_value(eleven.cards, ck.PARTNERS, jack) >> 23 & 1  # the jack of diamonds


def test_rules_the_kernel_cannot_play_are_refused():
    cards, covers = bytearray(ck.CARDS_BYTES), bytes(8 * 52)
    pairs = bytes(int(a + b == 11) for a in range(13) for b in range(13))  # values a + 1, b + 1: sums of 13
    ck.cards_init(cards, bytes(range(52)), 0, 0, 0, 0, 0)
    ck.cards_layout(cards, covers, (1 << 52) - 1, pairs, 1 << 12, 1)
    with pytest.raises(ValueError, match="not rules the kernel plays"):
        ck.cards_layout(cards, covers, (1 << 28) - 1, pairs, 1 << 12, 1)  # no stock: a tableau of 52
    with pytest.raises(ValueError, match="not rules the kernel plays"):
        ck.cards_layout(cards, covers, (1 << 52) - 1, b"\x00\x01" + pairs[2:], 1 << 12, 1)  # A+2, not 2+A
    backwards = bytes(8) + (1).to_bytes(8, "little") + bytes(8 * 50)  # position 1 covered by 0
    with pytest.raises(ValueError, match="not rules the kernel plays"):
        ck.cards_layout(cards, backwards, (1 << 52) - 1, pairs, 1 << 12, 1)
    with pytest.raises(ValueError, match="not a goal"):
        ck.cards_goal(cards, (1 << 52) - 1, 1)  # overlap discards: the pyramid's alone


def line_to(deal: Deal, share: float):
    """The position a share of the kernel's winning line into the deal."""
    found = solve(deal)
    assert found.verdict == WINNABLE
    state = START
    for move in found.line[: int(len(found.line) * share)]:
        state = deal.apply(state, move)
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    game=st.sampled_from(sorted(WINNABLE_DEALS)),
    pick=st.integers(0, 3),
    share=st.floats(0.3, 0.9),
    off=st.integers(0, 4),
    seed=st.integers(0, 2**16),
)
def test_the_kernel_agrees_with_the_plain_search_on_random_positions(game, pick, share, off, seed):
    """A position part of the way along a winning line, then `off` random legal moves (most of
    them lose it): where the plain search decides it, the kernel's verdict is the same, and
    its winning line wins the position in the engine."""
    numbers = WINNABLE_DEALS[game]
    deal = Deal.from_number(game, numbers[pick % len(numbers)])
    state = line_to(deal, share)
    rng = random.Random(seed)
    for _ in range(off):
        legal = deal.legal_moves(state)
        if not legal:
            break
        state = deal.apply(state, rng.choice(legal))
    plain = plain_solve(deal, state, node_limit=PLAIN_NODES)
    assume(plain.verdict != UNKNOWN)
    found = solve(deal, state)
    assert found.verdict == plain.verdict, (deal, state, found, plain)
    for move in found.line:
        state = deal.apply(state, move)
    assert deal.is_won(state) == (found.verdict == WINNABLE)


def test_both_verdicts_are_compared_in_every_game():
    """The property above could pass on wins alone: here each game shows a lost position the
    plain search decides, and the kernel says so too (random moves off the line)."""
    for game, numbers in WINNABLE_DEALS.items():
        seen = set()
        for number in numbers:
            deal = Deal.from_number(game, number)
            for seed in range(12):
                state = line_to(deal, 0.5 + seed / 30)
                rng = random.Random(seed)
                for _ in range(2 + seed):
                    legal = deal.legal_moves(state)
                    if legal:
                        state = deal.apply(state, rng.choice(legal))
                plain = plain_solve(deal, state, node_limit=PLAIN_NODES)
                if plain.verdict != UNKNOWN:
                    assert solve(deal, state).verdict == plain.verdict, (game, number, seed)
                    seen.add(plain.verdict)
            if seen == {WINNABLE, UNWINNABLE}:
                break
        assert seen == {WINNABLE, UNWINNABLE}, (game, seen)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    game=st.sampled_from(sorted(WINNABLE_DEALS)),
    pick=st.integers(0, 3),
    share=st.floats(0.6, 0.9),
    off=st.integers(0, 2),
    seed=st.integers(0, 2**16),
)
def test_the_kernels_shortest_lines_are_as_short_as_the_breadth_first_search(game, pick, share, off, seed):
    """The shortest search with rules as data (its estimate the goal's count): where the plain
    breadth-first search finishes, the same verdict, a line proven shortest of its length, and
    the line wins in the engine."""
    numbers = WINNABLE_DEALS[game]
    deal = Deal.from_number(game, numbers[pick % len(numbers)])
    state = line_to(deal, share)
    rng = random.Random(seed)
    for _ in range(off):
        legal = deal.legal_moves(state)
        if legal:
            state = deal.apply(state, rng.choice(legal))
    plain = plain_solve(deal, state, shortest=True, node_limit=PLAIN_NODES)
    assume(plain.verdict != UNKNOWN)
    found = solve(deal, state, shortest=True)
    assert [found.verdict, len(found.line)] == [plain.verdict, len(plain.line)], (deal, state)
    assert found.shortest == (found.verdict == WINNABLE)
    for move in found.line:
        state = deal.apply(state, move)
    assert deal.is_won(state) == (found.verdict == WINNABLE)


def endgame(game: str, placed: dict[int, int], drawn: int) -> tuple[Deal, State]:
    """A deal with card `placed[p]` at deck position p (the other cards in order elsewhere) and
    the position where only the placed cards are left, `drawn` stock cards passed."""
    rest = iter(c for c in range(52) if c not in placed.values())
    deal = Deal(GAMES[game], tuple(placed[p] if p in placed else next(rest) for p in range(52)))
    left = sum(1 << p for p in placed)
    return deal, State(removed=((1 << 52) - 1) & ~left, drawn=drawn)


# Cards by value (clubs, diamonds: card = suit * 13 + value - 1).
THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, KING, FIVE_D, TWO = 2, 3, 4, 5, 6, 7, 12, 17, 1


@pytest.mark.parametrize(
    "game, placed, drawn, verdict, proof",
    [
        # the count proof (proofs.c's uneven): the stock's 2, 3, 4 are one run of values of three
        # cards: one is left over; with a 5 too, two pairs
        ("cheops", {28: TWO, 29: THREE, 30: FOUR}, 0, UNWINNABLE, True),
        ("cheops", {28: TWO, 29: THREE, 30: FOUR, 31: FIVE}, 0, WINNABLE, False),
        # its two sides: Eleven Triangle's 5 pairs with a 6 alone, and no 6 is left for two 5s
        ("eleven-triangle", {28: FIVE, 29: FIVE_D, 30: FOUR, 31: SEVEN}, 0, UNWINNABLE, True),
        # the waste's partners (proofs.c's waste_blocked): two 5s on the waste (3, 4 in the stock)
        # both need the 4; a 4 over a 5 takes the 3, and the 5 the stock's other 5
        ("cheops", {28: FIVE, 29: FIVE_D, 30: FOUR, 31: THREE}, 2, UNWINNABLE, True),
        ("cheops", {28: FIVE, 29: FOUR, 30: THREE, 31: FIVE_D}, 2, WINNABLE, False),
        # the relaxed game on Triangle's cover relation (sums of 13): the 6 at 7 lies over the 8 at
        # 0, the 5 at 12 over the 7 at 6; each pair needs a card the other pair's top covers; with
        # a 7 at 12 and a 5 at 6, 6 + 7 first, then 8 + 5 (a king in the stock: a move to make)
        ("triangle", {7: SIX, 0: EIGHT, 12: FIVE, 6: SEVEN, 28: KING}, 0, UNWINNABLE, True),
        ("triangle", {7: SIX, 0: EIGHT, 12: SEVEN, 6: FIVE, 28: KING}, 0, WINNABLE, False),
    ],
)
def test_the_proofs_for_any_pairing_decide_endgames_at_once(game, placed, drawn, verdict, proof):
    """The loss proofs that read the pairing or the cover relation as data decide these endgames
    at the root, no position searched, as the plain search decides them; their twins that can be
    won are not claimed lost."""
    deal, state = endgame(game, placed, drawn)
    found = solve(deal, state)
    assert found.verdict == plain_solve(deal, state, node_limit=PLAIN_NODES).verdict == verdict
    assert (found.searched == 0) == proof, found
    for move in found.line:
        state = deal.apply(state, move)
    assert deal.is_won(state) == (verdict == WINNABLE)


def test_the_relaxed_game_proves_tuts_tomb_deal_74_lost_at_once():
    """Tut's Tomb has unlimited passes, so no card is ever buried for good; the relaxed game (every
    stock card available at all times) on its pyramid sees deal 74 lost before any move (the
    kernel of SOLVER_VERSION 10, without it, took 4.1 million positions)."""
    found = solve(Deal.from_number("tuts-tomb", 74))
    assert (found.verdict, found.searched) == (UNWINNABLE, 0)


@pytest.mark.parametrize("number, most", [(54, 40_000), (82, 100_000), (167, 25_000), (348, 3_000)])
def test_cheops_restarts_find_late_wins_early(number, most):
    """Cheops deals the decision search of SOLVER_VERSION 12 left undecided at a million positions
    (it spent them in lost branches under an early wrong move), won within a few tens of thousands
    of positions with the restarts of SOLVER_VERSION 13 (search.c: runs of Luby-sequence lengths in
    shuffled move orders, the table's lost positions kept); the line replays in the engine."""
    deal = Deal.from_number("cheops", number)
    found = solve(deal, node_limit=most)
    assert found.verdict == WINNABLE and found.searched <= most, found
    state = START
    for move in found.line:
        state = deal.apply(state, move)
    assert deal.is_won(state)
