"""A release reaching a returning player (issue 28 point 4, issue 30 point 3): the service worker
fetches only the files that changed, by their versioned URLs past the HTTP cache (so a same-size
edit with its file time kept is fetched too), the game in progress is kept, the page says a new
version is ready, and the reload shows it."""

import logging
import os
import re
import shutil

import pytest
from app_server import free_port, patient_settings, start_server
from browser_helpers import WORKER_IN_CONTROL, moves_made
from playwright.sync_api import expect

from pyramid_solitaire.web.assets import content_hash
from pyramid_solitaire.web.settings import STATIC

pytestmark = pytest.mark.browser


class Requests(logging.Handler):
    """The request targets the server's access log names, in order (access.py's combined lines)."""

    def __init__(self):
        super().__init__()
        self.targets: list[str] = []

    def emit(self, record):
        found = re.search(r'"GET (\S+) HTTP/', record.getMessage())
        if found:
            self.targets.append(found.group(1))


def serving(static, port):
    server, thread, url = start_server(settings=patient_settings(static_dir=static), port=port)
    return server, thread, url


def stop(server, thread):
    server.should_exit = True
    thread.join(timeout=10)


def test_a_release_fetches_only_the_changed_files_keeps_the_game_and_says_so(browser, tmp_path):
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    port = free_port()
    server, thread, url = serving(static, port)
    context = browser.new_context(base_url=url, locale="en-US")
    try:
        page = context.new_page()
        page.goto("/")
        expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=20_000)
        page.evaluate(WORKER_IN_CONTROL)
        page.keyboard.press("d")  # a draw: the game in progress has one move
        moves_made(page, 1)
        deal = page.locator("#status-game").text_content()
        stop(server, thread)

        # The release: two files change. One keeps its size and its file time (an ETag from the
        # file's time and size, as before, would call it unchanged).
        text = static / "js" / "text" / "en.js"
        times = text.stat()
        text.write_bytes(text.read_bytes().replace(b'hint: "Hint"', b'hint: "HINT"', 1))
        os.utime(text, ns=(times.st_atime_ns, times.st_mtime_ns))
        style = static / "css" / "style.css"
        style.write_bytes(style.read_bytes() + b"\n/* the next release */\n")
        changed = {f"/static/js/text/en.js?v={content_hash(text.read_bytes())}",
                   f"/static/css/style.css?v={content_hash(style.read_bytes())}"}  # fmt: skip

        requests = Requests()
        access = logging.getLogger("pyramid_solitaire.access")
        access.addHandler(requests)
        level = access.level
        access.setLevel(logging.INFO)
        server, thread, _ = serving(static, port)
        try:
            page.goto("/")  # the player comes back: the old release opens, the new one installs
            expect(page.locator("#toast")).to_contain_text("A new version is ready.", timeout=60_000)
            expect(page.locator("#toast-action")).to_have_text("Reload")
            files = [t for t in requests.targets if t == "/" or t.startswith(("/static/", "/?"))]
            print(f"requests on the release change: {len(requests.targets)}: {requests.targets}")
            assert sorted(files) == sorted(changed), requests.targets  # one request per changed file
            page.click("#toast-action")
            expect(page.locator("#btn-hint")).to_have_accessible_name("HINT", timeout=20_000)
            moves_made(page, 1)  # the game in progress, as it was
            expect(page.locator("#status-game")).to_have_text(deal)
        finally:
            access.removeHandler(requests)
            access.setLevel(level)
            stop(server, thread)
    finally:
        context.close()
