"""The server's hints and reviews of the Pyramid family's games are still those written down in
tests/golden/family_hints_corpus.json (tools/family_hints_corpus.py), which the page's solver is
held to (tests/js/family-hints.test.mjs): one truth for /api/hint, /api/review and the page."""

import json
from pathlib import Path

import pytest

from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver.hints import advice
from pyramid_solitaire.solver.review import review

CORPUS_FILE = Path(__file__).parent / "golden" / "family_hints_corpus.json"
CORPUS = json.loads(CORPUS_FILE.read_text(encoding="utf-8"))
SECONDS = 30.0  # as the corpus was made: the answers are the search's, not the clock's


@pytest.mark.parametrize("entry", CORPUS, ids=lambda e: f"{e['record']['variant']}-{e['record']['deal']}")
def test_the_servers_hint_and_review_are_the_corpus(entry):
    game = Game.from_record(entry["record"])
    hint = advice(game, SECONDS)
    assert {k: hint[k] for k in entry["hint"]} == entry["hint"]
    reviewed = review(game, SECONDS).to_dict()
    marks = [m["mark"] for m in reviewed["moves"]]
    kept = {k: reviewed[k] for k in ("start", "losing_move", "last_winnable", "at_loss")}
    assert {"marks": marks, **kept} == entry["review"]
