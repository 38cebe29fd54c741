"""The browser game played like a person would: clicks, drags, keys, reloads, in headless Chromium."""

import re

import pytest
from browser_helpers import (
    STUCK_GIZA_3,
    WIN_GIZA_18,
    WIN_PYRAMID_2,
    card,
    center,
    moves_made,
    open_deal,
    play,
    stop_time,
)
from playwright.sync_api import Page, expect

from pyramid_solitaire.engine.game import Game

pytestmark = pytest.mark.browser


def test_the_pinned_lines_are_what_the_engine_says():
    game = Game("giza", number=18)
    for move in WIN_GIZA_18.split():
        game.play(move)
    assert game.is_won
    game = Game("giza", number=3)
    for move in STUCK_GIZA_3.split():
        game.play(move)
    assert game.is_stuck
    game = Game("pyramid", number=2)
    for move in WIN_PYRAMID_2.split():
        game.play(move)
    assert game.is_won


def test_page_draws_the_pyramid_and_stock(page: Page):
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    # a Content-Security-Policy violation or a failed file shows up as a console error
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    open_deal(page, "pyramid", 1)
    expect(page.locator("#board .card:not(.gone)")).to_have_count(28)
    expect(page.locator("#board .card.available")).to_have_count(7)
    expect(page.locator("#stock")).to_have_attribute("data-count", "24")
    expect(page.locator("#btn-undo")).to_be_disabled()
    expect(page.locator("#status-passes")).to_have_text("1/3")  # the pass in progress
    # the cards are real SVG faces
    assert card(page, "Kc").locator("img").get_attribute("src") == "/static/cards/Kc.svg"
    assert errors == []


def test_pair_by_clicks_king_by_one_click_and_draw(page: Page):
    open_deal(page, "pyramid", 1)
    card(page, "Kc").click()
    moves_made(page, 1)
    expect(card(page, "Kc")).to_have_count(0)
    card(page, "Kh").click()
    moves_made(page, 2)
    card(page, "5h").click()  # freed by the kings
    expect(card(page, "5h")).to_have_class(re.compile(r"\bselected\b"))  # the first card stays marked
    card(page, "8s").click()
    moves_made(page, 3)
    expect(card(page, "5h")).to_have_count(0)
    expect(card(page, "8s")).to_have_count(0)
    page.click("#stock")
    moves_made(page, 4)
    expect(page.locator("#stock")).to_have_attribute("data-count", "23")
    expect(card(page, "Qc")).to_have_attribute("data-where", "waste")  # the stock's top card
    expect(card(page, "Qc")).to_have_class(re.compile(r"\bavailable\b"))
    expect(page.locator("#status-moves")).to_have_text("4")


def test_a_refused_pair_says_why_and_changes_nothing(page: Page):
    open_deal(page, "pyramid", 1)
    card(page, "Th").click()
    card(page, "Js").click()
    expect(page.locator("#toast")).to_have_text(
        "Not possible: the ten of hearts and the jack of spades do not add up to 13."
    )
    moves_made(page, 0)
    expect(page.locator("#board .card:not(.gone)")).to_have_count(28)
    # a covered card: its visible top edge is clicked, and the reason names what covers it
    card(page, "Th").click()  # clear the choice first
    page.keyboard.press("Escape")
    card(page, "7d").click(position={"x": 8, "y": 8}, force=True)  # covered: aria-disabled
    expect(page.locator("#toast")).to_contain_text(
        "the seven of diamonds is still covered by the nine of clubs and the four of diamonds"
    )
    moves_made(page, 0)


def test_pair_by_drag_with_snapping(page: Page):
    open_deal(page, "giza", 18)
    play(page, "Kc")
    # 2s lies on top of a Giza pile, Jh in the pyramid's bottom row: drag one onto the other.
    source, target = card(page, "2s"), card(page, "Jh")
    sx, sy = center(source)
    tx, ty = center(target)
    width = source.bounding_box()["width"]
    page.mouse.move(sx, sy)
    page.mouse.down()
    # stop a little short of the partner: it pulls the card in, and is marked as the target
    px, py = tx + 0.5 * width, ty + 0.3 * width
    page.mouse.move(px, py, steps=12)
    expect(target).to_have_class(re.compile(r"\btarget\b"))
    cx, cy = center(source)
    assert abs(cx - tx) + abs(cy - ty) < abs(px - tx) + abs(py - ty) - 5, (
        "the partner should pull the card in"
    )
    page.mouse.up()
    moves_made(page, 2)
    expect(source).to_have_count(0)
    expect(target).to_have_count(0)


