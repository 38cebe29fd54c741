"""The JSON API of the web server, through FastAPI's TestClient: thin, stateless, readable errors."""

import json

import pytest
from fastapi.testclient import TestClient
from helpers import STUCK_GIZA_3, WIN_GIZA_18

from pyramid_solitaire import cli
from pyramid_solitaire.engine.cards import card_text as _text
from pyramid_solitaire.engine.decks import RANDOM_DEALS
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import GAMES, NAMED, VARIANTS
from pyramid_solitaire.engine.view import view
from pyramid_solitaire.web import app

client = TestClient(app)


def post(path, body, status=200):
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    return response.json()


def new(variant="pyramid", deal=1):
    return post("/api/new", {"variant": variant, "deal": deal})


def test_variants_lists_all_six_and_the_named_ones_with_names_in_both_languages():
    data = client.get("/api/variants").json()
    assert [v["id"] for v in data["variants"]] == [*VARIANTS, *NAMED, *GAMES]
    assert data["default"] == "pyramid"
    giza = next(v for v in data["variants"] if v["id"] == "giza")
    assert giza["piles"] == 8 and giza["has_stock"] is False and giza["name_de"] == "Giza"
    assert all(v["summary_de"] and v["summary_en"] for v in data["variants"])


def test_new_game_with_a_deal_number_answers_record_and_view():
    data = new("pyramid", 1)
    assert data["record"] == {"version": 1, "variant": "pyramid", "deal": 1, "moves": [], "redo": []}
    v = data["view"]
    game = Game("pyramid", number=1)
    assert [s["card"] for s in v["pyramid"]] == [_text(c) for c in game.deal.pyramid(game.state)]
    # the bottom row starts free and available, nothing above it is
    assert [s["available"] for s in v["pyramid"]] == [False] * 21 + [True] * 7
    assert v["stock"] == {"count": 24, "top": None, "available": False}
    assert v["wastes"] == [[]] and v["piles"] == []
    assert v["moves"] == [str(m) for m in game.legal_moves()]
    assert v["can_draw"] and not v["can_recycle"]
    assert (v["passes"], v["passes_left"], v["move_count"]) == (3, 3, 0)
    assert not (v["won"] or v["stuck"] or v["can_undo"] or v["can_redo"])
    assert v["deal"] == 1 and v["last_move"] is None


def test_new_game_without_a_deal_picks_a_random_number_safe_for_javascript():
    numbers = {new("classic", None)["record"]["deal"] for _ in range(5)}
    assert all(isinstance(n, int) and 0 <= n < RANDOM_DEALS for n in numbers)
    assert len(numbers) > 1


def test_new_game_from_a_deck_string():
    deck = Game("giza", number=7).deal.deck_string()
    data = post("/api/new", {"variant": "giza", "deck": deck})
    assert data["record"]["deck"] == deck and "deal" not in data["record"]
    assert data["view"]["deal"] is None
    assert len(data["view"]["piles"]) == 8 and all(len(p) == 3 for p in data["view"]["piles"])
    assert data["view"]["stock"]["count"] == 0 and not data["view"]["can_draw"]


def test_a_deal_number_beyond_javascript_numbers_travels_as_text():
    big = 2**64 - 1
    data = post("/api/new", {"variant": "pyramid", "deal": str(big)})
    assert data["record"]["deal"] == str(big)
    again = post("/api/state", {"record": data["record"]})
    assert again["view"]["pyramid"] == data["view"]["pyramid"]
    expected = Game("pyramid", number=big).deal.pyramid(Game("pyramid", number=big).state)
    assert [s["card"] for s in data["view"]["pyramid"]] == [_text(c) for c in expected]


def test_move_plays_and_returns_the_new_record():
    record = new()["record"]
    data = post("/api/move", {"record": record, "move": "Kc"})
    assert data["played"] == "Kc"
    assert data["record"]["moves"] == ["Kc"]
    assert data["view"]["move_count"] == 1 and data["view"]["can_undo"]
    assert data["view"]["pyramid"][21]["card"] is None  # Kc was the first card of the bottom row
    assert "Kc" not in data["view"]["available"]


