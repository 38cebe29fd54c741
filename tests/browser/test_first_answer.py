"""An odd first answer (issue 30 point 6): a page of HTML, an unexpected refusal or an empty object
where the list of games belongs is asked again with backoff, as a timeout is, and the page says the
server answered something it could not use; then the real answer comes and the game appears."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

ODD = {
    "html-200": {"status": 200, "content_type": "text/html", "body": "<!doctype html><title>Portal</title>"},
    "json-400": {"status": 400, "json": {"error": "bad request", "code": "bad_request", "params": {}}},
    "empty-200": {"status": 200, "json": {}},
}
SAID = (
    "window.said = []; new MutationObserver(() => window.said.push(document.getElementById('toast-text')"
    ".textContent)).observe(document, {subtree: true, childList: true, characterData: true})"
)


@pytest.mark.parametrize("odd", ODD)
def test_an_odd_first_answer_is_asked_again_with_backoff_and_the_game_appears(new_page, odd: str):
    # No service worker: its requests would pass the route (it is installed during the first wait).
    page: Page = new_page(service_workers="block")
    answered = []

    def twice_odd(route):
        answered.append(route.request.url)
        if len(answered) <= 2:
            route.fulfill(**ODD[odd])
        else:
            route.continue_()

    page.route("**/api/variants", twice_odd)
    page.add_init_script(SAID)
    page.goto("/")
    expect(page.locator("#board .card:not(.gone)")).to_have_count(28, timeout=15_000)  # the game appears
    expect(page.locator("#board")).to_have_attribute("data-variant", "pyramid")
    assert len(answered) == 3, answered  # two odd answers, then the real one
    said = [text for text in page.evaluate("window.said") if "could not use" in text]
    waits = [int(m.group(1)) for text in said if (m := re.search(r"asking again in (\d+) s", text))]
    assert sorted(set(waits)) == [1, 2], said  # backoff: 1 s, then 2 s
