"""Players' results on SQLite (results/, web/routes/results.py): what is stored is what the engine
replayed, once; help rates nothing; the store down is a 503 for its routes only; Glicko-2 as the
paper has it. tests/test_results_postgres.py runs the store's checks on a real PostgreSQL."""

import json
import math
import threading
from datetime import UTC, date, datetime, timedelta

import pytest
import sqlalchemy
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from result_posts import DAY, GIZA, OTHER, PLAYER, post_body, won_record

from pyramid_solitaire.cli import main
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.goals.score import score
from pyramid_solitaire.results import glicko, ratings, schema, store
from pyramid_solitaire.results.verify import Help, verify
from pyramid_solitaire.web.application import create_app
from pyramid_solitaire.web.settings import Settings


class Clock:
    """A clock the test moves (the store's only time: the hour a flood is counted over)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def rows(url: str) -> list:
    """Every stored result, in order (the store made first: a refused post may be the first request)."""
    engine = store.Store(url).engine
    with engine.connect() as connection:
        found = connection.execute(sqlalchemy.select(schema.results).order_by(schema.results.c.id)).all()
    engine.dispose()
    return found


# --- Glicko-2 ------------------------------------------------------------------------------


def test_glicko_2_is_the_papers_example():
    """Glickman's worked example: 1500 (200) beats 1400 (30), loses to 1550 (100) and 1700 (300)."""
    games = [(glicko.Rating(1400, 30), 1.0), (glicko.Rating(1550, 100), 0.0), (glicko.Rating(1700, 300), 0.0)]
    after = glicko.update(glicko.Rating(1500, 200), games)
    assert (round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 5)) == (
        1464.05,
        151.52,
        0.06,
    )
    assert after.results == 3


def test_a_period_without_games_only_widens_the_deviation():
    after = glicko.update(glicko.Rating(1600, 100), [])
    assert after.rating == 1600 and 100 < after.deviation < 101


# --- a result: verified, stored once -------------------------------------------------------


def test_a_won_game_is_answered_with_what_the_engine_found_and_stored_once(client, url):
    first = client.post("/api/results", json=post_body())
    assert first.status_code == 201, first.text
    assert first.json() == {
        "won": True,
        "moves": 21,
        "score": score(Game.from_record(won_record()).state),
        "first_attempt": True,
        "rated": True,
        "help": {"hints": 0, "undos": 0, "way": False, "self_reported": True},
    }
    again = client.post("/api/results", json=post_body())
    assert again.status_code == 201 and again.json() == first.json()
    assert len(rows(url)) == 1


def test_the_first_attempt_is_marked_once_per_player_and_deal(client, url):
    lost = won_record() | {"moves": won_record()["moves"][:5]}
    answers = [
        client.post("/api/results", json=post_body(lost)).json(),
        client.post("/api/results", json=post_body()).json(),
        client.post("/api/results", json=post_body(player=OTHER)).json(),
    ]
    assert [(a["won"], a["first_attempt"], a["rated"]) for a in answers] == [
        (False, True, True),
        (True, False, False),
        (True, True, True),
    ]
    assert len(rows(url)) == 3


def test_help_is_stored_but_rates_nothing(client, url):
    helped = client.post("/api/results", json=post_body(help={"hints": 2, "undos": 0, "way": False}))
    assert helped.status_code == 201
    assert helped.json()["first_attempt"] and not helped.json()["rated"]
    assert helped.json()["help"] == {"hints": 2, "undos": 0, "way": False, "self_reported": True}
    assert [r.rated for r in rows(url)] == [False]


