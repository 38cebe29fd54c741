"""The server against hostile clients, through a real server on a real socket (raw bytes where the
client library would tidy the request): request deadlines, the connection cap, idle keep-alive,
oversized declared bodies, path traversal, HEAD, the fair solver, quiet logs, a search that never
ends (a serve process of its own, stopped by SIGTERM), and the uvicorn insides the server uses."""

import asyncio
import concurrent.futures
import inspect
import json
import logging
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager, suppress
from pathlib import Path

import httpx
import pytest
import uvicorn
from app_server import patient_settings
from stuck_server import STUCK_DEAL
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState
from uvicorn.supervisors import Multiprocess, multiprocess

from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.web.fairness import RateLimited, TokenBuckets
from pyramid_solitaire.web.listener import listening_socket
from pyramid_solitaire.web.server import connection_cap, raise_open_files_limit, server_config

WAIT = 20.0  # the longest any test waits for a condition before it fails


@contextmanager
def running(**settings):
    """An app with these settings (patient_settings) under the production server configuration,
    in a thread, on a free loopback port."""
    sock = listening_socket("127.0.0.1", 0)
    config = server_config(settings=patient_settings(**settings), log_config=None)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    wait_for(lambda: server.started, "the test server did not start")
    try:
        yield server, sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def wait_for(condition, failure: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.01)


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT, source_address=(source, 0))
    return sock


