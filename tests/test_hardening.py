"""Hostile input: every refusal is a 4xx with a readable message, never a 500, never a hang."""

import json

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramid_solitaire.engine.errors import MESSAGES
from pyramid_solitaire.engine.game import Game, RecordError
from pyramid_solitaire.web import app
from pyramid_solitaire.web.limits import MAX_BODY

client = TestClient(app, raise_server_exceptions=False)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
move_texts = st.sampled_from(["Kc", "draw", "recycle", "7h+6c", "Qs+Ah", "Kd", "undo", ""]) | st.text(
    max_size=12
)
records = st.fixed_dictionaries(
    {"version": st.sampled_from([1, 1, 1, 2, "1", True, 1.0, None])},
    optional={
        "variant": st.sampled_from(["pyramid", "giza", "three-wastes", "open-stock", "nope", 7]),
        "deal": st.integers(-5, 2**65) | st.sampled_from(["12", "x", "", "²", "9" * 30]) | json_values,
        "deck": st.text(max_size=60) | json_values,
        "moves": st.lists(move_texts, max_size=8) | json_values,
        "redo": st.lists(move_texts, max_size=3),
        "extra": json_values,
    },
)


@settings(max_examples=300, deadline=None)
@given(records | json_values)
@pytest.mark.slow  # 16 s at load 26 (pytest --durations, 1 Dec 2026)
def test_record_loader_accepts_or_refuses_with_record_error(record):
    try:
        game = Game.from_record(record)
    except RecordError as err:
        assert str(err)
    else:
        assert Game.from_record(game.to_record()).state == game.state


def check_answer(response):
    assert response.status_code < 500, response.text
    body = response.json()
    if response.status_code >= 400:
        assert isinstance(body["error"], str) and body["error"]
        assert body["code"] in MESSAGES and len(response.content) <= 1024, body  # issue 10's contract
    else:
        assert "record" in body and "view" in body
    return body


ENDPOINTS = ["/api/state", "/api/move", "/api/undo", "/api/redo", "/api/restart"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ENDPOINTS), records | json_values, move_texts | json_values)
@pytest.mark.slow  # 26 s at load 26 (pytest --durations, 1 Dec 2026)
def test_api_never_answers_5xx(path, record, move):
    body = {"record": record, "move": move} if path == "/api/move" else {"record": record}
    check_answer(client.post(path, json=body))


@settings(max_examples=100, deadline=None)
@given(json_values)
@pytest.mark.slow  # 12 s at load 26 (pytest --durations, 1 Dec 2026)
def test_new_game_never_answers_5xx(body):
    check_answer(client.post("/api/new", json=body))


def test_unknown_fields_and_wrong_types_are_named():
    body = check_answer(client.post("/api/move", json={"record": {}, "move": "Kc", "cheat": 1}))
    assert body["code"] == "request_field_unknown" and body["params"] == {"field": "cheat"}
    body = check_answer(client.post("/api/move", json={"record": [], "move": 5}))
    assert body["code"] == "request_field_invalid" and body["params"]["field"] == "record"


