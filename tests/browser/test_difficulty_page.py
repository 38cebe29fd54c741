"""Deals by grade in the page, as a person uses them (issue 34): New game of a grade, the grade in
the status line, the choice remembered per variant, a deal opened by number graded too."""

import re

import pytest
from browser_helpers import PHONE, open_deal
from playwright.sync_api import Page, expect

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.goals.grades import difficulty
from pyramid_solitaire.goals.index import indexed

pytestmark = pytest.mark.browser


def shown_deal(page: Page) -> int:
    return int(re.search(r"Deal (\d+)", page.locator("#status-game").inner_text())[1])


def test_new_game_of_a_grade_is_of_that_grade_and_the_choice_is_kept_per_variant(page: Page):
    open_deal(page, "giza", 1)
    page.click("#btn-more")
    expect(page.locator("#grade-label")).to_have_text("Difficulty of new games in Giza")
    expect(page.locator("#grade-select")).to_have_value("any")
    page.select_option("#grade-select", "expert")
    page.keyboard.press("Escape")
    page.click("#btn-new")
    expect(page.locator("#toast")).to_have_text("A deal graded Expert, proven winnable.", timeout=60_000)
    expect(page.locator("#status-grade")).to_have_text("Expert")
    number = shown_deal(page)
    assert difficulty(Deal.from_number("giza", number)).grade == "expert"
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    expect(page.locator("#status-grade")).to_have_text("Expert")  # remembered with the deal
    page.click("#btn-more")
    expect(page.locator("#grade-select")).to_have_value("expert")
    page.keyboard.press("Escape")
    page.click("#btn-games")
    page.click('#variant-list li[data-variant="pyramid"] .pick')
    expect(page.locator("#board")).to_have_attribute("data-variant", "pyramid")
    page.click("#btn-more")
    expect(page.locator("#grade-select")).to_have_value("any")  # per variant


def test_a_deal_opened_by_number_shows_its_grade_from_the_index_or_graded_in_the_worker(page: Page):
    listed = indexed("pyramid", "hard")[0]
    open_deal(page, "pyramid", listed)
    expect(page.locator("#status-grade")).to_have_text("Hard")
    unlisted = next(n for n in range(300_000, 300_100) if difficulty(Deal.from_number("pyramid", n)).grade)
    grade = difficulty(Deal.from_number("pyramid", unlisted)).grade
    open_deal(page, "pyramid", unlisted)
    expect(page.locator("body")).to_have_attribute("data-graded", f"pyramid {unlisted} {grade}")
    expect(page.locator("#status-grade")).to_have_text(grade.capitalize())
    open_deal(page, "pyramid", 0)  # unwinnable: no grade shown
    expect(page.locator("body")).to_have_attribute("data-graded", "pyramid 0 null")
    expect(page.locator("#status-grade-item")).to_be_hidden()


def test_the_german_phone_offers_the_grades_in_german(new_page):
    page = new_page(**PHONE, locale="de-DE")
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.click("#btn-more")
    options = page.locator("#grade-select option").all_inner_texts()
    assert options == ["Beliebig", "Leicht", "Mittel", "Schwer", "Experte"]
