"""The Python solver still answers what the solver corpus says (tests/golden/solver_corpus.json).

The corpus is what the page's WebAssembly kernel is held to (tests/js/solver.test.mjs); this holds
the native kernel to it, so a pruning rule changed in one build of solver/c/ only fails one side.
When the search changes on purpose, rebuild (`make wasm`) and regenerate with
`python tools/solver_corpus.py`."""

import json

import pytest
from tools.solver_corpus import CORPUS, NODES

from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import solve

REGENERATE = "regenerate with `python tools/solver_corpus.py` if the search changed on purpose"
corpus = json.loads(CORPUS.read_text(encoding="utf-8"))


def position(entry: dict) -> Game:
    return Game.from_record(
        {"version": 1, "variant": entry["variant"], "deal": entry["deal"], "moves": entry["moves"]}
    )


@pytest.mark.parametrize("variant", sorted({e["variant"] for e in corpus}))
def test_native_kernel_answers_the_corpus(variant):
    for entry in (e for e in corpus if e["variant"] == variant):
        game = position(entry)
        decided = solve(game.deal, game.state, node_limit=NODES)
        best = solve(game.deal, game.state, shortest=True, node_limit=NODES)
        where = f"{variant} deal {entry['deal']} after {len(entry['moves'])} moves: {REGENERATE}"
        assert (decided.verdict, decided.searched, [str(m) for m in decided.line]) == (
            entry["verdict"],
            entry["states"],
            entry["line"],
        ), where
        assert (best.steps, best.searched) == (entry["shortest"], entry["shortest_states"]), where


@pytest.mark.slow  # 86 s at load 26 (pytest --durations, 1 Dec 2026)
def test_corpus_is_what_the_tool_writes(tmp_path):
    from tools.solver_corpus import main

    out = tmp_path / "corpus.json"
    main(["--out", str(out)])
    assert out.read_text(encoding="utf-8") == CORPUS.read_text(encoding="utf-8"), REGENERATE


def test_answers_are_what_the_server_says_now():
    """The hints and reviews the page's ports are held to (tests/js/solver.test.mjs)."""
    from tools.solver_corpus import ANSWERS, answers

    assert answers() == json.loads(ANSWERS.read_text(encoding="utf-8")), REGENERATE


def test_the_shared_answers_are_what_the_tool_writes():
    """tests/golden/solver_shared.json: the review and hint fields the page must give where a
    budget ran out (tests/js/review.test.mjs and hints.test.mjs hold the page to them)."""
    from tools.solver_corpus import SHARED, shared

    written = json.loads(SHARED.read_text(encoding="utf-8"))
    assert shared() == written, REGENERATE
    reviews = {c["case"]: c["review"] for c in written if "review" in c}
    assert reviews["won, the start line not proven"]["longer_by"] is None
    assert reviews["won, the start line proven"]["longer_by"] == 3
    assert not reviews["cut off at its last move"]["complete"]
