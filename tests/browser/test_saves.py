"""Saves in the browser meet old versions and corruption: migrate what can be read, keep the rest."""

import json

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

KEY = "pyramid-solitaire.save.pyramid"
RECORD = {"version": 1, "variant": "pyramid", "deal": 1, "moves": ["Kc", "Kh", "draw"], "redo": []}


def open_with_saves(page: Page, saves: dict[str, str]):
    """Open the page with localStorage already holding `saves`, as an earlier visit left it."""
    page.add_init_script(
        "(saves => { if (!sessionStorage.getItem('seeded')) {"
        " sessionStorage.setItem('seeded', '1');"
        " for (const [k, v] of Object.entries(saves)) localStorage.setItem(k, v); } })"
        f"({json.dumps(saves)})"
    )
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")


def stored(page: Page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def test_a_save_of_the_first_format_is_migrated(page: Page):
    old = json.dumps({"record": RECORD, "elapsed": 65_000})  # format 1 had no format field
    open_with_saves(page, {KEY: old})
    expect(page.locator("#board")).to_have_attribute("data-moves", "3")
    expect(page.locator("#status-time")).to_have_text("1:05")
    page.locator('#board .card[data-card="Th"]:not(.gone)').click()  # any click that saves
    page.click("#stock")
    expect(page.locator("#board")).to_have_attribute("data-moves", "4")
    save = json.loads(stored(page)[KEY])
    assert save["format"] == 2 and save["record"]["moves"] == ["Kc", "Kh", "draw", "draw"]
    assert save["elapsed"] >= 65_000 and save["saved"]


def test_a_save_from_a_newer_page_is_kept_not_guessed_at(page: Page):
    newer = json.dumps({"format": 99, "game": {"anything": True}})
    open_with_saves(page, {KEY: newer})
    expect(page.locator("#toast")).to_contain_text("could not be read")
    expect(page.locator("#board")).to_have_attribute("data-moves", "0")
    assert stored(page)[KEY + ".broken"] == newer


@pytest.mark.parametrize(
    "junk",
    [
        "{not json",
        "[]",
        "null",
        '{"record": "Kc"}',
        json.dumps({"format": 2, "record": {**RECORD, "moves": ["Qs+Ah"]}}),
    ],
)
def test_a_corrupted_save_starts_fresh_says_so_and_keeps_every_backup(page: Page, junk: str):
    earlier = "an earlier broken save"
    open_with_saves(page, {KEY: junk, KEY + ".broken": earlier})
    expect(page.locator("#toast")).to_contain_text("could not be read")
    expect(page.locator("#board .card:not(.gone)")).to_have_count(28)
    kept = stored(page)
    assert kept[KEY + ".broken"] == junk
    assert [v for k, v in kept.items() if k.startswith(KEY + ".broken.")] == [earlier]
