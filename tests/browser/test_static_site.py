"""The game as a static site (`pyramid-solitaire site DIR`), served by a plain static file server
with no Python application behind it: a whole game is played to its end by following hints."""

import http.server
import os
import re
import shutil
import threading
import time
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import pytest
from browser_helpers import WORKER_IN_CONTROL, follow_hint, reload_offline
from playwright.sync_api import expect
from static_server import static_server

from pyramid_solitaire.web.settings import STATIC
from pyramid_solitaire.web.site import write_site

pytestmark = pytest.mark.browser


def test_a_game_is_played_to_the_end_with_hints_from_a_static_file_server(browser, static_site):
    context = browser.new_context(base_url=static_site, locale="en-US")
    page = context.new_page()
    sent: list[str] = []
    page.on("request", lambda r: sent.append(f"{r.method} {r.url.removeprefix(static_site)}"))
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto("/?variant=giza&deal=18")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 18$"), timeout=20_000)
    n = 0
    while page.locator("#end-panel").is_hidden():
        n += 1
        follow_hint(page, n)
    expect(page.locator("#end-title")).to_have_text("You won!")
    assert n == 20  # the hints follow a shortest line of Giza deal 18
    assert failed == [], failed  # every file the page asked for is in the site
    assert not [s for s in sent if not s.startswith("GET ")], sent  # a static host answers GETs only

    # The service worker kept the release (a plain file server sends no content-hash ETags: it
    # checks the bytes), so the site opens offline, and its solver answers there too.
    sent.clear()
    reload_offline(page)
    page.click("#btn-undo")
    page.click("#btn-hint")
    expect(page.locator("#toast")).to_contain_text("(It wins the game.)")
    assert "GET /api/variants" not in sent, sent  # offline, the kept list is read, not asked for
    context.close()


BROKEN_KERNELS = {
    "html": lambda wasm: wasm.write_text("<!doctype html><title>Not found</title>"),  # a host's page
    "truncated": lambda wasm: wasm.write_bytes(wasm.read_bytes()[: wasm.stat().st_size // 2]),
    "missing": lambda wasm: wasm.unlink(),  # 404
    "empty": lambda wasm: wasm.write_bytes(b""),
}


@pytest.mark.parametrize("broken", BROKEN_KERNELS)
def test_a_broken_solver_file_on_a_static_site_is_said_and_the_game_plays_on(browser, tmp_path, broken):
    """The page cannot load its solver and came from no game server: it says the solver could not
    be loaded, asks no one for the hint, and every move still works."""
    write_site(tmp_path)
    BROKEN_KERNELS[broken](tmp_path / "static" / "js" / "solver" / "kernel.wasm")
    with static_server(tmp_path) as url:
        context = browser.new_context(base_url=url, locale="en-US")
        page = context.new_page()
        sent: list[str] = []
        page.on("request", lambda r: sent.append(r.url.removeprefix(url)))
        page.goto("/?variant=pyramid&deal=1")
        expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 1$"), timeout=20_000)
        page.click("#btn-hint")
        expect(page.locator("#toast")).to_contain_text("The solver could not be loaded")
        page.click("#stock")  # plays on
        expect(page.locator("#board")).to_have_attribute("data-moves", "1")
        context.close()
    assert "/api/hint" not in sent and "/api/version" in sent, sent


def test_a_broken_solver_file_from_the_game_server_leaves_hints_to_the_server(new_page):
    """The same broken file, but the page came from the game server: it asks the server."""
    page = new_page()
    page.route("**/kernel.wasm*", lambda route: route.fulfill(status=200, body="<!doctype html><p>portal"))
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.split("/", 3)[3]))
    page.goto("/?variant=giza&deal=18")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 18$"), timeout=20_000)
    follow_hint(page, 1)
    assert "api/hint" in asked, asked


class Counted(http.server.SimpleHTTPRequestHandler):
    """A plain file server (no ETags: http.server sends Last-Modified only) that notes each path."""

    asked: list[str] = []

    def log_message(self, *args):
        Counted.asked.append(self.path)


