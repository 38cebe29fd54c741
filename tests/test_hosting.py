"""What a host and an operator meet (issue 28): one settings object read from the command line and the
environment, the version from one source, health and readiness, metrics, compression, content
ETags, a standard access log that no request can forge a line in, and start-up errors as one line.
Through a real server on a real socket where the behaviour lives there (test_server.running)."""

import gzip
import json
import logging
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
from contextlib import contextmanager
from importlib.metadata import version

import httpx
import pytest
from app_server import patient_settings
from fastapi.testclient import TestClient

from pyramid_solitaire import __version__, cli, web
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.web.assets import content_hash
from pyramid_solitaire.web.listener import CannotBind, listening_socket
from pyramid_solitaire.web.server import url_of
from pyramid_solitaire.web.settings import STATIC, Settings
from test_server import WAIT, client_from, connect, raw, read_all, running, status_of, wait_for

# --- settings -------------------------------------------------------------------------------


def served_settings(monkeypatch, argv: list[str]) -> Settings:
    """The settings `pyramid-solitaire serve ARGV` would serve with (nothing is started)."""
    served: list[Settings] = []
    monkeypatch.setattr(web, "serve", served.append)
    assert cli.main(["serve", *argv]) == 0
    return served[0]


def serve_options() -> list[str]:
    parser = cli.build_parser()
    serve = next(a for a in parser._subparsers._group_actions[0].choices.items() if a[0] == "serve")[1]
    return [a.dest for a in serve._actions if a.dest != "help"]


ENVIRONMENT = {  # a value for every serve option, as the environment spells it
    "host": ("0.0.0.0", "0.0.0.0"),
    "port": ("8412", 8412),
    "workers": ("3", 3),
    "log_level": ("warning", "warning"),
    "log_format": ("json", "json"),
    "trusted_proxies": ("10.0.0.1, 10.0.0.2", ("10.0.0.1", "10.0.0.2")),
    "max_connections": ("100", 100),
    "keep_alive_seconds": ("2.5", 2.5),
    "gzip": ("false", False),
    "database": ("postgresql://cards@db/cards", "postgresql://cards@db/cards"),
}


def test_every_serve_option_is_read_from_the_environment_and_the_command_line_wins(monkeypatch):
    assert sorted(serve_options()) == sorted(ENVIRONMENT)  # a new option needs its line here
    for field, (text, _) in ENVIRONMENT.items():
        monkeypatch.setenv(f"PYRAMID_SOLITAIRE_{field.upper()}", text)
    settings = served_settings(monkeypatch, [])
    assert {field: getattr(settings, field) for field in ENVIRONMENT} == {
        field: value for field, (_, value) in ENVIRONMENT.items()
    }
    given = served_settings(monkeypatch, ["--port", "9000", "--trusted-proxy", "10.9.9.9"])
    assert (given.port, given.trusted_proxies, given.workers) == (9000, ("10.9.9.9",), 3)
    proxies = ("10.0.0.0/8", "::1", "fd00::/8")  # what uvicorn reads: addresses, networks
    assert Settings(trusted_proxies=proxies).trusted_proxies == proxies


def test_trusting_any_proxy_is_refused_for_it_lets_every_client_pick_its_budget(monkeypatch, capsys):
    monkeypatch.setattr(web, "serve", lambda settings: pytest.fail("served with '*'"))
    assert cli.main(["serve", "--trusted-proxy", "10.0.0.1", "--trusted-proxy", "*"]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "--trusted-proxy / PYRAMID_SOLITAIRE_TRUSTED_PROXIES: '*' would" in said


def test_two_apps_in_one_process_share_no_buckets_and_no_solver_slots():
    record = {"record": Game("pyramid", number=1).to_record()}
    strict = TestClient(web.create_app(patient_settings(solver_burst=1, solver_per_second=0.001)))
    roomy = TestClient(web.create_app(patient_settings()))
    assert strict.post("/api/hint", json=record).status_code == 200
    assert strict.post("/api/hint", json=record).status_code == 429
    assert roomy.post("/api/hint", json=record).status_code == 200  # the same address, its own bucket
    one, other = (web.create_app(Settings(solver_slots=1)) for _ in range(2))
    assert one.state.solver.slots.acquire(timeout=0)
    assert other.state.solver.slots.acquire(timeout=0)  # not the first app's slot


# --- version, health, readiness -------------------------------------------------------------


def test_the_version_has_one_source_the_package_metadata(capsys):
    assert __version__ == version("pyramid-solitaire")
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"pyramid-solitaire {__version__}\n"
    assert TestClient(web.create_app()).get("/api/version").json() == {"version": __version__}


def test_healthz_answers_at_once_and_readyz_once_the_solver_is_loaded():
    app = web.create_app()
    client = TestClient(app)  # not started: the solver is not loaded
    assert client.get("/healthz").json() == {"status": "alive"}
    waiting = client.get("/readyz")
    assert waiting.status_code == 503 and waiting.headers["retry-after"] == "1"
    app.state.solver.loaded.set()
    assert client.get("/readyz").json() == {"status": "ready"}


# --- start-up errors ------------------------------------------------------------------------


def serve_command(*argv: str, env: dict | None = None, seconds: float = 120) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "pyramid_solitaire.cli", "serve", *argv]
    return subprocess.run(command, capture_output=True, text=True, timeout=seconds, env=env)


