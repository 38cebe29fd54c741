"""Browser tests: the real server in a thread on a free port, Debian's Chromium driven by Playwright."""

import socket
import threading
import time

import pytest
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


@pytest.fixture(scope="session")
def live_server():
    """The app under uvicorn in a background thread, for the whole session."""
    server, thread, url = start_server()
    yield url
    server.should_exit = True
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Playwright's own browser download cannot work here; Debian's chromium is installed instead.
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}, "locale": "en-US"}


@pytest.fixture
def new_page(browser, base_url):
    """A page in a browser profile of its own (its own storage, language and screen), as another
    player would have; English unless `locale` says otherwise. Closed after the test."""
    contexts = []

    def make(**options):
        context = browser.new_context(base_url=base_url, **{"locale": "en-US", **options})
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
