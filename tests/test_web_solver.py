"""The solver in the game, through the JSON API: exact hints, undo back to a winnable point,
winnable-only new games, daily deals and share-link deal numbers."""

import json
import threading
from datetime import date

import pytest
from app_server import patient_settings
from fastapi.testclient import TestClient
from helpers import LOSE_GIZA_26, timeless

from pyramid_solitaire import web
from pyramid_solitaire.engine.decks import daily_deal
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import UNKNOWN, Solution, budgets, hints, solve
from pyramid_solitaire.web import solving

app = web.create_app(patient_settings(solver_burst=10**9))  # rate limits have tests of their own
client = TestClient(app)


def post(path, body, status=200):
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    return response.json()


def played(variant, deal, line):
    record = post("/api/new", {"variant": variant, "deal": deal})["record"]
    for move in line.split():
        record = post("/api/move", {"record": record, "move": move})["record"]
    return record


def test_a_winnable_position_gets_a_checked_move_that_keeps_it_winnable():
    record = played("pyramid", 1, "Kc Kh")
    h = post("/api/hint", {"record": record})["hint"]
    assert h["verdict"] == "winnable" and h["checked"] and h["steps"] >= 1
    game = Game.from_record(record)
    assert h["move"] in [str(m) for m in game.legal_moves()]
    game.play(h["move"])
    assert solve(game.deal, game.state).verdict == "winnable"


def test_following_hints_wins_a_deal():
    record = post("/api/new", {"variant": "giza", "deal": 18})["record"]
    while True:
        data = post("/api/hint", {"record": record})
        if data["view"]["won"]:
            assert data["hint"]["verdict"] == "won" and data["hint"]["move"] is None
            break
        assert data["hint"]["checked"]
        record = post("/api/move", {"record": record, "move": data["hint"]["move"]})["record"]
    assert len(record["moves"]) == 20  # the shortest line of Giza deal 18 has 20 steps


def test_a_lost_position_names_the_last_winnable_move_and_how_far_to_undo():
    game = Game("giza", number=26)
    for move in LOSE_GIZA_26.split():
        game.play(move)
    assert solve(game.deal, game.states[3]).verdict == "winnable"
    assert solve(game.deal, game.states[4]).verdict == "unwinnable"
    h = post("/api/hint", {"record": game.to_record()})["hint"]
    assert h["verdict"] == "unwinnable" and h["move"] is None
    assert (h["last_winnable"], h["last_winnable_move"], h["losing_move"], h["undo"]) == (
        3,
        "9d+4d",
        "4c+9h",
        4,
    )


def test_undo_many_moves_at_once_keeps_them_on_the_redo_path():
    record = played("giza", 26, LOSE_GIZA_26)
    data = post("/api/undo", {"record": record, "count": 4})
    assert data["undone"] == "4c+9h 3d+Td Ac+Qh 8d+5h"
    assert data["record"]["moves"] == LOSE_GIZA_26.split()[:3]
    assert data["record"]["redo"] == LOSE_GIZA_26.split()[3:]
    assert post("/api/hint", {"record": data["record"]})["hint"]["verdict"] == "winnable"
    assert post("/api/redo", {"record": data["record"]})["redone"] == "4c+9h"


@pytest.mark.parametrize(
    "count,status,words",
    [(9, 409, "cannot undo 9 moves: only 7 played"), (0, 422, "count"), ("x", 422, "count")],
)
def test_undo_too_many_is_refused_readably(count, status, words):
    record = played("giza", 26, LOSE_GIZA_26)
    assert words in post("/api/undo", {"record": record, "count": count}, status=status)["error"]


def test_a_deal_lost_from_the_start_says_so():
    h = post("/api/hint", {"record": played("giza", 3, "")})["hint"]
    assert h["verdict"] == "unwinnable" and h["last_winnable"] == -1 and h["undo"] is None


def test_out_of_time_the_hint_is_a_legal_move_marked_unchecked(monkeypatch):
    monkeypatch.setattr(hints, "solve", lambda *a, **kw: Solution(UNKNOWN))
    h = post("/api/hint", {"record": played("pyramid", 1, "")})["hint"]
    assert h == {**h, "verdict": "unknown", "move": "Kc", "checked": False}


def one_slot_taken() -> TestClient:
    """An app whose solver has one slot, which another player's search holds."""
    busy = web.create_app(patient_settings(solver_slots=1, solver_slot_wait=0.1))
    busy.state.solver.slots.acquire()
    return TestClient(busy)


def test_a_busy_solver_gives_the_unchecked_move_and_says_so():
    answer = one_slot_taken().post("/api/hint", json={"record": played("pyramid", 1, "")})
    h = answer.json()["hint"]
    assert h["verdict"] == "unknown" and h["move"] == "Kc" and not h["checked"] and h["busy"]


