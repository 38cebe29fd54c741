"""The `solve` and `stats` commands, and the figures behind `stats`."""

import csv
import json

import pytest

from pyramid_solitaire.cli import main
from pyramid_solitaire.engine.deal import START, Deal
from pyramid_solitaire.engine.variants import get_variant
from pyramid_solitaire.research.winrates import Row, parse_range, percentile, summary, wilson
from pyramid_solitaire.solver.version import SOLVER_VERSION


def replays(variant: str, deck: str, line: str) -> bool:
    deal = Deal.from_deck(get_variant(variant), deck)
    state = START
    for text in line.split():
        state = deal.apply(state, deal.parse_move(text))
    return deal.is_won(state)


def deck_of(number: int) -> str:
    return Deal.from_number(get_variant("pyramid"), number).deck_string()


def test_solve_a_deal_number_prints_verdict_then_line(capsys):
    assert main(["solve", "1"]) == 0
    out = capsys.readouterr().out.strip()
    verdict, _, line = out.partition(" ")
    assert verdict == "winnable"
    assert replays("pyramid", deck_of(1), line)


def test_solve_an_unwinnable_deal(capsys):
    assert main(["solve", "0"]) == 0
    assert capsys.readouterr().out.strip() == "unwinnable"


def test_solve_json_shortest(capsys):
    assert main(["solve", "--variant", "giza", "2", "--json", "--shortest"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert set(record) >= {"verdict", "line", "steps", "states", "seconds"}
    assert record["verdict"] == "winnable" and record["shortest"] is True
    # the line as a list of moves, as review --json and the API give it (issue 52)
    assert isinstance(record["line"], list) and record["steps"] == len(record["line"])
    assert replays("giza", deck_of(2), " ".join(record["line"]))
    assert (record["deal"], record["variant"], record["deck"]) == (2, "giza", deck_of(2))


def test_solve_a_deck_string(capsys):
    assert main(["solve", "--deck", deck_of(1), "--variant", "open-stock"]) == 0
    verdict, _, line = capsys.readouterr().out.partition(" ")
    assert verdict == "winnable" and replays("open-stock", deck_of(1), line)


def test_deck_file_reports_bad_lines_and_solves_the_rest(tmp_path, capsys):
    path = tmp_path / "decks.txt"
    path.write_text(f"{deck_of(1)}\nAh Ah\n\n# a comment\n{deck_of(0)}\n")
    assert main(["solve", "--deck-file", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    rows = [json.loads(line) for line in captured.out.splitlines()]
    assert [r["verdict"] for r in rows] == ["winnable", "unwinnable"]
    # each row names the deck it answers (a bad line in between shifts nothing)
    assert [r["deck"] for r in rows] == [deck_of(1), deck_of(0)] and "deal" not in rows[0]
    assert "line 2" in captured.err and "Traceback" not in captured.err


def test_time_limit_gives_unknown(capsys):
    # classic-redeal 56 is lost, but the proof takes some 600,000 positions: far past the limit
    assert main(["solve", "--variant", "classic-redeal", "56", "--time-limit", "0"]) == 0
    assert capsys.readouterr().out.split() == ["unknown"]


@pytest.mark.parametrize(
    "argv",
    [
        ["solve"],
        ["solve", "1", "--deck", "Ah"],
        ["solve", "--deck", "Ah Kd"],
        ["solve", "--deck-file", "/no/such/file"],
        ["solve", "1", "--time-limit", "soon"],
        ["solve", "1", "--time-limit", "-1"],
        ["solve", "1", "--time-limit", "inf"],
        ["hint", "--time-limit", "nan"],
        ["stats", "--deals", "5..2"],
        ["stats", "--deals", "x"],
        ["stats", "--deals", "0..3", "--jobs", "0"],
    ],
)
def test_bad_input_is_one_line_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip()


@pytest.mark.slow  # 103 s at load 26 (pytest --durations, 1 Dec 2026)
def test_stats_prints_rate_interval_and_times(tmp_path, capsys):
    table = tmp_path / "deals.csv"
    assert main(["stats", "--variant", "giza", "--deals", "0..19", "--csv", str(table)]) == 0
    captured = capsys.readouterr()
    assert "win rate" in captured.out and "95%" in captured.out and "median" in captured.out
    assert "20/20" in captured.err  # the progress bar
    rows = list(csv.DictReader(table.open()))
    assert [int(r["deal"]) for r in rows] == list(range(20))
    assert set(rows[0]) == {
        "variant",
        "deal",
        "verdict",
        "steps",
        "states",
        "seconds",
        "solver_version",
        "time_limit",
    }
    assert (rows[0]["variant"], rows[0]["solver_version"], rows[0]["time_limit"]) == (
        "giza",
        SOLVER_VERSION,
        "",
    )


def test_parse_range():
    assert parse_range("0..999") == range(0, 1000)
    assert parse_range("7") == range(7, 8)
    with pytest.raises(ValueError):
        parse_range("3..1")


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_leaves_unknown_out_of_the_rate():
    rows = [
        Row(0, "winnable", 10, 5, 0.1),
        Row(1, "unwinnable", None, 5, 0.3),
        Row(2, "unknown", None, 9, 0.2),
    ]
    s = summary(rows)
    assert (s.winnable, s.unwinnable, s.unknown) == (1, 1, 1)
    assert s.win_rate == 0.5 and s.median == pytest.approx(0.2, rel=1e-3) and s.max == 0.3
    assert percentile([1, 2, 3, 4], 0.99) == 4 and percentile([], 0.5) == 0.0
