import json
from types import SimpleNamespace

import pytest

from pyramid_solitaire.cli import main
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import UNKNOWN, UNWINNABLE, WINNABLE, Solution, hints, review, solve


def lost_game() -> Game:
    """Deal 1 is winnable; drawing through every pass without pairing loses it."""
    game = Game("pyramid", number=1)
    while game.legal_moves():
        game.play(game.legal_moves()[-1])
    assert game.is_stuck
    return game


@pytest.mark.slow  # 4 s at load 26 (pytest --durations, 1 Dec 2026)
def test_following_hints_again_and_again_wins():
    game = Game("open-stock", number=1)
    while not game.is_won:
        h = hints.hint(game, time_limit=5)
        assert h.verdict == "winnable" and h.checked and h.move in game.legal_moves()
        game.play(h.move)
    assert hints.hint(game).verdict == "won"


def test_a_lost_game_names_the_last_winnable_position():
    game = lost_game()
    h = hints.hint(game, time_limit=10)
    assert h.verdict == "unwinnable" and h.move is None
    k = h.last_winnable
    assert 0 <= k < len(game.moves)
    assert solve(game.deal, game.states[k]).verdict == "winnable"
    assert solve(game.deal, game.states[k + 1]).verdict == "unwinnable"
    shown = h.to_dict(game)
    assert shown["undo"] == len(game.moves) - k and shown["losing_move"] == str(game.moves[k])


def test_a_deal_lost_from_the_start_says_so():
    game = Game("classic", number=0)
    assert solve(game.deal, game.state).verdict == "unwinnable"
    assert hints.hint(game, time_limit=5).last_winnable == -1


def test_the_decision_gets_the_whole_hint_budget_and_the_shortest_search_the_rest(monkeypatch):
    """One solve: it decides first with the whole budget, then looks for a shortest line in what
    is left (solve's own order); no share of the budget is held back from the decision. The
    hint's clock is the test's: the search takes 0.3 s of it, however busy the machine is."""
    limits, now = [], [100.0]

    def recording(deal, state, shortest=False, time_limit=None):
        limits.append((shortest, time_limit))
        now[0] += 0.3
        return solve(deal, state, shortest=shortest)

    monkeypatch.setattr(hints, "time", SimpleNamespace(perf_counter=lambda: now[0]))
    monkeypatch.setattr(hints, "solve", recording)
    h = hints.hint(Game("pyramid", number=1), time_limit=2.0)
    assert h.shortest and h.checked and limits == [(True, 2.0)]
    assert h.seconds == pytest.approx(0.3)


@pytest.mark.parametrize("left", [1, 6])
def test_a_shortest_hint_names_the_proven_length_of_what_is_left(left):
    """The hint's steps are the fewest moves that win from here, as the plain breadth-first
    search finds them (solver/reference.py), not one more or one less."""
    from pyramid_solitaire.solver import reference_shortest

    game = Game("pyramid", number=1)
    for move in solve(game.deal, game.state, shortest=True).line[:-left]:
        game.play(move)
    verdict, line = reference_shortest(game.deal, game.state)
    h = hints.hint(game, time_limit=10)
    assert (verdict, len(line)) == ("winnable", left)
    assert h.shortest and h.steps == left and h.to_dict(game)["steps"] == left


def test_a_hint_whose_shortest_search_runs_out_is_still_checked(monkeypatch):
    """The decision found a line but the shortest search did not finish: the move is checked,
    not marked shortest."""
    game = Game("pyramid", number=1)
    line = solve(game.deal, game.state).line
    monkeypatch.setattr(hints, "solve", lambda *a, **kw: Solution(WINNABLE, line, shortest=False))
    h = hints.hint(game)
    assert h.verdict == "winnable" and h.checked and not h.shortest and h.move == line[0]


def test_out_of_time_falls_back_to_an_unchecked_legal_move(monkeypatch):
    monkeypatch.setattr(hints, "solve", lambda *a, **kw: Solution(UNKNOWN))
    game = Game("pyramid", number=1)
    h = hints.hint(game)
    assert h.verdict == "unknown" and not h.checked and h.move == game.legal_moves()[0]


@pytest.mark.parametrize("decisions", [0, 1, 2])
def test_a_look_back_out_of_time_never_says_the_game_was_never_winnable(monkeypatch, decisions):
    """The current position is lost; the search for the last winnable one gets `decisions`
    answers before its time runs out: too few to find it, so it says it does not know (None),
    never -1, "the deal never was winnable" (review.Split.last_winnable)."""
    game = lost_game()
    asked = []

    def few(deal, state, time_limit=None, **kwargs):
        asked.append(state)
        return solve(deal, state) if len(asked) <= decisions else Solution(UNKNOWN)

    monkeypatch.setattr(hints, "solve", lambda *a, **kw: Solution(UNWINNABLE))  # the current position
    monkeypatch.setattr(review, "solve", few)
    h = hints.hint(game)
    assert h.verdict == "unwinnable" and h.last_winnable is None and asked
    assert h.to_dict(game) == {**h.to_dict(game), "last_winnable": None, "undo": None, "losing_move": None}


def test_hint_command_reads_a_record(capsys, tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    path.write_text(lost_game().to_json())
    assert main(["hint", str(path), "--json", "--time-limit", "10"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["verdict"] == "unwinnable" and shown["undo"] >= 1
    assert main(["hint", str(path), "--time-limit", "10"]) == 0
    assert capsys.readouterr().out.startswith("unwinnable: the game was last winnable")


@pytest.mark.parametrize("text,message", [("{", "not valid JSON"), ("[]", "is a JSON object")])
def test_hint_command_refuses_a_bad_record(capsys, tmp_path, text, message):
    path = tmp_path / "game.json"
    path.write_text(text)
    assert main(["hint", str(path)]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("variant", ["classic", "giza"])
def test_winnable_deals_only_gives_proven_winnable_deals(variant):
    numbers = iter(range(1000))
    for _ in range(3):
        number = hints.winnable_deal(variant, lambda: next(numbers), time_limit=30)
        game = Game(variant, number=number)
        for move in solve(game.deal).line:  # the engine replays a winning line: proof by play
            game.play(move)
        assert game.is_won


def test_winnable_deal_gives_up_when_time_runs_out():
    assert hints.winnable_deal("classic", lambda: 0, time_limit=0.05) is None  # deal 0 is lost
