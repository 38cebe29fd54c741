"""Playable by every player (issue 27): axe-core finds nothing in any state of the page, a whole game is
won by keyboard with the focus never lost and every move spoken, a stock tap right after a touch drag
draws, high contrast shows the focus, messages never cover a card, and a phone's height is used."""

import re

import pytest
from axe import axe_violations
from browser_helpers import (
    PHONE,
    STUCK_GIZA_3,
    WIN_GIZA_18,
    animations_done,
    card,
    focus_state,
    moves_made,
    open_link,
    play,
    stop_time,
    walk_to,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
SIDEWAYS = {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True}
# Pyramid deal 1 by a shortest line (the solver's, 65 moves: 21 removals, 42 draws, 2 recycles).
WIN_PYRAMID_1 = (
    "Kc Kh 5h+8s draw draw draw draw draw draw draw draw draw draw draw draw draw draw Th+3d draw "
    "Td+3s 7h+6s draw draw draw draw 5d+8c draw draw Ts+3h draw Js+2s draw 4h+9h Kd Jd+2c 3c+Tc draw "
    "6d+7s recycle draw Ad+Qc 2d+Jh draw 9s+4s draw draw draw draw 8h+5c draw draw draw draw draw "
    "draw draw draw draw draw Jc+2h 8d+5s 9c+4d recycle draw 7d+6c"
)
SPOKEN = "#announce"


def no_violations(page: Page, where: str):
    found = axe_violations(page)
    assert found == [], f"{where}: " + "; ".join(found)


def check_dialog(page: Page, opener: str, dialog: str, where: str):
    page.click(opener)
    expect(page.locator(dialog)).to_be_visible()
    no_violations(page, where)
    page.keyboard.press("Escape")
    expect(page.locator(dialog)).to_be_hidden()


SCREENS = {"desktop": DESKTOP, "phone": PHONE}


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_axe_finds_no_violation_in_any_state(new_page, tmp_path, screen, locale):
    page = new_page(locale=locale, **SCREENS[screen])
    open_link(page, "giza", 18)
    no_violations(page, "the board")
    check_dialog(page, "#btn-games", "#games-dialog", "the game menu")
    # More, with a bad deal number: its error is shown inside the dialog, beside the field
    page.click("#btn-more")
    page.fill("#deal-input", "12x")
    page.press("#deal-input", "Enter")
    error = page.locator("#more-dialog #deal-error")
    expect(error).to_be_visible()
    expect(page.locator("#deal-input")).to_have_attribute("aria-invalid", "true")
    no_violations(page, "More with a bad deal number")
    page.keyboard.press("Escape")
    for opener, dialog in [("#btn-stats", "#stats-dialog"), ("#btn-rules", "#rules-dialog")]:
        page.click("#btn-more")
        check_dialog(page, opener, dialog, dialog)
    # importing asks first
    page.click("#btn-more")
    with page.expect_download() as download:
        page.click("#btn-export")
    exported = tmp_path / "export.json"
    download.value.save_as(exported)
    page.set_input_files("#import-file", str(exported))
    expect(page.locator("#import-dialog")).to_be_visible()
    no_violations(page, "the import question")
    page.click("#import-no")
    play(page, "Kc")
    page.click("#btn-new")
    expect(page.locator("#giveup-dialog")).to_be_visible()
    no_violations(page, "the give-up question")
    page.click("#giveup-keep")
    page.goto("/?variant=giza&deal=5")  # a share link while a game is under way asks first
    expect(page.locator("#share-dialog")).to_be_visible()
    no_violations(page, "the share link's question")
    page.click("#share-keep")
    page.click("#btn-pause")
    expect(page.locator("#pause-cover")).to_be_visible()
    no_violations(page, "the pause")
    page.click("#btn-resume")
    page.click("#btn-more")
    page.click("#btn-moves")
    expect(page.locator("#review-panel")).to_be_visible()
    no_violations(page, "the move list")
    page.click("#btn-review-close")
    play(page, " ".join(WIN_GIZA_18.split()[1:]), start=1)
    expect(page.locator("#end-panel")).to_be_visible()
    no_violations(page, "the win")
    page.click("#end-review")
    expect(page.locator("#review-summary")).not_to_be_empty(timeout=30_000)
    no_violations(page, "the review")
    page.click("#btn-review-close")
    open_link(page, "giza", 3)
    play(page, STUCK_GIZA_3)
    expect(page.locator("#end-explain")).to_be_visible(timeout=30_000)  # the solver says since when
    no_violations(page, "the lost game")


def test_a_keyboard_only_win_with_every_move_spoken_and_the_focus_kept(new_page):
    page = new_page(**DESKTOP)
    open_link(page, "pyramid", 1)
    page.locator("body").focus()
    keys = 0
    spoken = page.locator(SPOKEN)
    for n, move in enumerate(WIN_PYRAMID_1.split(), 1):
        if move in ("draw", "recycle"):
            page.keyboard.press("d")
            keys += 1
        else:
            for text in move.split("+"):
                keys += walk_to(page, text)
                page.keyboard.press("Enter")
                keys += 1
        moves_made(page, n)
        here = focus_state(page)
        if n < 65:
            assert here["board"] and not here["gone"] and here["card"], (
                f"move {n} ({move}) lost the focus: {here}"
            )
        if move == "Kc":
            expect(spoken).to_have_text("King of clubs removed.")
        elif move == "Kh":
            expect(spoken).to_have_text("King of hearts removed; the five of hearts is now free.")
        elif move == "draw" and n == 4:
            drawn = page.locator('#board .card[data-where="waste"]:not(.gone)').last.get_attribute(
                "aria-label"
            )
            assert drawn and drawn.endswith(", waste")
            expect(spoken).to_have_text(
                re.compile(rf"^Drawn: {drawn.split(',')[0]}; 23 left in the stock\.\s*$", re.IGNORECASE)
            )
        elif move == "recycle":
            expect(spoken).to_have_text(re.compile(r"^The waste is turned over: pass [23] of 3\.\s*$"))
        elif move != "draw" and n < 65:
            expect(spoken).to_contain_text(" removed")
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(spoken).to_have_text(re.compile(r"^You won! Cleared in \d+:\d\d with 65 moves\.\s*$"))
    here = focus_state(page)
    assert here["panel"], f"the win panel does not have the focus: {here}"
    per_move = keys / 65
    print(f"keyboard-only win of pyramid deal 1: {keys} keys for 65 moves, {per_move:.2f} per move")
    assert per_move <= 3


def test_moves_are_spoken_in_german(new_page):
    page = new_page(locale="de-DE", **DESKTOP)
    open_link(page, "pyramid", 1)
    spoken = page.locator(SPOKEN)
    play(page, "Kc")
    expect(spoken).to_have_text("Kreuz-König entfernt.")
    play(page, "Kh", start=1)
    expect(spoken).to_have_text("Herz-König entfernt, Herz-Fünf ist jetzt frei.")
    play(page, "5h+8s", start=2)
    expect(spoken).to_have_text(re.compile(r"^Herz-Fünf und Pik-Acht entfernt\.\s*$"))
    play(page, "draw", start=3)
    expect(spoken).to_have_text(re.compile(r"^Gezogen: \S+; noch 23 im Vorrat\.\s*$"))


def touch_drag(page: Page, x: float, y: float, down: float):
    """A finger pressed at (x, y), moved `down` px down in steps and let go (Chromium's own touch input)."""
    cdp = page.context.new_cdp_session(page)
    send = lambda kind, points: cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})  # noqa: E731
    send("touchStart", [{"x": x, "y": y, "id": 1}])
    for step in range(1, 6):
        send("touchMove", [{"x": x, "y": y + down * step / 5, "id": 1}])
    send("touchEnd", [])
    cdp.detach()