@contextmanager
def counted_server(folder):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(Counted, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_a_one_file_release_on_a_plain_file_server_fetches_that_file_only(browser, tmp_path):
    """The service worker compares the release's hashes with what it holds, not ETags (a plain
    file server sends none): a returning page fetches the changed file, sw.js and the page's own."""
    write_site(tmp_path / "one")
    site = tmp_path / "site"
    shutil.copytree(tmp_path / "one", site)
    with counted_server(site) as url:
        context = browser.new_context(base_url=url, locale="en-US")
        page = context.new_page()
        page.goto("/")
        expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=20_000)
        page.evaluate(WORKER_IN_CONTROL)
        # The next release: one file changed (en.js), written as the docs say: files, then sw.js.
        static = tmp_path / "static"
        shutil.copytree(STATIC, static)
        text = static / "js" / "text" / "en.js"
        text.write_bytes(text.read_bytes().replace(b'hint: "Hint"', b'hint: "HINT"', 1))
        write_site(tmp_path / "two", static)
        en = Path("static", "js", "text", "en.js")
        shutil.copyfile(tmp_path / "two" / en, site / en)
        shutil.copyfile(tmp_path / "two" / "sw.js", site / "sw.js")
        Counted.asked.clear()
        page.goto("/")
        expect(page.locator("#toast")).to_contain_text("A new version is ready.", timeout=60_000)
        asked = list(Counted.asked)
        page.click("#toast-action")
        expect(page.locator("#btn-hint")).to_have_accessible_name("HINT", timeout=20_000)
        context.close()
    files = [path for path in asked if path.startswith("/static/")]
    print(f"requests on the one-file release: {len(asked)}: {asked}")
    assert [path.split("?")[0] for path in files] == ["/static/js/text/en.js"], asked
    assert len(asked) <= 5, asked  # the page, sw.js, the variant list and the one file


class Uploading(Counted):
    """The host mid-upload: the new sw.js (the manifest) and the old en.js, until the manifest has
    been read once; then the upload ends (the new en.js is in place)."""

    # Not `finish`: that is the request handler's own method (it flushes the answer), which a
    # class attribute of that name replaced, so answers could be cut off and every request
    # raised a TypeError (seen in CI).
    upload_ends = None

    def do_GET(self):
        super().do_GET()
        if self.path.startswith("/sw.js") and Uploading.upload_ends:
            Uploading.upload_ends()
            Uploading.upload_ends = None


def test_a_first_visit_during_an_upload_refuses_the_mixed_files_and_loads_the_page_again(browser, tmp_path):
    """A first visitor (no service worker yet) gets the old en.js beside the new release's
    manifest: the page finds the file is not the manifest's, loads again, and runs the new release."""
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    text = static / "js" / "text" / "en.js"
    old = text.read_bytes()
    text.write_bytes(old.replace(b'hint: "Hint"', b'hint: "HINT"', 1))
    site = tmp_path / "site"
    write_site(site, static)
    en = site / "static" / "js" / "text" / "en.js"
    new = en.read_bytes()
    en.write_bytes(old)  # not uploaded yet
    # A file a day old: a plain host's Last-Modified lets the browser keep it for a tenth of that,
    # so a reload alone would take the old copy from its cache again (seen in CI).
    day_ago = time.time() - 86_400
    os.utime(en, (day_ago, day_ago))
    Uploading.upload_ends = lambda: en.write_bytes(new)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(Uploading, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        context = browser.new_context(base_url=f"http://127.0.0.1:{server.server_address[1]}", locale="en-US")
        page = context.new_page()
        loads: list[str] = []
        page.on("load", lambda p: loads.append(p.url))
        warned: list[str] = []
        page.on("console", lambda m: warned.append(m.text) if "not of one release" in m.text else None)
        page.goto("/")
        expect(page.locator("#btn-hint")).to_have_accessible_name("HINT")
        expect(page.locator("body")).to_have_attribute("data-ready", "1")
        context.close()
    finally:
        server.shutdown()
        server.server_close()
    assert len(loads) == 2, loads  # the mixed set, then the whole release
    assert warned and "/static/js/text/en.js" in warned[0], warned
