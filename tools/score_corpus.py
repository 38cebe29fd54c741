"""The score corpus: lines of play with the score after every move, from goals/score.py (the
specification), so the page's goals/score.js can be held to it.

    python tools/score_corpus.py      # rewrites tests/golden/score_corpus.json

Deterministic: fixed seeds, solver lines bounded by nodes. tests/test_score.py replays it through
Python, tests/js/score.test.mjs through the page's rules and score.js.
"""

import json
import random
from pathlib import Path
from typing import Any

from pyramid_solitaire.engine.deal import START, Deal
from pyramid_solitaire.engine.variants import GAMES, VARIANTS
from pyramid_solitaire.goals.score import score
from pyramid_solitaire.solver import WINNABLE, solve
from pyramid_solitaire.solver.reference import plain_solve

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "golden" / "score_corpus.json"
DEALS = range(1, 7)  # per variant: the first winnable ones are played by the solver's line
# The family's layouts: the inverted pyramid, Pharaohs's three pyramids, Pyramid Dozen's reserves
# (no rows) and Thirteen's face-down cards, in random lines to their end, and won by the plain
# search's line (solver/reference.py) on the deals where it finds one.
FAMILY = {"triangle": (1, 2), "pharaohs": (1, 44), "pyramid-dozen": (1, 16), "thirteen": (1, 2)}
PLAIN_NODES = 5_000
SOLVER_NODES = 200_000


def random_line(deal: Deal, rng: random.Random) -> list[str]:
    """A playout that prefers removing cards, to an end (won or stuck)."""
    state, line = START, []
    while moves := deal.legal_moves(state):
        removals = [m for m in moves if m.kind in ("pair", "king")]
        move = rng.choice(removals if removals and rng.random() < 0.8 else moves)
        state = deal.apply(state, move)
        line.append(str(move))
    return line


def entry(deal: Deal, line: list[str]) -> dict[str, Any]:
    state, scores = START, []
    for text in line:
        state = deal.apply(state, deal.parse_move(text))
        scores.append(score(state, deal.layout))
    return {"variant": deal.variant.id, "deal": deal.number, "line": line, "scores": scores}


def corpus() -> list[dict[str, Any]]:
    rng = random.Random(35)
    entries = []
    for variant in VARIANTS:
        for number in DEALS:
            deal = Deal.from_number(variant, number)
            found = solve(deal, node_limit=SOLVER_NODES)
            if found.verdict == WINNABLE:
                entries.append(entry(deal, [str(m) for m in found.line]))
            entries.append(entry(deal, random_line(deal, rng)))
    for game, numbers in FAMILY.items():
        assert game in GAMES
        for deal in (Deal.from_number(game, n) for n in numbers):
            found = plain_solve(deal, node_limit=PLAIN_NODES)
            if found.verdict == WINNABLE:
                entries.append(entry(deal, [str(m) for m in found.line]))
            entries.append(entry(deal, random_line(deal, rng)))
    return entries


if __name__ == "__main__":
    CORPUS.write_text(json.dumps(corpus(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {CORPUS}")
