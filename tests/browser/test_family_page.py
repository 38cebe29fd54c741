"""The Pyramid family's games in the page (issue 51): listed in the games menu, drawn from the
view's layout (Pharaohs's three pyramids, Pyramid Dozen's six reserves, Thirteen's face-down
cards), played to a win by clicks, a drag and keys, kept in a save, and on a static site offline,
where the page's own solver hints, reviews, shows the way and deals winnable games for every one
of them, Apophis too (c/gather.c); Apophis with more than three passes (the server's plain search
plays it) says it needs the game server."""

import re

import pytest
from browser_helpers import (
    PHONE,
    api_calls,
    card,
    center,
    follow_hint,
    moves_made,
    open_link,
    play,
    reload_offline,
)
from playwright.sync_api import Page, expect
from static_server import static_server

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import GAMES
from pyramid_solitaire.goals.grades import difficulty
from pyramid_solitaire.goals.index import indexed
from pyramid_solitaire.solver import solve
from pyramid_solitaire.solver.hints import advice
from pyramid_solitaire.web.site import write_site

pytestmark = pytest.mark.browser

# Winning lines of the plain search (solver/reference.py plain_solve, node_limit=5000).
WIN_PHARAOHS_44 = (
    "Kd Ks 3h+Td 8c+5s 4d+9c Ac+Qh 6s+7d 6d+7c 9h+4h Jd+2c 9d+4c Jh+2h 8s+5h 6c+7s Qs+As 6h+7h "
    "4s+9s Js+2s Ah+Qc Kc Ad+Qd Kh 5c+8h 3s+Th Tc+3c Jc+2d 3d+Ts 8d+5d"
)
WIN_DOZEN_16 = (
    "3d+9h 5c+7s 2h+Ts 6s+6c Jc+Ac 8d+4s Qd+Ks 7d+5s 2s+Td Kd+Qh 7c+5d Ad+Jh 9c+3h 8c+4h 6d+6h "
    "As+Js Th+2c Ah+Jd 3s+9d 8h+4c 5h+7h Qs+Kh 4d+8s Qc+Kc 2d+Tc 3c+9s"
)
STUCK_PHARAOHS_2 = "Kd 4c+9d Ad+Qd Jd+2c"  # the first legal move each time, until none is left

# Every card of the board inside the board and the window: nothing cut off or under the toolbar.
ALL_CARDS_SHOWN = """() => {
  const board = document.querySelector("#board").getBoundingClientRect();
  const bar = document.querySelector(".toolbar").getBoundingClientRect();
  return [...document.querySelectorAll("#board .card:not(.gone)")].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.left < board.left - 1 || r.right > board.right + 1 || r.top < bar.bottom - 1
      || r.bottom > innerHeight + 1 || r.right > innerWidth + 1;
  }).map((el) => el.dataset.card || "face-down");
}"""


@pytest.mark.parametrize(
    ("game", "number", "line"), [("pharaohs", 44, WIN_PHARAOHS_44), ("pyramid-dozen", 16, WIN_DOZEN_16)]
)
def test_the_pinned_lines_win_in_the_engine(game, number, line):
    replay = Game(game, number=number)
    for move in line.split():
        replay.play(move)
    assert replay.is_won


def test_the_pinned_stuck_line_is_stuck_in_the_engine():
    stuck = Game("pharaohs", number=2)
    for move in STUCK_PHARAOHS_2.split():
        stuck.play(move)
    assert stuck.is_stuck


def test_the_games_menu_lists_the_family_in_its_own_group(page: Page):
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.click("#btn-games")
    group = page.locator("#variant-list li.variant-group")
    expect(group).to_have_text("Pyramid family")
    listed = page.locator("#variant-list li.variant-group ~ li").evaluate_all(
        "els => els.map((el) => el.dataset.variant)"
    )
    assert listed == list(GAMES)
    page.click('#variant-list li[data-variant="triangle"] .pick')
    expect(page.locator("#board")).to_have_attribute("data-variant", "triangle")
    expect(page.locator("#status-game")).to_contain_text("Triangle")
    page.click("#btn-more")
    page.click("#btn-rules")  # the game's own rules, not the six variants' (one pyramid, 28 cards)
    expect(page.locator("#rules-body")).to_contain_text("An upside-down pyramid")
    expect(page.locator("#rules-body")).not_to_contain_text("Clear all 28 cards")


