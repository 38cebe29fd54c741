"""The page's solver budgets set from a test (net/solver.js's setBudgets, solver/budgets.js): a
hint too poor to search is a legal move the page calls unchecked, one that decides but cannot
prove the shortest line names a winning line without "shortest", and a review with no time marks
every move "not decided in time"; a bad budget is refused by name. The node counts come from the
native solver (the wasm kernel searches the same states: tests/js/solver.test.mjs)."""

import re

import pytest
from browser_helpers import LOSE_GIZA_26, api_calls, play
from playwright.sync_api import Page, expect

from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import solve

pytestmark = pytest.mark.browser

SOLVER = "import('/static/js/net/solver.js')"


def set_budgets(page: Page, budgets: dict) -> dict:
    return page.evaluate(f"async (budgets) => (await {SOLVER}).setBudgets(budgets)", budgets)


def open_game(page: Page, variant: str = "giza", deal: int = 18) -> None:
    page.goto(f"/?variant={variant}&deal={deal}")
    expect(page.locator("#status-game")).to_have_text(re.compile(rf"Deal {deal}$"), timeout=20_000)
    assert page.evaluate(f"async () => (await {SOLVER}).available()")


def test_a_hint_budget_too_small_gives_an_unchecked_move_and_the_page_says_so(new_page):
    page = new_page()
    calls = api_calls(page)
    open_game(page)
    deal = Game("giza", number=18).deal
    decided = solve(deal)  # the decision alone: any winning line, not the shortest
    assert not solve(deal, shortest=True, node_limit=decided.searched + 1).shortest

    assert set_budgets(page, {"hintSeconds": None, "hintNodes": 1})["hintNodes"] == 1
    page.click("#btn-hint")
    expect(page.locator("#toast")).to_contain_text("(A legal move; the solver has not checked it.)")

    set_budgets(page, {"hintNodes": decided.searched + 1})
    page.click("#btn-hint")
    expect(page.locator("#toast")).to_contain_text(
        f"(It starts a winning line of {len(decided.line)} moves.)"
    )

    set_budgets(page, {"hintSeconds": 30, "hintNodes": None})
    page.click("#btn-hint")
    expect(page.locator("#toast")).to_contain_text("(It starts a shortest winning line: 20 moves.)")
    assert [c for c in calls if c != "variants"] == [], calls  # the worker answered, not the server


def test_a_review_with_no_time_marks_every_move_undecided(new_page):
    page = new_page()
    open_game(page, "giza", 26)
    set_budgets(page, {"reviewSeconds": 0})
    play(page, LOSE_GIZA_26)  # a lost game: a won one needs no search, every position winnable
    expect(page.locator("#end-title")).to_have_text("No move left")
    expect(page.locator("#end-explain")).to_contain_text("lost it", timeout=30_000)  # the hint's search
    page.click("#end-review")
    marks = page.locator("#move-list li")
    expect(marks.nth(0)).to_have_attribute("data-mark", re.compile("."), timeout=30_000)
    assert set(marks.evaluate_all("items => items.map(i => i.dataset.mark)")) == {"unknown"}
    expect(marks.nth(0).locator(".mark")).to_have_attribute("title", "not decided in time")


def test_a_bad_budget_is_refused_by_name(new_page):
    page = new_page()
    open_game(page)
    refused = page.evaluate(
        f"async () => (await {SOLVER}).setBudgets({{ hintSeconds: -1 }})"
        ".then(() => 'accepted', (e) => e.message)"
    )
    assert (
        refused
        == "the solver failed: the budget hintSeconds must be seconds, 0 or more, or null (no clock), not -1"
    )
    assert set_budgets(page, {})["hintSeconds"] == 10  # the budgets in force did not change
