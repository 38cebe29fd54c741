"""The consistent corpus: Pyramid Thirteen positions with the seed, the unseen places, the first
sampled deals and the hint of solver/consistent.py (the specification), so the page's
solver/consistent.js can be held to it.

    python tools/consistent_corpus.py      # rewrites tests/golden/consistent_corpus.json

Deterministic: fixed games and counts of positions. tests/test_thirteen.py checks it is what
Python answers, tests/js/consistent.test.mjs that the page answers the same.
"""

import json
import random
from pathlib import Path
from typing import Any

from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver.consistent import consistent_deals, seed, unseen_positions
from pyramid_solitaire.solver.hints import advice
from pyramid_solitaire.solver.search import solve

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "golden" / "consistent_corpus.json"
SHOWN_SAMPLES = 3  # the first sampled deals written out, to find a shuffle that drifts


def on_the_way(number: int, moves: int) -> Game:
    """Thirteen's deal `number` after the first `moves` of the kernel's winning line."""
    game = Game("thirteen", number=number)
    for move in solve(game.deal).line[:moves]:
        game.play(move)
    return game


def played(number: int, seed_: int, moves: int | None = None) -> Game:
    """Thirteen's deal `number` after `moves` random legal moves (None: until none is left)."""
    rng, game = random.Random(seed_), Game("thirteen", number=number)
    while (legal := game.legal_moves()) and (moves is None or len(game.moves) < moves):
        game.play(rng.choice(legal))
    return game


def entry(name: str, game: Game) -> dict[str, Any]:
    deal, state = game.deal, game.state
    unseen = unseen_positions(deal, state)
    hint = advice(game, time_limit=600)  # every sample: the answer is set by counts of positions
    hint.pop("seconds")
    samples = [list(s.cards) for s in consistent_deals(deal, state, SHOWN_SAMPLES)]
    found = seed(deal, state, unseen)
    return {
        "case": name,
        "record": game.to_record(),
        "unseen": unseen,
        "seed": str(found),
        "samples": samples,
        "hint": hint,
    }


def corpus() -> list[dict[str, Any]]:
    return [
        entry("at the start", Game("thirteen", number=18)),
        entry("four moves along a winning line", on_the_way(18, 4)),
        entry("a random game", played(5, 5, 6)),
        entry("no move left", played(2, 2)),
    ]


if __name__ == "__main__":
    CORPUS.write_text(json.dumps(corpus(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {CORPUS}")
