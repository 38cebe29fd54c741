"""The Daily view in the page: it lists the challenges `pyramid-solitaire daily` makes for a day,
offline too, and a day the release has no file for is made by the page's worker, the same as in
Python, offline too; a challenge opens in a game of its own (the variant's game stays), its goal
stands in the status line, success is told at once and marked in the calendar and the run of days;
the share text names no deal; giving up shows the way; a reload mid-challenge goes on with it;
axe-core finds nothing in the view, in English and German, on a desktop and a phone."""

import json
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from axe import axe_violations, dialog_contrast_failures
from browser_helpers import PHONE, WORKER_IN_CONTROL, play, reload_offline
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

DAY = "2026-12-01"
COUNT = 5  # challenges a day
CORPUS = Path(__file__).resolve().parents[1] / "golden" / "daily_corpus.json"
MADE_DAY = "2027-03-03"  # in the corpus, past the release's files: the worker makes it


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
    expect(page.locator("#daily-list li")).to_have_count(COUNT, timeout=20_000)
    expected = made(DAY)
    assert listed(page) == [c["id"] for c in expected]
    expect(page.locator("#daily-playing")).to_be_hidden()  # no challenge in play: nothing to give up
    page.evaluate(WORKER_IN_CONTROL)
    reload_offline(page)
    page.click("#btn-challenges")
    page.locator(f'#daily-calendar button[data-date="{DAY}"]').click()
    expect(page.locator("#daily-list li")).to_have_count(COUNT)
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
    expect(page.locator("#end-title")).to_have_text("Goal met!")
    expect(page.locator("#toast")).to_contain_text(
        "No second thoughts"
    )  # won without an undo, in a challenge too
    page.click("#end-list")
    expect(page.locator(f'#daily-list li[data-challenge="{first["id"]}"].done')).to_be_visible()
    expect(page.locator(f'#daily-calendar button[data-date="{DAY}"].done')).to_be_visible()
    expect(page.locator("#daily-streak")).to_contain_text("1 day in a row")
    share = page.locator("#daily-share-text").inner_text().split("\n")
    assert share[0] == f"Pyramid daily, December 1, 2026: 1 of {COUNT}"  # the player's date format
    assert share[1] == "\u2713" + "\u2013" * (COUNT - 1)  # a mark per step: done, then not tried
    assert share[2] == "\u2713 Easy: done" and share[-2] == "1 day in a row"
    assert share[-1].endswith(f"/?daily={DAY}")  # the link to the day
    assert str(first["deal"]) not in "\n".join(share)
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
    expect(page.locator("#watch-status")).to_contain_text(
        "Kürzester Gewinnweg: Zug"
    )  # a moves goal's par line
    expect(page.locator("#btn-watch-stop")).to_be_visible()


MADE_IN_PAGE = """async (day) => (await import('/static/js/net/daily.js')).challengesOf(day)"""


def test_a_day_without_a_file_is_made_in_the_page_as_in_python_offline_too(new_page):
    expected = json.loads(CORPUS.read_text(encoding="utf-8"))["days"][MADE_DAY]
    page = new_page()
    page.goto(f"/?daily={MADE_DAY}")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=20_000)
    expect(page.locator("#daily-list li[data-challenge]")).to_have_count(COUNT, timeout=60_000)
    assert listed(page) == [c["id"] for c in expected]
    assert page.evaluate(MADE_IN_PAGE, MADE_DAY) == expected
    reload_offline(page)
    day = "2027-03-04"  # not made in this page yet: made offline
    assert page.evaluate(MADE_IN_PAGE, day) == json.loads(CORPUS.read_text(encoding="utf-8"))["days"][day]


def test_a_reload_mid_challenge_goes_on_with_it(new_page):
    page = new_page()
    page.goto("/?variant=giza&deal=7")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    play(page, "3c+Td")  # the variant's own game, to come back to
    second = made(DAY)[1]
    page.goto(f"/?daily={DAY}&challenge=2")
    expect(page.locator("#status-game")).to_contain_text("Challenge 2", timeout=20_000)
    play(page, " ".join(second["proof"].split()[:3]))
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=20_000)
    expect(page.locator("#status-game")).to_contain_text("Challenge 2", timeout=20_000)
    expect(page.locator("#status-moves")).to_have_text("3")  # its saved game, as it was
    play(page, second["proof"].split()[3], start=3)
    page.click("#btn-challenges")
    page.click("#daily-back")
    expect(page.locator("#status-game")).to_contain_text("Giza")
    expect(page.locator("#status-moves")).to_have_text("1")
    page.reload()  # back in the variant's game: a reload stays there
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=20_000)
    expect(page.locator("#status-game")).to_contain_text("Giza")
    expect(page.locator("#status-moves")).to_have_text("1")