def test_pair_in_either_order_is_written_in_deck_order():
    record = post("/api/move", {"record": new()["record"], "move": "Kc"})["record"]
    record = post("/api/move", {"record": record, "move": "Kh"})["record"]
    data = post("/api/move", {"record": record, "move": "8s+5h"})
    assert data["played"] == "5h+8s" and data["record"]["moves"][-1] == "5h+8s"


def test_illegal_move_is_409_with_the_engines_reason_and_changes_nothing():
    record = new()["record"]
    response = client.post("/api/move", json={"record": record, "move": "7d"})
    assert response.status_code == 409
    body = response.json()
    assert body == {
        "error": "7d is covered by 9c and 4d",
        "code": "card_covered",
        "params": {"card": "7d", "by": ["9c", "4d"]},
    }
    assert record["moves"] == []  # the server keeps nothing; the page's record stays as it was


def test_non_pairs_and_syntax_errors_are_readable():
    record = new()["record"]
    body = post("/api/move", {"record": record, "move": "Th+Js"}, status=409)
    assert body["error"] == "Th and Js do not add up to 13"
    body = post("/api/move", {"record": record, "move": "hello"}, status=400)
    assert body["code"] == "move_card" and "is not a move" in body["error"]


def test_draw_recycle_and_passes_left():
    record = new("classic-redeal", 1)["record"]
    for _ in range(24):
        data = post("/api/move", {"record": record, "move": "draw"})
        record = data["record"]
    v = data["view"]
    assert v["stock"]["count"] == 0 and len(v["wastes"][0]) == 24
    assert v["can_recycle"] and not v["can_draw"] and "recycle" in v["moves"]
    assert v["wastes"][0][-1] in v["available"] and v["wastes"][0][-2] not in v["available"]
    body = post("/api/move", {"record": record, "move": "draw"}, status=409)
    assert body["error"] == "no draw: the stock is empty; recycle the waste"
    data = post("/api/move", {"record": record, "move": "recycle"})
    assert data["view"]["stock"]["count"] == 24 and data["view"]["passes_left"] == 1
    assert data["view"]["wastes"] == [[]]


def test_three_wastes_deal_three_cards_round_the_piles():
    data = post("/api/move", {"record": new("three-wastes", 5)["record"], "move": "draw"})
    wastes = data["view"]["wastes"]
    assert [len(p) for p in wastes] == [1, 1, 1]
    assert all(p[-1] in data["view"]["available"] for p in wastes)
    assert data["view"]["stock"]["count"] == 21


def test_open_stock_shows_its_top_card():
    v = new("open-stock", 1)["view"]
    top = _text(Game("open-stock", number=1).deal.cards[28])
    assert v["stock"] == {"count": 24, "top": top, "available": True}
    assert top in v["available"]


def test_undo_redo_restart_round_trip():
    record = new()["record"]
    for move in ["Kc", "Kh", "5h+8s", "draw"]:
        record = post("/api/move", {"record": record, "move": move})["record"]
    data = post("/api/undo", {"record": record})
    assert data["undone"] == "draw" and data["record"]["redo"] == ["draw"] and data["view"]["can_redo"]
    data = post("/api/undo", {"record": data["record"]})
    assert data["record"]["moves"] == ["Kc", "Kh"] and data["record"]["redo"] == ["5h+8s", "draw"]
    data = post("/api/redo", {"record": data["record"]})
    assert data["redone"] == "5h+8s" and data["record"]["redo"] == ["draw"]
    data = post("/api/restart", {"record": data["record"]})
    assert data["record"]["moves"] == [] and data["record"]["redo"] == [] and data["view"]["move_count"] == 0
    assert post("/api/undo", {"record": data["record"]}, status=409)["error"] == "nothing to undo"
    assert post("/api/redo", {"record": data["record"]}, status=409)["error"] == "nothing to redo"


