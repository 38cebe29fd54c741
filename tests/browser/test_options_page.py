"""Rule options in the page (issue 36): a share link with options plays them (an overlap pair,
passes past three shown as such), the save keeps the variant's text through a reload, a link
with options the page cannot play is refused saying why (never played under other rules), the
solver hints under the options, and the games menu lists the named rule sets in English and
German."""

import re

import pytest
from axe import axe_violations
from browser_helpers import PHONE, card, moves_made, play
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

TEXT = "three-wastes:passes=unlimited,overlap=yes"
NAME = "Solitaire 13, three wastes (unlimited passes, overlap discards)"
# Deal 2: 5s+8h leaves Jh (slot 16) covered by 2s alone, and they add up to 13: an overlap pair.
OVERLAP = "5s+8h Jh+2s"
DRAWS = 8  # three wastes: a draw deals three of the 24 stock cards


def test_a_share_link_with_options_plays_an_overlap_pair_and_passes_without_end(page: Page):
    page.goto(f"/?variant={TEXT}&deal=2")
    expect(page.locator("#board")).to_have_attribute("data-variant", TEXT)
    expect(page.locator("#status-game")).to_have_text(f"{NAME} \u00b7 Deal 2")
    play(page, OVERLAP)
    expect(card(page, "Jh")).to_have_count(0)
    expect(page.locator("#status-passes")).to_have_text("1/\u221e")
    played = 2
    for n in (2, 3, 4):  # the fourth pass: more than any stock variant allows by itself
        play(page, " ".join(["draw"] * DRAWS + ["recycle"]), start=played)
        played += DRAWS + 1
        expect(page.locator("#status-passes")).to_have_text(f"{n}/\u221e")
        said = re.compile(rf"The waste is turned over: pass {n}\.\s*$")
        expect(page.locator("#announce")).to_have_text(said)
    page.click("#btn-hint")  # the page's kernel plays the options: a shortest line of them
    expect(page.locator("#toast-text")).to_contain_text("(It starts a shortest winning line: 27 moves.)")
    page.reload()  # the save keeps the text: the same rules, the same moves
    expect(page.locator("#board")).to_have_attribute("data-variant", TEXT)
    moves_made(page, played)
    expect(page.locator("#status-passes")).to_have_text("4/\u221e")
    page.click("#btn-more")
    expect(page.locator("#share-link")).to_have_value(re.compile(rf"/\?variant={re.escape(TEXT)}&deal=2$"))
    page.keyboard.press("Escape")
    page.click("#btn-games")  # played once, it is among the recent games
    expect(page.locator(f'#recent-list button[data-variant="{TEXT}"]')).to_have_text(NAME)


def test_a_link_with_options_the_page_cannot_play_is_refused_not_played(new_page):
    page = new_page()
    page.goto("/?variant=pyramid:passes=0&deal=2")
    expect(page.locator("#toast-text")).to_have_text(
        "The shared link cannot be played here: passes=0 is not allowed (passes: 1 to 32 or unlimited)"
    )
    expect(page.locator("#board")).to_have_attribute("data-variant", "pyramid")
    expect(page.locator("#status-game")).not_to_have_text(re.compile(r"Deal 2$"))
    german = new_page(locale="de-DE")
    german.goto("/?variant=giza:passes=2&deal=2")
    expect(german.locator("#toast-text")).to_have_text(
        "Der geteilte Link lässt sich hier nicht spielen: "
        "Die Option passes passt nicht zu Giza: es hat keinen Vorrat"
    )
    german.goto("/?variant=pyramid:passes=x&deal=2")
    refused = "passes=x ist nicht erlaubt (passes: 1 bis 32 oder unlimited)"
    expect(german.locator("#toast-text")).to_contain_text(refused)


