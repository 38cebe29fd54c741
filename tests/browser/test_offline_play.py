"""Instant and offline play: moves are played in the page by js/rules/, the solver's features by its
solver worker (the server only for browsers without WebAssembly), and after one visit the service
worker opens the page with no network at all."""

import re

import pytest
from browser_helpers import WIN_GIZA_18, api_calls, card, moves_made, play, reload_offline, slow_network
from playwright.sync_api import Page, expect

from pyramid_solitaire.engine.game import Game

pytestmark = pytest.mark.browser

LATENCY_MS = 400

# Stamps the key press and the first change of the board's move count after it (in the page).
PROBE = """() => {
  const board = document.getElementById("board");
  window.__probe = { pressed: null, shown: null };
  const press = () => { window.__probe.pressed = performance.now(); };
  document.addEventListener("keydown", press, { capture: true });
  new MutationObserver(() => {
    if (window.__probe.shown === null && board.dataset.moves === "1") {
      window.__probe.shown = performance.now() - window.__probe.pressed;
    }
  }).observe(board, { attributes: true, attributeFilter: ["data-moves"] });
}"""


def open_shared(page: Page, variant: str, deal: int) -> None:
    page.goto(f"/?variant={variant}&deal={deal}")
    expect(page.locator("#status-game")).to_have_text(re.compile(rf"Deal {deal}$"), timeout=20_000)
    moves_made(page, 0)


def test_a_draw_shows_before_a_slow_server_could_have_answered(new_page):
    page = new_page()
    calls = api_calls(page)
    slow_network(page, LATENCY_MS)
    open_shared(page, "pyramid", 2)
    page.evaluate(PROBE)
    page.keyboard.press("d")
    moves_made(page, 1)
    shown = page.evaluate("window.__probe.shown")
    print(f"key to board with {LATENCY_MS} ms latency: {shown:.0f} ms")  # a figure, not a verdict
    assert not [c for c in calls if c in ("move", "undo", "redo", "restart", "state")], calls
    expect(page.locator("#stock")).to_have_attribute("data-count", "23")
    # Undo, redo and play again are local too; a refused pair says why, from the page's engine.
    page.keyboard.press("u")
    moves_made(page, 0)
    page.keyboard.press("y")
    moves_made(page, 1)
    card(page, "5s").click()
    card(page, "Ad").click()
    expect(page.locator("#toast")).to_contain_text(
        "the five of spades and the ace of diamonds do not add up to 13"
    )
    page.click("#btn-restart")
    page.click("#giveup-yes")  # the game has a move: Play again asks first
    moves_made(page, 0)
    assert [c for c in calls if c not in ("variants", "hint")] == [], calls


def test_the_server_still_refuses_a_bad_record():
    """The page's engine is never trusted: the API replays what it is sent."""
    from fastapi.testclient import TestClient

    from pyramid_solitaire.web import create_app

    client = TestClient(create_app())
    record = {"version": 1, "variant": "pyramid", "deal": 2, "moves": ["Kc"], "redo": []}
    answer = client.post("/api/hint", json={"record": record})
    assert answer.status_code == 400 and "move 1 'Kc'" in answer.json()["error"]


def test_offline_after_one_visit_the_page_opens_plays_and_saves(new_page):
    page = new_page()
    page.goto("/?variant=giza&deal=18")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 18$"), timeout=20_000)
    reload_offline(page)
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 18$"))
    moves = WIN_GIZA_18.split()
    play(page, " ".join(moves[:5]))
    saved = page.evaluate("JSON.stringify(localStorage)")
    assert all(m in saved for m in moves[:5]), "the save has the moves played offline"
    page.click("#btn-hint")  # the solver runs in the page (tests/browser/test_solver_offline.py)
    expect(page.locator("#toast")).to_contain_text("winning line")
    page.reload()
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 18$"), timeout=20_000)
    moves_made(page, 5)
    play(page, " ".join(moves[5:]), start=5)
    expect(page.locator("#end-panel")).to_be_visible()
    # Back online, hints work again: one move back, the solver names the winning move.
    page.context.set_offline(False)
    page.keyboard.press("u")
    moves_made(page, len(moves) - 1)
    page.keyboard.press("h")
    expect(page.locator("#toast")).to_contain_text("Hint:")


def test_offline_the_page_loads_without_asking_for_the_variant_list(new_page):
    """Offline, the list of games is read from the service worker's kept copy: the page sends no
    request for /api/variants (issue 49: every offline load asked, and failed, for it)."""
    page = new_page()
    page.goto("/?variant=giza&deal=18")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 18$"), timeout=20_000)
    calls = api_calls(page)
    reload_offline(page)
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 18$"))
    page.click("#btn-games")  # the menu names the games from the kept list
    expect(page.locator('#variant-list li[data-variant="three-wastes"]')).to_contain_text("three wastes")
    assert "variants" not in calls, calls


def test_without_webassembly_the_solver_features_need_the_server(new_page):
    """A browser without WebAssembly asks the server, and offline says the feature needs it."""
    page = new_page()
    page.add_init_script("delete globalThis.WebAssembly")
    calls = api_calls(page)
    page.goto("/?variant=giza&deal=18")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 18$"), timeout=20_000)
    page.keyboard.press("h")
    expect(page.locator("#toast")).to_contain_text("winning line")
    assert "hint" in calls  # the server's solver answered
    reload_offline(page)
    play(page, " ".join(WIN_GIZA_18.split()[:2]))
    page.click("#btn-hint")
    expect(page.locator("#toast")).to_contain_text("Hints need the game server")
    page.click("#btn-more")
    page.click("#btn-daily")  # said at once: no question to give up a game for a deal that cannot come
    expect(page.locator("#toast")).to_contain_text("The daily deal needs the game server")
    expect(page.locator("#giveup-dialog")).to_be_hidden()
    moves_made(page, 2)  # the game on the table stays


def test_the_pinned_offline_line_is_a_win():
    game = Game("giza", number=18)
    for move in WIN_GIZA_18.split():
        game.play(move)
    assert game.is_won