def client_from(address: str, port: int) -> httpx.Client:
    """An HTTP client whose requests leave from `address` (any of 127.0.0.0/8 is this machine).
    A minute per answer: a hint's search runs in full here, and the machine may be busy."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=f"http://127.0.0.1:{port}", transport=transport, timeout=60)


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (or WAIT passes: a failure)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def raw(port: int, request: bytes) -> bytes:
    with connect(port) as sock:
        sock.sendall(request)
        return read_all(sock)


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


# --- deadlines, the cap, keep-alive ---------------------------------------------------------


def test_connections_that_never_finish_their_headers_are_closed_and_do_not_hold_others():
    # The request deadline is past WAIT: only the headers' deadline can close these in time.
    with running(header_seconds=0.5, request_seconds=WAIT * 3) as (server, port):
        silent = [connect(port) for _ in range(20)]  # connect and say nothing
        partial = [connect(port) for _ in range(20)]
        for sock in partial:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # never finished
        with client_from("127.0.0.1", port) as client:
            for _ in range(5):
                assert client.get("/api/variants").status_code == 200
        answers = [read_all(sock) for sock in silent + partial]  # each closed, or WAIT passes: a failure
        assert all(a == b"" for a in answers[:20])  # nothing asked, nothing answered: closed
        cut_off = b'"code": "request_too_slow", "params": {"seconds": "0.5"}'
        assert all(status_of(a) == 408 and cut_off in a for a in answers[20:]), answers[20]
        wait_for(lambda: not server.server_state.connections, "closed connections still counted")
        for sock in silent + partial:
            sock.close()


def test_a_body_that_trickles_in_is_answered_408_when_the_request_deadline_passes(caplog):
    caplog.set_level(logging.INFO, logger="pyramid_solitaire.access")
    with running(header_seconds=0.5, request_seconds=1.5) as (_, port), connect(port) as sock:
        started = time.monotonic()
        sock.sendall(b"POST /api/state HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
        sock.sendall(b"Content-Length: 10000\r\n\r\n")
        sock.setblocking(False)
        answer = b""
        while not answer:  # a byte every 50 ms: each pause well within the per-chunk timeout
            assert time.monotonic() - started < WAIT, "the trickling body was never refused"
            sock.sendall(b" ")
            if select.select([sock], [], [], 0.05)[0]:
                answer = sock.recv(65536)
        took = time.monotonic() - started
        # The request's deadline of 1.5 s cut it off, not the 0.5 s its headers had: the answer
        # says which, and no sooner (a lower bound only: a loaded machine is late, never early).
        assert status_of(answer) == 408 and b'"params": {"seconds": "1.5"}' in answer, answer
        assert took > 1.4
        logged = lambda: [r.getMessage() for r in caplog.records if "/api/state" in r.getMessage()]  # noqa: E731
        wait_for(logged, "no access line for the request cut off")
        assert (
            logged() == [logged()[0]] and '"POST /api/state HTTP/1.1" 408 ' in logged()[0]
        )  # one line, not 499


def test_an_idle_kept_alive_connection_is_closed():
    with running(keep_alive_seconds=0.3) as (_, port), connect(port) as sock:
        sock.sendall(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n")
        answer = read_all(sock)  # the answer, then the close after the keep-alive timeout
        assert status_of(answer) == 200 and answer.endswith(b"}")


def test_the_serve_command_closes_idle_kept_alive_connections_after_5_s(monkeypatch):
    """The documented default reaches uvicorn from the real command (the closing itself is the
    test above, with a short time)."""
    from pyramid_solitaire import cli
    from pyramid_solitaire.web import server as web_server

    configs = []

    class Started:
        def __init__(self, config):
            configs.append(config)

        def run(self, sockets=None):
            for sock in sockets or ():
                sock.close()

    monkeypatch.setattr(web_server.uvicorn, "Server", Started)
    assert cli.main(["serve", "--port", "0"]) == 0
    assert configs[0].timeout_keep_alive == 5


def test_at_the_connection_cap_a_new_connection_takes_the_place_of_the_longest_idle_one():
    with running(max_connections=5, header_seconds=30) as (server, port):
        idle = connect(port)  # connected first, says nothing: the longest idle
        busy = [connect(port) for _ in range(4)]
        for sock in busy:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # a request on its way
        wait_for(lambda: len(server.server_state.connections) == 5, "the held connections were not counted")
        newcomer = raw(port, b"GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert status_of(newcomer) == 200
        assert read_all(idle) == b""  # closed, with nothing to answer
        wait_for(lambda: len(server.server_state.connections) == 4, "closed connections still counted")
        busy.append(connect(port))
        busy[-1].sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        wait_for(lambda: len(server.server_state.connections) == 5, "the fifth request was not counted")
        with connect(port) as refused:  # nothing idle to close: answered at once, before it says anything
            answer = read_all(refused)
        assert status_of(answer) == 503 and b"retry-after: 1" in answer.lower()
        assert b'"code": "too_many_connections"' in answer
        busy.pop().close()
        wait_for(lambda: len(server.server_state.connections) == 4, "a closed connection still counted")
        assert (
            status_of(raw(port, b"GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")) == 200
        )
        for sock in [idle, *busy]:
            sock.close()


def test_the_cap_stays_below_the_open_files_limit():
    limit = raise_open_files_limit()
    assert connection_cap(10**9, limit) < limit
    assert connection_cap(100, 1024) == 100 and connection_cap(5000, 1024) == 1024 - 64 - 64


# --- small things ---------------------------------------------------------------------------


def test_a_declared_body_over_the_limit_is_refused_before_100_continue():
    with running() as (_, port), connect(port) as sock:
        sock.sendall(
            b"POST /api/state HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000000\r\nExpect: 100-continue\r\n\r\n"
        )
        answer = read_all(sock)  # the refusal closes the connection: the body is never read
        assert status_of(answer) == 413 and b"larger than" in answer


def test_head_answers_like_get_without_a_body():
    with running() as (_, port):
        get = raw(port, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        head = raw(port, b"HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    _, body = get.split(b"\r\n\r\n", 1)
    assert status_of(head) == 200 and head.endswith(b"\r\n\r\n")  # headers only
    assert f"content-length: {len(body)}".encode() in head.lower()
    assert b"<html" in body


@pytest.mark.parametrize(
    "path",
    [
        b"/static/../web/server.py",
        b"/static/js/../../web/server.py",
        b"/static/..%2fweb%2fserver.py",
        b"/static/%2e%2e/web/server.py",
    ],
)
def test_static_files_never_leave_the_static_folder(path):
    with running() as (_, port):
        answer = raw(port, b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status_of(answer) == 404 and b"def serve" not in answer


def test_static_without_its_slash_is_not_redirected_to_what_the_host_header_says():
    with running() as (_, port):
        answer = raw(port, b"GET /static HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
    assert status_of(answer) == 404 and b"evil.example" not in answer, answer


def test_the_page_and_its_files_are_revalidated_and_cost_a_304_when_unchanged():
    with running() as (_, port), client_from("127.0.0.1", port) as client:
        for path in ("/", "/static/js/main.js", "/static/cards/Kh.svg"):
            first = client.get(path)
            assert first.status_code == 200 and first.headers["cache-control"] == "no-cache"
            again = client.get(path, headers={"if-none-match": first.headers["etag"]})
            assert again.status_code == 304 and again.content == b""


# --- the fair solver ------------------------------------------------------------------------


# Three solver tokens, barely refilled: the limit is reached in a few requests.
SMALL_BUCKETS = {"solver_burst": 3, "solver_per_second": 0.01}


def hint_body() -> dict:
    return {"record": Game("pyramid", number=1).to_record()}


def test_a_client_looping_hints_is_refused_429_while_a_player_elsewhere_gets_checked_hints():
    with running(**SMALL_BUCKETS) as (_, port):
        looper = client_from("127.0.0.1", port)
        player = client_from("127.0.0.2", port)
        with looper, player:
            statuses = [looper.post("/api/hint", json=hint_body()).status_code for _ in range(6)]
            assert statuses == [200, 200, 200, 429, 429, 429]
            refused = looper.post("/api/hint", json=hint_body())
            assert int(refused.headers["retry-after"]) >= 1
            assert refused.json()["code"] == "rate_limited" and "rest" in refused.json()["error"]
            assert refused.json()["params"]["retry_after"] == int(refused.headers["retry-after"])
            winnable = looper.post("/api/new", json={"winnable_only": True})
            assert winnable.status_code == 429
            # Moves are never limited.
            record = looper.post("/api/new", json={"deal": 1}).json()["record"]
            assert looper.post("/api/move", json={"record": record, "move": "Kc"}).status_code == 200
            hint = player.post("/api/hint", json=hint_body())
            assert hint.status_code == 200 and hint.json()["hint"]["checked"]


@pytest.mark.slow  # 4 s at load 26 (pytest --durations, 1 Dec 2026)
def test_forwarded_addresses_count_only_from_a_trusted_proxy():
    with running(trusted_proxies=["127.0.0.1"], **SMALL_BUCKETS) as (_, port):
        proxy = client_from("127.0.0.1", port)
        stranger = client_from("127.0.0.2", port)
        with proxy, stranger:
            for i in range(4):  # a stranger cannot escape its bucket by naming other addresses
                forged = {"x-forwarded-for": f"10.0.0.{i}"}
                answer = stranger.post("/api/hint", json=hint_body(), headers=forged)
            assert answer.status_code == 429
            for client in ("10.1.1.1", "10.2.2.2"):  # the proxy's clients have buckets of their own
                forwarded = {"x-forwarded-for": client}
                codes = [
                    proxy.post("/api/hint", json=hint_body(), headers=forwarded).status_code for _ in range(4)
                ]
                assert codes == [200, 200, 200, 429]


def test_what_a_trusted_proxy_forwards_that_is_no_address_is_not_a_bucket_of_its_own():
    """A proxy passing on a client's own X-Forwarded-For (junk, or a name) must not give it a new
    budget per lie: every non-address shares one bucket."""
    with (
        running(trusted_proxies=["127.0.0.1"], **SMALL_BUCKETS) as (_, port),
        client_from("127.0.0.1", port) as proxy,
    ):
        codes = [
            proxy.post("/api/hint", json=hint_body(), headers={"x-forwarded-for": lie}).status_code
            for lie in ("junk-1", "<script>", "example.com", "10.0.0.300")
        ]
    assert codes == [200, 200, 200, 429], codes


def test_token_buckets_refill_at_their_rate_and_say_how_long_to_wait():
    now = [0.0]
    buckets = TokenBuckets(burst=2, per_second=0.5, clock=lambda: now[0])
    buckets.spend("a")
    buckets.spend("a")
    with pytest.raises(RateLimited) as refused:
        buckets.spend("a")
    assert refused.value.retry_after == 2
    buckets.spend("b", cost=2)  # another address has its own bucket
    now[0] = 2.0  # one token back
    buckets.spend("a")
    with pytest.raises(RateLimited) as refused:
        buckets.spend("a", cost=2)
    assert refused.value.retry_after == 4


@pytest.mark.parametrize("shared", [False, True], ids=["one-process", "shared-by-workers"])
def test_a_wait_under_a_second_says_retry_after_1_not_0(shared):
    """Retry-After is rounded up: told 0, a client asks again at once and is refused again."""
    from pyramid_solitaire.web import fairness

    now = [0.0]
    buckets = (
        fairness.SharedTokenBuckets(fairness.BucketTable.make(), 1, 4, clock=lambda: now[0])
        if shared
        else TokenBuckets(burst=1, per_second=4, clock=lambda: now[0])
    )
    buckets.spend("a")
    now[0] = 0.1  # 0.4 of a token back: 0.15 s to wait
    with pytest.raises(RateLimited) as refused:
        buckets.spend("a")
    assert refused.value.retry_after == 1


# --- the real command: workers, logs --------------------------------------------------------


@pytest.mark.slow  # 54 s at load 26 (pytest --durations, 1 Dec 2026)
def test_serve_with_workers_answers_head_and_logs_a_hang_up_as_one_line():
    sock = listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    sock.close()
    command = [sys.executable, "-m", "pyramid_solitaire.cli", "serve", "--port", str(port), "--workers", "2"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for(lambda: can_connect(port), "the server did not start", seconds=180)
        head = raw(port, b"HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert status_of(head) == 200
        for _ in range(3):  # clients that hang up in the middle of their body
            with connect(port) as hang_up:
                hang_up.sendall(b"POST /api/state HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        assert (
            status_of(raw(port, b"GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")) == 200
        )
    finally:
        server.terminate()
        log = server.communicate(timeout=30)[0]
    assert "Traceback" not in log and '" 500 ' not in log, log
    assert len(re.findall(r'"POST /api/state HTTP/1.1" 499 0 ', log)) == 3, log
    assert re.search(r'^127\.0\.0\.1 - - \[[^]]+\] "HEAD / HTTP/1.1" 200 0 "-" "-" [\d.]+$', log, re.M), log
    assert re.search(r'"GET /api/variants HTTP/1.1" 200 \d+ "-" "-" [\d.]+$', log, re.M), log


def can_connect(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


# --- accepting within the open-files limit (listener.py) ------------------------------------


def test_one_pass_of_the_loop_accepts_a_bounded_batch_and_the_next_pass_goes_on():
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from pyramid_solitaire.web.listener import ACCEPT_BATCH, BoundedListener

    with listening_socket("127.0.0.1", 0) as bound:
        bound.listen(100)
        waiting = [connect(bound.getsockname()[1]) for _ in range(ACCEPT_BATCH + 5)]
        for sock in waiting:  # a request begun: only then does the kernel offer it (TCP_DEFER_ACCEPT)
            sock.sendall(b"GET")
        wait_for(lambda: select.select([bound], [], [], 0)[0], "no connection to accept")
        bound.setblocking(False)  # as asyncio's listening sockets are: an empty queue raises
        listener = BoundedListener.wrap(bound)

        async def two_passes():
            accepted = []
            with pytest.raises(BlockingIOError):
                while True:
                    accepted.append(listener.accept()[0])
            first = len(accepted)
            await asyncio.sleep(0)  # the next pass of the loop
            accepted += [listener.accept()[0] for _ in range(5)]
            for conn in accepted:
                conn.close()
            return first, len(accepted)

        # A thread of its own: Playwright's sync API may hold an event loop in this one.
        with ThreadPoolExecutor(1) as pool:
            assert pool.submit(asyncio.run, two_passes()).result() == (ACCEPT_BATCH, ACCEPT_BATCH + 5)
        listener.close()
        for sock in waiting:
            sock.close()


def test_at_the_open_files_budget_accepting_pauses_and_goes_on_when_sockets_close(monkeypatch, caplog):
    from pyramid_solitaire.web import listener

    with running(max_connections=1000, header_seconds=30) as (server, port):
        monkeypatch.setattr(listener.budget, "limit", listener.budget.open + 5)
        held = [connect(port) for _ in range(8)]
        for sock in held:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        wait_for(lambda: len(server.server_state.connections) == 5, "the first five were not accepted")
        time.sleep(1.5)  # past asyncio's pause: the budget, not the pause, keeps the others out
        assert len(server.server_state.connections) == 5
        for sock in held[:4]:
            sock.close()
        wait_for(lambda: len(server.server_state.connections) == 4, "the waiting ones were not accepted")
        for sock in held[4:]:
            sock.close()
        wait_for(lambda: listener.budget.open == 0, "closed sockets still counted in the budget")
    assert not [r for r in caplog.records if r.exc_info], "a failed accept logged a traceback"


def test_a_failed_accept_is_counted_not_logged_as_a_traceback(caplog):
    import asyncio

    from pyramid_solitaire.web import listener

    listener.accept_failures.logged = -1e9  # the next one is logged
    context = {
        "message": "socket.accept() out of system resource",
        "exception": OSError(24, "Too many open files"),
    }
    loop = asyncio.new_event_loop()
    try:
        listener.quiet_accept_failures(loop, context)
        listener.quiet_accept_failures(loop, context)  # within the tally's time: counted only
    finally:
        loop.close()
    lines = [r for r in caplog.records if "accepting paused" in r.getMessage()]
    assert len(lines) == 1 and not lines[0].exc_info and listener.accept_failures.count == 1
    assert "Too many open files" in lines[0].getMessage()


@pytest.mark.slow  # 25 s at load 26 (pytest --durations, 1 Dec 2026)
def test_under_a_hard_open_files_limit_of_1024_1100_idle_clients_leave_no_traceback(tmp_path):
    """The real command in a process of its own, limited as `prlimit --nofile=1024:1024` would."""
    import resource

    port = free_port()
    log = tmp_path / "server.log"
    limit = lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))  # noqa: E731
    command = [sys.executable, "-m", "pyramid_solitaire.cli", "serve", "--port", str(port)]
    with open(log, "w") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, preexec_fn=limit)
    idle = []
    try:
        wait_for(lambda: can_connect(port), "the server did not start", seconds=180)
        idle = [connect(port) for _ in range(1100)]  # more than the limit: some wait in the queue

        def newcomer_answered_in_an_idle_ones_place() -> bool:
            answer = raw(port, b"GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert status_of(answer) == 200
            return "idle connection(s) for new ones" in log.read_text()

        # The idle ones are accepted once the kernel stops deferring them (TCP_DEFER_ACCEPT, 5 s):
        # then each newcomer takes an idle one's place.
        wait_for(newcomer_answered_in_an_idle_ones_place, "no idle connection gave way", seconds=120)
    finally:
        for sock in idle:
            sock.close()
        server.terminate()
        server.wait(30)
    text = log.read_text()
    assert "Traceback" not in text and "Too many open files" not in text, text[-3000:]
    assert "idle connection(s) for new ones at the cap of 896 connections" in text


def free_port() -> int:
    sock = listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    sock.close()
    return port


# --- answers must be read (connections.py: the write deadline, pipelined requests' turns) ------

PIPELINED = b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n"


def never_reading(port: int, requests: int) -> socket.socket:
    """A client that sends `requests` pipelined requests in one write and reads nothing (yet)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # takes little
    sock.settimeout(WAIT)
    sock.connect(("127.0.0.1", port))
    sock.sendall(PIPELINED * requests)
    return sock


