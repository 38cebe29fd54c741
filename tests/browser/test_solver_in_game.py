"""The solver in the browser game, played like a person: exact hints, undo back to the last
winnable position, winnable-only deals, share links, the daily deal, statistics."""

import re
from datetime import date

import pytest
from browser_helpers import (
    LOSE_GIZA_26,
    STUCK_GIZA_3,
    WIN_GIZA_18,
    follow_hint,
    giza_26_loss_explained_and_undone,
    moves_made,
    open_deal,
    play,
)
from playwright.sync_api import Page, expect

from pyramid_solitaire.engine.decks import daily_deal
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import solve

pytestmark = pytest.mark.browser  # the live server is patient (app_server.PATIENT)


def stat(page: Page, key: str):
    return page.locator(f'#stats-figures [data-stat="{key}"] dd')


def test_following_the_hint_again_and_again_wins(page: Page):
    open_deal(page, "giza", 18)
    n = 0
    while page.locator("#end-panel").is_hidden():
        n += 1
        follow_hint(page, n)
    expect(page.locator("#end-title")).to_have_text("You won!")
    assert n == 20  # the shortest line of Giza deal 18
    expect(page.locator("#btn-hint")).to_be_disabled()


def test_a_lost_position_names_the_last_winnable_move_and_undoes_back_there(page: Page):
    open_deal(page, "giza", 26)
    play(page, LOSE_GIZA_26)
    expect(page.locator("#end-title")).to_have_text("No move left")
    # stuck: the page asks the solver by itself (the Hint button says the same), and the end
    # panel gives the whole explanation
    giza_26_loss_explained_and_undone(page)
    expect(page.locator("#toast-text")).to_have_text(
        "Back after move 3: from here the game can still be won."
    )
    expect(page.locator("#end-panel")).to_be_hidden()
    expect(page.locator("#btn-redo")).to_be_enabled()  # the undone moves stay on the redo path
    follow_hint(page, 4)


def test_a_deal_lost_from_the_start_says_so_without_an_undo_button(page: Page):
    open_deal(page, "giza", 3)
    page.click("#btn-hint")
    # never winnable: not "cannot be won any more" (issue 27)
    expect(page.locator("#end-title")).to_have_text("This deal cannot be won from the start")
    expect(page.locator("#end-explain")).to_have_text(
        "The solver has proven that no line of moves clears this deal's pyramid."
    )
    expect(page.locator("#end-undo-to")).to_be_hidden()
    expect(page.locator("#end-close")).to_be_focused()
    page.keyboard.press("Escape")  # play on anyway, as the panel's "Play on" does
    expect(page.locator("#end-panel")).to_be_hidden()
    play(page, "Kc")


def test_winnable_only_new_games_are_winnable_and_the_choice_is_kept(page: Page):
    open_deal(page, "classic", 0)  # most classic deals are lost: a fair test of the option
    page.click("#btn-more")
    expect(page.locator("#winnable-label")).to_contain_text("Classic Pyramid")
    page.check("#winnable-check")
    page.keyboard.press("Escape")
    for _ in range(2):
        page.click("#btn-new")
        # the proof may take the solver's whole allowance on a busy machine
        expect(page.locator("#toast")).to_have_text(
            "A winnable deal: the solver has proven it.", timeout=60_000
        )
        number = int(re.search(r"Deal (\d+)$", page.locator("#status-game").inner_text())[1])
        game = Game("classic", number=number)
        for move in solve(game.deal).line:
            game.play(move)
        assert game.is_won
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.click("#btn-more")
    expect(page.locator("#winnable-check")).to_be_checked()


def test_a_share_link_opens_the_same_deal_in_a_fresh_browser(page: Page, new_page, base_url):
    open_deal(page, "giza", 123)
    page.click("#btn-more")
    link = page.locator("#share-link").input_value()
    assert link == f"{base_url}/?variant=giza&deal=123"
    pyramid = page.locator('#board .card[data-where="pyramid"]').evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )

    friend = new_page()
    friend.goto(link)
    expect(friend.locator("#status-game")).to_have_text("Giza \u00b7 Deal 123")
    expect(friend.locator("#toast")).to_contain_text("Shared deal: Giza, deal 123.")
    shown = friend.locator('#board .card[data-where="pyramid"]').evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert shown == pyramid
    assert friend.evaluate("() => location.search") == ""  # a reload resumes the game, it does not re-deal
    moves_made(friend, 0)


