"""The app in a thread on a free port, and Debian's Chromium: shared by the browser tests,
benchmarks/instant.py and tools/screenshots.py."""

import socket
import threading
import time

import uvicorn

from pyramid_solitaire.web import create_app
from pyramid_solitaire.web.settings import Settings

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Hints, reviews, ways and winnable deals get ample time, and a busy solver's slot is waited for:
# what the tests check is the answer, not the speed of a loaded machine (the out-of-time and busy
# fallbacks have tests of their own, with settings of their own).
PATIENT = {
    "hint_seconds": 30,
    "review_seconds": 60,
    "way_seconds": 30,
    "winnable_seconds": 60,
    "solver_slot_wait": 30,
}


def patient_settings(**more) -> Settings:
    return Settings(**{**PATIENT, **more})


def start_server(
    seconds: float = 20, settings: Settings | None = None, port: int = 0
) -> tuple[uvicorn.Server, threading.Thread, str]:
    """An app (patient_settings unless told) under uvicorn in a background thread on a free port
    (or `port`), and its URL once it serves (the browser tests, benchmarks/instant.py and
    tools/screenshots.py)."""
    port = port or free_port()
    app = create_app(settings or patient_settings())
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + seconds
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    return server, thread, f"http://127.0.0.1:{port}"
