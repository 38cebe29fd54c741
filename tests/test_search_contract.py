"""The search's contract (issue 48): a search given a bound returns a line within it or none, a
longer line is never trusted, and every search ends within its budget whatever the kernel answers.

The three positions are issue 48's: before the fix the kernel, asked for a line of at most N
steps, answered with a line of N + 1 (estimated 0 steps from a position with only outside cards
left, it took the win one step past the limit), and the shortest search asked again forever."""

import pytest

from pyramid_solitaire.engine.cards import card_text
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import WINNABLE, search
from pyramid_solitaire.solver import _kernel as ck

STUCK = [  # (variant, deal, moves played, shortest steps)
    ("three-wastes:passes=unlimited,win=all", 402418010, "Th+3s draw draw", 33),
    ("three-wastes:win=all", 3251895551, "draw 5c+8d", 34),
    ("pyramid:passes=unlimited,win=all", 2869965264, "draw 9d+4h draw draw draw draw draw 3c+Ts", 55),
]
NODES = 1_000_000  # each of the three is proven in under 320,000 positions


def stuck_game(variant: str, number: int, moves: str) -> Game:
    game = Game(variant, number=number)
    for move in moves.split():
        game.play(move)
    return game


@pytest.mark.parametrize(("variant", "number", "moves", "steps"), STUCK)
def test_issue_48_positions_get_their_shortest_line_proven(variant, number, moves, steps):
    game = stuck_game(variant, number, moves)
    found = search.solve_game(game, shortest=True, node_limit=NODES)
    assert (found.verdict, found.steps, found.shortest, found.reason) == (WINNABLE, steps, True, None)
    assert found.searched <= NODES
    state = game.state
    for move in found.line:
        state = game.deal.apply(state, move)  # the engine checks every move
    assert game.deal.is_won(state)


@pytest.mark.parametrize(("variant", "number", "moves", "steps"), STUCK)
def test_the_kernel_gives_a_line_within_its_limit_or_none(variant, number, moves, steps):
    """Each limit from the decision's line down to one under the shortest: a line within it, or
    (under the shortest) none."""
    game, key, line = decided(variant, number, moves)
    budget = search._Budget(None, NODES)
    deeper = search._Search(game.deal, shortest=True)
    for limit in range(len(line) - 1, steps - 2, -1):
        status = deeper.run(key, budget, limit)
        assert status == (ck.WIN if limit >= steps else ck.LOST), limit
        if status == ck.WIN:
            assert len(deeper.line()) <= limit


class Answering(search._Search):
    """A kernel that 'wins' every search it is asked for, with the line `answer(limit)`."""

    def __init__(self, deal, answer):
        super().__init__(deal, shortest=True)
        self.answer, self.asked = answer, []

    def run(self, key, budget, limit=0):
        self.asked.append(limit)
        assert len(self.asked) < 10, "asked again and again"  # a broken driver fails, never hangs
        return ck.WIN

    def line(self):
        return self.answer(self.asked[-1])


class Spent(search._Budget):
    """A budget already spent (a clock past its deadline), held still."""

    def spent(self, nodes):
        return True


def decided(variant, number, moves):
    game = stuck_game(variant, number, moves)
    key = search.state_key(game.deal, game.state)
    verdict, line = search._Search(game.deal, shortest=False).decide(key, search._Budget(None, NODES))
    return game, key, line


def test_a_line_past_the_limit_is_never_trusted_and_never_looped_on():
    """What the kernel did on issue 48's positions: the same line, one step past the limit."""
    game, key, line = decided(*STUCK[0][:3])
    broken = Answering(game.deal, lambda limit: line)
    found, proven = broken.shortest_line(key, line, search._Budget(None, NODES))
    assert (found, proven, broken.asked) == (line, False, [len(line) - 1])
    assert (
        broken.failed
        == f"kernel error: asked for a line of at most {len(line) - 1} steps, it gave {len(line)}"
    )


def test_a_shortest_search_reads_its_budget_after_each_line_found():
    """Lines found in quick succession, never a slice run out: the budget still ends the search."""
    game, key, line = decided(*STUCK[0][:3])
    shrinking = Answering(game.deal, lambda limit: line[:limit])
    found, proven = shrinking.shortest_line(key, line, Spent(None, None))
    assert (len(found), proven, shrinking.asked, shrinking.failed) == (
        len(line) - 1,
        False,
        [len(line) - 1],
        None,
    )


def test_a_win_one_step_past_the_limit_is_no_line():
    """Asked for no step from one step before the win, the kernel finds none (it took the win);
    the position's bound becomes the one step it needs."""
    game, key, line = decided(*STUCK[0][:3])
    state = game.state
    for move in line[:-1]:
        state = game.deal.apply(state, move)
    deeper = search._Search(game.deal, shortest=True)
    assert deeper.run(search.state_key(game.deal, state), search._Budget(None, NODES), 0) == ck.LOST
    assert ck.control(deeper.work, ck.BOUND) == 1


def test_cards_left_outside_the_pyramid_count_in_the_estimate():
    """win=all with the pyramid cleared: Tc 3d 3h Ts Kd left outside need three steps (a king
    alone, the others two at a time); the estimate said 0."""
    game = stuck_game(*STUCK[0][:3])
    deal, state = game.deal, game.state
    played = (
        "8c+5d draw 7c+6s 5c+8d Ad+Qs draw draw 9d+4h 2h+Jd draw draw As+Qh 4c+9h draw 8h+5h recycle"
        " draw 4d+9c draw Jh+2s Kh draw draw 8s+5s draw 7s+6d Ah+Qc draw Ac+Qd Kc recycle draw draw"
        " 6c+7h 2c+Jc Td+3c draw 2d+Js draw 7d+6h 4s+9s Ks"
    )
    for move in played.split():
        state = deal.apply(state, deal.parse_move(move))
    assert sorted(card_text(deal.cards[p]) for p in range(52) if not state.removed >> p & 1) == sorted(
        "Tc 3d 3h Ts Kd".split()
    )
    assert search.lower_bound(deal, state) == 3