def test_the_games_menu_lists_the_named_rule_sets(new_page, tmp_path):
    page = new_page()
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.click("#btn-games")
    named = page.locator('#variant-list li[data-variant="original"]')
    expect(named).to_contain_text("Pyramid, the original game")
    expect(named).to_contain_text("won only when all 52 cards are gone")
    unlimited = page.locator('#variant-list li[data-variant="unlimited"]')
    expect(unlimited).to_contain_text("Pyramid, unlimited passes")
    page.screenshot(path=str(tmp_path / "games-en-desktop.png"))
    page.click('#variant-list li[data-variant="original"] .pick')
    expect(page.locator("#board")).to_have_attribute("data-variant", "original")
    phone = new_page(locale="de-DE", **PHONE)
    phone.goto("/")
    expect(phone.locator("body")).to_have_attribute("data-ready", "1")
    phone.tap("#btn-games")
    entry = lambda id: phone.locator(f'#variant-list li[data-variant="{id}"]')  # noqa: E731
    expect(entry("overlap")).to_contain_text("Pyramiden-Solitär mit Überlappung")
    expect(entry("original")).to_contain_text("Pyramide (Originalregeln)")
    phone.locator('#variant-list li[data-variant="unlimited"]').scroll_into_view_if_needed()
    phone.screenshot(path=str(tmp_path / "games-de-phone.png"))


def test_the_rule_options_play_any_combination_by_keys_and_by_touch(new_page):
    """The Games menu's rule options (issue 49): the game's options as they are now, only those it
    takes (Giza has no passes), a combination chosen by keys starts a game of it with its own
    save, and on a German phone by touch; axe finds nothing in the open control."""
    page = new_page()
    page.goto("/?variant=giza&deal=18")
    expect(page.locator("#board")).to_have_attribute("data-variant", "giza")
    page.click("#btn-games")
    now = page.locator("#rule-options-now")
    expect(now).to_have_text("Giza \u2014 no overlap discards, won with the pyramid")
    page.click("#rule-options summary")
    expect(page.locator("#rule-passes")).to_be_hidden()  # no stock: no passes to choose
    page.keyboard.press("Escape")
    play(page, "Kc")  # a game of Giza under way: its own save, kept while the others are played
    page.goto("/?variant=pyramid&deal=1")
    expect(page.locator("#board")).to_have_attribute("data-variant", "pyramid")
    page.click("#btn-games")
    expect(now).to_have_text("Pyramid \u2014 3 passes, no overlap discards, won with the pyramid")
    assert axe_violations(page) == []
    page.locator("#rule-options summary").focus()  # by keys alone: open, then Tab from control to control
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.locator("#rule-passes")).to_be_focused()
    page.keyboard.press("Home")  # the first choice: 1 pass
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # overlap discards on
    page.keyboard.press("Tab")
    page.keyboard.press("End")  # won with all 52 cards
    page.keyboard.press("Tab")
    expect(page.locator("#rule-play")).to_be_focused()
    assert axe_violations(page) == []
    page.keyboard.press("Enter")
    text = "pyramid:passes=1,overlap=yes,win=all"
    expect(page.locator("#board")).to_have_attribute("data-variant", text)
    expect(page.locator("#games-dialog")).to_be_hidden()
    moves_made(page, 0)
    page.click("#btn-games")
    expect(now).to_have_text("Pyramid \u2014 1 pass, overlap discards, won with all 52 cards")
    expect(page.locator(f'#recent-list [data-variant="{text}"]')).to_have_count(1)
    page.click('#variant-list li[data-variant="giza"] .pick')
    moves_made(page, 1)  # Giza's own save, the king still gone

    phone = new_page(locale="de-DE", **PHONE)
    phone.goto("/?variant=open-stock&deal=2")
    expect(phone.locator("#board")).to_have_attribute("data-variant", "open-stock")
    phone.tap("#btn-games")
    phone.tap("#rule-options summary")
    phone.select_option("#rule-passes", "unlimited")
    phone.tap("#rule-play")
    expect(phone.locator("#board")).to_have_attribute("data-variant", "open-stock:passes=unlimited")
    expect(phone.locator("#status-game")).to_contain_text("beliebig viele Durchgänge")