def test_a_drag_dropped_on_nothing_goes_back(page: Page):
    open_deal(page, "giza", 18)
    source = card(page, "Kc")
    before = source.bounding_box()
    page.mouse.move(before["x"] + 10, before["y"] + 10)
    page.mouse.down()
    page.mouse.move(5, 300, steps=5)
    page.mouse.up()
    moves_made(page, 0)
    expect(source).to_have_count(1)
    expect(source).not_to_have_class(re.compile(r"\bdragging\b"))
    # the card is sent back to its own place (the slide there takes a moment)
    home = source.evaluate("el => `translate(${Math.round(el.dataset.x)}px, ${Math.round(el.dataset.y)}px)`")
    assert source.evaluate("el => el.style.transform") == home
    page.wait_for_function(
        "([el, x, y]) => { const r = el.getBoundingClientRect();"
        " return Math.abs(r.x - x) < 2 && Math.abs(r.y - y) < 2; }",
        arg=[source.element_handle(), before["x"], before["y"]],
    )


def test_recycle_by_clicking_the_empty_stock(page: Page):
    open_deal(page, "classic-redeal", 1)
    for n in range(1, 25):
        page.keyboard.press("d")  # the keyboard draws as the stock does
        moves_made(page, n)
    stock = page.locator("#stock")
    expect(stock).to_have_attribute("data-count", "0")
    expect(stock).to_have_class(re.compile(r"\bcan-recycle\b"))
    stock.click()
    moves_made(page, 25)
    expect(stock).to_have_attribute("data-count", "24")
    expect(page.locator("#status-passes")).to_have_text("2/2")
    expect(page.locator('#board .card[data-where="waste"]:not(.gone)')).to_have_count(0)


def test_no_recycle_in_classic_says_so(page: Page):
    open_deal(page, "classic", 1)
    for n in range(1, 25):
        page.keyboard.press("d")
        moves_made(page, n)
    page.click("#stock")
    expect(page.locator("#toast")).to_contain_text("allows one pass through the stock only")
    moves_made(page, 24)


def test_undo_redo_and_a_new_move_drops_the_redo_path(page: Page):
    open_deal(page, "pyramid", 1)
    play(page, "Kc Kh draw")
    page.click("#btn-undo")
    moves_made(page, 2)
    expect(page.locator("#stock")).to_have_attribute("data-count", "24")  # the draw is undone too
    page.click("#btn-undo")
    moves_made(page, 1)
    expect(card(page, "Kh")).to_have_count(1)
    page.click("#btn-redo")
    moves_made(page, 2)
    expect(card(page, "Kh")).to_have_count(0)
    expect(page.locator("#btn-redo")).to_be_enabled()
    page.keyboard.press("Control+z")
    moves_made(page, 1)
    play(page, "draw", start=1)  # a different move: the redo path is gone
    expect(page.locator("#btn-redo")).to_be_disabled()


def test_play_again_restarts_the_same_deal(page: Page):
    open_deal(page, "pyramid", 1)
    play(page, "Kc Kh draw")
    page.click("#btn-restart")
    page.click("#giveup-yes")  # the game had moves: Play again asks first
    moves_made(page, 0)
    expect(card(page, "Kc")).to_have_count(1)
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 1$"))


def test_new_game_deals_another_random_deal(page: Page):
    open_deal(page, "pyramid", 1)
    page.click("#btn-new")
    expect(page.locator("#status-game")).not_to_have_text(re.compile(r"Deal 1$"))
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal \d+$"))
    moves_made(page, 0)


