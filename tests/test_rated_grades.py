"""A deal's grade from its rating once it has enough clean first attempts, from the measure before
(results/grades.py); New game "at my level" (GET /api/deal/at-level); where a player stands on
the day's stats. The store is seeded with ratings directly: the rating periods are tested in
tests/test_results.py."""

from fastapi.testclient import TestClient
from result_posts import GIZA, OTHER, PLAYER, post_body, rate_player, result_row, seed, won_record

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.goals.grades import difficulty
from pyramid_solitaire.results import glicko, grades, schema, store
from pyramid_solitaire.web.application import create_app
from pyramid_solitaire.web.settings import Settings

ENOUGH = grades.MIN_RESULTS


# Eight pyramid deals rated 1100..1800: two to a grade. Deal 1 is medium by the measure.
EIGHT = {100 + n: 1100.0 + 100 * n for n in range(8)}


def test_the_cuts_are_the_quartiles_of_the_rated_deals_so_each_grade_keeps_a_quarter():
    limits = grades.cuts(list(EIGHT.values()))
    assert [grades.grade_of(r, limits) for r in sorted(EIGHT.values())] == [
        "easy",
        "easy",
        "medium",
        "medium",
        "hard",
        "hard",
        "expert",
        "expert",
    ]
    assert grades.cuts(list(EIGHT.values())[: grades.MIN_DEALS - 1]) is None  # too few deals: no cuts


def test_a_deal_is_graded_by_its_rating_once_it_has_enough_results(client, url):
    assert difficulty(Deal.from_number("pyramid", 1)).grade == "medium"
    ask = lambda deal: client.get("/api/ratings/deal", params={"variant": "pyramid", "deal": deal}).json()
    assert (ask(1)["grade"], ask(1)["grade_source"]) == ("medium", "measure")  # nothing rated yet
    seed(url, "pyramid", EIGHT)
    seed(url, "pyramid", {1: 1900.0}, results=ENOUGH - 1)
    assert (ask(1)["grade"], ask(1)["grade_source"]) == ("medium", "measure")  # one result short
    engine = store.Store(url).engine
    with engine.begin() as db:
        db.execute(schema.ratings.update().where(schema.ratings.c.subject == "1").values(results=ENOUGH))
    engine.dispose()
    assert ask(1) | {"deviation": None} == {
        "rating": 1900.0,
        "deviation": None,
        "results": ENOUGH,
        "grade": "expert",
        "grade_source": "rating",
    }
    assert (ask(100)["grade"], ask(107)["grade"]) == ("easy", "expert")


def test_a_deal_no_one_won_or_a_variant_with_too_few_rated_deals_keeps_the_measures_grade(url):
    seed(url, "pyramid", {1: 1900.0}, won=False)
    seed(url, "pyramid", dict(list(EIGHT.items())[:-1]))  # seven rated deals: too few for quartiles
    results = store.Store(url)
    assert grades.grade(results, "pyramid", 1) == ("medium", "measure")
    assert grades.grade(results, "pyramid", 100) == (
        difficulty(Deal.from_number("pyramid", 100)).grade,
        "measure",
    )
    seed(url, "pyramid", dict(list(EIGHT.items())[-1:]))
    assert grades.grade(results, "pyramid", 100) == ("easy", "rating")
    assert grades.grade(results, "pyramid", 1) == ("medium", "measure")  # never won: not proven winnable
    assert grades.grade(None, "pyramid", 1) == ("medium", "measure")  # no store: the measure


def test_new_game_by_grade_skips_a_deal_its_rating_grades_otherwise(client, url, monkeypatch):
    seed(url, "pyramid", EIGHT)
    picks = iter([[107], [5]])  # the index offers an expert-rated deal first, then an unrated one
    monkeypatch.setattr(grades, "pick", lambda *args, **kw: next(picks))
    found = client.post("/api/new", json={"variant": "pyramid", "grade": "easy"}).json()
    assert (found["view"]["deal"], found["grade"], found["grade_source"]) == (5, "easy", "measure")
    monkeypatch.setattr(grades, "pick", lambda *args, **kw: [100])
    found = client.post("/api/new", json={"variant": "pyramid", "grade": "easy"}).json()
    assert (found["view"]["deal"], found["grade"], found["grade_source"]) == (100, "easy", "rating")
    monkeypatch.setattr(grades, "pick", lambda *args, **kw: [107])  # every pick rated expert: said so
    found = client.post("/api/new", json={"variant": "pyramid", "grade": "easy"}).json()
    assert (found["view"]["deal"], found["grade"], found["grade_source"]) == (107, "expert", "rating")