@pytest.mark.parametrize(
    "argv,env,said",
    [
        (
            ["--port", "99999"],
            {},
            "--port / PYRAMID_SOLITAIRE_PORT: Input should be less than or equal to 65535",
        ),
        (["--port", "-1"], {}, "--port / PYRAMID_SOLITAIRE_PORT"),
        (["--workers", "0"], {}, "--workers / PYRAMID_SOLITAIRE_WORKERS: Input should be greater than or"),
        (["--workers", "-3"], {}, "--workers / PYRAMID_SOLITAIRE_WORKERS"),
        ([], {"PYRAMID_SOLITAIRE_WORKERS": "0"}, "--workers / PYRAMID_SOLITAIRE_WORKERS"),
        ([], {"PYRAMID_SOLITAIRE_PORT": "http"}, "--port / PYRAMID_SOLITAIRE_PORT: Input should be a valid"),
        (
            ["--trusted-proxy", "not-an-ip"],
            {},
            "--trusted-proxy / PYRAMID_SOLITAIRE_TRUSTED_PROXIES: 'not-an-ip' is not an IP address or",
        ),
        ([], {"PYRAMID_SOLITAIRE_TRUSTED_PROXIES": "10.0.0.1,10.0.0.x"}, "'10.0.0.x' is not an IP address"),
    ],
)
@pytest.mark.slow  # 77 s at load 26 (pytest --durations, 1 Dec 2026)
def test_impossible_settings_are_one_line_and_exit_2(argv, env, said):
    done = serve_command(*argv, env={**os.environ, **env})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and said in done.stderr, done.stderr
    assert done.stderr.startswith("pyramid-solitaire serve: error: ")


@pytest.mark.parametrize("workers", ["1", "2", "4"])
@pytest.mark.slow  # 38 s at load 26 (pytest --durations, 1 Dec 2026)
def test_a_taken_port_is_one_line_and_exit_3_with_any_number_of_workers(workers):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = serve_command("--port", port, "--workers", workers)
    assert done.returncode == 3 and "Traceback" not in done.stderr + done.stdout
    assert done.stderr == f"pyramid-solitaire serve: error: cannot listen on 127.0.0.1 port {port}: " + (
        "Address already in use\n"
    )


def test_the_banner_names_a_url_that_works_for_ipv6():
    try:
        sock = listening_socket("::1", 0)
    except Exception:
        pytest.skip("no IPv6 loopback here")
    with sock:
        assert url_of(sock) == f"http://[::1]:{sock.getsockname()[1]}/"
    with listening_socket("127.0.0.1", 0) as sock:
        assert url_of(sock) == f"http://127.0.0.1:{sock.getsockname()[1]}/"


