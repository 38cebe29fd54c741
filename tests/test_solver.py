"""The exact solver: the compiled search agrees with the readable reference, and every line wins."""

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramid_solitaire.engine.deal import PYRAMID_MASK, START, Deal, State
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import VARIANTS, get_variant
from pyramid_solitaire.solver import (
    UNKNOWN,
    UNWINNABLE,
    WINNABLE,
    Solution,
    lower_bound,
    reference_shortest,
    reference_solve,
    search,
    solve,
    solve_game,
)
from pyramid_solitaire.solver import _kernel as ck

VARIANT_IDS = list(VARIANTS)
GOLDEN = json.loads((Path(__file__).parent / "golden" / "solver_verdicts.json").read_text())
REFERENCE_NODES = 4000  # the plain-Python searches stay quick; past this they answer UNKNOWN
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def replay_wins(deal: Deal, state: State, line) -> bool:
    """Play the line through the engine, which checks every move; True when it clears the pyramid."""
    for move in line:
        state = deal.apply(state, move)
    return deal.is_won(state)


def random_position(deal: Deal, rng: random.Random, pyramid_left: int, max_moves: int = 200) -> State:
    """Play random legal moves (mostly removals, so the pyramid shrinks) until at most
    `pyramid_left` pyramid cards remain, the game ends, or `max_moves` were played."""
    state = START
    for _ in range(max_moves):
        left = 28 - bin(state.removed & PYRAMID_MASK).count("1")
        moves = deal.legal_moves(state)
        if left <= pyramid_left or not moves:
            break
        removals = [m for m in moves if m.kind in ("king", "pair")]
        pool = removals if removals and rng.random() < 0.85 else moves
        state = deal.apply(state, rng.choice(pool))
    return state


def arbitrary_position(deal: Deal, rng: random.Random, pyramid_left: int, stock_gone: float = 0.5) -> State:
    """A position the search must handle even if no game reaches it: the pyramid keeps the
    `pyramid_left` cards of its top rows, random stock cards are gone, the stock part-drawn."""
    removed = PYRAMID_MASK & ~((1 << pyramid_left) - 1)
    for p in range(28, 52):
        if rng.random() < stock_gone:
            removed |= 1 << p
    v = deal.variant
    drawn = rng.randrange(0, 25) if v.has_stock else 0
    if v.wastes == 3:
        drawn -= drawn % 3
    return State(removed, drawn, rng.randint(0, 3 if v.recycles is None else v.recycles))


def balanced_position(deal: Deal, rng: random.Random, pyramid_left: int) -> State:
    """Like `arbitrary_position`, but the cards left could be what pairs leave: as many cards
    worth v as worth 13 - v, with few outside the pyramid beyond what it needs."""
    v = deal.variant
    keep = set(range(pyramid_left))
    values = [c % 13 + 1 for c in deal.cards]
    outside = {w: [p for p in range(28, 52) if values[p] == w] for w in range(1, 14)}
    for w in range(1, 7):
        a = sum(values[p] == w for p in keep)
        b = sum(values[p] == 13 - w for p in keep)
        total = max(a, b) + rng.choice([0, 0, 1, 2])  # cards of each value left, if there are enough
        keep.update(rng.sample(outside[w], min(max(total - a, 0), len(outside[w]))))
        keep.update(rng.sample(outside[13 - w], min(max(total - b, 0), len(outside[13 - w]))))
    keep.update(p for p in outside[13] if rng.random() < 0.3)
    removed = sum(1 << p for p in range(52) if p not in keep)
    drawn = rng.randrange(0, 25) if v.has_stock else 0
    if v.wastes == 3:
        drawn -= drawn % 3
    return State(removed, drawn, rng.randint(0, 3 if v.recycles is None else v.recycles))


def near_end_position(deal: Deal, rng: random.Random, left: int, detour: int) -> State:
    """Along a winning line until `left` pyramid cards remain, then `detour` random moves."""
    state = START
    for move in solve(deal, node_limit=200_000).line:
        if 28 - bin(state.removed & PYRAMID_MASK).count("1") <= left:
            break
        state = deal.apply(state, move)
    for _ in range(detour):
        moves = deal.legal_moves(state)
        if deal.is_won(state) or not moves:
            break
        state = deal.apply(state, rng.choice(moves))
    return state


def check_agrees(deal: Deal, state: State) -> None:
    got = solve(deal, state)
    assert got.verdict in (WINNABLE, UNWINNABLE)
    if got.verdict == WINNABLE:
        assert replay_wins(deal, state, got.line), deal.format_line(got.line)
    expected, line = reference_solve(deal, state, node_limit=REFERENCE_NODES)
    if expected != UNKNOWN:
        assert got.verdict == expected, (deal.deck_string(), state)
        if line:
            assert replay_wins(deal, state, line)