@pytest.mark.parametrize("command,seconds", [("hint", "5"), ("review", "60")])
def test_the_command_line_gives_the_pages_answer(tmp_path, capsys, command, seconds):
    from pyramid_solitaire.cli import main

    record = played("giza", 26, LOSE_GIZA_26)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main([command, str(path), "--json", "--time-limit", seconds]) == 0
    shown = json.loads(capsys.readouterr().out)
    page = post(f"/api/{command}", {"record": record})[command]
    assert timeless(shown) == timeless(page)


@pytest.mark.parametrize("variant", ["classic", "giza", "three-wastes"])
def test_winnable_only_new_games_are_won_by_the_solvers_line(variant):
    data = post("/api/new", {"variant": variant, "winnable_only": True})
    assert data["winnable"] is True
    game = Game.from_record(data["record"])
    for move in solve(game.deal).line:  # the engine replays the line: proof by play
        game.play(move)
    assert game.is_won


def test_winnable_only_says_so_when_no_proof_came_in_time(monkeypatch):
    monkeypatch.setattr(solving, "winnable_deal", lambda *a: None)
    data = post("/api/new", {"variant": "classic", "winnable_only": True})
    assert data["winnable"] is False and isinstance(data["record"]["deal"], int)


def test_the_daily_deal_is_the_same_for_everyone_on_that_day():
    first = post("/api/new", {"variant": "giza", "daily": "2026-11-29"})
    again = post("/api/new", {"variant": "giza", "daily": "2026-11-29"})
    assert first["daily"] == "2026-11-29" and first["record"] == again["record"]
    number = daily_deal("giza", date(2026, 11, 29))
    assert int(first["record"]["deal"]) == number and first["view"]["deal"] == first["record"]["deal"]
    other_day = post("/api/new", {"variant": "giza", "daily": "2026-11-30"})["record"]["deal"]
    other_variant = post("/api/new", {"variant": "pyramid", "daily": "2026-11-29"})["record"]["deal"]
    assert len({first["record"]["deal"], other_day, other_variant}) == 3
    # a daily number past 2**53 travels as text and plays like any other
    record = first["record"]
    move = first["view"]["moves"][0]
    assert post("/api/move", {"record": record, "move": move})["record"]["deal"] == record["deal"]


@pytest.mark.parametrize(
    "body,words",
    [
        ({"daily": "2026-13-01"}, "'2026-13-01' is not a date"),
        ({"daily": "tomorrow"}, "is not a date"),
        ({"daily": "2026-11-29", "deal": 4}, "give one deal source only, not deal and daily"),
        ({"winnable_only": True, "deal": 4}, "give one deal source only, not deal and winnable_only"),
        ({"winnable_only": True, "variant": "poker"}, "unknown variant"),
    ],
)
def test_bad_daily_and_winnable_requests_are_400(body, words):
    assert words in post("/api/new", body, status=400)["error"]


def test_a_share_link_deal_number_opens_the_same_cards_in_every_browser():
    # the page turns /?variant=giza&deal=123 into this request; text or number, the same deal
    a = post("/api/new", {"variant": "giza", "deal": "123"})
    b = post("/api/new", {"variant": "giza", "deal": 123})
    assert a["record"] == b["record"] and a["view"]["deal"] == 123
    assert "is not a deal number" in post("/api/new", {"variant": "giza", "deal": "12x"}, status=400)["error"]


def test_review_marks_the_losing_move_and_plays_nothing():
    record = played("giza", 26, LOSE_GIZA_26)
    data = post("/api/review", {"record": record})
    assert data["record"] == record  # a review plays nothing
    review = data["review"]
    assert [m["mark"] for m in review["moves"]] == ["winnable"] * 3 + ["losing"] + ["lost"] * 3
    assert review["losing_move"] == 4 and review["at_loss"]["proven"] and review["complete"]


def test_show_the_way_from_the_start_wins_the_deal_move_by_move():
    start = played("giza", 26, "")
    way = post("/api/way", {"record": start})["way"]
    assert way["verdict"] == "winnable" and way["proven"] and way["steps"] == len(way["line"])
    record = start
    for move in way["line"]:
        data = post("/api/move", {"record": record, "move": move})
        record = data["record"]
    assert data["view"]["won"] and len(record["moves"]) == way["steps"]


def test_show_the_way_from_a_reviewed_position_and_from_a_lost_one():
    record = played("giza", 26, LOSE_GIZA_26)
    reviewed = post("/api/review", {"record": record})["review"]
    before_loss = {**record, "moves": record["moves"][:3]}
    way = post("/api/way", {"record": before_loss})["way"]
    assert way == reviewed["at_loss"]  # the same line the review gave
    assert post("/api/way", {"record": record})["way"] == {
        "verdict": "unwinnable",
        "steps": None,
        "line": None,
        "proven": False,
    }