@pytest.mark.slow  # 7 s at load 26 (pytest --durations, 1 Dec 2026)
def test_the_serve_command_names_an_ipv6_url_that_opens():
    try:
        listening_socket("::1", 0).close()
    except CannotBind:
        pytest.skip("no IPv6 loopback here")
    command = [sys.executable, "-m", "pyramid_solitaire.cli", "serve", "--host", "::1", "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        banner = server.stdout.readline()
        found = re.fullmatch(r"Pyramid solitaire on (http://\[::1\]:\d+/)\n", banner)
        assert found, banner
        answered = lambda: httpx.get(found.group(1) + "healthz", timeout=WAIT).status_code == 200  # noqa: E731
        wait_for(lambda: can_answer(answered), "the banner's URL does not open", seconds=120)
    finally:
        server.terminate()
        server.wait(timeout=30)


def can_answer(ask) -> bool:
    try:
        return ask()
    except httpx.TransportError:
        return False


# --- compression ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path,kind",
    [
        ("/", "text/html"),
        ("/static/js/main.js", "text/javascript"),
        ("/static/css/style.css", "text/css"),
        ("/static/cards/Kh.svg", "image/svg+xml"),
        ("/api/variants", "application/json"),
        ("/sw.js", "text/javascript"),
    ],
)
def test_text_answers_are_gzipped_for_browsers_that_take_it(path, kind):
    with running() as (_, port):
        asked = f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip, br\r\nConnection: close\r\n\r\n"
        zipped = raw(port, asked.encode())
        plain = raw(port, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    head, body = zipped.split(b"\r\n\r\n", 1)
    assert b"content-encoding: gzip" in head.lower() and kind.encode() in head
    assert b"vary: accept-encoding" in head.lower()
    plain_body = plain.split(b"\r\n\r\n", 1)[1]
    assert b"content-encoding" not in plain.split(b"\r\n\r\n", 1)[0].lower()
    assert gzip.decompress(body) == plain_body and len(body) < len(plain_body)


def test_compression_can_be_left_to_a_proxy():
    with running(gzip=False) as (_, port):
        asked = b"GET /static/js/main.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n"
        asked += b"Connection: close\r\n\r\n"
        answer = raw(port, asked)
    assert status_of(answer) == 200 and b"content-encoding" not in answer.split(b"\r\n\r\n")[0].lower()


# --- content ETags --------------------------------------------------------------------------


def etags(static) -> dict[str, str]:
    client = TestClient(web.create_app(Settings(static_dir=static)))
    paths = ["/", "/static/js/main.js", "/static/css/style.css", "/static/cards/Kh.svg"]
    return {path: client.get(path).headers["etag"] for path in paths}


@pytest.mark.slow  # 7 s at load 26 (pytest --durations, 1 Dec 2026)
def test_etags_come_from_the_content_not_the_file_times(tmp_path):
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)  # another install: the same bytes, other file times
    for path in copy.rglob("*"):
        os.utime(path, (1_000_000_000, 1_000_000_000))
    assert etags(copy) == etags(STATIC)
    assert etags(STATIC)["/static/js/main.js"] == f'"{content_hash((STATIC / "js/main.js").read_bytes())}"'
    main = copy / "js" / "main.js"
    text = main.read_bytes()
    stat = main.stat()
    main.write_bytes(text.replace(b"import", b"IMPORT", 1))  # same size, same time: other bytes
    os.utime(main, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    changed = etags(copy)
    assert changed["/static/js/main.js"] != etags(STATIC)["/static/js/main.js"]
    assert {k: v for k, v in changed.items() if k != "/static/js/main.js"} == {
        k: v for k, v in etags(STATIC).items() if k != "/static/js/main.js"
    }


def test_a_versioned_url_is_cached_for_good_and_a_plain_one_revalidated():
    client = TestClient(web.create_app())
    plain = client.get("/static/js/main.js")
    digest = plain.headers["etag"].strip('"')
    assert plain.headers["cache-control"] == "no-cache"
    versioned = client.get(f"/static/js/main.js?v={digest}")
    assert versioned.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert versioned.content == plain.content
    stale = client.get("/static/js/main.js?v=0123456789abcdef0123")  # another release's hash
    assert stale.headers["cache-control"] == "no-cache"
    # A proxy that gzipped the answer weakened its ETag: still the same bytes, a 304.
    assert client.get("/static/js/main.js", headers={"if-none-match": f'W/"{digest}"'}).status_code == 304


# --- the access log -------------------------------------------------------------------------

FORGERS = [  # a request line and what it tries to smuggle into the log
    b"GET /api/variants%0A127.0.0.1%20-%20-%20forged HTTP/1.1\r\nHost: x\r\n",  # a line break
    b"GET /static/a%00b%1B[2Jc?q=%0A%0D%1B HTTP/1.1\r\nHost: x\r\n",  # NUL, a terminal escape
    b'GET /api/variants HTTP/1.1\r\nHost: x\r\nUser-Agent: evil\x1b[31m" 200 1 "\x7f\xff\r\n',  # raw bytes
]


@pytest.mark.parametrize("log_format", ["combined", "json"])
def test_no_request_can_forge_a_log_line_or_write_control_characters(caplog, log_format):
    caplog.set_level(logging.INFO, logger="pyramid_solitaire.access")
    with running(log_format=log_format) as (_, port):
        for request in FORGERS:
            raw(port, request + b"Connection: close\r\n\r\n")
        wait_for(lambda: len(access_lines(caplog)) == len(FORGERS), "an access line is missing")
    lines = access_lines(caplog)
    for line in lines:
        assert not re.search(r"[\x00-\x1f\x7f-\x9f]", line), repr(line)  # no control character at all
    if log_format == "json":
        entries = [json.loads(line) for line in lines]
        assert entries[0]["path"] == "/api/variants%0A127.0.0.1%20-%20-%20forged"
        assert entries[1]["query"] == "q=%0A%0D%1B"
        assert entries[2]["user_agent"] == 'evil\x1b[31m" 200 1 "\x7f\\xff'  # as sent, escaped by JSON
    else:
        assert all(line.startswith("127.0.0.1 - - [") for line in lines)
        assert '"GET /api/variants%0A127.0.0.1%20-%20-%20forged HTTP/1.1" 404' in lines[0]
        assert lines[2].endswith('"-" "evil\\x1b[31m\\x22 200 1 \\x22\\x7f\\xff" ' + lines[2].split()[-1])


def access_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "pyramid_solitaire.access"]