@SETTINGS
@given(
    variant=st.sampled_from(VARIANT_IDS),
    number=st.integers(0, 2**64 - 1),
    seed=st.integers(0, 2**32),
    left=st.integers(0, 10),
)
@pytest.mark.slow  # 10 s at load 26 (pytest --durations, 1 Dec 2026)
def test_agrees_with_reference_in_mid_game(variant, number, seed, left):
    deal = Deal.from_number(get_variant(variant), number)
    check_agrees(deal, random_position(deal, random.Random(seed), left))


@SETTINGS
@given(
    variant=st.sampled_from(VARIANT_IDS),
    number=st.integers(0, 2**64 - 1),
    seed=st.integers(0, 2**32),
    left=st.integers(0, 8),
    detour=st.integers(0, 4),
)
@pytest.mark.slow  # 260 s at load 26 (pytest --durations, 1 Dec 2026)
def test_agrees_with_reference_near_a_winning_line(variant, number, seed, left, detour):
    """Follow a winning line until few pyramid cards are left, then a few random moves:
    positions that are often still winnable, and often only just not."""
    deal = Deal.from_number(get_variant(variant), number)
    state = near_end_position(deal, random.Random(seed), left, detour)
    check_agrees(deal, state)


@SETTINGS
@given(
    variant=st.sampled_from(VARIANT_IDS),
    number=st.integers(0, 2**64 - 1),
    seed=st.integers(0, 2**32),
    left=st.sampled_from([1, 3, 6, 10]),
    balanced=st.booleans(),
)
@pytest.mark.slow  # 10 s at load 26 (pytest --durations, 1 Dec 2026)
def test_agrees_with_reference_on_arbitrary_positions(variant, number, seed, left, balanced):
    deal = Deal.from_number(get_variant(variant), number)
    make = balanced_position if balanced else arbitrary_position
    check_agrees(deal, make(deal, random.Random(seed), left))


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_whole_deals_give_lines_that_win(variant):
    wins = 0
    for number in list(range(10)) + [32, 40]:  # classic wins 32 and 40 (few classic deals win)
        deal = Deal.from_number(get_variant(variant), number)
        got = solve(deal)
        assert got.verdict in (WINNABLE, UNWINNABLE)
        assert got.searched >= 0 and got.seconds >= 0
        if got.verdict == WINNABLE:
            wins += 1
            assert got.steps == len(got.line) > 0
            assert replay_wins(deal, START, got.line)
        else:
            assert got.line == () and got.steps is None
    assert wins > 0  # every variant wins some of its first deals


# Giza deals the plain search settles within 2,000 positions (of deals 0..39; 21 is lost). Most
# whole deals are too big for it: trying all 40 took 12 s to settle these.
GIZA_SETTLED = [2, 5, 17, 18, 21, 23, 29, 32]


@pytest.mark.parametrize("number", GIZA_SETTLED)
@pytest.mark.slow  # 17 s at load 26 (pytest --durations, 1 Dec 2026)
def test_giza_whole_deals_agree_with_reference(number):
    """Giza has no stock, so the plain search can settle some whole deals."""
    deal = Deal.from_number(get_variant("giza"), number)
    expected, _ = reference_solve(deal, node_limit=2_000)
    assert expected != UNKNOWN
    assert solve(deal).verdict == expected


def test_won_position_needs_no_move():
    deal = Deal.from_number(get_variant("pyramid"), 3)
    got = solve(deal, State(PYRAMID_MASK))
    assert got.verdict == WINNABLE and got.line == () and got.steps == 0


# Three-wastes deal 6 after these 31 moves: the decision's line is Kc Ah+Qs, the shortest Ah+Qs.
# Once the one-step line was found, the shortest search asked the kernel for a line of no step
# (limit 0), and the kernel, which sees a win before the limit, found Ah+Qs again, for ever.
ONE_STEP_LEFT = (
    "Ks 9h+4h Qc+Ad draw draw Jc+2s draw 7c+6h draw draw 5d+8d 3c+Tc 6c+7h 8h+5s Ts+3d Kh 5h+8s "
    "draw draw Qh+As Kd 3s+Td Js+2h 3h+Th 4s+9s 7s+6d 9d+4d draw 7d+6s 2d+Jh 8c+5c"
)


