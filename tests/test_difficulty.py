"""Grades of difficulty (goals/): the fast greedy player plays its specification's games, a grade is
the same whenever it is asked, the index and thresholds agree with grading, the command line."""

import json
import re
from pathlib import Path

import pytest

from pyramid_solitaire.cli import main
from pyramid_solitaire.engine.deal import START, Deal
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.goals import grades, index, players
from pyramid_solitaire.goals.grades import GRADES, UnknownGrade, difficulty, grade_of, parse_grade
from pyramid_solitaire.goals.measures import decide, forced, losing, measure
from pyramid_solitaire.research import grading
from pyramid_solitaire.solver.search import solve

JS_THRESHOLDS = Path(grades.__file__).parents[1] / "static" / "js" / "goals" / "thresholds.js"


@pytest.mark.parametrize("variant", sorted(grades.GRADED))
def test_the_fast_greedy_player_plays_the_games_of_its_specification(variant):
    """greedy_game (lists of positions) wins exactly the games rollout(greedy_score) over Deal wins."""
    for number in index.indexed(variant, "easy")[:8] + list(range(4)):
        deal = Deal.from_number(variant, number)
        for seed in range(3):
            fast = players.greedy_game(deal, seed)
            assert fast == players.rollout(deal, players.greedy_score, seed), (variant, number, seed)
    # and a won game (Cheops's greedy player wins few): the comparison saw wins, not only losses
    easy = [Deal.from_number(variant, n) for n in index.indexed(variant, "easy")]
    deal, seed = next((d, k) for d in easy for k in range(grades.ROLLOUTS) if players.greedy_game(d, k))
    assert players.rollout(deal, players.greedy_score, seed), (deal, seed)