# A line played by the keyboard's clicks, in the page: a long line without a round trip a move.
PLAY_IN_PAGE = """async ([line, start]) => {
  const board = document.getElementById("board");
  const until = (n) => new Promise((done) => {
    const check = () => (board.dataset.moves === String(n) ? done() : requestAnimationFrame(check));
    check();
  });
  let n = start;
  for (const move of line.split(" ")) {
    if (move === "draw" || move === "recycle") document.getElementById("stock").click();
    else for (const c of move.split("+")) board.querySelector(`.card[data-card="${c}"]:not(.gone)`).click();
    await until(++n);
  }
}"""


def solved(deal: int) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pyramid_solitaire", "solve", str(deal), "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout)["line"]


MISSED_DAY = "2026-12-03"  # challenge 2: Pyramid deal 20 in at most 62 moves; `solve 20` takes 63


def test_a_missed_goal_says_so_by_how_much_and_the_list_marks_it(new_page):
    line = solved(20)
    assert len(line) == 63
    page = new_page()
    page.goto(f"/?daily={MISSED_DAY}&challenge=2")
    goal = page.locator("#status-goal")
    expect(goal).to_have_text(
        "Clear the pyramid in at most 62 moves (par 54) · 0 of 62 moves used", timeout=20_000
    )
    page.evaluate(PLAY_IN_PAGE, [" ".join(line[:62]), 0])
    expect(page.locator("#end-title")).to_have_text("Goal missed")  # the moves are used: the end, told
    expect(page.locator("#end-text")).to_contain_text("all 62 moves are used and 1 pyramid card still stands")
    expect(page.locator("#end-restart")).to_be_focused()  # Retry
    page.click("#end-close")  # Play on
    expect(page.locator("#end-panel")).to_be_hidden()
    play(page, line[62], start=62)
    expect(page.locator("#end-title")).to_have_text("Goal missed")  # cleared, but too late: no win
    expect(page.locator("#end-text")).to_contain_text("cleared in 63 moves, 1 more than the 62 allowed")
    expect(page.locator("#end-close")).to_be_hidden()
    expect(page.locator("#end-new")).to_be_hidden()  # no random deal in a challenge
    expect(page.locator("#celebration")).to_be_empty()
    page.click("#end-stats")  # the challenge's game counts in the variant's statistics, and as a challenge
    expect(page.locator('#stats-figures [data-stat="played"] dd')).to_have_text("1")
    expect(page.locator('#stats-figures [data-stat="won"] dd')).to_have_text("1")
    expect(page.locator('#stats-figures [data-stat="challenges"]')).to_have_text(
        "Daily challenges: 1 tried, goal met in 0"
    )
    page.keyboard.press("Escape")
    page.click("#end-list")
    expect(page.locator(f'#daily-list li[data-challenge="{MISSED_DAY}-2"].missed')).to_contain_text("missed")
    page.keyboard.press("Escape")
    page.click("#end-next")
    expect(page.locator("#status-game")).to_contain_text("Challenge 3")
    expect(page.locator("#board :focus")).to_have_count(1)  # the keys play it at once
    expect(page.locator("#status-goal")).to_contain_text("Reach 495 points · 0 of 495 points")


def test_a_cards_goal_ends_with_its_panel_and_play_goes_on(new_page):
    fifth = made(MISSED_DAY)[4]
    assert fifth["goal"]["kind"] == "cards"
    page = new_page(locale="de-DE")
    page.clock.set_fixed_time(datetime(2026, 12, 3, 12, 0))  # its own day: today's five wait
    page.goto(f"/?daily={MISSED_DAY}&challenge=5")
    expect(page.locator("#status-goal")).to_contain_text("noch 4 von 4", timeout=20_000)
    waiting = page.locator("#btn-challenges .waiting")
    expect(waiting).to_have_text("5")
    expect(page.locator("#btn-challenges")).to_contain_text("5 Aufgaben von heute warten")
    page.evaluate(PLAY_IN_PAGE, [fifth["proof"], 0])
    expect(page.locator("#end-title")).to_have_text("Ziel erreicht!")
    expect(page.locator("#end-text")).to_contain_text("Du kannst weiterspielen")
    expect(page.locator("#end-next")).to_be_focused()
    expect(waiting).to_have_text("4")  # one done
    page.click("#end-close")  # Weiterspielen
    expect(page.locator("#end-panel")).to_be_hidden()
    expect(page.locator("#status-goal")).to_contain_text("noch 0 von 4")
    page.click("#btn-challenges")
    expect(page.locator(f'#daily-list li[data-challenge="{MISSED_DAY}-5"].done')).to_be_visible()
    page.click("#daily-way")  # a cards goal's proof does not clear the pyramid: not called a win
    expect(page.locator("#watch-status")).to_contain_text("Der Weg zum Ziel: Zug")


def test_play_again_in_a_challenge_starts_the_clock_from_naught(new_page):
    page = new_page()
    page.clock.install(time=datetime(2026, 12, 1, 12, 0))
    page.goto(f"/?daily={DAY}&challenge=2")
    expect(page.locator("#status-goal")).to_be_visible(timeout=20_000)
    page.evaluate(PLAY_IN_PAGE, [" ".join(made(DAY)[1]["proof"].split()[:2]), 0])
    page.clock.run_for(5000)
    expect(page.locator("#status-time")).to_have_text("0:05")
    page.click("#btn-restart")
    page.click("#giveup-yes")
    expect(page.locator("#status-moves")).to_have_text("0")
    expect(page.locator("#status-time")).to_have_text("0:00")


