"""The solver in the page: the C kernel as WebAssembly in a Web Worker answers hints, the lost
position's explanation with Undo N moves, the review, Show the way, winnable-only and daily deals,
after one visit with the network cut, and without asking the server anything."""

import re
from datetime import date

import pytest
from browser_helpers import (
    LOSE_GIZA_26,
    WIN_GIZA_18,
    api_calls,
    follow_hint,
    giza_26_loss_explained_and_undone,
    moves_made,
    play,
    reload_offline,
    type_deal,
)
from playwright.sync_api import Page, expect

from pyramid_solitaire.engine.decks import daily_deal
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import solve

pytestmark = pytest.mark.browser


def visit_then_cut_the_network(page: Page) -> None:
    page.goto("/?variant=giza&deal=18")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 18$"), timeout=20_000)
    reload_offline(page)
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 18$"))


def test_offline_a_hint_is_checked_a_loss_is_explained_and_a_game_reviewed(new_page):
    page = new_page()
    calls = api_calls(page)
    visit_then_cut_the_network(page)
    # a checked hint that names its line's length (Giza deal 18's shortest win has 20 moves)
    page.click("#btn-hint")
    expect(page.locator("#toast")).to_contain_text("(It starts a shortest winning line: 20 moves.)")

    # a lost position: explained, and Undo N moves goes back to where it could still be won
    type_deal(page, "giza", 26)
    moves_made(page, 0)
    play(page, LOSE_GIZA_26)
    giza_26_loss_explained_and_undone(page)

    # a finished game reviewed, and its shortest way shown
    type_deal(page, "giza", 18)
    play(page, WIN_GIZA_18)
    expect(page.locator("#end-title")).to_have_text("You won!")
    page.click("#end-review")
    marks = page.locator("#move-list li")
    expect(marks.nth(0)).to_have_attribute("data-mark", "winnable", timeout=30_000)
    assert set(marks.evaluate_all("items => items.map(i => i.dataset.mark)")) == {"winnable"}
    expect(page.locator("#review-summary")).to_contain_text("20")  # the shortest win, 20 moves
    assert [c for c in calls if c != "variants"] == [], calls


def test_offline_winnable_only_and_the_daily_deal_come_from_the_page(new_page):
    page = new_page()
    calls = api_calls(page)
    visit_then_cut_the_network(page)
    today = page.evaluate(
        "() => { const d = new Date(), two = (n) => String(n).padStart(2, '0');"
        " return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; }"
    )
    page.click("#btn-more")
    page.click("#btn-daily")
    expected = daily_deal("giza", date.fromisoformat(today))
    expect(page.locator("#status-game")).to_have_attribute("title", f"Deal {expected}", timeout=20_000)

    type_deal(page, "giza", 1)  # Giza: most deals are winnable, so the proof comes quickly
    a_winnable_deal_is_winnable(page, "giza")
    assert [c for c in calls if c != "variants"] == [], calls


def a_winnable_deal_is_winnable(page, variant: str):
    """New game with Winnable only ticked (no move made yet: nothing to give up): the page's solver
    proves a deal, and the native solver wins it."""
    page.click("#btn-more")
    page.check("#winnable-check")
    page.keyboard.press("Escape")
    page.click("#btn-new")
    expect(page.locator("#toast")).to_have_text("A winnable deal: the solver has proven it.", timeout=30_000)
    number = int(re.search(r"Deal (\d+)$", page.locator("#status-game").inner_text())[1])
    game = Game(variant, number=number)
    for move in solve(game.deal).line:
        game.play(move)
    assert game.is_won


def test_offline_the_rule_options_get_hints_reviews_the_way_and_winnable_deals(new_page):
    """The page's kernel plays every option set (issue 36): unlimited passes get a shortest hint
    of the native length, a review and the way; overlap discards a winnable-only deal."""
    page = new_page()
    calls = api_calls(page)
    page.goto("/?variant=unlimited&deal=1")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 1$"), timeout=20_000)
    reload_offline(page)
    expect(page.locator("#board")).to_have_attribute("data-variant", "unlimited")
    steps = len(solve(Game("unlimited", number=1).deal, shortest=True).line)
    page.click("#btn-hint")
    expect(page.locator("#toast")).to_contain_text(f"(It starts a shortest winning line: {steps} moves.)")
    for n in (1, 2, 3):
        follow_hint(page, n)
    page.click("#btn-more")
    page.click("#btn-moves")
    page.click("#btn-review")
    marks = page.locator("#move-list li")
    expect(marks.nth(0)).to_have_attribute("data-mark", "winnable", timeout=30_000)
    assert marks.evaluate_all("items => items.map(i => i.dataset.mark)") == ["winnable"] * 3
    page.click("#btn-way-start")
    for _ in range(4):
        page.click("#btn-watch-faster")
    expect(page.locator("#watch-status")).to_have_text(re.compile(rf"^Won in {steps} moves"), timeout=60_000)
    page.click("#btn-review-close")

    type_deal(page, "overlap", 1)
    moves_made(page, 0)
    a_winnable_deal_is_winnable(page, "overlap")
    assert [c for c in calls if c != "variants"] == [], calls