def answers_until_closed(sock: socket.socket) -> int:
    """How many answers the server sent before it closed (read now, after the fact)."""
    data = b""
    with suppress(ConnectionResetError):  # closed with requests of ours unread: a reset
        while chunk := sock.recv(65536):
            data += chunk
    sock.close()
    return data.count(b"HTTP/1.1 200")


def test_never_reading_pipeliners_are_closed_and_a_normal_client_is_answered_meanwhile():
    # No turn for pipelined requests comes round in the test's time beyond the first one.
    with running(write_seconds=0.5, pipelined_per_second=0.001) as (server, port):
        hostile = [never_reading(port, 50) for _ in range(5)]
        with client_from("127.0.0.1", port) as client:
            statuses = [client.get("/api/variants").status_code for _ in range(10)]
        wait_for(lambda: not server.server_state.connections, "a never-reading client is still held")
    assert statuses == [200] * 10
    # Their first requests came with others behind them: pipelined too. One turn, one answer.
    assert sum(answers_until_closed(sock) for sock in hostile) == 1


def test_a_request_whose_body_comes_in_the_same_write_is_not_taken_for_pipelining():
    with running(write_seconds=0.5, pipelined_per_second=0.001) as (_, port):
        assert raw(port, PIPELINED * 2).count(b"HTTP/1.1 200") == 1  # the one turn, spent
        body = json.dumps({"record": Game("pyramid", number=1).to_record(), "move": "Kc"}).encode()
        head = (
            "POST /api/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        answer = raw(port, head.encode() + body)  # one write, as a client sends a small request
    assert status_of(answer) == 200


def test_at_the_cap_a_connection_waiting_for_a_pipelined_turn_makes_room_for_a_new_one():
    with running(max_connections=2, pipelined_per_second=0.001) as (server, port):
        hostile = [never_reading(port, 3) for _ in range(2)]  # one turn between them: both wait

        def line() -> dict:
            pipeline = getattr(server.server_state, "pipeline", None)  # made at the first pipelining
            return pipeline.line if pipeline else {}

        wait_for(lambda: len(line()) == 2, "the pipelined requests are not in line")
        with client_from("127.0.0.1", port) as client:
            assert client.get("/api/variants").status_code == 200  # not 503: no connection is idle
        assert len(line()) == 1
    for sock in hostile:
        sock.close()


def test_a_client_that_pipelines_and_never_reads_is_closed_and_queues_a_bounded_amount():
    # Turns for all: the write deadline is what closes it.
    with running(write_seconds=0.5, queued_bytes=8192, pipelined_per_second=1000) as (server, port):
        reader = never_reading(port, 100)  # 270 KB of answers asked for
        wait_for(lambda: server.server_state.connections, "the connection was not counted")
        held = next(iter(server.server_state.connections)).transport.get_extra_info("socket")
        assert held.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) <= 8192  # the kernel's share
        with client_from("127.0.0.1", port) as client:
            assert client.get("/api/variants").status_code == 200
        wait_for(lambda: not server.server_state.connections, "the non-reading client is still held")
    assert answers_until_closed(reader) < 100