def no_violations(page, where: str):
    found = axe_violations(page)
    found += dialog_contrast_failures(page)
    assert found == [], f"{where}: " + "; ".join(found)


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_axe_finds_no_violation_in_the_daily_view(new_page, screen, locale):
    size = PHONE if screen == "phone" else {"viewport": {"width": 1280, "height": 800}}
    page = new_page(locale=locale, **size)
    page.clock.set_fixed_time(datetime(2026, 12, 2, 12, 0))
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=20_000)
    done = {"done": {f"{DAY}-1": {"moves": 40, "day": DAY}}, "run": {"count": 1, "last": DAY}}
    page.evaluate("(c) => localStorage.setItem('pyramid-solitaire.challenges', JSON.stringify(c))", done)
    page.goto(f"/?daily={DAY}")  # a day with a challenge done: its marks in the list and the calendar
    expect(page.locator(f'#daily-list li[data-challenge="{DAY}-1"].done')).to_be_visible(timeout=20_000)
    expect(page.locator(f'#daily-calendar button[data-date="{DAY}"].done')).to_be_visible()
    # today's five wait: counted on the Daily control, in More on a phone
    expect(
        page.locator("#btn-more .waiting" if screen == "phone" else "#btn-challenges .waiting")
    ).to_have_text("5")
    no_violations(page, "the Daily view")
    page.locator("#daily-list a").nth(1).click()  # a challenge in play: give up, back to my game
    expect(page.locator("#status-game")).to_contain_text("2", timeout=20_000)
    expect(page.locator("#board :focus")).to_have_count(1)  # chosen: the focus on the board
    page.click("#btn-more" if screen == "phone" else "#btn-challenges")
    if screen == "phone":
        page.click("#more-challenges")
    expect(page.locator("#daily-giveup")).to_be_visible()
    no_violations(page, "the Daily view during a challenge")


def test_the_cards_of_a_cards_goal_are_marked_on_the_board(new_page):
    cards = next(c for c in made(DAY) if c["goal"]["kind"] == "cards")
    page = new_page()
    page.goto(f"/?daily={DAY}&challenge={cards['id'].split('-')[-1]}")
    expect(page.locator("#status-goal")).to_contain_text("Remove all four", timeout=20_000)
    wanted = set(cards["goal"]["cards"])
    marked = page.locator("#board .card.goal-card")
    expect(marked.first).to_be_visible()
    shown = set(marked.evaluate_all("els => els.map((el) => el.dataset.card)"))
    on_board = set(page.locator("#board .card").evaluate_all("els => els.map((el) => el.dataset.card)"))
    assert shown == wanted & on_board and shown
    expect(marked.first).to_have_attribute("aria-label", re.compile("goal card"))
    page.click("#btn-challenges")
    playing = page.locator(f'#daily-list li[data-challenge="{cards["id"]}"]')
    expect(playing.locator("a")).to_have_attribute("aria-current", "true")  # the one in play
    expect(playing).to_contain_text("in play")
    expect(page.locator("#daily-list a[aria-current]")).to_have_count(1)
    page.click("#daily-back")  # a variant's game: no card is marked
    expect(page.locator("#status-goal")).to_be_hidden()
    expect(page.locator("#board .card.goal-card")).to_have_count(0)


TAMPERED = """() => {
  const put = (key, value) => localStorage.setItem(`pyramid-solitaire.${key}`, JSON.stringify(value));
  put('stats.pyramid', {played: 1e308, won: 1e308, bestTime: 1e308});
  put('challenges', {run: {count: 400, last: '2099-12-31'}});
  put('achievements', {'first-win': '2026-11-01'});
}"""


def test_tampered_records_are_set_aside_said_and_shown_nowhere(new_page):
    page = new_page()
    page.goto("/?variant=pyramid&deal=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.evaluate(TAMPERED)
    page.reload()
    expect(page.locator("#toast")).to_contain_text(
        "Set aside, as they held figures out of range or dates to come"
    )
    expect(page.locator("#toast")).to_contain_text(
        "Daily challenges, Statistics: Pyramid."
    )  # not the achievements
    kept = page.evaluate("() => Object.keys(localStorage).filter((k) => k.includes('.junk.')).sort()")
    assert kept == ["pyramid-solitaire.junk.challenges", "pyramid-solitaire.junk.stats.pyramid"]
    page.click("#btn-more")
    page.click("#btn-stats")
    expect(page.locator('#stats-figures [data-stat="played"] dd')).to_have_text("0")
    expect(page.locator('#stats-figures [data-stat="rate"] dd')).to_have_text("\u2013")
    expect(page.locator('#stats-figures [data-stat="best-time"] dd')).to_have_text("\u2013")
    page.keyboard.press("Escape")
    page.click("#btn-challenges")
    expect(page.locator("#daily-streak")).to_have_text("0 days in a row (best: 0)")