@pytest.mark.slow  # 20 s
def test_pharaohs_is_won_by_clicks_a_drag_and_keys_and_kept_in_its_save(page: Page):
    open_link(page, "pharaohs", 44)
    expect(page.locator("#board .card:not(.gone)")).to_have_count(52)
    expect(page.locator("#stock")).to_have_count(0)  # Pharaohs has no stock
    assert page.evaluate(ALL_CARDS_SHOWN) == []
    moves = WIN_PHARAOHS_44.split()
    play(page, " ".join(moves[:3]))  # clicks
    # a drag: 8c onto 5s
    a, b = moves[3].split("+")
    page.mouse.move(*center(card(page, a)))
    page.mouse.down()
    page.mouse.move(*center(card(page, b)), steps=10)
    page.mouse.up()
    moves_made(page, 4)
    # keys: Enter on a focused card picks it, Enter on its partner plays the pair
    a, b = moves[4].split("+")
    card(page, a).focus()
    page.keyboard.press("Enter")
    expect(card(page, a)).to_have_class(re.compile(r"\bselected\b"))
    card(page, b).focus()
    page.keyboard.press("Enter")
    moves_made(page, 5)
    page.reload()  # the save brings the game back, moves and all
    expect(page.locator("#board")).to_have_attribute("data-variant", "pharaohs")
    moves_made(page, 5)
    play(page, " ".join(moves[5:]), start=5)
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-text")).to_contain_text(f"{len(moves)} moves")


@pytest.mark.slow  # 6 s
def test_pharaohs_stuck_gets_the_stuck_panel(page: Page):
    open_link(page, "pharaohs", 2)
    play(page, STUCK_PHARAOHS_2)
    expect(page.locator("#end-title")).to_have_text("No move left")
    expect(page.locator("#end-undo")).to_be_visible()


@pytest.mark.slow  # 9 s
def test_a_phone_held_upright_shows_every_card_of_the_layouts_large_enough_to_read(new_page):
    page = new_page(**PHONE)
    for game in ("pharaohs", "triangle", "apophis"):
        open_link(page, game, 44)
        assert page.evaluate(ALL_CARDS_SHOWN) == [], game
        width = page.locator("#board .card:not(.gone)").first.bounding_box()["width"]
        assert width >= 45, (game, width)  # Pharaohs's pyramids side by side give 30 px cards


@pytest.mark.slow  # 4.4 s
def test_thirteen_shows_its_covered_cards_as_backs_and_never_names_them(new_page):
    page = new_page(locale="de-DE", **PHONE)
    open_link(page, "thirteen", 44)
    downs = page.locator("#board .card.face-down")
    expect(downs).to_have_count(21)  # rows 1-6 of the pyramid
    assert downs.evaluate_all(
        "els => els.every((el) => !el.dataset.card && el.firstChild.src.endsWith('/back.svg'))"
    )
    expect(downs.first).to_have_attribute("aria-label", "verdeckte Karte, Reihe 1, Karte 1")
    deal = Deal.from_number("thirteen", 44)
    html = page.content()
    hidden = [str(c) for c in deal.cards[:21]]
    assert not [c for c in hidden if f'data-card="{c}"' in html]
    assert page.evaluate(ALL_CARDS_SHOWN) == []
    expect(page.locator("#status-score")).to_have_text("0")  # a face-down card is not a card removed