def test_a_stock_tap_right_after_a_touch_drag_draws(new_page):
    page = new_page(locale="en-US", **PHONE)
    open_link(page, "pyramid", 1)
    stock = page.locator("#stock")
    for n in range(1, 4):
        source = card(page, "Th" if n % 2 else "8s").bounding_box()
        # dragged down onto the empty felt and let go: the card goes back
        touch_drag(page, source["x"] + source["width"] / 2, source["y"] + source["height"] / 2, 150)
        page.wait_for_timeout(150)  # the player's pace, not an assertion on time
        box = stock.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        moves_made(page, n)
        expect(stock).to_have_attribute("data-count", str(24 - n))


# The border of a card's mark (its ::after for the choice, ::before for the hint): [style, width].
BORDER = """(el, part) => { const s = getComputedStyle(el, part);
  return [s.borderTopStyle, parseFloat(s.borderTopWidth)]; }"""


def test_high_contrast_shows_the_focus_the_choice_and_the_hint(new_page):
    page = new_page(**DESKTOP)
    page.emulate_media(forced_colors="active")
    open_link(page, "pyramid", 1)
    # the board is one tab stop: one Tab from the toolbar's last button enters it, the next leaves it
    page.locator("#btn-more").focus()
    page.keyboard.press("Tab")
    focused = page.locator("#board .card:focus")
    expect(focused).to_have_count(1)
    page.keyboard.press("Tab")
    expect(page.locator("#board :focus")).to_have_count(0)
    page.keyboard.press("Shift+Tab")
    expect(focused).to_have_count(1)
    ring = focused.evaluate(
        "el => { const s = getComputedStyle(el); return [s.outlineStyle, parseFloat(s.outlineWidth)]; }"
    )
    assert ring[0] != "none" and ring[1] >= 2, f"no visible focus outline in forced colours: {ring}"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # from the king of clubs to the ten of hearts, no king
    page.keyboard.press("Enter")
    chosen = page.locator("#board .card.selected")
    expect(chosen).to_have_attribute("data-card", "Th")
    mark = chosen.evaluate(BORDER, "::after")
    assert mark[0] == "solid" and mark[1] >= 3, f"the chosen card is not marked in forced colours: {mark}"
    page.keyboard.press("Escape")
    page.keyboard.press("h")
    hinted = page.locator("#board .card.hint")
    expect(hinted).to_have_count(1, timeout=30_000)
    mark = hinted.evaluate(BORDER, "::before")
    assert mark[0] == "dashed" and mark[1] >= 2, f"the hint is not marked in forced colours: {mark}"


