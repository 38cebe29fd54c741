"""Players' results on a real PostgreSQL (tests/support/postgres.py starts a throwaway cluster of
Debian's package; `make postgres` installs it): the store's promises under concurrency, a
database that goes down and comes back, and two workers of `serve` restarted with nothing lost.
The SQLite store is held to the same concurrency checks here (two engines: two workers)."""

import json
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
import sqlalchemy
from app_server import free_port
from fastapi.testclient import TestClient
from postgres import binaries, cluster
from result_posts import GIZA, OTHER, PLAYER, post_body, seed, won_record
from results_server import two_workers

from pyramid_solitaire.results import grades, ratings, schema, store
from pyramid_solitaire.results.verify import Help, verify
from pyramid_solitaire.web.application import create_app
from pyramid_solitaire.web.settings import Settings


@pytest.fixture(scope="module")
def postgres():
    if binaries() is None:
        pytest.skip(
            "PostgreSQL's initdb and pg_ctl are not installed (make postgres installs Debian's postgresql)"
        )
    with cluster() as running:
        yield running


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    """A new, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'results.sqlite'}"
    return request.getfixturevalue("postgres").new_database()


def count(url: str) -> int:
    engine = store.Store(url).engine
    with engine.connect() as connection:
        found = connection.execute(sqlalchemy.select(sqlalchemy.func.count()).select_from(schema.results))
        total = found.scalar_one()
    engine.dispose()
    return total


def lost(n: int) -> dict:
    """A record of the giza deal given up after n moves (n < 21: each a result of its own)."""
    return won_record() | {"moves": won_record()["moves"][:n]}


def test_two_workers_posting_at_once_store_each_result_once_and_one_first_attempt(url):
    workers = [store.Store(url), store.Store(url)]  # two engines, as two processes have
    posts = [(f"{n:08d}-player", lost(n % 20)) for n in range(20)] * 2  # each twice
    posts += [(PLAYER, lost(n)) for n in range(1, 13)]  # one player's twelve tries of one deal

    def post(i: int) -> dict:
        player, record = posts[i]
        return workers[i % 2].post(player, verify(record, 95.5), Help(), 95.5)

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(post, range(len(posts))))
    assert count(url) == 20 + 12
    assert answers[:20] == answers[20:40]  # a repeat answers the same
    assert sum(a["first_attempt"] for a in answers[40:]) == 1


def test_two_rating_periods_at_once_rate_each_result_once(url):
    results = store.Store(url)
    for n in range(30):
        results.post(f"{n:08d}-player", verify(won_record() if n % 3 else lost(4), 95.5), Help(), 95.5)
    with ThreadPoolExecutor(2) as pool:
        periods = list(pool.map(lambda s: ratings.rate(s), [store.Store(url), store.Store(url)]))
    taken = [p.results for p in periods if p is not None]
    assert taken == [30]
    deal = results.rating("deal", "giza", str(GIZA["deal"]))
    assert deal.results == 30


def test_a_database_that_goes_down_is_a_503_and_nothing_is_lost_when_it_is_back(postgres):
    url = postgres.new_database()
    with TestClient(create_app(Settings(database=url))) as client:
        assert client.post("/api/results", json=post_body()).status_code == 201
        postgres.stop()
        try:
            down = client.post("/api/results", json=post_body(lost(3)))
            assert down.status_code == 503 and down.headers["retry-after"] == "30", down.text
            assert down.json()["code"] == "results_unavailable"
            assert client.post("/api/new", json={"deal": 1}).status_code == 200  # the game plays on
        finally:
            postgres.start()
        assert client.post("/api/results", json=post_body(lost(3))).status_code == 201
        again = client.post("/api/results", json=post_body())
        assert again.status_code == 201 and again.json()["first_attempt"]
    assert count(url) == 2


# --- serve --workers 2, through its socket ---------------------------------------------------------


def post(port: int, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/results",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Connection": "close"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.status, json.loads(answer.read())


@pytest.mark.slow  # two starts of two workers: about 40 s here under load
def test_two_workers_restarted_lose_nothing_and_repeat_nothing(postgres):
    url = postgres.new_database()
    bodies = [post_body(lost(n % 20), player=f"{n:08d}-player") for n in range(40)]
    port = free_port()
    with two_workers(url, port), ThreadPoolExecutor(8) as pool:
        first = list(pool.map(lambda b: post(port, b), bodies))
    assert {status for status, _ in first} == {201}
    with two_workers(url, port), ThreadPoolExecutor(8) as pool:  # restarted
        again = list(pool.map(lambda b: post(port, b), bodies))
    assert again == first
    assert count(url) == 40


def test_widening_and_the_rated_deals_queries_run_on_both_databases(url):
    """Step 6's update by key, and the rated deals' EXISTS, NOT IN and ABS, as each database runs them."""
    results = store.Store(url)
    results.post(PLAYER, verify(won_record(), 95.5), Help(), 95.5)
    ratings.rate(results)
    first = results.rating("player", "", PLAYER)
    results.post(OTHER, verify(won_record(), 60.0), Help(), 60.0)
    ratings.rate(results)
    assert results.rating("player", "", PLAYER).deviation > first.deviation
    seed(url, "pyramid", {100 + n: 1100.0 + 100 * n for n in range(8)})
    assert grades.grade(results, "pyramid", 100) == ("easy", "rating")
    near = results.deals_near("pyramid", grades.MIN_RESULTS, "winner-000104", 1390, 3)
    assert [deal for deal, _ in near] == ["103", "102", "101"]  # 104 (1500) is that player's: left out