@pytest.mark.slow  # 12 s
def test_pyramid_dozen_on_a_static_site_is_hinted_won_on_a_phone_and_opens_offline(browser, tmp_path):
    """A static site has no server to ask: the page's own solver hints Pyramid Dozen (in German, on
    a phone), with no request; the game is won by taps, and opens again offline."""
    write_site(tmp_path)
    with static_server(tmp_path) as url:
        context = browser.new_context(base_url=url, locale="de-DE", **PHONE)
        page = context.new_page()
        calls = api_calls(page)
        open_link(page, "pyramid-dozen", 16)
        expect(page.locator("#board .card:not(.gone)")).to_have_count(52)
        expect(page.locator("#stock")).to_have_count(0)
        assert page.evaluate(ALL_CARDS_SHOWN) == []
        moves = WIN_DOZEN_16.split()
        play(page, " ".join(moves[:2]))
        reload_offline(page)
        moves_made(page, 2)
        page.click("#btn-hint")
        expect(page.locator("#toast")).to_contain_text("kürzester Gewinnweg")
        hinted = server_move(Game("pyramid-dozen", number=16), moves[:2])
        assert marked_cards(page) == sorted(hinted.split("+"))
        play(page, " ".join(moves[2:]), start=2)
        expect(page.locator("#end-title")).to_have_text("Gewonnen!")
        assert [c for c in calls if c != "variants"] == [], calls
        context.close()


@pytest.mark.slow  # 30 s at load 32 (pytest --durations, 4 Dec 2026; the Dozen test beside it 45 s)
def test_thirteen_on_a_static_site_offline_hints_with_the_share_of_the_consistent_deals(browser, tmp_path):
    """The page's solver/consistent.js answers Thirteen's hint offline, with no request: the
    server's move and share (tests/golden/consistent_corpus.json's "a random game")."""
    write_site(tmp_path)
    with static_server(tmp_path) as url:
        context = browser.new_context(base_url=url, locale="en-GB")
        page = context.new_page()
        calls = api_calls(page)
        open_link(page, "thirteen", 5)
        play(page, "draw draw draw Kc 8h+5s Kd")
        reload_offline(page)
        moves_made(page, 6)
        page.click("#btn-hint")
        toast = page.locator("#toast")
        expect(toast).to_contain_text(
            "(Winnable in 1 of 40 deals that fit the cards you have seen, 2%", timeout=30_000
        )
        expect(toast).to_contain_text("Hint: pair")
        marked = page.locator("#board .card.hint:not(.gone)")
        assert sorted(marked.evaluate_all("els => els.map((el) => el.dataset.card)")) == ["3h", "Th"]
        assert [c for c in calls if c != "variants"] == [], calls
        context.close()


# --- the page's own solver for the family, on a static site offline (issue 51) ------------------


@pytest.fixture
def offline_page(browser, static_site):
    """A fresh browser's page of the static site, opened once online (the service worker takes the
    release), then offline: `open(variant, deal)`."""
    context = browser.new_context(base_url=static_site, locale="en-GB")
    page = context.new_page()
    page.calls = api_calls(page)

    def open_offline(variant: str, deal: int) -> Page:
        open_link(page, variant, deal)
        reload_offline(page)
        expect(page.locator("#board")).to_have_attribute("data-variant", variant)
        return page

    yield open_offline
    context.close()


def server_move(game: Game, moves: list[str] = ()) -> str:
    """The move the server's hint (solver/hints.py advice, as /api/hint) gives after `moves`."""
    for move in moves:
        game.play(move)
    hint = advice(game, 30.0)
    assert hint["verdict"] == "winnable", hint
    return hint["move"]


def marked_cards(page: Page) -> list[str]:
    """What the hint marks: its cards, sorted, or ["draw"] for the stock; waits for the mark."""
    marked = page.locator("#board .card.hint:not(.gone), #stock.hint")
    expect(marked.first).to_be_visible()
    texts = marked.evaluate_all("els => els.map((el) => el.id === 'stock' ? 'draw' : el.dataset.card)")
    return sorted(texts)