def test_a_different_new_move_drops_the_redo_path():
    record = new()["record"]
    for move in ["Kc", "Kh"]:
        record = post("/api/move", {"record": record, "move": move})["record"]
    record = post("/api/undo", {"record": record})["record"]
    assert record["redo"] == ["Kh"]
    data = post("/api/move", {"record": record, "move": "draw"})
    assert data["record"]["redo"] == [] and not data["view"]["can_redo"]


def test_state_reloads_a_record_and_bad_records_are_refused_clearly():
    record = post("/api/move", {"record": new()["record"], "move": "Kc"})["record"]
    assert post("/api/state", {"record": record})["view"]["move_count"] == 1
    base = {"version": 1, "variant": "pyramid", "moves": []}
    cases = [
        ({**base, "version": 9, "deal": 1}, "record_version", "version"),
        ({**base, "variant": "nope", "deal": 1}, "record_deal", "unknown variant"),
        ({**base, "deal": 1, "moves": ["Qs+Ah"]}, "record_move", "move 1 'Qs+Ah'"),
        ({**base, "deal": "x1"}, "record_deal", "not a deal number"),
        (base, "record_deal_or_deck", "exactly one of"),
    ]
    for bad, code, words in cases:
        body = post("/api/state", {"record": bad}, status=400)
        assert body["code"] == code and words in body["error"] and "kind" not in body, body


def test_malformed_requests_get_a_readable_422():
    body = post("/api/move", {"record": new()["record"]}, status=422)
    assert body["error"].startswith("bad request") and "move" in body["error"]
    body = post("/api/state", {"record": "not an object"}, status=422)
    assert "record" in body["error"]


def test_bad_new_game_requests():
    assert "unknown variant" in post("/api/new", {"variant": "poker"}, status=400)["error"]
    assert post("/api/new", {"deck": "Ac"}, status=400)["code"] == "deck_missing"
    refused = post("/api/new", {"deal": 1, "deck": "Ac"}, status=400)
    assert (refused["code"], refused["params"]) == ("deal_source", {"given": ["deal", "deck"]})
    assert post("/api/new", {"daily": "2026-02-30"}, status=400)["code"] == "daily_date"


@pytest.mark.parametrize(
    "deal,code",
    [
        ("-3", "deal_number_range"),
        (str(2**64), "deal_number_range"),
        ("9" * 5000, "deal_number_range"),
        ("1e2", "deal_number_invalid"),
        ("1.0", "deal_number_invalid"),
        ("x", "deal_number_invalid"),
    ],
)
def test_the_web_and_the_command_line_refuse_the_same_deal_numbers_alike(deal, code, capsys):
    body = post("/api/new", {"deal": deal}, status=400)
    assert body["code"] == code
    assert cli.main(["deal", deal]) == 2
    assert capsys.readouterr().err == f"pyramid-solitaire deal: error: {body['error']}\n"


@pytest.mark.parametrize(
    "deal,code",
    [
        (True, "deal_number_invalid"),
        (1.0, "deal_number_invalid"),
        (1e2, "deal_number_invalid"),
        (-3, "deal_number_range"),
    ],
)
def test_json_deal_numbers_that_are_not_whole_numbers_are_refused(deal, code):
    assert post("/api/new", {"deal": deal}, status=400)["code"] == code
    record = {"version": 1, "variant": "pyramid", "deal": deal}
    assert post("/api/state", {"record": record}, status=400)["params"]["reason"]["code"] == code


def test_a_60_kb_field_name_gets_a_short_coded_answer():
    name = "f" * 60_000
    bodies = [("/api/new", {name: 1}), ("/api/state", {"record": {"version": 1, "deal": 1, name: 1}})]
    for path, body in bodies:
        response = client.post(path, json=body)
        assert 400 <= response.status_code < 500 and len(response.content) <= 1024, len(response.content)
        assert response.json()["code"] in ("request_field_unknown", "record_unknown_fields")