CARD_BOXES = """() => [...document.querySelectorAll('#board .card:not(.gone), #board .stock')]
  .map((el) => el.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom])"""


@pytest.mark.parametrize(
    "screen",
    ["desktop", "large-1366", "phone", "sideways"],
)
def test_a_message_never_covers_a_card(new_page, screen):
    options = {
        "desktop": DESKTOP,
        "large-1366": {"viewport": {"width": 1366, "height": 768}},
        "phone": PHONE,
        "sideways": SIDEWAYS,
    }[screen]
    page = new_page(locale="de-DE", **options)
    open_link(page, "pyramid", 1)
    if screen == "large-1366":
        page.keyboard.press("l")
    # the longest refusal a first click can get: a covered card, with both cards that cover it
    card(page, "7d").click(position={"x": 8, "y": 8}, force=True)  # covered: aria-disabled
    toast = page.locator("#toast")
    expect(toast).to_have_class(re.compile(r"\bshow\b"))
    expect(toast).to_contain_text("überdeckt")
    animations_done(page)  # the message's fade-in slide has ended
    t = toast.bounding_box()
    for left, top, right, bottom in page.evaluate(CARD_BOXES):
        overlap = (
            min(right, t["x"] + t["width"]) - max(left, t["x"]),
            min(bottom, t["y"] + t["height"]) - max(top, t["y"]),
        )
        assert overlap[0] <= 0 or overlap[1] <= 0, f"{screen}: the message covers a card at {left, top}"