@pytest.mark.slow  # 5 s each (pytest --durations, 7 Dec 2026)
@pytest.mark.parametrize(
    ("game", "number"),
    [
        ("pharaohs", 44),
        ("pyramid-dozen", 16),
        ("triangle", 5),
        ("cheops", 0),
        ("eleven-triangle", 14),
        ("apophis", 12),
    ],
)
def test_offline_on_a_static_site_the_hint_marks_the_servers_move(offline_page, game, number):
    page = offline_page(game, number)
    page.click("#btn-hint")
    expect(page.locator("#toast")).to_contain_text(re.compile(r"winning line|wins the game"))
    assert marked_cards(page) == sorted(server_move(Game(game, number=number)).split("+"))
    assert [c for c in page.calls if c != "variants"] == [], page.calls


@pytest.mark.slow  # 17 s
def test_pharaohs_is_won_offline_by_following_the_hints_after_the_way_is_shown(offline_page):
    page = offline_page("pharaohs", 44)
    page.click("#btn-more")
    page.click("#btn-moves")
    page.click("#btn-way-start")
    expect(page.locator("#watch-status")).to_contain_text("move 1 of 28")  # Show the way, offline
    page.click("#btn-watch-stop")
    page.click("#btn-review-close")
    for n in range(1, 29):
        follow_hint(page, n)
    expect(page.locator("#end-title")).to_have_text("You won!")
    assert [c for c in page.calls if c != "variants"] == [], page.calls


@pytest.mark.slow  # 20 s
def test_apophis_offline_hints_the_servers_move_after_a_gather_to_a_win(offline_page):
    """The page's kernel takes the gathered stock's order of the position it is asked about: the
    server's line of deal 960 (43 moves, both recycles among them) played by clicks up to its first
    recycle, each hint from there on is the server's move, to the win. (Hints asked from the start
    would follow the line the first one proved, and never search a position after a gather.)"""
    page = offline_page("apophis", 960)
    game = Game("apophis", number=960)
    line = []  # the server's hint at each position along the way
    while not game.is_won:
        line.append(server_move(game))
        game.play(line[-1])
    first = line.index("recycle") + 1
    play(page, " ".join(line[:first]))
    for n, move in enumerate(line[first:], first + 1):
        page.click("#btn-hint")
        expect(page.locator("#toast")).to_contain_text(re.compile(r"winning line|wins the game"))
        assert marked_cards(page) == (["draw"] if move in ("draw", "recycle") else sorted(move.split("+"))), n
        play(page, move, start=n - 1)
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#status")).to_contain_text("Pass 3/3")
    assert [c for c in page.calls if c != "variants"] == [], page.calls


def test_apophis_past_three_passes_offline_on_a_static_site_says_it_needs_the_game_server(offline_page):
    page = offline_page("apophis:passes=4", 44)
    page.click("#btn-hint")
    toast = page.locator("#toast")
    expect(toast).to_contain_text("Hints, review and Show the way for Apophis (4 passes) need the game")
    expect(toast).not_to_contain_text("does not know")
    expect(page.locator("#board .card.hint, #stock.hint")).to_have_count(0)


@pytest.mark.slow  # 4 s
def test_a_winnable_only_new_game_of_pharaohs_offline_is_winnable(offline_page):
    page = offline_page("pharaohs", 44)
    page.click("#btn-more")
    expect(page.locator("#winnable-label")).to_contain_text("Pharaohs")
    page.check("#winnable-check")
    page.keyboard.press("Escape")
    page.click("#btn-new")
    # Pharaohs's deals are winnable 1.4% of the time: the page's solver proves one, offline
    expect(page.locator("#toast")).to_have_text("A winnable deal: the solver has proven it.", timeout=60_000)
    number = int(re.search(r"Deal (\d+)$", page.locator("#status-game").inner_text())[1])
    assert number != 44
    assert solve(Game("pharaohs", number=number).deal).verdict == "winnable", number
    expect(page.locator("#board")).to_have_attribute("data-variant", "pharaohs")


STUCK_THIRTEEN_30 = (
    "draw Kd 2s+Jc draw 6c+7h 5d+8h Ad+Qh draw draw draw draw 4c+9d draw draw draw draw draw draw draw "
    "draw Td+3c draw draw Kc Kh"
)  # the first legal move each time, until none is left