def test_pipelined_requests_of_clients_that_read_are_all_answered_in_turn():
    with running(pipelined_per_second=5) as (_, port):
        last = b"GET /api/codes HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        clients = [connect(port) for _ in range(3)]
        for sock in clients:
            sock.sendall(PIPELINED * 4 + last)  # 12 pipelined: two and a half seconds' turns
        answers = [read_all(sock) for sock in clients]
    for answer in answers:
        assert answer.count(b"HTTP/1.1 200") == 5 and answer.rstrip().endswith(b"}")
        assert answer.rindex(b'"codes"') > answer.rindex(b'"variants"')  # in the order asked


class Waiting:
    """A connection in the pipeline's line, as far as the line sees it."""

    def __init__(self, turns: list, closing: bool = False):
        self.turns, self.closing = turns, closing
        self.transport = self

    def is_closing(self) -> bool:
        return self.closing

    def take_turn(self) -> None:
        self.turns.append(self)


def test_the_pipeline_gives_per_second_turns_in_order_of_arrival():
    from pyramid_solitaire.web.connections import Pipeline

    now, timers, turns = [0.0], [], []

    def later(wait: float, call) -> tuple:
        timers.append((wait, call))
        return timers[-1]

    pipeline = Pipeline(2, clock=lambda: now[0], later=later)
    first, second, third, closed, fourth = (Waiting(turns) for _ in range(5))
    closed.closing = True
    assert pipeline.enter(first) and pipeline.enter(second)  # a second's worth at once
    assert not pipeline.enter(third) and not pipeline.enter(closed) and not pipeline.enter(fourth)
    assert [wait for wait, _ in timers] == [0.5]  # the next turn comes round in half a second
    now[0] = 0.5
    timers.pop()[1]()
    assert turns == [third] and [wait for wait, _ in timers] == [0.5]
    now[0] = 100.0  # a long quiet spell gives two turns, not 200
    timers.pop()[1]()
    assert turns == [third, fourth]  # the closed one skipped
    assert pipeline.enter(first) and not pipeline.enter(second)