EMPTY_BELOW = """() => {
  const heaps = document.querySelectorAll('#board .card:not(.gone), #board .stock, #board .slot');
  const bottom = Math.max(...[...heaps].map((el) => el.getBoundingClientRect().bottom));
  return (innerHeight - bottom) / innerHeight;
}"""
VARIANTS = ["pyramid", "classic", "classic-redeal", "three-wastes", "giza", "open-stock"]


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_a_phone_held_upright_is_used_to_its_foot(new_page, large):
    page = new_page(locale="de-DE", **PHONE)
    shares = {}
    for variant in VARIANTS:
        open_link(page, variant, 1)
        if large and page.locator("body.large").count() == 0:
            page.click("#btn-more")
            page.click("#more-large")
        animations_done(page)  # the cards are in their new places
        shares[variant] = page.evaluate(EMPTY_BELOW)
    print(
        "empty below the cards at 390x844" + (" (large)" if large else ""),
        {k: f"{v:.1%}" for k, v in shares.items()},
    )
    assert all(share < 0.10 for share in shares.values()), shares


def test_visible_names_start_the_accessible_names_and_sideways_keeps_short_names(new_page):
    page = new_page(locale="de-DE", **SIDEWAYS)
    open_link(page, "pyramid", 1)
    for label in page.locator(".toolbar button:visible .short").all():
        assert label.evaluate(
            "el => el.textContent.trim().length > 0 && el.scrollWidth <= el.clientWidth + 1"
        )
    mismatched = page.evaluate(
        """() => [...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null)
          .filter((b) => { const seen = b.innerText.trim(); const name = b.getAttribute('aria-label');
            return seen && name !== null && !name.toLowerCase().startsWith(seen.toLowerCase()); })
          .map((b) => `${b.id}: ${b.innerText.trim()} / ${b.getAttribute('aria-label')}`)"""
    )
    assert mismatched == []


def test_the_win_panel_ignores_the_click_of_the_tap_that_won(new_page):
    """The winning tap's own click lands on the panel that came under the finger: it is not taken for a
    press of a button there. Cards and the stock act on pointerup; this guard is the screen's."""
    page = new_page(locale="en-US", **PHONE)
    page.clock.install()
    open_link(page, "giza", 18)
    stop_time(page)  # the panel's first moments are the page's clock: stopped, they last
    moves = WIN_GIZA_18.split()
    play(page, " ".join(moves[:-1]))
    last_a, last_b = moves[-1].split("+")
    card(page, last_a).tap()
    # the winning tap: the finger is down for 10 ms of the page's clock, then lifted
    box = card(page, last_b).bounding_box()
    cdp = page.context.new_cdp_session(page)
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "id": 1}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.clock.run_for(10)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#end-new")).to_be_focused()  # the panel took the focus
    # a click whose press began before the panel: a tap's click counts one (detail 1), unlike a
    # key's on a button or Escape's (detail 0), which the player meant
    tap_click = "el => el.dispatchEvent(new MouseEvent('click', {bubbles: true, detail: 1}))"
    page.locator("#end-new").evaluate(tap_click)
    moves_made(page, len(moves))
    expect(page.locator("#end-panel")).to_be_visible()
    page.clock.run_for(1000)
    page.locator("#end-new").tap()  # a new press, later: it counts
    moves_made(page, 0)


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_first_tab_offers_a_skip_to_the_cards(new_page, screen):
    """A keyboard player reaches the cards in two keys, not past the whole toolbar: the first Tab
    shows the skip link, Enter puts the focus on a card of the board."""
    page = new_page(**SCREENS[screen], locale="de-DE")
    open_link(page, "pyramid", 1)
    page.locator("body").focus()
    page.keyboard.press("Tab")
    skip = page.locator("#skip-board:focus")
    expect(skip).to_have_text("Zu den Karten springen")
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0, f"the skip link is out of sight when focused: {box}"
    page.keyboard.press("Enter")
    expect(page.locator("#board .card:focus")).to_have_count(1)