def test_a_line_of_one_step_is_the_shortest_without_asking_for_none(monkeypatch):
    from pyramid_solitaire.solver import search

    game = Game("three-wastes", number=6)
    for move in ONE_STEP_LEFT.split():
        game.play(move)
    assert [str(m) for m in solve_game(game).line] == ["Kc", "Ah+Qs"]
    calls = []

    def counted(*args):  # a search that asks again and again fails here, not hangs
        calls.append(args[-1])
        assert len(calls) < 100, f"the kernel was asked {len(calls)} times, limits {calls[-5:]}"
        return kernel_search(*args)

    kernel_search = search.ck.search
    monkeypatch.setattr(search.ck, "search", counted)
    got = solve_game(game, shortest=True)
    assert (got.verdict, [str(m) for m in got.line], got.shortest) == (WINNABLE, ["Ah+Qs"], True)
    assert calls == [0, 1]  # the decision (no limit), one iteration at limit 1, none at 0


def test_solve_game_solves_the_current_position():
    game = Game("pyramid", number=1)  # winnable
    first = solve_game(game)
    assert first.verdict == WINNABLE
    for move in first.line[:3]:
        game.play(move)
    later = solve_game(game)
    # the line goes on from where the game stands, not from the deal's start
    assert later.verdict == WINNABLE and replay_wins(game.deal, game.state, later.line)


def test_node_limit_gives_unknown_on_a_hard_deal():
    # A deal that needs more than a handful of positions, whatever the verdict.
    for number in range(50):
        deal = Deal.from_number(get_variant("pyramid"), number)
        if solve(deal).searched > 100:
            break
    got = solve(deal, node_limit=10)
    assert got.verdict == UNKNOWN and got.line == () and got.steps is None


def test_time_limit_stops_the_search():
    deal = Deal.from_number(get_variant("classic"), 2)  # lost, proven in about 29,000 positions
    assert solve(deal, time_limit=60.0).verdict == UNWINNABLE
    stopped = solve(deal, time_limit=0)
    assert stopped.verdict == UNKNOWN and stopped.line == () and stopped.searched < 29_000


@pytest.mark.parametrize(
    "bad",
    [
        dict(time_limit=-1),
        dict(time_limit=float("nan")),
        dict(time_limit="5"),
        dict(node_limit=0),
        dict(node_limit=2.5),
        dict(node_limit=True),
    ],
)
def test_bad_limits_are_refused(bad):
    with pytest.raises(ValueError):
        solve(Deal.from_number(get_variant("pyramid"), 1), **bad)


@pytest.mark.parametrize("state", [State(-1), State(0, 25), State(0, 0, 3), "start"])
def test_bad_positions_are_refused(state):
    with pytest.raises(ValueError):
        solve(Deal.from_number(get_variant("pyramid"), 1), state)


def test_solution_as_dict():
    deal = Deal.from_number(get_variant("giza"), 2)
    got = solve(deal)
    d = got.to_dict(deal)
    assert set(d) == {"verdict", "line", "steps", "states", "seconds"}
    assert isinstance(got, Solution) and d["verdict"] == got.verdict


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANT_IDS),
    number=st.integers(0, 2**64 - 1),
    seed=st.integers(0, 2**32),
    left=st.integers(0, 6),
    detour=st.integers(0, 3),
    arbitrary=st.booleans(),
)
@pytest.mark.slow  # 472 s at load 26 (pytest --durations, 1 Dec 2026)
def test_shortest_line_is_as_short_as_breadth_first(variant, number, seed, left, detour, arbitrary):
    deal = Deal.from_number(get_variant(variant), number)
    rng = random.Random(seed)
    if arbitrary:
        state = balanced_position(deal, rng, left + 3)
    else:
        state = near_end_position(deal, rng, left, detour)
    got = solve(deal, state, shortest=True)
    expected, line = reference_shortest(deal, state, node_limit=REFERENCE_NODES)
    if got.verdict == WINNABLE:
        assert got.shortest and replay_wins(deal, state, got.line)
    if expected != UNKNOWN:
        assert got.verdict == expected
        if expected == WINNABLE:
            assert got.steps == len(line), (deal.deck_string(), state, deal.format_line(line))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANT_IDS),
    number=st.integers(0, 2**64 - 1),
    seed=st.integers(0, 2**32),
    left=st.integers(2, 9),
)
@pytest.mark.slow  # 8 s at load 26 (pytest --durations, 1 Dec 2026)
def test_lower_bound_never_exceeds_the_steps_left(variant, number, seed, left):
    """Along a shortest line found breadth first, the estimate is at most the steps still to go
    (the estimate is admissible, which the shortest search's proof rests on)."""
    deal = Deal.from_number(get_variant(variant), number)
    state = balanced_position(deal, random.Random(seed), left)
    assert_bound_along_the_shortest_line(deal, state)