@pytest.mark.parametrize(
    "record, code",
    [
        (won_record() | {"moves": ["Ks", "Kh", "Ks"]}, "record_move"),  # forged: a king twice
        (won_record() | {"deal": 1267}, "record_move"),  # another deal's moves
        (won_record() | {"variant": "pyramid"}, "record_move"),  # another variant's
        (won_record() | {"variant": "giza'; DROP TABLE results;--"}, "record_deal"),
        ({"moves": []}, "record_version"),
    ],
    ids=["forged", "another-deal", "another-variant", "sql-variant", "no-record"],
)
def test_a_record_that_is_not_a_game_of_its_deal_is_refused_before_anything_is_stored(
    client, url, record, code
):
    answer = client.post("/api/results", json=post_body(record))
    assert answer.status_code == 400 and answer.json()["code"] == code, answer.text
    assert rows(url) == []


@pytest.mark.parametrize(
    "seconds, status, code",
    [(0.5, 400, "results_seconds"), (-1, 422, "request_field_invalid"), (1e9, 422, "request_field_invalid")],
)
def test_impossible_times_are_refused(client, url, seconds, status, code):
    answer = client.post("/api/results", json=post_body(seconds=seconds))
    assert answer.status_code == status and answer.json()["code"] == code, answer.text
    assert rows(url) == []