@pytest.mark.slow  # 6 s at load 26 (pytest --durations, 1 Dec 2026)
def test_the_access_log_names_query_status_bytes_agent_and_the_real_client_behind_a_trusted_proxy(caplog):
    caplog.set_level(logging.INFO, logger="pyramid_solitaire.access")
    with running(trusted_proxies=["127.0.0.1"], log_format="json") as (_, port):
        forwarded = {"x-forwarded-for": "203.0.113.9", "user-agent": "Player/1.0"}
        with client_from("127.0.0.1", port) as proxy, client_from("127.0.0.2", port) as stranger:
            sent = proxy.get("/api/variants?lang=de", headers=forwarded)
            stranger.get("/api/variants", headers=forwarded)  # not a trusted proxy: its own address
        wait_for(lambda: len(access_lines(caplog)) == 2, "an access line is missing")
    first, second = (json.loads(line) for line in access_lines(caplog))
    assert first == {
        **first,
        "client": "203.0.113.9",
        "method": "GET",
        "path": "/api/variants",
        "query": "lang=de",
        "status": 200,
        "bytes": int(sent.headers["content-length"]),  # as sent: gzipped
        "user_agent": "Player/1.0",
    }
    assert first["seconds"] >= 0 and re.match(r"\d{4}-\d\d-\d\dT", first["time"])
    assert second["client"] == "127.0.0.2"


# --- metrics --------------------------------------------------------------------------------


def metric(text: str, name: str, **labels) -> float:
    """The value of one sample of a Prometheus text answer (0 when absent)."""
    for line in text.splitlines():
        if line.startswith(name) and not line.startswith("#"):
            sample, value = line.rsplit(" ", 1)
            found = dict(re.findall(r'(\w+)="([^"]*)"', sample))
            if sample.split("{")[0] == name and found == {k: str(v) for k, v in labels.items()}:
                return float(value)
    return 0.0


