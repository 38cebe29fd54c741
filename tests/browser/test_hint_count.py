"""Whether a hint says "shortest" does not hang on the machine's load (issue 37 point 11): a count of
positions decides it (solver/hints.js HINT_NODES, a count a slow phone also searches), the same
count on every machine, and the clock only stops a search that would keep the player waiting. The
counts come from the native solver, which searches the same states as the page's kernel."""

import re

import pytest
from playwright.sync_api import Page, expect

from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import solve

pytestmark = pytest.mark.browser

SOLVER = "import('/static/js/net/solver.js')"


def set_budgets(page: Page, budgets: dict) -> dict:
    return page.evaluate(f"async (budgets) => (await {SOLVER}).setBudgets(budgets)", budgets)


def hint_says(page: Page, text: str) -> None:
    page.evaluate("() => { document.getElementById('toast-text').textContent = ''; }")
    page.click("#btn-hint")
    expect(page.locator("#toast")).to_contain_text(text, timeout=60_000)


def test_a_count_of_positions_decides_shortest_and_the_clock_only_stops_a_long_wait(new_page):
    page = new_page()
    page.goto("/?variant=pyramid&deal=1")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 1$"), timeout=20_000)
    assert page.evaluate(f"async () => (await {SOLVER}).available()")
    budgets = set_budgets(page, {"rememberProofs": False})  # each hint searched afresh, as counted here
    # the defaults: a count decides; the clock is far past what a hint of that count takes
    assert budgets["hintNodes"] == 1_000_000, budgets
    assert budgets["hintSeconds"] >= 10, budgets
    proof = solve(Game("pyramid", number=1).deal, shortest=True)
    assert proof.shortest and proof.searched < budgets["hintNodes"]  # 16,485 positions
    hint_says(page, "(It starts a shortest winning line: 65 moves.)")
    # the count decides: half the proof's count, no "shortest"; the proof's count and one, "shortest"
    set_budgets(page, {"hintNodes": proof.searched // 2})
    hint_says(page, "(It starts a winning line of")
    set_budgets(page, {"hintNodes": proof.searched + 1})
    hint_says(page, "(It starts a shortest winning line: 65 moves.)")