def test_not_a_number_is_no_time(client):
    body = json.dumps(post_body()).replace("95.5", "NaN")
    answer = client.post("/api/results", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422


@pytest.mark.parametrize(
    "field, value",
    [
        ("player", "x'); DROP TABLE results;--"),
        ("challenge", "'; DROP TABLE results;--"),
        ("help", {"hints": "1; DROP TABLE results"}),
        ("seconds", "1; DROP TABLE results"),
    ],
)
def test_sql_in_any_field_is_refused_and_harms_nothing(client, url, field, value):
    answer = client.post("/api/results", json=post_body() | {field: value})
    assert answer.status_code in (400, 422) and "code" in answer.json(), answer.text
    assert client.post("/api/results", json=post_body()).status_code == 201  # the table is there
    assert len(rows(url)) == 1


def test_sql_in_a_player_id_given_to_the_store_is_only_text(url):
    """Below the web's checks too, every value is a bound parameter."""
    results = store.Store(url)
    sneaky = "x'); DROP TABLE results;--"
    results.post(sneaky, verify(won_record(), 95.5), Help(), 95.5)
    assert [r.player for r in rows(url)] == [sneaky]
    assert results.delete_player(sneaky) == 1 and rows(url) == []


def test_a_huge_body_is_refused_by_the_servers_limit(client, url):
    answer = client.post("/api/results", json=post_body() | {"pad": "x" * 100_000})
    assert answer.status_code == 413 and answer.json()["code"] == "body_too_large"
    assert rows(url) == []


def test_a_flood_from_one_id_is_told_to_wait(url, monkeypatch):
    monkeypatch.setattr(store, "POSTS_PER_HOUR", 3)
    clock = Clock()
    results = store.Store(url, clock=clock)
    record = won_record()
    for n in range(3):
        results.post(PLAYER, verify(record, 95.5 + n), Help(), 95.5 + n)
    with pytest.raises(store.TooManyResults):
        results.post(PLAYER, verify(record, 99.0), Help(), 99.0)
    results.post(PLAYER, verify(record, 95.5), Help(), 95.5)  # a repeat is no new row: answered
    results.post(OTHER, verify(record, 99.0), Help(), 99.0)  # another id is not held up
    clock.now += timedelta(hours=1, seconds=1)
    results.post(PLAYER, verify(record, 99.0), Help(), 99.0)
    assert len(rows(url)) == 5


def test_a_flood_is_a_429_with_retry_after(client, monkeypatch):
    monkeypatch.setattr(store, "POSTS_PER_HOUR", 1)
    assert client.post("/api/results", json=post_body()).status_code == 201
    flood = client.post("/api/results", json=post_body(seconds=96))
    assert flood.status_code == 429 and flood.headers["retry-after"] == str(store.FLOOD_WAIT)
    assert flood.json()["code"] == "results_too_many"


def test_delete_my_results_removes_every_row_of_that_id_only(client, url):
    client.post("/api/results", json=post_body())
    client.post("/api/results", json=post_body(seconds=120))
    client.post("/api/results", json=post_body(player=OTHER))
    answer = client.delete(f"/api/results/player/{PLAYER}")
    assert answer.status_code == 200 and answer.json() == {"player": PLAYER, "deleted": 2}
    assert [r.player for r in rows(url)] == [OTHER]
    assert client.delete("/api/results/player/x'--").status_code in (404, 422)


# --- the day's challenges ------------------------------------------------------------------


def test_a_challenge_result_says_whether_the_goal_was_met(client):
    met = client.post("/api/results", json=post_body(challenge=GIZA["id"]))
    assert met.status_code == 201 and met.json()["goal_met"] is True and met.json()["challenge"] == GIZA["id"]
    slow = won_record() | {"moves": won_record()["moves"][:3]}
    missed = client.post("/api/results", json=post_body(slow, player=OTHER, challenge=GIZA["id"]))
    assert missed.json()["goal_met"] is False


@pytest.mark.parametrize(
    "challenge, code",
    [
        ("2026-12-01-9", "results_challenge_unknown"),
        ("1999-12-31-1", "results_challenge_unknown"),  # before the first day
        ("2026-13-01-1", "results_challenge_unknown"),
        ("2026-12-01-1", "results_challenge_deal"),  # a three-wastes deal, not this giza one
    ],
)
def test_a_challenge_that_does_not_exist_or_is_another_deal_is_refused(client, url, challenge, code):
    answer = client.post("/api/results", json=post_body(challenge=challenge))
    assert answer.status_code == 400 and answer.json()["code"] == code, answer.text
    assert rows(url) == []


def test_the_days_stats_give_tries_the_share_who_met_each_goal_and_the_moves(client):
    client.post("/api/results", json=post_body(challenge=GIZA["id"]))
    slow = won_record() | {"moves": won_record()["moves"][:3]}
    client.post("/api/results", json=post_body(slow, player=OTHER, challenge=GIZA["id"]))
    stats = client.get("/api/daily/2026-12-01/stats")
    assert stats.status_code == 200
    by_id = {c["id"]: c for c in stats.json()["challenges"]}
    assert list(by_id) == [c["id"] for c in DAY]
    assert by_id[GIZA["id"]] == {
        "id": GIZA["id"],
        "tried": 2,
        "met": 0.5,
        "moves": {"least": 21, "quartiles": [21, 21, 21], "most": 21},
    }
    assert by_id[DAY[0]["id"]] | {"id": None} == {"id": None, "tried": 0, "met": None, "moves": None}
    assert client.get("/api/daily/2026-12-1/stats").json()["code"] == "daily_date"


# --- ratings -------------------------------------------------------------------------------


def test_a_rating_period_rates_clean_first_attempts_once(client, url):
    client.post("/api/results", json=post_body())  # won: the player gains, the deal loses
    client.post("/api/results", json=post_body(help={"hints": 1}, player=OTHER))  # helped: rates nothing
    results = store.Store(url)
    period = ratings.rate(results)
    assert period == ratings.Period(1, 1, 1, 1)
    assert ratings.rate(results) is None  # nothing new: each result is rated once
    client.post("/api/results", json=post_body(seconds=60, player="third-player"))
    assert ratings.rate(results) == ratings.Period(2, 1, 1, 1)  # the next period takes only the new one
    deal = client.get("/api/ratings/deal", params={"variant": "giza", "deal": "1266"}).json()
    player = client.get(f"/api/ratings/player/{PLAYER}").json()
    assert deal["rating"] < 1500 < player["rating"] and (deal["results"], player["results"]) == (2, 1)
    assert player["better_than"] == 0.5  # two rated players; the other won with the deal rated lower
    assert client.get(f"/api/ratings/player/{OTHER}").json() == {
        "rating": 1500.0,
        "deviation": 350.0,
        "results": 0,
        "better_than": None,
    }
    assert (
        client.get("/api/ratings/deal", params={"variant": "nope", "deal": "1"}).json()["code"]
        == "variant_unknown"
    )


def test_a_subject_without_results_in_a_period_is_widened_by_step_6(client, url):
    """Glickman's example player (1500, 200, 0.06) sitting a period out: phi* = sqrt(phi^2 +
    sigma^2) = sqrt(1.15129^2 + 0.06^2) = 1.15285, a deviation of 200.27 (by hand)."""
    assert round(glicko.update(glicko.Rating(1500, 200), []).deviation, 2) == 200.27
    client.post("/api/results", json=post_body())
    results = store.Store(url)
    ratings.rate(results)
    first = results.rating("player", "", PLAYER)
    client.post("/api/results", json=post_body(seconds=60, player=OTHER))  # the deal plays, PLAYER not
    ratings.rate(results)
    later = results.rating("player", "", PLAYER)
    phi, sigma = first.deviation / glicko.SCALE, first.volatility
    assert later.deviation == pytest.approx(math.sqrt(phi**2 + sigma**2) * glicko.SCALE, abs=1e-9)
    assert later.deviation > first.deviation and later.rating == first.rating
    assert later.results == first.results == 1
    assert results.rating("deal", "giza", "1266").results == 2  # the deal played: rated, not widened


def test_the_server_runs_rating_periods_on_its_schedule(url, monkeypatch):
    monkeypatch.setattr(ratings, "PERIOD_SECONDS", 0.01)
    with TestClient(create_app(Settings(database=url))) as client:
        assert client.post("/api/results", json=post_body()).status_code == 201
        results = store.Store(url)
        for _ in range(1000):  # until the server's period has taken the result (a poll, not a timing)
            if results.rating("player", "", PLAYER).results:
                break
            threading.Event().wait(0.01)
        assert results.rating("player", "", PLAYER).results == 1


def test_the_ratings_command_runs_a_period(url, capsys):
    results = store.Store(url)
    results.post(PLAYER, verify(won_record(), 95.5), Help(), 95.5)
    assert main(["ratings", "--database", url]) == 0
    assert main(["ratings", "--database", url]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said == ["period 1: 1 results rated (1 players, 1 deals)", "no new clean first attempts to rate"]


# --- the database, down and versioned --------------------------------------------------------


def test_a_store_that_is_down_is_a_503_for_its_routes_and_the_game_plays_on(tmp_path):
    (tmp_path / "file").write_text("")  # a folder that cannot be made: SQLite cannot open
    app = create_app(Settings(database=f"sqlite:///{tmp_path / 'file' / 'results.sqlite'}"))
    with TestClient(app) as client:
        down = client.post("/api/results", json=post_body())
        assert down.status_code == 503 and down.headers["retry-after"] == "30"
        assert down.json()["code"] == "results_unavailable"
        assert client.get("/api/daily/2026-12-01/stats").status_code == 503
        assert client.post("/api/new", json={"deal": 1}).status_code == 200


def test_the_migrations_make_the_schema_the_code_describes(url):
    results = store.Store(url)
    with results.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), schema.metadata) == []
        assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0001"
    store.Store(url)  # a second start migrates nothing and fails nothing


def test_the_default_database_is_sqlite_in_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert store.database_url(None) == f"sqlite:///{tmp_path / 'pyramid-solitaire' / 'results.sqlite'}"
    assert store.database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"


@pytest.mark.parametrize("bad", ["mysql://u@h/db", "not a url"])
def test_serve_refuses_a_database_it_cannot_use(bad, capsys):
    assert main(["serve", "--database", bad]) == 2
    assert "--database" in capsys.readouterr().err


def test_a_verified_result_names_its_deal():
    found = verify(won_record(), 95.5, GIZA["id"])
    assert (found.variant, found.deal, found.won, found.goal_met) == ("giza", "1266", True, True)
    assert date.fromisoformat(GIZA["id"][:10]) == date(2026, 12, 1)