def test_splitmix64_is_the_rules_generator():
    """The first numbers of seed 0 are SplitMix64's published ones."""
    rng = players.SplitMix64(0)
    assert [rng.next() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_a_grade_is_the_same_whenever_it_is_asked():
    deal = Deal.from_number("pyramid", 1)
    first = difficulty(deal)
    assert first.verdict == "winnable" and first.grade in GRADES
    assert difficulty(Deal.from_number("pyramid", 1)) == first
    assert difficulty(Deal.from_deck("pyramid", deal.deck_string())) == first


def test_an_unwinnable_deal_has_no_grade():
    found = difficulty(Deal.from_number("pyramid", 0))
    assert (found.verdict, found.grade, found.key) == ("unwinnable", None, None)


@pytest.mark.parametrize("variant", ["classic:passes=3", "cheops:passes=2", "apophis:passes=4"])
def test_a_game_with_options_is_not_graded(variant):
    """The thresholds and the greedy player are of the GRADED games as dealt (Apophis with more
    passes too: a rule option)."""
    with pytest.raises(UnknownGrade, match=f"{variant} has no grades"):
        difficulty(Deal.from_number(variant, 1))


def test_apophis_is_graded_and_its_greedy_player_gathers_the_waste_piles():
    """Apophis's recycle gathers pile 1, 2, 3 into a new order: the fast player plays the games of
    its specification over Deal there too, wins some of them, and its deals have grades."""
    won = 0
    for number in range(40):
        deal = Deal.from_number("apophis", number)
        for seed in range(4):
            fast = players.greedy_game(deal, seed)
            assert fast == players.rollout(deal, players.greedy_score, seed), (number, seed)
            won += fast
    assert 0 < won < 160
    # a pass that removed nothing does not end the game (the gathered order plays differently):
    # deal 277's game of seed 1 is won only after such a pass (so is node's, tests/js/grades.test.mjs)
    deal = Deal.from_number("apophis", 277)
    assert players.greedy_game(deal, 1) and players.rollout(deal, players.greedy_score, 1)
    found = difficulty(Deal.from_number("apophis", 1))
    assert found.verdict == "winnable" and found.grade in GRADES


@pytest.mark.parametrize("variant", sorted(set(grades.GRADED) - set(VARIANTS)))
def test_a_family_game_grades_its_winnable_deals(variant):
    """The first winnable deal of each family game has a grade, its measure's figures (Pharaohs's
    first is deal 44: its deals are decided in a few positions each)."""
    graded = (difficulty(Deal.from_number(variant, n)) for n in range(2000))
    found = next(f for f in graded if f.verdict == "winnable")
    assert found.grade in GRADES and 0 <= found.wins <= grades.ROLLOUTS and found.states > 0


def test_an_unknown_grade_is_refused_naming_the_four():
    assert parse_grade("Hard") == "hard"
    with pytest.raises(UnknownGrade, match="unknown grade 'brutal' .*easy, medium, hard and expert"):
        parse_grade("brutal")


@pytest.mark.parametrize("argv", [["difficulty"], ["difficulty", "7", "--pick", "easy"]])
def test_difficulty_needs_exactly_one_source(argv, capsys):
    assert main(argv) == 2
    assert "difficulty needs one of: a deal number" in capsys.readouterr().err


def test_more_losses_is_harder_whatever_the_states():
    easy = grades.Difficulty("winnable", None, wins=15, states=grades.STATES_CAP * 10)
    hard = grades.Difficulty("winnable", None, wins=14, states=1)
    assert easy.key < hard.key


def test_among_deals_greedy_never_wins_more_losing_removals_is_harder_whatever_the_states():
    trapped = grades.Difficulty("winnable", None, wins=0, states=1, losing=3)
    open_ = grades.Difficulty("winnable", None, wins=0, states=grades.STATES_CAP, losing=2)
    assert open_.key < trapped.key
    won_once = grades.Difficulty("winnable", None, wins=1, states=grades.STATES_CAP, losing=40)
    assert won_once.key < open_.key  # counted only when the greedy player wins none


def test_losing_removals_are_the_removals_along_the_line_that_lose():
    """Classic deal 1,000,010: the greedy player loses all 16; 31 removals open along the solver's
    line lose the deal (counted again here from the rules and the solver, move by move)."""
    deal = Deal.from_number("classic", 1_000_010)
    decision = decide(deal)
    state, traps = START, 0
    for move in decision.line:
        for other in deal.legal_moves(state):
            if other.cards and other != move:
                traps += solve(deal, deal.apply(state, other), node_limit=200_000).verdict == "unwinnable"
        state = deal.apply(state, move)
    assert losing(deal, decision.line) == traps == 31
    found = difficulty(deal)
    assert (found.wins, found.losing) == (0, 31)
    assert difficulty(Deal.from_number("pyramid", 1)).losing == 0  # won by greedy: not searched


@pytest.mark.parametrize("variant", sorted(grades.THRESHOLDS))
def test_thresholds_rise_and_cut_the_keys_into_the_four_grades(variant):
    low, mid, high = grades.THRESHOLDS[variant]
    assert low <= mid <= high
    assert [grade_of(variant, k) for k in (low, low + 1, mid + 1, high + 1)][::3] == ["easy", "expert"]


def test_the_page_has_the_same_thresholds():
    text = JS_THRESHOLDS.read_text()
    js = json.loads(re.search(r"THRESHOLDS = (\{.*\});", text)[1])
    assert js == grades.THRESHOLDS
    assert json.loads(re.search(r"MEASURE_VERSION = (\".*\");", text)[1]) == grades.MEASURE_VERSION


def test_every_graded_game_has_thresholds_and_an_index_of_each_grade():
    assert set(grades.THRESHOLDS) == set(grades.GRADED)
    assert index.index()["version"] == grades.MEASURE_VERSION
    for variant in grades.GRADED:
        for grade in GRADES:
            assert len(index.indexed(variant, grade)) >= 20, (variant, grade)


@pytest.mark.parametrize("variant", sorted(grades.GRADED))
def test_indexed_deals_grade_as_the_index_says(variant):
    """A sample of each list: the first and the last two deals of each grade."""
    for grade in GRADES:
        numbers = index.indexed(variant, grade)
        for number in numbers[:1] + numbers[-2:]:
            assert difficulty(Deal.from_number(variant, number)).grade == grade, (variant, number)


def test_the_index_is_a_few_kilobytes_per_variant():
    assert index.INDEX_FILE.stat().st_size < 8000 * len(grades.GRADED)


def test_candidate_measures_are_larger_for_harder_and_forced_counts_choices():
    deal = Deal.from_number("giza", 1)
    decision = decide(deal)
    assert decision.verdict == "winnable"
    assert 0 <= forced(deal, decision.line) <= len(decision.line)
    assert measure(deal, "states", decision) == decision.states
    assert 0 <= measure(deal, "greedy") <= 16
    with pytest.raises(ValueError, match="not proven winnable"):
        measure(Deal.from_number("pyramid", 0), "forced")


def test_command_line_grades_a_deal(capsys):
    assert main(["difficulty", "1", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["grade"] == difficulty(Deal.from_number("pyramid", 1)).grade
    assert answer["measure_version"] == grades.MEASURE_VERSION
    assert main(["difficulty", "0"]) == 0
    assert capsys.readouterr().out == "pyramid deal 0: no grade (not winnable)\n"


@pytest.mark.parametrize("variant", ["giza", "pyramid-dozen", "apophis"])
def test_command_line_picks_deals_that_grade_the_same_again(variant, capsys):
    assert main(["difficulty", "--variant", variant, "--pick", "expert", "--count", "3", "--json"]) == 0
    picked = json.loads(capsys.readouterr().out)
    assert len({p["deal"] for p in picked}) == 3
    for p in picked:
        assert p["grade"] == "expert"
        assert difficulty(Deal.from_number(variant, p["deal"])).grade == "expert"
        assert main(["difficulty", "--variant", variant, str(p["deal"])]) == 0
        assert capsys.readouterr().out.endswith(": expert\n")


@pytest.mark.parametrize(
    "argv",
    [
        ["difficulty", "--pick", "brutal"],
        ["difficulty", "--variant", "nope", "1"],
        ["difficulty"],
        ["difficulty", "1", "--pick", "easy"],
        ["difficulty", "--deals", "0..9"],
    ],
)
def test_bad_input_is_one_line_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1


def test_a_grading_run_stores_rows_and_resumes(tmp_path, capsys):
    out = str(tmp_path / "grades")
    argv = ["difficulty", "--variant", "giza", "--deals", "0..19", "--chunk", "10", "--out", out]
    assert main(argv) == 0
    assert "20 deals graded" in capsys.readouterr().out
    assert main(argv) == 0
    assert "0 deals graded" in capsys.readouterr().out  # all there: nothing graded twice
    rows = [r for t in grading.read(out, "giza") for r in t.to_pylist()]
    assert [r["deal"] for r in rows] == list(range(20))
    assert {r["measure_version"] for r in rows} == {grades.MEASURE_VERSION}
    lost = [r for r in rows if r["verdict"] == "winnable" and r["greedy_wins"] == 0]
    assert lost and lost[0]["losing"] > 0  # a deal the greedy player never wins: its traps stored
    again = grades.measured(Deal.from_number("giza", lost[0]["deal"]))
    assert (lost[0]["greedy_wins"], lost[0]["states"], lost[0]["losing"]) == (0, again.states, again.losing)


@pytest.mark.parametrize("variant", ["giza", "pharaohs", "thirteen", "apophis"])
def test_the_api_deals_a_game_of_the_grade_asked(api, variant):
    answer = api.post("/api/new", json={"variant": variant, "grade": "Hard"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["grade"] == "hard"
    number = int(body["record"]["deal"])
    assert number in index.indexed(variant, "hard")
    assert difficulty(Deal.from_number(variant, number)).grade == "hard"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"grade": "brutal"}, "grade_unknown"),
        ({"grade": "easy", "deal": 3}, "deal_source"),
        ({"grade": "easy", "variant": "nope"}, "variant_unknown"),
        ({"grade": "easy", "variant": "apophis:passes=4"}, "grade_variant"),
    ],
)
def test_the_api_refuses_an_unknown_grade_with_a_code(api, body, code):
    answer = api.post("/api/new", json=body)
    assert 400 <= answer.status_code < 500 and answer.json()["code"] == code


@pytest.fixture(scope="module")
def api():
    from fastapi.testclient import TestClient

    from pyramid_solitaire.web import app

    return TestClient(app)


def test_the_grades_corpus_is_what_python_answers_now():
    """tests/golden/grades_corpus.json, which node replays over kernel.wasm, is this code's."""
    from tools import grades_corpus

    assert json.loads(grades_corpus.CORPUS.read_text()) == grades_corpus.corpus()
