"""Reviewing a game against the solver: marks per move, the losing move, the shortest wins."""

import dataclasses
import json

import pytest
from helpers import LOSE_GIZA_26, WIN_GIZA_18, played, reference_marks, timeless

from pyramid_solitaire.cli import main
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import UNKNOWN, WINNABLE, Solution
from pyramid_solitaire.solver import review as reviewing

PATIENT = 60.0  # ample time: what is tested is the answer, not the speed of a loaded machine


@pytest.mark.slow  # 27 s at load 26 (pytest --durations, 1 Dec 2026)
def test_a_lost_game_marks_the_same_losing_move_as_the_reference_solver():
    game = played("giza", 26, LOSE_GIZA_26)
    assert game.is_stuck
    expected = reference_marks(game)
    assert expected == ["winnable"] * 3 + ["losing"] + ["lost"] * 3  # the deal was winnable, move 4 lost it
    shown = reviewing.review(game, PATIENT).to_dict()
    assert [m["mark"] for m in shown["moves"]] == expected
    assert shown["losing_move"] == 4 and shown["last_winnable"] == 3 and shown["complete"]
    assert shown["moves"][3] == {"n": 4, "move": "4c+9h", "mark": "losing"}
    assert shown["start"]["winnable"] == WINNABLE and not shown["won"] and shown["longer_by"] is None


def test_show_the_way_lines_win_from_the_start_and_from_where_the_game_was_lost():
    game = played("giza", 26, LOSE_GIZA_26)
    shown = reviewing.review(game, PATIENT).to_dict()
    for way, state in ((shown["start"], game.states[0]), (shown["at_loss"], game.states[3])):
        assert way["verdict"] == WINNABLE and way["proven"] and way["steps"] == len(way["line"])
        for move in way["line"]:
            state = game.deal.apply(state, game.deal.parse_move(move))
        assert game.deal.is_won(state)
    assert shown["at_loss"]["steps"] < shown["start"]["steps"]  # three moves of the way were played


def test_a_won_game_gives_the_shortest_length_of_solve_shortest(capsys):
    game = played("giza", 18, WIN_GIZA_18)
    assert game.is_won
    assert main(["solve", "--variant", "giza", "18", "--shortest", "--json"]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    shown = reviewing.review(game, PATIENT).to_dict()
    assert shown["won"] and shown["start"]["proven"] and shown["start"]["steps"] == steps
    assert shown["longer_by"] == len(game.moves) - steps
    assert {m["mark"] for m in shown["moves"]} == {"winnable"} and shown["losing_move"] is None


def test_a_won_game_whose_start_line_was_not_proven_shortest_is_longer_by_nothing(monkeypatch):
    """The budget found a winning line from the start but not its proof: "N moves longer than the
    shortest" would measure against a line that may not be the shortest."""
    real = reviewing.solve

    def unproven(*args, **kwargs):
        found = real(*args, **kwargs)
        return dataclasses.replace(found, shortest=False) if kwargs.get("shortest") else found

    monkeypatch.setattr(reviewing, "solve", unproven)
    shown = reviewing.review(played("giza", 18, WIN_GIZA_18), PATIENT).to_dict()
    assert shown["won"] and shown["start"]["verdict"] == WINNABLE and not shown["start"]["proven"]
    assert shown["start"]["steps"] and shown["longer_by"] is None


def test_a_review_whose_last_move_is_undecided_is_not_complete():
    game = played("giza", 26, " ".join(LOSE_GIZA_26.split()[:3]))  # still winnable after 3 moves
    n = len(game.moves)
    last_unknown = reviewing.Split(last_winnable_at=n - 1, first_lost_at=n + 1)
    cut = reviewing.Review(tuple(game.moves), last_unknown, reviewing.Way(UNKNOWN), None, False, 0)
    shown = cut.to_dict()
    assert [m["mark"] for m in shown["moves"]] == ["winnable"] * (n - 1) + ["unknown"]
    assert not shown["complete"] and shown["losing_move"] is None and shown["last_winnable"] is None


def test_a_deal_lost_from_the_start_marks_every_move_lost():
    game = Game("classic", number=0)
    while game.legal_moves():
        game.play(game.legal_moves()[-1])  # draws through the one pass
    shown = reviewing.review(game, PATIENT).to_dict()
    assert {m["mark"] for m in shown["moves"]} == {"lost"}
    assert shown["last_winnable"] == -1 and shown["losing_move"] is None
    assert shown["start"]["verdict"] == "unwinnable" and shown["at_loss"] is None


def test_a_game_left_while_still_winnable_has_no_losing_move():
    game = played("giza", 26, " ".join(LOSE_GIZA_26.split()[:3]))
    shown = reviewing.review(game, PATIENT).to_dict()
    assert [m["mark"] for m in shown["moves"]] == ["winnable"] * 3
    assert shown["losing_move"] is None and shown["last_winnable"] is None and shown["at_loss"] is None


def test_undecided_positions_are_unknown_never_guessed(monkeypatch):
    monkeypatch.setattr(reviewing, "solve", lambda *a, **kw: Solution(UNKNOWN))
    shown = reviewing.review(played("giza", 26, LOSE_GIZA_26), PATIENT).to_dict()
    assert {m["mark"] for m in shown["moves"]} == {"unknown"} and not shown["complete"]
    assert shown["losing_move"] is None and shown["start"]["verdict"] == UNKNOWN


def test_no_time_left_means_unknown():
    shown = reviewing.review(played("giza", 26, LOSE_GIZA_26), 0.0).to_dict()
    assert {m["mark"] for m in shown["moves"]} == {"unknown"} and shown["start"]["line"] is None


def test_the_review_asks_the_solver_a_handful_of_times_not_once_per_move(monkeypatch):
    calls = []
    real = reviewing.solve

    def counted(*args, **kwargs):
        calls.append(kwargs.get("shortest", False))
        return real(*args, **kwargs)

    monkeypatch.setattr(reviewing, "solve", counted)
    line = LOSE_GIZA_26.split()
    game = played("giza", 26, LOSE_GIZA_26)
    reviewing.review(game, PATIENT)
    decisions = calls.count(False)
    assert decisions <= 4 < len(line) + 1  # the last position, then a binary search over 8 positions
    assert calls.count(True) == 2  # the way from the start and from where it was lost


@pytest.mark.parametrize("as_json", [True, False])
def test_review_command_prints_the_same_marks(capsys, tmp_path, as_json):
    game = played("giza", 26, LOSE_GIZA_26)
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    argv = ["review", str(path), "--time-limit", str(PATIENT)] + ["--json"] * as_json
    assert main(argv) == 0
    out = capsys.readouterr().out
    expected = reviewing.review(game, PATIENT).to_dict()
    if as_json:
        shown = json.loads(out)
        assert timeless(shown) == timeless(expected)
    else:
        lines = out.splitlines()
        assert lines[0].startswith("start: winnable, shortest win")
        assert lines[4].split() == ["4.", "4c+9h", "losing"] and lines[5].split()[-1] == "lost"
        assert "move 4 (4c+9h) lost the game" in out


def test_review_command_refuses_a_bad_record_in_one_line(capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"version": 1, "deal": 1, "moves": ["Qs+Ah"]}')
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "move 1 'Qs+Ah'" in err