# --- a search that never ends (issue 48) ------------------------------------------------------


@contextmanager
def serving_a_stuck_search(slots: int):
    """A serve process (tests/support/stuck_server.py) whose searches of STUCK_DEAL never end, with
    `slots` solver slots; yields the process and its port once it answers."""
    port = free_port()
    script = Path(__file__).parent / "support" / "stuck_server.py"
    env = {
        **os.environ,
        "PYRAMID_SOLITAIRE_SOLVER_SLOTS": str(slots),
        "PYRAMID_SOLITAIRE_SOLVER_SLOT_WAIT": "0.1",
    }
    command = [sys.executable, str(script), "--port", str(port)]
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: can_connect(port) or server.poll() is not None, "the server did not start", 120)
        assert server.poll() is None, server.stderr.read()
        yield server, port
    finally:
        if server.poll() is None:
            server.kill()
        server.wait(30)


def is_ready(client: httpx.Client) -> bool:
    try:
        return client.get("/readyz").status_code == 200
    except httpx.TransportError:  # still starting
        return False


def stuck_hint(client: httpx.Client) -> dict:
    record = Game("pyramid", number=STUCK_DEAL).to_record()
    return client.post("/api/hint", json={"record": record}).json()["hint"]


@pytest.mark.slow  # 13-16 s at load 11 (pytest --durations, 4 Dec 2026): a serve process of its own
def test_a_search_that_never_ends_holds_neither_the_request_nor_readiness_nor_shutdown():
    with serving_a_stuck_search(slots=2) as (server, port):
        with client_from("127.0.0.2", port) as stuck, client_from("127.0.0.3", port) as player:
            wait_for(lambda: is_ready(player), "the solver never loaded", 120)
            # Answered past the hint's budget, without the search: a legal move, marked as such.
            h = stuck_hint(stuck)
            assert h["verdict"] == "unknown" and not h["checked"] and h["overran"] and h["move"], h
            ready = player.get("/readyz")
            assert ready.status_code == 503 and ready.json() == {
                "status": "1 of 2 solver slots held past their deadline"
            }
            assert player.get("/healthz").json() == {"status": "alive"}  # alive all the same
            checked = player.post("/api/hint", json=hint_body())
            assert checked.json()["hint"]["checked"] and "retry-after" not in checked.headers
            assert stuck_hint(stuck)["overran"]  # now every slot is held
            busy = player.post("/api/hint", json=hint_body())
            assert busy.json()["hint"]["busy"] and busy.headers["retry-after"] == "1"
        server.send_signal(signal.SIGTERM)  # two searches still running
        # Stopped the graceful way (uvicorn raises the signal again once it has shut down).
        assert server.wait(timeout=30) in (-signal.SIGTERM, 128 + signal.SIGTERM)
        said = server.stderr.read()
        assert "Application shutdown complete" in said and "Traceback" not in said, said[-3000:]


