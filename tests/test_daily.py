"""The day's challenges (goals/daily.py, `pyramid-solitaire daily`): a week of them, each proof
replayed by the rules engine achieves its goal; kinds and variants vary; the same day twice is
the same; bad dates are one line and exit 2."""

import json
from datetime import date, timedelta

import pytest

from pyramid_solitaire.cli import main
from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.goals import daily
from pyramid_solitaire.goals.daily import Goal, achieved, challenges, parse_day
from pyramid_solitaire.goals.score import score

WEEK = [date(2026, 12, 1) + timedelta(days=i) for i in range(7)]


@pytest.fixture(scope="module")
def week():
    return {day: challenges(day) for day in WEEK}


def played(variant: str, deal: int, proof: str) -> Game:
    """The proof played move by move on a fresh game (each move checked by the rules)."""
    game = Game(variant, number=deal)
    for move in proof.split():
        game.play(move)
    return game


def test_a_week_of_proofs_achieve_their_goals(week):
    for day, made in week.items():
        assert len(made) >= 4, day
        for c in made:
            d = c.to_dict()
            game = played(d["variant"], d["deal"], d["proof"])
            goal = d["goal"]
            if goal["kind"] in ("clear", "moves"):
                assert game.is_won, c.id
            if goal["kind"] == "moves":
                assert goal["par"] <= len(game.moves) <= goal["at_most"], c.id
                assert len(game.moves) == goal["par"]  # the proof is the shortest line
            if goal["kind"] == "score":
                assert max(score(s) for s in game.states) >= goal["score"], c.id
            if goal["kind"] == "cards":
                gone = {card for m in game.moves for card in str(m).split("+")}
                assert set(goal["cards"]) <= gone, c.id
                assert len(goal["cards"]) == 4 and len({card[0] for card in goal["cards"]}) == 1
                assert len(game.moves) == goal["par"]  # the proof is the shortest line
                last = str(game.moves[-1]).split("+")
                assert set(goal["cards"]) & set(last), c.id  # not done before its last move


def test_the_week_varies(week):
    kinds = {c.goal.kind for made in week.values() for c in made}
    variants = {c.variant for made in week.values() for c in made}
    assert {"clear", "moves", "score", "cards"} <= kinds
    assert len(variants) == 6
    for made in week.values():
        assert len({c.variant for c in made}) == len(made)  # another variant each step
        assert [c.id for c in made] == [f"{made[0].id[:10]}-{i + 1}" for i in range(len(made))]


def test_grades_rise_through_the_day(week):
    order = {g: i for i, g in enumerate(daily.GRADES)}
    for made in week.values():
        grades = [c.grade for c in made]
        if all(grades):
            assert [order[g] for g in grades] == sorted(order[g] for g in grades)
        margins = [c.goal.at_most - c.goal.par for c in made if c.goal.kind == "moves"]
        assert margins == sorted(margins, reverse=True)  # the later, the closer to par


def test_same_day_same_challenges(week):
    assert [c.to_dict() for c in challenges(WEEK[0])] == [c.to_dict() for c in week[WEEK[0]]]


def test_achieved_is_strict():
    """The checker the proofs are held to refuses a line that falls short of each goal."""
    deal = Deal.from_number("pyramid", 1)
    from pyramid_solitaire.solver import solve

    line = solve(deal, shortest=True).line
    assert achieved(deal, Goal("moves", at_most=len(line), par=len(line)), line)
    assert not achieved(deal, Goal("moves", at_most=len(line) - 1, par=len(line)), line)
    assert not achieved(deal, Goal("clear"), line[:-1])
    assert not achieved(deal, Goal("score", score=10_000), line)
    assert achieved(deal, Goal("cards", cards=(str(line[0]),)), line)
    assert not achieved(deal, Goal("cards", cards=("Kc",)), ())


def test_a_proof_stops_where_the_rules_end_the_game():
    """The solver, asked for other cards than the pyramid, plays on past a cleared pyramid; such a
    line is no proof (plays_out), a line the rules play all of is one."""
    deal = Deal.from_number("pyramid", 1)
    from pyramid_solitaire.solver import solve

    line = solve(deal, shortest=True).line
    assert daily.plays_out(deal, line)
    assert not daily.plays_out(deal, (*line, deal.parse_move("draw")))


