"""The German page speaks German all through: driven like a player through refusals (a covered card,
a pair that is not 13, a pass too many, a bad deal number), a hint and a lost position, every
message it shows has no English word and no card in notation ("Th", "7d")."""

import re

import pytest
from browser_helpers import LOSE_GIZA_26, card, moves_made, play, type_deal
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser  # the live server is patient (app_server.PATIENT)

NOTATION = re.compile(r"\b(?:[2-9TJQKA]|10)[cdhs]\b")
ENGLISH = re.compile(
    r"\b(?:the|is|are|not|and|of|with|move|moves|card|cards|covered|stock|waste|hint|possible|deal|number|"
    r"draw|recycle|pass|passes|won|lost|winnable|undo|game|left|empty|pair|king|already|still|out|range)\b",
    re.IGNORECASE,
)


def german_page(new_page, variant: str, deal: int) -> Page:
    page = new_page(locale="de-DE")
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    type_deal(page, variant, deal)
    expect(page.locator("#status-game")).to_have_text(re.compile(rf"Partie {deal}$"))
    return page


def says(page: Page, words: str) -> str:
    """Wait until the message line says `words`; every text it and the end panel show is German."""
    expect(page.locator("#toast-text")).to_contain_text(words)
    shown = [page.locator("#toast-text").inner_text()]
    for extra in ("#toast-action", "#end-panel"):
        if page.locator(extra).is_visible():
            shown.append(page.locator(extra).inner_text())
    for text in shown:
        assert not NOTATION.search(text), f"a card in notation: {text!r}"
        assert not ENGLISH.search(text), f"an English word: {text!r}"
    return shown[0]


def test_refusals_speak_german_with_cards_in_words(new_page):
    page = german_page(new_page, "pyramid", 1)
    card(page, "7d").click(
        position={"x": 8, "y": 8}, force=True
    )  # a covered card (aria-disabled): its top edge
    said = says(page, "überdeckt")
    assert said == "Geht nicht: Karo-Sieben ist noch von Kreuz-Neun und Karo-Vier überdeckt."
    card(page, "Th").click()
    card(page, "Js").click()
    says(page, "Herz-Zehn und Pik-Bube ergeben zusammen nicht 13")
    moves_made(page, 0)


def test_a_pass_too_many_says_so_in_german(new_page):
    page = german_page(new_page, "classic", 1)
    for n in range(1, 25):
        page.keyboard.press("d")
        moves_made(page, n)
    page.click("#stock")
    says(page, "nur einen Durchgang")


def test_a_hint_and_a_lost_position_in_german(new_page):
    page = german_page(new_page, "pyramid", 1)
    page.click("#btn-hint")
    assert says(page, "Hinweis:").startswith("Hinweis: Kreuz-König ablegen.")
    type_deal(page, "giza", 26)
    expect(page.locator("#status-game")).to_have_text(re.compile(r"Partie 26$"))
    moves_made(page, 0)
    play(page, LOSE_GIZA_26)
    expect(page.locator("#end-title")).to_have_text("Kein Zug mehr möglich")
    # the end panel explains the loss in full
    explain = page.locator("#end-explain")
    expect(explain).to_contain_text("Zuletzt gewinnbar")
    text = explain.inner_text()
    assert "(9\u2666 + 4\u2666)" in text and "4\u2663 + 9\u2665" in text
    assert "nicht mehr zu gewinnen" not in text, text  # the title says it; the text says since when
    panel = page.locator("#end-panel").inner_text()
    assert not NOTATION.search(panel) and not ENGLISH.search(panel), panel
    expect(page.locator("#end-undo-to")).to_have_text("4 Züge zurück")


def test_a_bad_deal_number_says_why_in_german(new_page):
    page = german_page(new_page, "pyramid", 1)
    type_deal(page, "pyramid", "18446744073709551616")
    says(page, "zu groß für eine Partienummer")
    type_deal(page, "pyramid", "12x")  # refused before it is sent, in the dialog beside the field
    expect(page.locator("#more-dialog #deal-error")).to_contain_text("Eine Partienummer ist eine ganze Zahl")