# --- what the server takes from uvicorn's and asyncio's insides (issue 52) ---------------------


class QuietTransport(asyncio.Transport):
    """A transport that takes what is written: enough for uvicorn's protocol to read a request."""

    def get_extra_info(self, name, default=None):
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 5000)}.get(name, default)

    def write(self, data):
        pass

    def is_closing(self):
        return False

    def close(self):
        pass

    def pause_reading(self):
        pass

    def resume_reading(self):
        pass


def lacking(owner, names: str) -> list[str]:
    return [name for name in names.split() if not hasattr(owner, name)]


async def uvicorns_protocol_reading_a_request() -> dict[str, list[str]]:
    """What uvicorn's H11Protocol lacks of what web/connections.py uses, with a request in."""

    async def app(scope, receive, send):
        pass  # never run: the request's task is cancelled below

    config = uvicorn.Config(app, log_config=None)
    config.load()
    protocol = H11Protocol(config, ServerState(), {}, asyncio.get_running_loop())
    gone = {
        "H11Protocol": lacking(
            H11Protocol,
            "connection_made data_received on_response_complete handle_events connection_lost "
            "pause_writing resume_writing _unset_keepalive_if_required",
        )
    }
    protocol.connection_made(QuietTransport())
    protocol.data_received(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    gone["H11Protocol()"] = lacking(
        protocol, "conn flow cycle connections server_state transport loop config client"
    )
    gone["H11Protocol().conn"] = lacking(protocol.conn, "their_state trailing_data")
    gone["H11Protocol().flow"] = lacking(protocol.flow, "pause_reading resume_reading")
    gone["H11Protocol().cycle"] = lacking(
        protocol.cycle, "response_started response_complete scope disconnected message_event"
    )
    for task in asyncio.all_tasks() - {asyncio.current_task()}:
        task.cancel()
    return gone


def test_the_uvicorn_and_asyncio_insides_the_server_relies_on_are_still_there():
    """web/connections.py subclasses uvicorn's H11Protocol (no public way to guard a connection),
    web/server.py its Multiprocess, web/listener.py sets asyncio's ACCEPT_RETRY_DELAY: pyproject.toml
    pins uvicorn to the versions tested, and a new one that lacks any of these fails here, by name."""
    # in a thread of its own: in a whole run Playwright's sync API keeps an event loop running here
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        gone = thread.submit(asyncio.run, uvicorns_protocol_reading_a_request()).result()
    gone["Multiprocess"] = lacking(Multiprocess, "keep_subprocess_alive")
    gone["Multiprocess.Process"] = lacking(multiprocess.Process, "pid exitcode")
    accepting = inspect.getsource(asyncio.selector_events.BaseSelectorEventLoop._accept_connection)
    gone["asyncio"] = [] if "constants.ACCEPT_RETRY_DELAY" in accepting else ["constants.ACCEPT_RETRY_DELAY"]
    assert {owner: names for owner, names in gone.items() if names} == {}, (
        f"uvicorn {uvicorn.__version__} or this Python lacks what the server relies on"
    )