def test_the_code_table_is_served_for_the_page():
    codes = client.get("/api/codes").json()["codes"]
    assert codes["card_covered"] == "{card} is covered by {by}" and len(codes) > 40


def test_hint_plays_nothing_and_is_exact():
    record = new()["record"]
    data = post("/api/hint", {"record": record})
    assert data["hint"]["verdict"] == "winnable" and data["hint"]["checked"]  # more in test_web_solver.py
    assert data["record"] == record  # a hint plays nothing
    assert app.state.solver.hint_for(Game("giza", number=3))["verdict"] == "unwinnable"


def test_won_and_stuck_are_reported():
    # Giza deal 18 is won by this line, deal 3 gets stuck after this one (found by search).
    game = Game("giza", number=18)
    for move in WIN_GIZA_18.split():
        game.play(move)
    v = view(game)
    assert v["won"] and not v["stuck"] and v["moves"] == [] and all(s["card"] is None for s in v["pyramid"])
    game = Game("giza", number=3)
    for move in STUCK_GIZA_3.split():
        game.play(move)
    v = view(game)
    assert v["stuck"] and not v["won"] and v["moves"] == []


@pytest.mark.parametrize("path", ["/", "/static/js/main.js", "/static/css/style.css", "/static/cards/Ah.svg"])
def test_page_and_static_files_are_served_with_a_strict_csp(path):
    response = client.get(path)
    assert response.status_code == 200
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "'unsafe-eval'" not in csp
    # WebAssembly only (the solver worker's kernel.wasm), never eval
    assert "script-src 'self' 'wasm-unsafe-eval';" in csp


def test_index_has_no_inline_script_or_style():
    html = client.get("/").text
    assert '<script type="module" src="/static/js/main.js"></script>' in html
    assert "<style" not in html and " style=" not in html and "onclick" not in html
    for tag in html.split("<script")[1:]:
        assert tag.split(">")[0].strip().startswith('type="module" src=')


def test_every_card_face_and_the_licence_are_there():
    for rank in "A23456789TJQK":
        for suit in "cdhs":
            assert client.get(f"/static/cards/{rank}{suit}.svg").status_code == 200
    assert "CC0" in client.get("/static/cards/LICENSE.txt").text


def test_serve_command_defaults_and_options(monkeypatch):
    from pyramid_solitaire import cli, web

    args = cli.build_parser().parse_args(["serve"])
    assert args.func == cli.cmd_serve
    served = []
    monkeypatch.setattr(web, "serve", lambda settings: served.append(settings))
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert cli.main(["serve", "--workers", "3"]) == 0
    assert [(s.host, s.port, s.workers) for s in served] == [("0.0.0.0", 8123, 1), ("127.0.0.1", 8000, 3)]


def test_the_server_loads_the_compiled_solver_when_it_starts(monkeypatch):
    import threading

    from fastapi.testclient import TestClient

    from pyramid_solitaire import web
    from pyramid_solitaire.web import solving

    loaded = threading.Event()
    monkeypatch.setattr(solving, "warm_up", loaded.set)
    with TestClient(web.create_app()):  # runs the app's start-up
        assert loaded.wait(5)


def test_a_lone_surrogate_is_refused_with_a_code_not_a_codec_error():
    record = new()["record"]
    body = '{"record": ' + json.dumps(record) + ', "move": "\\ud800"}'
    response = client.post("/api/move", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422 and response.json()["code"] == "request_field_invalid"
    bad = {**record, "\ud800": 1}
    body = '{"record": ' + json.dumps(bad) + "}"
    response = client.post("/api/state", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["code"] == "record_unknown_fields"
    assert response.json()["params"]["fields"] == ["\\ud800"]  # escaped, so the answer encodes
