"""The Daily view in the page: it lists the challenges `pyramid-solitaire daily` makes for a day,
offline too; a challenge opens in a game of its own (the variant's game stays), its goal stands in
the status line, success is told at once and marked in the calendar and the run of days; the
share text names no deal; giving up shows the way."""

import json
import subprocess
import sys
from datetime import datetime

from browser_helpers import WORKER_IN_CONTROL, play, reload_offline
from playwright.sync_api import expect

DAY = "2026-12-01"


def made(day: str) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-m", "pyramid_solitaire", "daily", day, "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout)["challenges"]


def listed(page) -> list[str]:
    return page.locator("#daily-list li").evaluate_all("items => items.map((li) => li.dataset.challenge)")


def test_daily_view_lists_the_command_lines_challenges_offline(new_page):
    page = new_page()
    page.goto(f"/?daily={DAY}")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=20_000)
    expect(page.locator("#daily-list li")).to_have_count(4, timeout=20_000)
    expected = made(DAY)
    assert listed(page) == [c["id"] for c in expected]
    page.evaluate(WORKER_IN_CONTROL)
    reload_offline(page)
    page.click("#btn-challenges")
    page.locator(f'#daily-calendar button[data-date="{DAY}"]').click()
    expect(page.locator("#daily-list li")).to_have_count(4)
    assert listed(page) == [c["id"] for c in expected]


def test_a_challenge_done_is_marked_and_shared_without_its_deal(new_page):
    page = new_page()
    page.clock.set_fixed_time(datetime(2026, 12, 1, 12, 0))  # the challenge's own day: the run counts
    page.goto("/?variant=giza&deal=7")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    play(page, "3c+Td")  # the variant's own game, which must stay
    first = made(DAY)[0]
    page.goto(f"/?daily={DAY}&challenge=1")
    expect(page.locator("#status-game")).to_contain_text("Challenge 1", timeout=20_000)
    play(page, first["proof"])
    expect(page.locator("#toast")).to_contain_text("Challenge done")
    page.click("#btn-challenges")
    expect(page.locator(f'#daily-list li[data-challenge="{first["id"]}"].done')).to_be_visible()
    expect(page.locator(f'#daily-calendar button[data-date="{DAY}"].done')).to_be_visible()
    expect(page.locator("#daily-streak")).to_contain_text("1 day in a row")
    share = page.locator("#daily-share-text").inner_text()
    assert share.startswith(f"Pyramid daily {DAY}: 1 of 4") and str(first["deal"]) not in share
    page.click("#daily-back")
    expect(page.locator("#status-game")).to_contain_text("Giza")
    expect(page.locator("#status-moves")).to_have_text("1")  # the variant's game, as it was


def test_giving_up_shows_the_way(new_page):
    page = new_page(locale="de-DE")
    page.goto(f"/?daily={DAY}&challenge=2")
    expect(page.locator("#status-game")).to_contain_text("Aufgabe 2", timeout=20_000)
    page.click("#btn-more")
    page.click("#more-challenges")
    page.click("#daily-giveup")
    expect(page.locator("#watch-status, #shown-status").first).to_be_attached()
    expect(page.locator("body")).not_to_have_attribute("data-busy", "1")
    expect(page.locator("#btn-watch-stop")).to_be_visible()
