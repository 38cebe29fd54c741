"""--log-format json (web/logs.py): every line the server writes is one JSON object, the banner,
uvicorn's own lines, the app's, Python's warnings and the access lines alike; with the default
format the banner stays the plain line a person reads."""

import json
import logging
import socket
import subprocess
import sys
import time

import httpx
import pytest

from pyramid_solitaire.web.logs import JsonLines, error_line

WAIT = 20.0  # the longest a test waits for a condition before it fails


def test_a_record_with_a_traceback_is_one_json_line():
    try:
        raise ValueError("bad\nline")
    except ValueError:
        record = logging.LogRecord(
            "uvicorn.error",
            logging.ERROR,
            __file__,
            1,
            "Exception in %s",
            ("ASGI application",),
            sys.exc_info(),
        )
    line = JsonLines().format(record)
    assert "\n" not in line
    entry = json.loads(line)
    assert (entry["level"], entry["logger"]) == ("error", "uvicorn.error")
    assert entry["message"] == "Exception in ASGI application"
    assert entry["exception"].endswith("ValueError: bad\nline")


def test_a_start_up_error_is_a_line_in_the_logs_form():
    assert error_line("combined", "cannot listen") == "cannot listen"
    entry = json.loads(error_line("json", "cannot listen"))
    assert (entry["level"], entry["logger"], entry["message"]) == (
        "error",
        "pyramid_solitaire.serve",
        "cannot listen",
    )


# The server's logging as serve sets it up (server_config, ServerConfig.configure_logging), then a
# line through each kind of logger a running server writes to.
EVERY_LOGGER = """
import logging, sys, warnings
from pyramid_solitaire.web.logs import say_started
from pyramid_solitaire.web.server import server_config
from pyramid_solitaire.web.settings import Settings

server_config(settings=Settings(log_format=sys.argv[1]))
say_started("http://127.0.0.1:8412/")
logging.getLogger("uvicorn.error").info("Started server process [%d]", 7)
logging.getLogger("uvicorn.error").warning("Invalid HTTP request received.")
logging.getLogger("pyramid_solitaire.web").error("the app could not be built")
logging.getLogger("pyramid_solitaire.access").info('{"path": "/healthz", "status": 200}')
logging.getLogger("asyncio").error("Task exception was never retrieved")
warnings.warn("an old call")
"""


def written(log_format: str) -> tuple[list[str], list[str]]:
    """The lines standard output and standard error got."""
    done = subprocess.run(
        [sys.executable, "-c", EVERY_LOGGER, log_format],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.splitlines(), done.stderr.splitlines()


def test_json_every_logger_writes_json_lines():
    out, err = written("json")
    entries = [json.loads(line) for line in out + err]  # every line is JSON
    assert all(isinstance(entry, dict) for entry in entries)
    said = {(entry.get("logger"), entry.get("message")) for entry in entries}
    assert said >= {
        ("pyramid_solitaire.banner", "Pyramid solitaire on http://127.0.0.1:8412/"),
        ("uvicorn.error", "Started server process [7]"),
        ("uvicorn.error", "Invalid HTTP request received."),
        ("pyramid_solitaire.web", "the app could not be built"),
        ("asyncio", "Task exception was never retrieved"),
    }
    assert json.loads(out[0])["url"] == "http://127.0.0.1:8412/"
    assert {"path": "/healthz", "status": 200} in entries  # the access line as access.py wrote it
    (warned,) = [entry for entry in entries if entry.get("logger") == "py.warnings"]
    assert "UserWarning: an old call" in warned["message"]


def test_combined_keeps_the_banner_and_the_access_lines_as_they_were():
    out, err = written("combined")
    assert out[0] == "Pyramid solitaire on http://127.0.0.1:8412/"
    assert out[1] == '{"path": "/healthz", "status": 200}'  # access.py's line, whichever form it has
    assert any(line.endswith("Invalid HTTP request received.") and "WARNING" in line for line in err)


def wait_for(condition, failure: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.05)


def answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=WAIT).status_code == 200
    except httpx.TransportError:
        return False


# A server process started and stopped: one worker (2.5 s at load 21), and a supervisor with two
# (6.7 s: slow, left to make test).
@pytest.mark.parametrize("workers", ["1", pytest.param("2", marks=pytest.mark.slow)])
def test_a_started_server_writes_nothing_but_json_lines(workers, tmp_path):
    command = [sys.executable, "-m", "pyramid_solitaire.cli", "serve", "--port", "0", "--workers", workers]
    errors = (tmp_path / "stderr").open("w+")
    server = subprocess.Popen(
        [*command, "--log-format", "json"], stdout=subprocess.PIPE, stderr=errors, text=True
    )
    try:
        banner = json.loads(server.stdout.readline())  # written before any worker starts
        url = banner["url"]
        wait_for(lambda: answers(url + "healthz"), "the server did not answer", seconds=180)
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        with socket.create_connection((host, int(port)), timeout=WAIT) as garbage:  # uvicorn's own warning
            garbage.sendall(b"GARBAGE\r\n\r\n")
            assert garbage.recv(100).startswith(b"HTTP/1.1 400")
        assert httpx.get(url + "api/variants", timeout=WAIT).status_code == 200
    finally:
        server.terminate()
        out = server.communicate(timeout=60)[0]
    errors.seek(0)
    lines = [banner, *(json.loads(line) for line in (out + errors.read()).splitlines())]  # each JSON
    assert all(isinstance(entry, dict) for entry in lines)
    said = [(entry.get("logger"), entry.get("message", "")) for entry in lines]
    assert ("uvicorn.error", "Application startup complete.") in said
    assert ("uvicorn.error", "Invalid HTTP request received.") in said
    assert any(
        logger == "uvicorn.error" and text.startswith("Finished server process") for logger, text in said
    )
    if workers == "2":
        assert any(
            logger == "uvicorn.error" and text.startswith("Started parent process") for logger, text in said
        )
    assert {(entry.get("path"), entry.get("status")) for entry in lines} >= {
        ("/healthz", 200),
        ("/api/variants", 200),
    }
