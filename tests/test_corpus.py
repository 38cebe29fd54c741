"""The Python engine still answers what the conformance corpus says (tests/golden/corpus.json).

The corpus is what the page's rules (js/rules/) are held to (tests/js/engine.test.mjs). When a
rule changes on purpose, regenerate it with `python tools/corpus.py`, and the JS test then shows
what js/rules/ must follow; a rule changed by accident fails here."""

import json
from functools import partial
from pathlib import Path

import pytest
from tools.corpus import CORPUS, act, illegal_probe, refusal, variants_section

from pyramid_solitaire.engine.cards import card_text, parse_card
from pyramid_solitaire.engine.decks import deal_cards, format_deck, parse_deck
from pyramid_solitaire.engine.game import Game, RecordError
from pyramid_solitaire.engine.view import view

REGENERATE = "regenerate with `python tools/corpus.py` if the rule changed on purpose"
corpus = json.loads(Path(CORPUS).read_text(encoding="utf-8"))


def new_game(entry: dict) -> Game:
    if "deal" in entry:
        return Game(entry["variant"], number=int(entry["deal"]))
    return Game(entry["variant"], deck=entry["deck"])


def test_variants_cards_and_deals():
    assert variants_section() == corpus["variants"], REGENERATE
    for text, expected in corpus["cards"]:
        try:
            got = card_text(parse_card(text))
        except ValueError:
            got = None
        assert got == expected, f"card {text!r}; {REGENERATE}"
    for number, deck in corpus["deals"]["numbers"]:
        assert format_deck(deal_cards(int(number))) == deck, f"deal {number}; {REGENERATE}"
    for bad in corpus["deals"]["bad_numbers"]:
        with pytest.raises(RecordError):
            Game.from_record({"version": 1, "deal": bad})
    for bad in corpus["deals"]["bad_decks"]:
        assert {"deck": bad["deck"], **refusal(partial(parse_deck, bad["deck"]))} == bad, REGENERATE


@pytest.mark.parametrize("entry", corpus["games"], ids=lambda g: f"{g['variant']}: {g['name']}")
def test_games_view_after_every_step(entry):
    game = new_game(entry)
    assert view(game) == entry["start"], REGENERATE
    for n, step in enumerate(entry["steps"], 1):
        act(game, step["do"])
        assert view(game) == step["view"], f"step {n} ({step['do']}); {REGENERATE}"


def test_playouts_legal_moves_after_every_step():
    for entry in corpus["playouts"]:
        game = new_game(entry)
        for n, (action, moves, end) in enumerate(entry["steps"], 1):
            act(game, action)
            where = f"{entry['variant']} deal {entry['deal']} step {n} ({action}); {REGENERATE}"
            assert " ".join(str(m) for m in game.legal_moves()) == moves, where
            assert ("won" if game.is_won else "stuck" if game.is_stuck else "") == end, where


def test_illegal_moves_are_refused_alike():
    for probe in corpus["illegal"]:
        game = new_game(probe)
        for move in probe["moves"]:
            game.play(move)
        where = f"{probe['variant']} {probe['moves']} then {probe['move']!r}; {REGENERATE}"
        assert illegal_probe(game, probe["move"]) == probe, where


def test_records():
    for good in corpus["records"]["good"]:
        game = Game.from_record(good["record"])
        assert view(game) == good["view"]
        assert json.loads(game.to_json())["moves"] == good["record"]["moves"]
    for bad in corpus["records"]["bad"]:
        assert {"record": bad["record"], **refusal(partial(Game.from_record, bad["record"]))} == bad, (
            REGENERATE
        )


def test_corpus_reaches_the_edge_cases():
    """The corpus is worth its size only if it covers what random deals rarely show."""
    views = [v for g in corpus["games"] for v in [g["start"]] + [s["view"] for s in g["steps"]]]
    assert any(v["variant"] == "giza" and [] in v["piles"] for v in views), "a Giza pile emptied"
    assert any(any(p and p[-1][0] == "K" for p in v["piles"]) for v in views), "a king on a pile top"
    assert any(v["passes_left"] == 1 and v["stock"]["count"] == 0 and v["stuck"] for v in views), "last pass"
    assert any(len(v["wastes"]) == 3 and all(v["wastes"]) for v in views), "three wastes in play"
    assert any(v["stock"]["available"] and v["stock"]["top"] in " ".join(v["moves"]) for v in views)
    assert any(isinstance(v["deal"], str) for v in views), "a deal number past 2**53"
    assert any(v["won"] for v in views) and any(v["stuck"] for v in views)
    assert {v["variant"] for v in views} == set(corpus["variants"])