def test_the_pinned_thirteen_line_is_stuck_in_the_engine():
    stuck = Game("thirteen", number=30)
    for move in STUCK_THIRTEEN_30.split():
        stuck.play(move)
    assert stuck.is_stuck


@pytest.mark.slow  # 9 s
def test_thirteen_offline_is_reviewed_once_it_is_over_and_the_review_says_it_knew_the_face_down_cards(
    offline_page,
):
    page = offline_page("thirteen", 30)
    moves = STUCK_THIRTEEN_30.split()
    play(page, " ".join(moves[:5]))
    page.click("#btn-more")
    page.click("#btn-moves")  # during play: no review, no way, which would show face-down cards
    expect(page.locator("#review-summary")).to_contain_text("come when the game is over")
    expect(page.locator("#btn-review")).to_be_hidden()
    expect(page.locator("#btn-way-start")).to_be_hidden()
    page.click("#btn-review-close")
    play(page, " ".join(moves[5:]), start=5)
    expect(page.locator("#end-title")).to_have_text("No move left")
    page.click("#end-review")
    marks = page.locator("#move-list li")
    expect(marks.nth(0)).to_have_attribute("data-mark", re.compile("."), timeout=60_000)
    expect(page.locator("#review-summary")).to_contain_text("The marks know the face-down cards")
    assert [c for c in page.calls if c != "variants"] == [], page.calls


def test_a_family_game_dealt_by_grade_is_of_that_grade_and_shows_it(page: Page):
    """Thirteen too: graded on its kernel twin (the thoughtful grade), its deal shown face down."""
    for game, grade in (("cheops", "hard"), ("thirteen", "easy")):
        open_link(page, game, 44)
        page.click("#btn-more")
        page.select_option("#grade-select", grade)
        page.keyboard.press("Escape")
        page.click("#btn-new")
        expect(page.locator("#toast")).to_have_text(
            f"A deal graded {grade.capitalize()}, proven winnable.", timeout=60_000
        )
        expect(page.locator("#status-grade")).to_have_text(grade.capitalize())
        expect(page.locator("#board")).to_have_attribute("data-variant", game)
        number = int(re.search(r"Deal (\d+)", page.locator("#status-game").inner_text())[1])
        assert difficulty(Deal.from_number(game, number)).grade == grade, (game, number)


def test_a_family_deal_opened_by_number_shows_its_grade_from_the_index_or_graded_in_the_worker(page: Page):
    listed = indexed("pharaohs", "hard")[0]
    open_link(page, "pharaohs", listed)
    expect(page.locator("#status-grade")).to_have_text("Hard")
    unlisted = 300_001  # Tut's Tomb: in no list (the lists hold deals below 2,000)
    grade = difficulty(Deal.from_number("tuts-tomb", unlisted)).grade
    open_link(page, "tuts-tomb", unlisted)
    expect(page.locator("body")).to_have_attribute(
        "data-graded", f"tuts-tomb {unlisted} {grade}", timeout=30_000
    )
    expect(page.locator("#status-grade")).to_have_text(grade.capitalize())


def test_apophis_dealt_by_grade_is_of_that_grade_and_a_listed_deal_shows_its_grade(page: Page):
    """Apophis's greedy player gathers the waste piles (goals/players.js), so it has grades too."""
    open_link(page, "apophis", 44)
    page.click("#btn-more")
    page.select_option("#grade-select", "expert")
    page.keyboard.press("Escape")
    page.click("#btn-new")
    expect(page.locator("#toast")).to_have_text("A deal graded Expert, proven winnable.", timeout=60_000)
    expect(page.locator("#status-grade")).to_have_text("Expert")
    expect(page.locator("#board")).to_have_attribute("data-variant", "apophis")
    number = int(re.search(r"Deal (\d+)", page.locator("#status-game").inner_text())[1])
    assert difficulty(Deal.from_number("apophis", number)).grade == "expert", number
    listed = indexed("apophis", "hard")[0]
    open_link(page, "apophis", listed)
    expect(page.locator("#status-grade")).to_have_text("Hard")
