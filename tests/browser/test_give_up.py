"""Starting another game gives up the one on the table: the page asks first, and Keep playing
changes nothing (moves, clock, statistics)."""

import json
import re

import pytest
from browser_helpers import moves_made, open_deal, play
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

STATS = "pyramid-solitaire.stats.pyramid"


def new_game_by_deal_number(page: Page):
    page.click("#btn-more")
    page.fill("#deal-input", "7")
    page.press("#deal-input", "Enter")


def new_game_by_daily_deal(page: Page):
    page.click("#btn-more")
    page.click("#btn-daily")


WAYS = {
    "new game": lambda page: page.click("#btn-new"),
    "new game key": lambda page: page.keyboard.press("n"),
    "play again": lambda page: page.click("#btn-restart"),
    "deal number": new_game_by_deal_number,
    "today's deal": new_game_by_daily_deal,
}


def seconds(page: Page) -> int:
    minutes, secs = page.locator("#status-time").inner_text().split(":")
    return 60 * int(minutes) + int(secs)


def test_each_way_to_another_game_asks_and_keep_playing_changes_nothing(page: Page):
    open_deal(page, "pyramid", 1)
    play(page, "Kc Kh")
    page.locator("#board").focus()
    stats = page.evaluate("(k) => localStorage.getItem(k)", STATS)
    for name, start in WAYS.items():
        before = seconds(page)
        start(page)
        dialog = page.locator("#giveup-dialog")
        expect(dialog, name).to_be_visible()
        expect(dialog).to_contain_text("Give up this game?")
        expect(dialog).to_contain_text("It counts as lost.")
        page.click("#giveup-keep")
        expect(dialog).to_be_hidden()
        moves_made(page, 2)
        expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 1$"))
        assert seconds(page) >= before, name  # the clock was not reset
        assert page.evaluate("(k) => localStorage.getItem(k)", STATS) == stats, name
    page.click("#btn-new")
    page.click("#giveup-yes")
    moves_made(page, 0)
    expect(page.locator("#status-game")).not_to_have_text(re.compile(r"Deal 1$"))
    counted = json.loads(page.evaluate("(k) => localStorage.getItem(k)", STATS))
    assert (counted["played"], counted["won"], counted["recent"][-1]["won"]) == (1, 0, False)


def test_no_question_before_the_first_move_nor_after_the_game_is_over(page: Page):
    open_deal(page, "pyramid", 1)
    page.click("#btn-new")  # no move yet: nothing to give up
    expect(page.locator("#status-game")).not_to_have_text(re.compile(r"Deal 1$"))
    expect(page.locator("#giveup-dialog")).to_be_hidden()