def test_copy_share_link_puts_it_on_the_clipboard(page: Page, base_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_deal(page, "pyramid", 42)
    page.click("#btn-more")
    page.click("#btn-share")
    link = f"{base_url}/?variant=pyramid&deal=42"
    expect(page.locator("#more-dialog #share-note")).to_have_text(f"Link copied: {link}")  # in the dialog
    assert page.evaluate("() => navigator.clipboard.readText()") == link


def test_a_share_link_asks_before_it_replaces_an_unfinished_game(new_page):
    friend = new_page()
    open_deal(friend, "giza", 18)
    play(friend, "Kc")
    friend.goto("/?variant=giza&deal=77")
    expect(friend.locator("#share-dialog")).to_be_visible()
    expect(friend.locator("#share-title")).to_have_text("Give up this game?")
    expect(friend.locator("#share-text")).to_contain_text("deal 77")
    expect(friend.locator("#share-text")).to_contain_text("(deal 18, moves made: 1)")
    friend.click("#share-keep")
    expect(friend.locator("#status-game")).to_have_text("Giza \u00b7 Deal 18")
    moves_made(friend, 1)
    friend.goto("/?variant=giza&deal=77")
    friend.click("#share-play")
    expect(friend.locator("#status-game")).to_have_text("Giza \u00b7 Deal 77")
    moves_made(friend, 0)


def test_a_bad_share_link_says_why(new_page):
    friend = new_page()
    friend.goto("/?variant=giza&deal=12x")
    expect(friend.locator("#toast")).to_contain_text("\u201c12x\u201d is not a deal number")


def test_the_daily_deal_is_marked_on_the_board_and_after_a_reload(page: Page):
    open_deal(page, "pyramid", 1)
    page.click("#btn-more")
    page.click("#btn-daily")
    today = page.evaluate(
        "() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]; }"
    )
    day = date(*today)
    expect(page.locator("#board")).to_have_attribute("data-daily", day.isoformat())
    expect(page.locator("#status-game")).to_contain_text("Daily deal,")
    expect(page.locator("#status-game")).to_have_class(re.compile(r"\bdaily\b"))
    expect(page.locator("#status-game")).to_have_attribute("title", f"Deal {daily_deal('pyramid', day)}")
    page.click("#btn-more")
    assert page.locator("#share-link").input_value().endswith(f"deal={daily_deal('pyramid', day)}")
    page.keyboard.press("Escape")
    play(page, "draw")
    page.reload()
    expect(page.locator("#board")).to_have_attribute("data-daily", day.isoformat())
    moves_made(page, 1)


def open_stats(page: Page):
    page.click("#btn-more")
    page.click("#btn-stats")
    expect(page.locator("#stats-dialog")).to_be_visible()


def test_statistics_count_wins_losses_and_streaks_and_survive_a_reload(page: Page):
    open_deal(page, "giza", 18)
    play(page, WIN_GIZA_18)
    expect(page.locator("#end-title")).to_have_text("You won!")
    page.click("#end-stats")
    expect(stat(page, "played")).to_have_text("1")
    expect(stat(page, "won")).to_have_text("1")
    expect(stat(page, "streak")).to_have_text("1")
    expect(stat(page, "fewest-moves")).to_have_text("23")
    expect(page.locator("#stats-chart .bar.won")).to_have_count(1)
    page.keyboard.press("Escape")

    page.click("#btn-more")  # a lost game: stuck
    page.fill("#deal-input", "3")
    page.press("#deal-input", "Enter")
    moves_made(page, 0)
    page.click("#btn-hint")  # hints are counted
    expect(page.locator("#end-title")).to_have_text("This deal cannot be won from the start")
    page.click("#end-close")
    play(page, STUCK_GIZA_3)
    expect(page.locator("#end-title")).to_have_text("No move left")
    expect(page.locator("#end-explain")).to_contain_text(
        "no line of moves clears this deal's pyramid"
    )  # not counted as a hint
    page.click("#end-undo")  # undoing out of the lost game does not uncount the loss
    moves_made(page, 9)

    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    open_stats(page)
    for key, value in [
        ("played", "2"),
        ("won", "1"),
        ("rate", "50 %"),
        ("streak", "0"),
        ("best-streak", "1"),
        ("hints", "1"),
    ]:
        expect(stat(page, key)).to_have_text(value)
    expect(page.locator("#stats-chart .bar")).to_have_count(2)
    page.keyboard.press("Escape")

    page.click("#btn-restart")  # Play again after moves: the old game was already lost, not counted twice
    play(page, "Kc")
    page.click("#btn-new")  # abandoned after a move: lost
    page.click("#giveup-yes")
    moves_made(page, 0)
    open_stats(page)
    expect(stat(page, "played")).to_have_text("3")
    expect(stat(page, "won")).to_have_text("1")

    page.click("#stats-reset")  # reset asks first; Cancel keeps everything
    expect(page.locator("#stats-confirm-text")).to_have_text(
        "Reset all statistics of Giza? This cannot be undone."
    )
    page.click("#stats-reset-no")
    expect(stat(page, "played")).to_have_text("3")
    page.click("#stats-reset")
    page.click("#stats-reset-yes")
    expect(stat(page, "played")).to_have_text("0")
    expect(page.locator("#stats-dialog #stats-note")).to_have_text(
        "The statistics of Giza are reset."
    )  # in it
    expect(page.locator("#stats-chart")).to_have_text("No games played yet.")
