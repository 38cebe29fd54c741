"""The score (goals/score.py, docs/score.md): the numbers, and the corpus the page is held to."""

import json

import pytest
from tools.score_corpus import CORPUS, corpus

from pyramid_solitaire.engine.deal import PYRAMID_MASK, START, Deal, State
from pyramid_solitaire.engine.layouts import LAYOUTS
from pyramid_solitaire.goals.score import best_score, line_scores, rows_cleared, score

ROW_6 = sum(1 << p for p in range(21, 28))  # the bottom row's slots


def test_points_of_the_docs():
    assert score(START) == 0
    assert score(State(removed=0b11 << 28)) == 10  # a pair of stock cards
    assert score(State(removed=ROW_6)) == 7 * 5 + 25  # the bottom row cleared
    assert score(State(removed=PYRAMID_MASK)) == 28 * 5 + 7 * 25 + 100 == 415
    assert score(State(removed=(1 << 52) - 1)) == 535  # every card, no recycle
    assert score(State(removed=0, recycles=1)) == -20  # below 0 is shown as it is
    assert score(State(removed=PYRAMID_MASK, recycles=2)) == 375


def test_rows_clear_only_when_whole():
    assert rows_cleared(State(removed=ROW_6 & ~(1 << 27))) == 0
    assert rows_cleared(State(removed=ROW_6)) == 1


def mask(positions) -> int:
    return sum(1 << p for p in positions)


def test_the_row_bonus_reads_each_family_layout():
    """Broken on purpose and seen to fail: the pyramid's 7 rows counted in every layout."""
    pharaohs, inverted = LAYOUTS["pharaohs"], LAYOUTS["inverted"]
    assert score(State(removed=(1 << 52) - 1), pharaohs) == 5 * 52 + 25 * (2 + 7 + 6) + 100 == 735
    assert score(State(removed=mask(range(3))), pharaohs) == 3 * 5 + 2 * 25  # the small pyramid, no win
    assert score(State(removed=mask(range(31, 52))), pharaohs) == 21 * 5 + 6 * 25  # the third pyramid
    assert rows_cleared(State(removed=mask([27])), inverted) == 1  # its single card starts free
    assert score(State(removed=mask(range(21, 28))), inverted) == 7 * 5 + 3 * 25  # rows of 3, 2, 1
    assert score(State(removed=PYRAMID_MASK), inverted) == 415
    dozen = Deal.from_number("pyramid-dozen", 1)  # 24 reserve cards after the pyramid: no rows
    assert score(State(removed=mask(range(28, 52))), dozen.layout) == 24 * 5
    assert score(State(removed=(1 << 52) - 1), dozen.layout) == 535
    thirteen = Deal.from_number("thirteen", 1)
    assert thirteen.layout == LAYOUTS["pyramid"] and score(State(removed=ROW_6), thirteen.layout) == 60


def test_a_line_scores_each_move():
    deal = Deal.from_number("pyramid", 1)
    moves = [deal.parse_move(m) for m in ("Kc", "Kh", "draw")]
    assert line_scores(deal, moves) == [5, 10, 10]
    assert best_score(deal, moves) == 10
    assert best_score(deal, []) == 0


@pytest.mark.slow  # 6 s at load 26 (pytest --durations, 1 Dec 2026)
def test_corpus_is_current():
    """The page's score.js is held to this file (tests/js/score.test.mjs): it must still be what
    goals/score.py says (`python tools/score_corpus.py` after a change on purpose)."""
    stored = json.loads(CORPUS.read_text(encoding="utf-8"))
    assert stored == corpus()


@pytest.mark.parametrize("kind", ["recycle", "won", "giza"])
def test_corpus_covers(kind):
    stored = json.loads(CORPUS.read_text(encoding="utf-8"))
    found = {
        "recycle": any("recycle" in e["line"] for e in stored),
        "won": any(e["scores"] and e["scores"][-1] >= 415 - 40 for e in stored),
        "giza": any(e["variant"] == "giza" for e in stored),
    }
    assert found[kind]