def test_hint_marks_a_move_of_a_winning_line(page: Page):
    open_deal(page, "pyramid", 1)
    page.click("#btn-hint")
    # the solver answers within its time limit; a busy machine may take longer to deliver it
    expect(card(page, "Kc")).to_have_class(re.compile(r"\bhint\b"), timeout=30_000)
    expect(page.locator("#toast")).to_contain_text("Hint: remove the king of clubs.")
    expect(page.locator("#toast")).to_contain_text("winning line")  # more in test_solver_in_game.py
    play(page, "Kc Kh 5h+8s")  # now drawing is the only move
    page.keyboard.press("h")
    expect(page.locator("#stock")).to_have_class(re.compile(r"\bhint\b"))


def test_keyboard_picks_cards_with_tab_and_enter(page: Page):
    open_deal(page, "giza", 18)
    card(page, "Kc").focus()
    page.keyboard.press("Enter")
    moves_made(page, 1)
    card(page, "2s").focus()
    page.keyboard.press("Enter")
    expect(card(page, "2s")).to_have_class(re.compile(r"\bselected\b"))
    card(page, "Jh").focus()
    page.keyboard.press("Space")
    moves_made(page, 2)
    # the arrow keys walk over the available cards
    focused_x = (
        "() => document.activeElement.classList.contains('available') ? "
        "document.activeElement.getBoundingClientRect().x : null"
    )
    page.keyboard.press("ArrowRight")
    first = page.evaluate(focused_x)
    assert first is not None
    page.keyboard.press("ArrowRight")
    second = page.evaluate(focused_x)
    assert second is not None and second > first
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused_x) < second


def test_reload_restores_the_game_and_its_time(page: Page):
    page.clock.install()
    open_deal(page, "pyramid", 1)
    stop_time(page)
    play(page, "Kc Kh draw")
    page.clock.run_for(50_000)  # under a minute without input: all of it is playing time
    expect(page.locator("#status-time")).to_have_text("0:50")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    moves_made(page, 3)
    expect(page.locator("#toast")).to_contain_text("your game is restored")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 1$"))
    expect(card(page, "Kc")).to_have_count(0)
    expect(page.locator("#stock")).to_have_attribute("data-count", "23")
    # The old page's clock runs until the new page replaces it; through the service worker that
    # can take a few seconds on a loaded machine, so the restored time is 0:50 and a little more.
    expect(page.locator("#status-time")).to_have_text(re.compile(r"^0:5\d$"))
    # each variant has its own save
    page.click("#btn-games")
    page.click('#variant-list li[data-variant="giza"] .pick')
    expect(page.locator("#board")).to_have_attribute("data-variant", "giza")
    moves_made(page, 0)
    page.click("#btn-games")
    page.click('#variant-list li[data-variant="pyramid"] .pick')
    moves_made(page, 3)
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 1$"))


def test_a_corrupted_save_starts_fresh_and_keeps_a_backup(page: Page):
    open_deal(page, "pyramid", 1)
    play(page, "Kc")
    # The saves are spoilt before the page's own scripts run (as if by another program).
    broken = '{"record": {"version": 1, "variant": "pyramid", "deal": 1, "moves": ["Qs+Ah"]}}'
    spoil = "() => localStorage.setItem('pyramid-solitaire.save.pyramid', %s)"
    page.add_init_script(f"({spoil % repr(broken)})()")
    page.reload()
    expect(page.locator("#toast")).to_contain_text("could not be read")
    moves_made(page, 0)
    kept = page.evaluate("() => localStorage.getItem('pyramid-solitaire.save.pyramid.broken')")
    assert kept == broken
    page.add_init_script(f"({spoil % repr('{not json')})()")
    page.reload()
    expect(page.locator("#toast")).to_contain_text("could not be read")
    expect(page.locator("#board .card:not(.gone)")).to_have_count(28)
    assert page.evaluate("() => localStorage.getItem('pyramid-solitaire.save.pyramid.broken')") == "{not json"


def test_pause_stops_the_clock_and_resume_goes_on(page: Page):
    page.clock.install()
    open_deal(page, "pyramid", 1)
    stop_time(page)
    page.clock.run_for(10_000)
    expect(page.locator("#status-time")).to_have_text("0:00")  # the clock starts with the first move
    play(page, "Kc")
    page.clock.run_for(3_000)
    expect(page.locator("#status-time")).to_have_text("0:03")
    page.click("#btn-pause")
    expect(page.locator("#pause-cover")).to_be_visible()
    page.clock.run_for(20_000)
    expect(page.locator("#status-time")).to_have_text("0:03")
    page.click("#btn-resume")
    expect(page.locator("#pause-cover")).to_be_hidden()
    page.clock.run_for(2_000)
    expect(page.locator("#status-time")).to_have_text("0:05")
    # a game action from the toolbar ends a pause
    page.click("#btn-pause")
    expect(page.locator("#pause-cover")).to_be_visible()
    page.click("#btn-undo")
    expect(page.locator("#pause-cover")).to_be_hidden()
    moves_made(page, 0)


