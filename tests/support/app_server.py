"""The app in a thread on a free port, and Debian's Chromium: shared by the browser tests,
benchmarks/instant.py and tools/screenshots.py."""

import socket
import threading
import time

import uvicorn

from pyramid_solitaire.web import app

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


def start_server(seconds: float = 20) -> tuple[uvicorn.Server, threading.Thread, str]:
    """The app under uvicorn in a background thread on a free port, and its URL once it serves
    (the browser tests, benchmarks/instant.py and tools/screenshots.py)."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + seconds
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    return server, thread, f"http://127.0.0.1:{port}"