def test_review_and_way_are_validated_like_the_other_endpoints():
    record = played("giza", 26, "")
    for path in ("/api/review", "/api/way"):
        assert post(path, {"record": record, "cheat": 1}, status=422)["code"] == "request_field_unknown"
        bad = {**record, "moves": ["Qs+Ah"]}
        assert post(path, {"record": bad}, status=400)["code"] == "record_move"


def test_a_busy_solver_reviews_nothing_and_says_so():
    busy = one_slot_taken()
    record = played("giza", 26, LOSE_GIZA_26)
    review = busy.post("/api/review", json={"record": record}).json()["review"]
    assert review["busy"] and {m["mark"] for m in review["moves"]} == {"unknown"}
    way = busy.post("/api/way", json={"record": record}).json()["way"]
    assert way["busy"] and way["verdict"] == "unknown"


def test_reviews_and_ways_spend_solver_tokens_like_hints():
    burst = budgets.REVIEW.tokens + budgets.WAY.tokens  # one review and one way, then nothing
    small = TestClient(web.create_app(patient_settings(solver_burst=burst, solver_per_second=0.001)))
    record = played("giza", 26, "")
    assert small.post("/api/review", json={"record": record}).status_code == 200
    assert small.post("/api/way", json={"record": record}).status_code == 200
    for path in ("/api/review", "/api/way", "/api/hint"):
        response = small.post(path, json={"record": record})
        assert response.status_code == 429 and response.json()["code"] == "rate_limited"


def test_the_solver_runs_on_all_cores_but_one_at_once_and_later_hints_say_busy(monkeypatch):
    """The real slot count: with every slot searching, one more hint is answered busy, so moves
    always keep a core (one slot on a one- or two-core machine)."""
    import os
    from concurrent.futures import ThreadPoolExecutor

    slots = max((os.cpu_count() or 2) - 1, 1)
    searching, release, started = threading.Semaphore(0), threading.Event(), []

    def held_search(game, seconds):
        started.append(game)
        if len(started) <= slots:  # the first searches hold their slots; any later one returns
            searching.release()
            release.wait(60)
        return {"searched": True}

    monkeypatch.setattr(solving, "advice", held_search)
    # The default settings' slots; the held searches are within their budget all along.
    solver = web.create_app(patient_settings(solver_slot_wait=0.1)).state.solver
    game = Game("pyramid", number=1)
    with ThreadPoolExecutor(slots + 1) as pool:
        held = [pool.submit(solver.hint_for, game) for _ in range(slots)]
        try:
            for _ in range(slots):
                assert searching.acquire(timeout=60), "a search did not start while a slot was free"
            assert solver.hint_for(game).get("busy")  # every slot taken: answered without the solver
        finally:
            release.set()
        assert [h.result(timeout=60) for h in held] == [{"searched": True}] * slots
    assert solver.hint_for(game) == {"searched": True}  # the slots are free again


def test_a_search_past_its_deadline_is_answered_without_and_holds_its_slot_until_it_ends(monkeypatch):
    """The request is answered at the budget and the grace (OVERRUN_GRACE_SECONDS), the
    search's slot counted as overrunning (readyz) until the search ends, then free again."""
    release = threading.Event()
    monkeypatch.setattr(solving, "advice", lambda game, seconds: release.wait(60) and {"searched": True})
    app = web.create_app(patient_settings(solver_slots=1, hint_seconds=0.01, solver_slot_wait=0))
    app.state.solver.loaded.set()
    client = TestClient(app)
    h = client.post("/api/hint", json={"record": played("pyramid", 1, "")}).json()["hint"]
    assert h == {**h, "verdict": "unknown", "move": "Kc", "checked": False, "overran": True}
    assert app.state.solver.overrunning == 1
    assert "pyramid_solitaire_solver_overrunning 1.0" in client.get("/metrics").text
    assert client.get("/readyz").json() == {"status": "1 of 1 solver slots held past their deadline"}
    busy = client.post("/api/hint", json={"record": played("pyramid", 1, "")})
    assert busy.json()["hint"]["busy"] and busy.headers["retry-after"] == "1"
    release.set()  # the search ends: its slot is free, the server ready
    assert app.state.solver.slots.acquire(timeout=60)
    app.state.solver.slots.release()
    assert app.state.solver.overrunning == 0 and client.get("/readyz").json() == {"status": "ready"}
    assert "pyramid_solitaire_solver_overrunning 0.0" in client.get("/metrics").text
