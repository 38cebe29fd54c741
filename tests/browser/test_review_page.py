"""The move list, the review against the solver and watching the shortest win, in Chromium."""

import re

import pytest
from browser_helpers import LOSE_GIZA_26, PHONE, WIN_PYRAMID_2, card, moves_made, open_deal, play
from helpers import played, reference_marks
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser  # the live server is patient (app_server.PATIENT)

STORED = "() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => !k.endsWith('.settings')))"


def lose_giza_26(page: Page):
    open_deal(page, "giza", 26)
    play(page, LOSE_GIZA_26)
    expect(page.locator("#end-title")).to_have_text("No move left")
    # the page asks the solver by itself why; the review waits for the solver to be free
    expect(page.locator("#end-explain")).to_contain_text("lost it", timeout=60_000)


def test_the_review_marks_the_reference_solvers_losing_move_and_the_way_wins(page: Page):
    expected = reference_marks(played("giza", 26, LOSE_GIZA_26))
    lose_giza_26(page)
    stored = page.evaluate(STORED)
    page.click("#end-review")
    marks = page.locator("#move-list li")
    expect(marks.nth(0)).to_have_attribute("data-mark", re.compile("."), timeout=60_000)
    assert marks.evaluate_all("items => items.map(i => i.dataset.mark)") == expected
    assert expected.index("losing") == 3  # move 4, 4c+9h, lost the game
    expect(marks.nth(3)).to_contain_text("4. 4\u2663 + 9\u2665")
    expect(page.locator("#review-summary")).to_contain_text("Move 4 (4\u2663 + 9\u2665) lost the game")

    page.click("#btn-way-start")
    for _ in range(4):
        page.click("#btn-watch-faster")
    expect(page.locator("#watch-status")).to_have_text(re.compile(r"^Won in \d+ moves"), timeout=30_000)
    expect(page.locator('#board .card[data-where="pyramid"]:not(.gone)')).to_have_count(0)
    # Then the board is the game's again, and watching changed nothing: moves, save, statistics.
    expect(page.locator("#board")).not_to_have_class(re.compile(r"\bshown\b"))
    expect(page.locator("#end-title")).to_have_text("No move left")
    moves_made(page, 7)
    # only the note that the way was watched for this deal: help a shared result says (issue 50)
    assert page.evaluate(STORED) == {**stored, "pyramid-solitaire.results-way": '["[\\"giza\\",26]"]'}


def test_the_move_list_steps_through_a_finished_game_without_changing_it(page: Page):
    lose_giza_26(page)
    stored = page.evaluate(STORED)
    page.click("#btn-more")
    page.click("#btn-moves")
    expect(page.locator("#moves-count")).to_have_text("7 moves")
    expect(card(page, "9d")).to_have_count(0)  # move 3, 9d+4d, took it
    page.click('#move-list button[data-n="2"]')
    expect(page.locator("#shown-status")).to_contain_text("after move 2")
    expect(card(page, "9d")).to_be_visible()
    expect(page.locator("#end-panel")).to_be_hidden()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#move-list li.shown button")).to_have_attribute("data-n", "3")
    expect(card(page, "9d")).to_have_count(0)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#move-list li.shown button")).to_have_attribute("data-n", "1")
    card(page, "9d").click(force=True)  # a shown position is for looking only
    page.click("#btn-back-to-game")
    expect(page.locator("#end-title")).to_have_text("No move left")
    moves_made(page, 7)
    assert page.evaluate(STORED) == stored


def test_the_move_list_greys_the_redo_path_and_needs_no_review(page: Page):
    open_deal(page, "giza", 26)
    play(page, " ".join(LOSE_GIZA_26.split()[:3]))
    page.click("#btn-undo")
    moves_made(page, 2)
    page.click("#btn-more")
    page.click("#btn-moves")
    expect(page.locator("#move-list li")).to_have_count(3)
    expect(page.locator("#move-list li.redo")).to_have_text("3. 9\u2666 + 4\u2666")
    expect(page.locator('#move-list button[data-n="1"]')).to_be_disabled()  # a running game is not stepped


# Cards and the stock that lie under the open panel (their boxes meet the panel's), by text.
UNDER_PANEL = """() => {
  const p = document.getElementById("review-panel").getBoundingClientRect();
  const meets = (r) => r.left < p.right && r.right > p.left && r.top < p.bottom && r.bottom > p.top;
  return [...document.querySelectorAll("#board .card:not(.gone), #board .stock")]
    .filter((el) => meets(el.getBoundingClientRect()))
    .map((el) => el.getAttribute("aria-label") || el.className);
}"""


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_open_panel_covers_no_card_and_not_the_stock(new_page, screen):
    """Beside the board on wide screens, below it on phones: the table makes room for the panel."""
    page = new_page(**(PHONE if screen == "phone" else {"viewport": {"width": 1280, "height": 800}}))
    open_deal(page, "pyramid", 1)
    play(page, " ".join(["draw"] * 20))  # a long move list
    page.click("#btn-more")
    page.click("#btn-moves")
    expect(page.locator("#review-panel")).to_be_visible()
    page.evaluate("document.getElementById('moves-fold').open = true")  # the panel at its tallest
    settled(page, f"({UNDER_PANEL})().length === 0")  # the board is laid out again for the smaller table
    assert page.evaluate(UNDER_PANEL) == []
    page.click("#btn-review-close")
    settled(page, "document.getElementById('table').getBoundingClientRect().width === window.innerWidth")
    assert (
        page.evaluate("document.getElementById('table').getBoundingClientRect().width")
        == (page.viewport_size["width"])
    )


def settled(page: Page, condition: str) -> None:
    """Wait up to 3 s for `condition` (the page's policy allows no wait_for_function); the
    assertion after it says what is wrong if it never holds."""
    for _ in range(60):
        if page.evaluate(f"() => {condition}"):
            return
        page.wait_for_timeout(50)


IN_SIGHT = """(n) => { const list = document.getElementById('move-list').getBoundingClientRect();
  const item = document.querySelector(`#move-list button[data-n="${n}"]`).getBoundingClientRect();
  return item.top >= list.top - 1 && item.bottom <= list.bottom + 1; }"""


def test_the_move_list_follows_the_game(new_page):
    # Found in a play-test: after 50 moves the list opened at move 1 and stayed there.
    page = new_page(viewport={"width": 1366, "height": 768})
    open_deal(page, "pyramid", 2)
    line = WIN_PYRAMID_2.split()
    play(page, " ".join(line[:50]))
    page.click("#btn-more")
    page.click("#btn-moves")
    expect(page.locator("#moves-count")).to_have_text("50 moves")
    assert page.evaluate(
        "() => { const l = document.getElementById('move-list'); return l.scrollHeight > l.clientHeight; }"
    )
    page.wait_for_function(IN_SIGHT, arg=50)
    play(page, line[50], start=50)
    expect(page.locator("#moves-count")).to_have_text("51 moves")
    page.wait_for_function(IN_SIGHT, arg=51)
