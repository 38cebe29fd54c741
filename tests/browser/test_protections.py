"""Two of the page's protections, seen working in the browser (each test fails with its header
removed from web/headers.py): no other site can frame the game (CSP frame-ancestors 'none'), and
the page's requests name no page they came from (Referrer-Policy: no-referrer)."""

import pytest
from playwright.sync_api import expect
from static_server import static_server

pytestmark = pytest.mark.browser


def test_another_site_cannot_show_the_game_in_a_frame(new_page, base_url, tmp_path):
    """A page elsewhere (another port: another origin) frames the game: Chromium refuses it."""
    (tmp_path / "index.html").write_text(f'<!doctype html><title>elsewhere</title><iframe src="{base_url}/">')
    with static_server(tmp_path) as elsewhere:
        page = new_page()
        refused = lambda message: "frame-ancestors" in message.text  # noqa: E731
        with page.expect_console_message(refused, timeout=30_000):
            page.goto(f"{elsewhere}/")
        framed = page.frames[1]
        assert framed.url in (f"{base_url}/", "chrome-error://chromewebdata/"), framed.url
        assert framed.locator("#btn-hint").count() == 0  # no game in it


def test_the_pages_requests_carry_no_referrer(new_page):
    page = new_page()
    sent: list = []
    page.on("request", lambda request: sent.append(request))
    page.goto("/?variant=pyramid&deal=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=20_000)
    own = [r for r in sent if "/static/" in r.url or "/api/" in r.url]
    assert len(own) > 10, [r.url for r in sent]
    named = {r.url: r.all_headers().get("referer") for r in own}
    assert not any(named.values()), named