def assert_bound_along_the_shortest_line(deal: Deal, state: State) -> None:
    """Along a shortest line found breadth first, the estimate is at most the steps still to go,
    and 0 at the end."""
    verdict, line = reference_shortest(deal, state, node_limit=REFERENCE_NODES)
    if verdict != WINNABLE:
        return
    for done, move in enumerate(line):
        assert lower_bound(deal, state) <= len(line) - done, (deal.deck_string(), state, done)
        state = deal.apply(state, move)
    assert lower_bound(deal, state) == 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["pyramid", "classic", "classic-redeal", "pyramid:passes=2", "unlimited"]),
    number=st.integers(0, 2**64 - 1),
    seed=st.integers(0, 2**32),
    left=st.integers(1, 8),
    far=st.booleans(),
)
def test_last_pass_bound_never_exceeds_the_steps_left(variant, number, seed, left, far):
    """The pyramid family's bound on a line that ends in this pass or recycles (c/estimate.c's
    final_pass and with_recycle): along a shortest line found breadth first, from positions with
    the apex and few pyramid cards left, cards on the waste and in the stock, and sometimes the
    needed cards deep in the stock (`far`: the stock's first cards and the waste gone), the
    estimate is at most the steps still to go."""
    deal = Deal.from_number(get_variant(variant), number)
    rng = random.Random(seed)
    state = balanced_position(deal, rng, left)
    if far:
        first = 28 + rng.randrange(0, 12)
        state = State(state.removed | sum(1 << p for p in range(28, first)), 0, state.recycles)
    assert_bound_along_the_shortest_line(deal, state)


def shortest_probing(deal: Deal, state: State) -> tuple[str, tuple]:
    """The shortest search with its probes at every position it expands (c/search.c's probe, which
    waits for PROBE_AFTER positions searched and a slack of PROBE_SLACK: both 0 here)."""
    key = search.state_key(deal, state)
    verdict, line = search._Search(deal, shortest=False).decide(key, search._Budget(None, None))
    if verdict != WINNABLE:
        return verdict, ()
    deeper = search._Search(deal, shortest=True)
    ck.set_control(deeper.work, ck.PROBE_AFTER, 0)
    ck.set_control(deeper.work, ck.PROBE_SLACK, 0)
    line, proven = deeper.shortest_line(key, line, search._Budget(None, None))
    assert proven
    return verdict, line


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["pyramid", "classic", "classic-redeal", "overlap", "pyramid:win=all"]),
    number=st.integers(0, 2**64 - 1),
    seed=st.integers(0, 2**32),
    left=st.integers(0, 6),
    detour=st.integers(0, 4),
    arbitrary=st.booleans(),
)
def test_probes_keep_the_shortest_line(variant, number, seed, left, detour, arbitrary):
    """The shortest search's probes (decision searches that prove positions lost, and remember
    lost and won positions by the cards left and a time) leave it the breadth-first length."""
    deal = Deal.from_number(get_variant(variant), number)
    rng = random.Random(seed)
    if arbitrary:
        state = balanced_position(deal, rng, left + 3)
    else:
        state = near_end_position(deal, rng, left, detour)
    verdict, line = shortest_probing(deal, state)
    expected, fewest = reference_shortest(deal, state, node_limit=REFERENCE_NODES)
    if verdict == WINNABLE:
        assert replay_wins(deal, state, line)
    if expected != UNKNOWN:
        assert verdict == expected
        if expected == WINNABLE:
            assert len(line) == len(fewest), (deal.deck_string(), state, deal.format_line(fewest))


@pytest.mark.parametrize("variant", VARIANT_IDS)
@pytest.mark.slow  # 38 s at load 26 (pytest --durations, 1 Dec 2026)
def test_verdicts_of_whole_deals_match_the_unpruned_search(variant):
    """Golden verdicts of deals 0..599, found by a search without any of the pruning."""
    expected = GOLDEN["verdicts"][variant]
    for number in range(0, len(expected), 2):  # every other deal keeps the test quick
        deal = Deal.from_number(get_variant(variant), number)
        got = solve(deal)
        assert got.verdict == (WINNABLE if expected[number] == "W" else UNWINNABLE), number
        if got.verdict == WINNABLE:
            assert replay_wins(deal, START, got.line), number


@pytest.mark.parametrize(
    "variant, deals",
    [
        ("giza", 60),
        ("open-stock", 15),
        ("three-wastes", 20),
        ("classic", 60),
        ("pyramid", 4),
    ],
)
@pytest.mark.slow  # 10 s at load 26 (pytest --durations, 1 Dec 2026)
def test_fewest_steps_of_whole_deals_match_the_golden_figures(variant, deals):
    expected = GOLDEN["shortest_steps"][variant][:deals]
    for number, steps in enumerate(expected):
        deal = Deal.from_number(get_variant(variant), number)
        got = solve(deal, shortest=True)
        assert got.steps == steps, number
        if steps is not None:
            assert got.shortest and replay_wins(deal, START, got.line), number
