"""Browser tests: the real server in a thread on a free port, Debian's Chromium driven by Playwright."""

import pytest
from app_server import CHROMIUM, CHROMIUM_ARGS, start_server
from playwright.sync_api import expect
from static_server import static_server

from pyramid_solitaire.web.site import write_site

# An expectation waits for its event, however long a busy machine takes (Playwright's 5 s were
# too short at a load average of 20: a toast still empty after 5 s); it returns as soon as it holds.
expect.set_options(timeout=60_000)


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


@pytest.fixture(scope="module")
def static_site(tmp_path_factory):
    """The site written to a folder (web/site.py's write_site) and served by `python -m
    http.server` on 127.0.0.1: no game server behind it."""
    folder = tmp_path_factory.mktemp("site")
    write_site(folder)
    with static_server(folder) as url:
        yield url