def test_auto_pause_after_five_idle_minutes_and_when_hidden_unless_switched_off(page: Page):
    page.clock.install()
    open_deal(page, "pyramid", 1)
    stop_time(page)
    play(page, "Kc")
    page.clock.run_for(30_000)
    page.keyboard.press("Shift")  # the player is still there: the last input, 30 s into the game
    page.clock.run_for(4 * 60_000)
    expect(page.locator("#pause-cover")).to_be_hidden()
    page.clock.run_for(61_000 + 1_000)
    expect(page.locator("#pause-cover")).to_be_visible()
    # idle minutes are not playing time: the clock stood a minute after the last input, and stays
    expect(page.locator("#status-time")).to_have_text("1:30")
    page.click("#btn-resume")
    page.clock.run_for(2_000)
    expect(page.locator("#status-time")).to_have_text("1:32")
    # the tab is hidden: pause
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {value: true, configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(page.locator("#pause-cover")).to_be_visible()
    page.click("#btn-resume")
    page.evaluate("() => { delete document.hidden; }")
    # switched off under More: no automatic pause any more
    page.click("#btn-more")
    page.uncheck("#autopause-check")
    page.keyboard.press("Escape")
    page.clock.run_for(6 * 60_000)
    expect(page.locator("#pause-cover")).to_be_hidden()


def test_large_cards_show_the_same_game_bigger(page: Page):
    open_deal(page, "pyramid", 1)
    play(page, "Kc")
    before = card(page, "Kh").bounding_box()["width"]
    page.click("#btn-large")
    expect(page.locator("#btn-large")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(
        "([el, w]) => el.getBoundingClientRect().width > w",
        arg=[card(page, "Kh").element_handle(), before * 1.1],
    )
    moves_made(page, 1)
    page.reload()  # the setting and the game both survive a reload
    expect(page.locator("#btn-large")).to_have_attribute("aria-pressed", "true")
    moves_made(page, 1)
    page.click("#btn-large")
    expect(page.locator("#btn-large")).to_have_attribute("aria-pressed", "false")


def test_fullscreen_toggles_with_the_same_button(page: Page):
    open_deal(page, "pyramid", 1)
    page.click("#btn-fullscreen")
    expect(page.locator("#btn-fullscreen")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(
        "() => Boolean(document.fullscreenElement) || document.body.classList.contains('fill-page')"
    )
    page.click("#btn-fullscreen")
    expect(page.locator("#btn-fullscreen")).to_have_attribute("aria-pressed", "false")


def test_without_the_fullscreen_api_the_board_fills_the_page_and_esc_leaves(page: Page):
    page.add_init_script("Object.defineProperty(document, 'fullscreenEnabled', {value: false});")
    open_deal(page, "pyramid", 1)
    page.click("#btn-fullscreen")
    expect(page.locator("body")).to_have_class(re.compile(r"\bfill-page\b"))
    for part in ("#status-game", "#status-time", "#status-moves"):  # the status stays in sight
        expect(page.locator(part)).to_be_in_viewport()
    page.keyboard.press("Escape")
    expect(page.locator("body")).not_to_have_class(re.compile(r"\bfill-page\b"))


def test_favourites_and_recent_games_in_the_game_menu(page: Page):
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.click("#btn-games")
    # the six and the named rule sets, then the Pyramid family's eight under their heading
    expect(page.locator("#variant-list li[data-variant]")).to_have_count(17)
    star = page.locator('#variant-list li[data-variant="giza"] .star')
    expect(star).to_have_attribute("aria-pressed", "false")
    star.click()
    expect(page.locator('#variant-list li[data-variant="giza"] .star')).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator("#variant-list li").first).to_have_attribute("data-variant", "giza")
    page.click('#variant-list li[data-variant="three-wastes"] .pick')
    expect(page.locator("#board")).to_have_attribute("data-variant", "three-wastes")
    page.reload()
    expect(page.locator("#board")).to_have_attribute(
        "data-variant", "three-wastes"
    )  # the last game comes back
    page.click("#btn-games")
    expect(page.locator("#variant-list li").first).to_have_attribute("data-variant", "giza")
    expect(page.locator("#recent-list button").first).to_have_attribute("data-variant", "three-wastes")
    expect(page.locator('#recent-list button[data-variant="pyramid"]')).to_have_count(1)


def test_every_variant_draws_its_layout(page: Page):
    open_deal(page, "three-wastes", 5)
    play(page, "draw")
    expect(page.locator('#board .card[data-where="waste"]:not(.gone)')).to_have_count(3)
    expect(page.locator("#stock")).to_have_attribute("data-count", "21")
    page.click("#btn-games")
    page.click('#variant-list li[data-variant="open-stock"] .pick')
    expect(page.locator('#board .card[data-where="open"].available')).to_have_count(1)
    page.click("#btn-games")
    page.click('#variant-list li[data-variant="giza"] .pick')
    expect(page.locator('#board .card[data-where="pile"]:not(.gone)')).to_have_count(24)
    expect(page.locator("#stock")).to_have_count(0)


def test_win_a_known_deal_through_the_page(page: Page):
    open_deal(page, "giza", 18)
    play(page, WIN_GIZA_18)
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-text")).to_contain_text("23 moves")
    expect(page.locator("#board .card[data-where='pyramid']:not(.gone)")).to_have_count(0)
    page.click("#end-restart")
    moves_made(page, 0)
    expect(page.locator("#end-panel")).to_be_hidden()


def test_win_a_stock_deal_with_draws_and_recycles(page: Page):
    open_deal(page, "pyramid", 2)
    play(page, WIN_PYRAMID_2)
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-text")).to_contain_text(f"{len(WIN_PYRAMID_2.split())} moves")
    expect(page.locator("#status-passes")).to_have_text("3/3")  # won in the last pass


def test_stuck_on_a_lost_deal_offers_undo_play_again_and_new_game(page: Page):
    open_deal(page, "giza", 3)
    play(page, STUCK_GIZA_3)
    expect(page.locator("#end-title")).to_have_text("No move left")
    for button in ("#end-undo", "#end-restart", "#end-new"):
        expect(page.locator(button)).to_be_visible()
    page.click("#end-undo")
    moves_made(page, 9)
    expect(page.locator("#end-panel")).to_be_hidden()


def test_german_from_the_browser_language_and_switch_to_english(new_page):
    page = new_page(locale="de-DE", viewport={"width": 1280, "height": 800})
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#btn-new")).to_have_attribute("title", "Neue Partie")
    page.click("#btn-more")
    page.fill("#deal-input", "1")
    page.press("#deal-input", "Enter")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Partie 1$"))
    card(page, "Th").click()
    card(page, "Js").click()
    expect(page.locator("#toast")).to_have_text(
        "Geht nicht: Herz-Zehn und Pik-Bube ergeben zusammen nicht 13."
    )
    page.click("#btn-more")
    page.select_option("#language-select", "en")
    page.keyboard.press("Escape")
    expect(page.locator("#btn-new")).to_have_attribute("title", "New game")
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 1$"))


def test_rules_for_the_current_variant(page: Page):
    open_deal(page, "three-wastes", 5)
    page.click("#btn-more")
    page.click("#btn-rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-title")).to_contain_text("Solitaire 13, three wastes")
    expect(page.locator("#rules-body")).to_contain_text("three waste piles")
    expect(page.locator("#rules-body")).to_contain_text("add up to 13")


def test_phone_width_fits_and_plays_by_tapping(new_page):
    page = new_page(viewport={"width": 360, "height": 740}, locale="en-US", has_touch=True, is_mobile=True)
    open_deal(page, "pyramid", 1)
    board = page.locator("#board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 360
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    card(page, "Kc").tap()
    moves_made(page, 1)
    page.locator("#stock").tap()
    moves_made(page, 2)