def test_oversized_bodies_are_refused_before_parsing():
    big = json.dumps({"record": {"version": 1, "deal": 1, "moves": ["draw"] * 20000}})
    assert len(big) > MAX_BODY
    r = client.post("/api/state", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "larger than" in r.json()["error"]

    def chunks():  # no Content-Length: the limit still holds
        for _ in range(100):
            yield b" " * 1024

    r = client.post("/api/state", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_a_body_of_exactly_the_limit_is_read_and_one_byte_more_is_refused():
    """The limit is what a body may be: MAX_BODY bytes are read, announced or not."""
    record = {"version": 1, "deal": 1, "moves": ["draw"]}
    text = json.dumps({"record": record}).encode()
    exact = text + b" " * (MAX_BODY - len(text))  # JSON allows the spaces after the value
    headers = {"content-type": "application/json"}
    for body in (exact, exact + b" "):
        announced = client.post("/api/state", content=body, headers=headers)
        chunked = client.post("/api/state", content=iter([body[:1000], body[1000:]]), headers=headers)
        expected = 200 if len(body) == MAX_BODY else 413
        assert (announced.status_code, chunked.status_code) == (expected, expected), len(body)
    assert client.post("/api/state", content=exact, headers=headers).json()["record"]["moves"] == ["draw"]


def test_deeply_nested_json_and_non_json_are_refused():
    deep = '{"record": ' + "[" * 50000 + "]" * 50000 + "}"
    assert (
        client.post("/api/state", content=deep, headers={"content-type": "application/json"}).status_code
        == 413
    )
    nested = '{"record": ' + "[" * 5000 + "]" * 5000 + "}"
    check_answer(client.post("/api/state", content=nested, headers={"content-type": "application/json"}))
    for junk in (b"\xff\xfe", b"{", b"null", b"[]"):
        r = client.post("/api/move", content=junk, headers={"content-type": "application/json"})
        assert 400 <= r.status_code < 500 and check_answer(r)["error"]


def test_long_hostile_texts_are_not_echoed_whole():
    record = {"version": 1, "variant": "pyramid", "deal": 1, "moves": ["x" * 5000]}
    body = check_answer(client.post("/api/state", json={"record": record}))
    assert len(body["error"]) < 250 and "x" * 30 not in body["error"]
    body = check_answer(client.post("/api/new", json={"variant": "v" * 39}))
    # cut to 24 characters; the message goes on with the list of the known games
    assert "v" * 25 not in body["error"] and "'" + "v" * 24 + "...'" in body["error"]
    for deal in ("x" * 5000, [1] * 3000, 10**4000):
        record = {"version": 1, "variant": "pyramid", "deal": deal}
        body = check_answer(client.post("/api/state", json={"record": record}))
        assert len(body["error"]) < 200


def test_unknown_paths_and_methods_answer_in_the_same_shape():
    assert client.get("/api/nothing").json()["code"] == "not_found"
    assert client.get("/api/move").status_code == 405
    # Path traversal needs raw bytes (this client tidies "..") : tests/test_server.py.


def every_kind_of_answer():
    """The page, a static file, API answers good and bad, an unknown path: what a browser meets."""
    return {
        "page": client.get("/"),
        "static file": client.get("/static/js/main.js"),
        "service worker": client.get("/sw.js"),
        "API": client.get("/api/variants"),
        "API refusal": client.post("/api/new", json={"cheat": 1}),
        "API unknown path": client.get("/api/nothing"),
        "unknown path": client.get("/nothing"),
    }


def test_every_answer_carries_the_content_security_policy():
    for r in every_kind_of_answer().values():
        assert "script-src 'self'" in r.headers["content-security-policy"]


def test_every_answer_forbids_content_sniffing():
    # Without it a browser may run an answer as script or HTML whatever its content type says.
    for kind, r in every_kind_of_answer().items():
        assert r.headers.get("x-content-type-options") == "nosniff", kind


def test_api_answers_are_never_stored_and_the_page_is_revalidated():
    # A shared cache or the browser's must not keep one player's game record for another.
    for kind, r in every_kind_of_answer().items():
        if kind.startswith("API"):
            assert r.headers.get("cache-control") == "no-store", kind
        else:
            assert "no-store" not in r.headers.get("cache-control", ""), kind


def test_a_body_that_pauses_too_long_between_chunks_is_answered_408():
    """BodyLimit's pause limit alone; the deadline for a whole request, which a body sent a byte
    at a time cannot dodge, is tested on a real socket in tests/test_server.py."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from pyramid_solitaire.web.limits import BodyLimit

    async def never_called(scope, receive, send):
        raise AssertionError("the app must not run")

    async def slow_receive():
        await asyncio.sleep(5)
        return {"type": "http.request", "body": b"{}", "more_body": False}

    sent = []

    async def send(message):
        sent.append(message)

    limit = BodyLimit(never_called, limit=MAX_BODY, seconds=0.05)
    scope = {"type": "http", "method": "POST", "path": "/api/state", "headers": []}
    # A thread of its own: Playwright's sync API may hold an event loop in this one.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, limit(scope, slow_receive, send)).result()
    assert sent[0]["status"] == 408 and b"did not arrive in time" in sent[1]["body"]


def test_the_socket_shared_by_workers_names_tcp_so_replies_are_not_delayed():
    import socket

    from pyramid_solitaire.web.listener import listening_socket

    sock = listening_socket("127.0.0.1", 0)
    try:
        # asyncio turns on TCP_NODELAY for accepted connections only when proto says TCP;
        # without it each keep-alive reply waits ~40 ms for the client's delayed ACK.
        assert sock.proto == socket.IPPROTO_TCP and sock.get_inheritable()
    finally:
        sock.close()


@pytest.mark.parametrize("passes", ["-1", "+2", " 2", "2 ", "0", "33", "²", "x", "", "9" * 4301])
def test_every_bad_pass_count_gets_the_range_and_a_short_echo(passes):
    """One refusal for every bad value, as for passes=0: the range said, the value cut short
    (Python's own message for 4,300 digits is never shown)."""
    record = {"version": 1, "variant": f"pyramid:passes={passes}", "deal": 1}  # /api/new caps it at 80
    body = check_answer(client.post("/api/state", json={"record": record}))
    assert body["params"]["reason"]["code"] == "variant_option_value", body
    assert "(passes: 1 to 32 or unlimited)" in body["error"] and len(body["error"]) < 120, body["error"]


@pytest.mark.parametrize("day", ["1999-12-31", "2201-01-01"])
def test_a_daily_deal_has_the_command_lines_range_of_days(day):
    body = check_answer(client.post("/api/new", json={"daily": day}))
    assert body["code"] == "daily_date_range" and body["params"] == {
        "text": day,
        "first": "2000-01-01",
        "last": "2200-12-31",
    }
    assert client.post("/api/new", json={"daily": "2200-12-31"}).json()["daily"] == "2200-12-31"