def test_new_game_by_grade_plays_on_with_the_measure_when_the_store_is_down(tmp_path):
    app = create_app(Settings(database=f"sqlite:///{tmp_path}/missing/folder/results.sqlite"))
    with TestClient(app) as client:
        found = client.post("/api/new", json={"variant": "pyramid", "grade": "hard"})
        assert found.status_code == 200 and found.json()["grade_source"] == "measure"
        assert found.json()["grade"] == "hard"


# --- New game at my level ------------------------------------------------------------------


def at_level(client, **params):
    return client.get("/api/deal/at-level", params={"player": PLAYER, "variant": "pyramid"} | params)


def test_at_my_level_is_a_rated_deal_the_player_wins_about_60_percent_of_the_time(client, url):
    seed(url, "pyramid", EIGHT)  # 1100..1800
    rate_player(url, PLAYER, 1570.0)  # 1500 is 70 below: a 60% chance against a certain deal
    found = at_level(client).json()
    assert (found["deal"], found["source"]) == (104, "rating")
    chance = glicko.expected(glicko.Rating(1570.0, 60), glicko.Rating(1500.0, 60))
    assert found["chance"] == round(chance, 3) and 0.55 < chance < 0.65
    engine = store.Store(url).engine
    with engine.begin() as db:  # played it: the next nearest are 1600 (46%) and 1400 (72%), too far
        db.execute(schema.results.insert().values(result_row(PLAYER, "pyramid", 104)))
    engine.dispose()
    assert at_level(client).json()["reason"] == "no_rated_deal"
    seed(url, "pyramid", {200: 1530.0})  # a 56% chance
    assert at_level(client).json()["deal"] == 200


def test_at_my_level_falls_back_to_the_usual_grade_saying_why(client, url):
    found = at_level(client, grade="hard").json()
    assert (found["source"], found["reason"], found["grade"]) == ("grade", "player_unrated", "hard")
    assert difficulty(Deal.from_number("pyramid", found["deal"])).grade == "hard"
    assert at_level(client).json()["grade"] == "medium"  # no usual grade given: medium
    rate_player(url, PLAYER, 2600.0)  # far above every rated deal: none within 50..70%
    seed(url, "pyramid", EIGHT)
    found = at_level(client).json()
    assert (found["source"], found["reason"]) == ("grade", "no_rated_deal")
    assert at_level(client, grade="impossible").json()["code"] == "grade_unknown"
    assert at_level(client, player="x").status_code == 422
    assert at_level(client, variant="nope").json()["code"] == "variant_unknown"


# --- where the player stands on the day's stats --------------------------------------------


def test_the_days_stats_say_where_the_player_stands(client):
    third = "third-player-0000"
    client.post("/api/results", json=post_body(challenge=GIZA["id"]))  # met, in 21 moves
    slow = won_record() | {"moves": won_record()["moves"][:3]}
    client.post("/api/results", json=post_body(slow, player=OTHER, challenge=GIZA["id"]))  # not met
    client.post("/api/results", json=post_body(player=third, challenge=GIZA["id"]))  # met, 21 too
    stand = lambda who: {
        c["id"]: c["better_than"]
        for c in client.get("/api/daily/2026-12-01/stats", params={"player": who}).json()["challenges"]
    }
    assert stand(PLAYER)[GIZA["id"]] == 0.5  # better than OTHER, level with the third
    assert stand(OTHER)[GIZA["id"]] == 0.0
    assert set(stand(PLAYER).values()) == {None, 0.5}  # the challenges not tried: no stand
    assert "better_than" not in client.get("/api/daily/2026-12-01/stats").json()["challenges"][0]
    assert client.get("/api/daily/2026-12-01/stats", params={"player": "x"}).status_code == 422


def test_the_measures_grade_of_a_deal_pays_for_its_solver_run_and_a_rated_one_does_not(url):
    seed(url, "pyramid", EIGHT)
    settings = Settings(database=url, solver_burst=1, solver_per_second=0.001)
    with TestClient(create_app(settings)) as client:
        ask = lambda deal: client.get("/api/ratings/deal", params={"variant": "pyramid", "deal": deal})
        assert ask(1).json()["grade_source"] == "measure"  # the bucket's one token
        refused = ask(2)
        assert refused.status_code == 429 and "Retry-After" in refused.headers
        assert [ask(100).json()["grade_source"] for _ in range(3)] == ["rating"] * 3  # no solver: free