@pytest.mark.slow  # 7 s at load 26 (pytest --durations, 1 Dec 2026)
def test_metrics_count_requests_latency_solver_time_refusals_and_connections():
    with running(solver_burst=1, solver_per_second=0.001, max_connections=3, header_seconds=30) as (
        server,
        port,
    ):
        hint = {"record": Game("pyramid", number=1).to_record()}
        with client_from("127.0.0.1", port) as client:
            for _ in range(2):
                client.get("/api/variants")
            client.get("/nothing")
            assert client.post("/api/hint", json=hint).status_code == 200
            assert client.post("/api/hint", json=hint).status_code == 429
            with connect(port) as hang_up:  # hangs up in the middle of its body: 499
                hang_up.sendall(b"POST /api/state HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
            figure = lambda name, **labels: metric(client.get("/metrics").text, name, **labels)  # noqa: E731
            hung_up = {"route": "/api/state", "status": 499}
            wait_for(lambda: figure("pyramid_solitaire_requests_total", **hung_up) == 1, "no 499 counted")
            on_its_way = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "  # a request arriving: not idle
            held = [connect(port) for _ in range(2)]  # with the client's: the cap of 3
            for sock in held:
                sock.sendall(on_its_way)
            open_now = lambda: figure("pyramid_solitaire_open_connections")  # noqa: E731
            wait_for(lambda: open_now() == 3, "the open connections were not counted")
        # The client's kept-alive connection would give its place to a newcomer: a third held one.
        held.append(connect(port))
        held[-1].sendall(on_its_way)
        # Counted, and its first bytes in: idle until then, it would give its place to the next one.
        in_and_busy = lambda: len(server.server_state.connections) == 3 and not server.server_state.idle  # noqa: E731
        wait_for(in_and_busy, "the third held one was not counted, or its bytes not read")
        with connect(port) as refused:  # nothing idle at the cap: refused
            assert status_of(read_all(refused)) == 503
        for sock in held:
            sock.close()
        wait_for(lambda: not server.server_state.connections, "the held connections are still open")
        with client_from("127.0.0.1", port) as client:
            text = client.get("/metrics").text
    assert metric(text, "pyramid_solitaire_requests_total", route="/api/variants", status=200) == 2
    assert metric(text, "pyramid_solitaire_requests_total", route="unmatched", status=404) == 1
    assert metric(text, "pyramid_solitaire_requests_total", route="/api/hint", status=429) == 1
    assert metric(text, "pyramid_solitaire_request_seconds_count", route="/api/variants") == 2
    assert metric(text, "pyramid_solitaire_solver_seconds_count", kind="hint") == 1
    assert metric(text, "pyramid_solitaire_refusals_total", code="rate_limited") == 1
    assert metric(text, "pyramid_solitaire_refusals_total", code="not_found") == 1
    assert metric(text, "pyramid_solitaire_refusals_total", code="too_many_connections") == 1
    assert metric(text, "pyramid_solitaire_connections_refused_total", reason="cap") == 1


@contextmanager
def two_workers():
    """`serve --workers 2` on a free port: yields its URL, the supervisor process and what it said."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    command = [sys.executable, "-m", "pyramid_solitaire.cli", "serve", "--port", str(port), "--workers", "2"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    said: list[str] = []
    threading.Thread(target=lambda: said.extend(server.stderr), daemon=True).start()
    try:
        started = lambda: sum("Application startup complete" in line for line in said) == 2  # noqa: E731
        wait_for(started, "the two workers did not start", seconds=180)
        yield f"http://127.0.0.1:{port}", server, said
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.slow  # 25 s at load 26 (pytest --durations, 1 Dec 2026)
def test_with_several_workers_metrics_add_up_over_all_of_them():
    with two_workers() as (url, _, _):
        count = lambda: metric(  # noqa: E731
            httpx.get(f"{url}/metrics", timeout=WAIT).text,
            "pyramid_solitaire_requests_total",
            route="/api/codes",
            status=200,
        )
        before = [count() for _ in range(6)]
        for _ in range(20):  # each on a new connection: the workers share them out
            httpx.get(f"{url}/api/codes", timeout=WAIT)
        after = [count() for _ in range(6)]  # whichever worker answers, the sum over both
    assert set(before) == {0.0} and set(after) == {20.0}, (before, after)


@pytest.mark.slow  # 75 s at load 26 (pytest --durations, 1 Dec 2026)
def test_a_dead_workers_open_connections_leave_the_metrics_with_it():
    with two_workers() as (url, server, said):
        port = int(url.rsplit(":", 1)[1])
        open_now = lambda: metric(  # noqa: E731 (the asking connection is one of them)
            httpx.get(f"{url}/metrics", timeout=WAIT).text, "pyramid_solitaire_open_connections"
        )
        held = [connect(port) for _ in range(4)]
        for sock in held:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # a request arriving: kept open
        wait_for(lambda: open_now() == 5, "the held connections were not counted")
        children = ["pgrep", "-P", str(server.pid), "-f", "spawn_main"]
        workers = subprocess.run(children, capture_output=True, text=True)
        pids = [int(pid) for pid in workers.stdout.split()]
        assert len(pids) == 2, workers
        for pid in pids:
            os.kill(pid, signal.SIGKILL)  # no goodbye: the supervisor finds them dead and restarts them
        restarted = lambda: sum("Application startup complete" in line for line in said) == 4  # noqa: E731
        wait_for(restarted, "the workers were not restarted", seconds=180)
        for sock in held:
            sock.close()
        assert open_now() == 1
