"""The grades corpus: what goals/ answers for a few deals of every graded game, written down so the
page's copy (static/js/goals/) can be held to it.

    python tools/grades_corpus.py     # rewrites tests/golden/grades_corpus.json

Each entry is a deal (a variant and a number) with the greedy player's game of every seed below
ROLLOUTS (won or not), the decision search's verdict and states, and the grade. Everything is
seeded or bounded by nodes, never by time, so regenerating gives the same file. Node
(tests/js/grades.test.mjs) replays it over kernel.wasm, pytest (tests/test_difficulty.py) here.
"""

import json
from pathlib import Path

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.goals.grades import GRADED, GRADES, ROLLOUTS, difficulty
from pyramid_solitaire.goals.index import indexed
from pyramid_solitaire.goals.players import greedy_game

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "golden" / "grades_corpus.json"


def entry(variant: str, number: int) -> dict:
    deal = Deal.from_number(variant, number)
    found = difficulty(deal)
    games = "".join("1" if greedy_game(deal, seed) else "0" for seed in range(ROLLOUTS))
    return {"variant": variant, "deal": number, "games": games, **found.to_dict()}


def corpus() -> list[dict]:
    """The six variants' entries first, as before the family was graded, then the family's."""
    numbers = {v: list(range(6)) + [indexed(v, g)[0] for g in GRADES if indexed(v, g)] for v in GRADED}
    return [entry(v, n) for v, found in numbers.items() for n in found]


if __name__ == "__main__":
    CORPUS.write_text(json.dumps(corpus(), indent=0) + "\n", encoding="utf-8")