def test_json_of_the_command(capsys):
    assert main(["daily", "2026-12-01", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["date"] == "2026-12-01"
    first = out["challenges"][0]
    assert set(first) == {"id", "variant", "deal", "grade", "goal", "proof"}
    moves = next(c for c in out["challenges"] if c["goal"]["kind"] == "moves")
    assert set(moves["goal"]) == {"kind", "at_most", "par"}
    cards = next(c for c in out["challenges"] if c["goal"]["kind"] == "cards")
    assert set(cards["goal"]) == {"kind", "cards", "par"}


def test_text_of_the_command(capsys):
    assert main(["daily", "2026-12-01"]) == 0
    out = capsys.readouterr().out
    assert "2026-12-01-1" in out and "proof: " in out


@pytest.mark.parametrize(
    "text", ["2026-13-01", "tomorrow", "2026-1-1", "1999-12-31", "2201-01-01", "20261201", ""]
)
def test_bad_dates_are_one_line_and_exit_2(text, capsys):
    assert main(["daily", text]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err


def test_parse_day_bounds():
    assert parse_day("2000-01-01") == date(2000, 1, 1)
    assert parse_day("2200-12-31") == date(2200, 12, 31)
    with pytest.raises(daily.DailyDateError) as refused:
        parse_day("2200-12-32")
    assert refused.value.code == "daily_date"


@pytest.mark.parametrize("text", ["2026-W49-5", "2026-338", "2026-12-0\uff14", "2026-02-30"])
def test_one_rule_for_a_days_text_on_the_command_line_and_the_web(text, capsys):
    """`daily DATE` and the daily deal of POST /api/new read a day alike (goals/daily.parse_day):
    YYYY-MM-DD in ASCII digits, a real day; ISO's week and ordinal dates are refused by both."""
    from fastapi.testclient import TestClient

    from pyramid_solitaire.web import app

    with pytest.raises(daily.DailyDateError) as refused:
        parse_day(text)
    assert refused.value.code == "daily_date"
    answer = TestClient(app).post("/api/new", json={"daily": text})
    assert (answer.status_code, answer.json()["code"]) == (400, "daily_date")
    assert TestClient(app).post("/api/new", json={"daily": "2026-12-04"}).json()["daily"] == "2026-12-04"


def test_the_release_files_are_what_python_makes():
    """The page lists the challenges of static/daily/ (tools/daily_files.py): a day of each month
    file is what goals/daily.py makes now (rewrite them with the tool after a change on purpose)."""
    from tools.daily_files import DAILY, months

    files = sorted(DAILY.glob("*.json"))
    assert [f.stem for f in files] == [f"{m:%Y-%m}" for m in months()]
    for path in files:
        days = json.loads(path.read_text(encoding="utf-8"))["days"]
        day = sorted(days)[len(days) // 2]
        assert days[day] == [c.to_dict() for c in challenges(date.fromisoformat(day))], day


def test_the_page_corpus_is_what_python_makes():
    """tests/golden/daily_corpus.json (tools/daily_corpus.py), which the page's own making of a day
    is held to in node: 60 days, and three of them (the first, one past the release's files, the
    last) are what goals/daily.py makes now."""
    from tools.daily_corpus import CORPUS, days

    corpus = json.loads(CORPUS.read_text(encoding="utf-8"))["days"]
    assert sorted(corpus) == [d.isoformat() for d in days()] and len(corpus) >= 60
    for day in (min(corpus), "2027-03-01", max(corpus)):
        assert corpus[day] == [c.to_dict() for c in challenges(date.fromisoformat(day))], day


def test_a_new_index_changes_no_day(monkeypatch, week):
    """The days draw from the lists pinned in daily-deals.json, not from grades.json: a rebuilt
    index (here: every list emptied) leaves every challenge as it was."""
    from pyramid_solitaire.goals import index

    monkeypatch.setattr(index, "index", lambda: {"version": "any", "variants": {}})
    day = WEEK[0]
    assert [c.to_dict() for c in challenges(day)] == [c.to_dict() for c in week[day]]
    monkeypatch.setattr(index, "daily_index", lambda: {"version": "any", "variants": {}})
    assert all(c.grade is None for c in challenges(day))  # the pinned lists are the ones read
