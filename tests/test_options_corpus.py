"""The Python engine still answers what the options corpus says (tests/golden/options_corpus.json,
written by tools/options_corpus.py): the rule options' moves, refusals and wins. The page's rules
are held to it once they play options (a separate file until then, so tests/js keep passing)."""

import json
from functools import partial
from pathlib import Path

import pytest
from tools.corpus import check_game, check_illegal, check_playout, refusal
from tools.options_corpus import OPTIONS_CORPUS, refused_section, variants_section

from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import get_variant
from pyramid_solitaire.engine.view import dump, view

REGENERATE = "regenerate with `python tools/options_corpus.py` if the rule changed on purpose"
corpus = json.loads(Path(OPTIONS_CORPUS).read_text(encoding="utf-8"))


def test_variants_and_refused_texts():
    assert variants_section() == corpus["variants"], REGENERATE
    assert refused_section() == corpus["refused"], REGENERATE
    for rules in corpus["variants"].values():
        assert get_variant(rules["text"]).text == rules["text"]  # the canonical text reads back as itself


@pytest.mark.parametrize("entry", corpus["games"], ids=lambda g: f"{g['variant']}: {g['name']}")
def test_games_view_after_every_step(entry):
    check_game(entry, REGENERATE)


def test_playouts_legal_moves_after_every_step():
    for entry in corpus["playouts"]:
        check_playout(entry, REGENERATE)


def test_illegal_moves_under_options():
    for probe in corpus["illegal"]:
        check_illegal(probe, REGENERATE)


def test_records_with_options():
    for good in corpus["records"]["good"]:
        game = Game.from_record(good["record"])
        assert view(game) == good["view"] and dump(game) == good["dump"]
    for bad in corpus["records"]["bad"]:
        assert {"record": bad["record"], **refusal(partial(Game.from_record, bad["record"]))} == bad, (
            REGENERATE
        )


def test_the_corpus_shows_each_option_at_work():
    views = [v for g in corpus["games"] for v in [g["start"]] + [s["view"] for s in g["steps"]]]
    assert any(v["passes_left"] is None and v["can_recycle"] for v in views), "an unlimited recycle"
    overlap = next(g for g in corpus["games"] if g["name"] == "an overlap pair")
    assert "7c+6c" in overlap["steps"][0]["view"]["moves"]
    assert any(p["error"] is None and p["move"] == "7c+6c" for p in corpus["illegal"])
    assert any(p.get("code") == "card_covered" and p["move"] == "7c+6c" for p in corpus["illegal"])
    assert any(v["won"] and "win=all" in v["variant"] for v in views), "a game won with all 52 cards"
    won_all = [v for v in views if v["won"] and "win=all" in v["variant"]]
    assert all(not v["wastes"][0] and not v["stock"]["count"] for v in won_all if v["wastes"])
    ends = {(e["variant"], s[2]) for e in corpus["playouts"] for s in e["steps"][-1:]}
    assert any(end == "stuck" for _, end in ends)
