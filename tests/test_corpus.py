"""The Python engine still answers what the conformance corpus says (tests/golden/corpus.json).

The corpus is what the page's rules (js/rules/) are held to (tests/js/engine.test.mjs). When a
rule changes on purpose, regenerate it with `python tools/corpus.py`, and the JS test then shows
what js/rules/ must follow; a rule changed by accident fails here."""

import json
from functools import partial
from pathlib import Path

import pytest
from codes import codes_in, engine_codes
from tools.corpus import (
    CORPUS,
    act,
    check_game,
    check_illegal,
    check_playout,
    family_rules,
    game_of,
    refusal,
    variants_section,
)

from pyramid_solitaire.engine.cards import card_text, parse_card
from pyramid_solitaire.engine.deal import Move
from pyramid_solitaire.engine.decks import (
    RANDOM_DEALS,
    deal_cards,
    format_deck,
    parse_deal_number,
    parse_deck,
)
from pyramid_solitaire.engine.game import Game, RecordError, one_deal_source
from pyramid_solitaire.engine.variants import GAMES
from pyramid_solitaire.engine.view import dump, view

REGENERATE = "regenerate with `python tools/corpus.py` if the rule changed on purpose"
corpus = json.loads(Path(CORPUS).read_text(encoding="utf-8"))


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
    for bad in corpus["deals"]["refused_numbers"]:
        assert {"number": bad["number"], **refusal(partial(parse_deal_number, bad["number"]))} == bad, (
            REGENERATE
        )


def test_a_game_without_a_deal_source_has_a_random_deal_below_the_corpus_bound():
    below = corpus["deals"]["random_below"]
    assert below == RANDOM_DEALS, REGENERATE
    numbers = [Game("pyramid").deal.number for _ in range(400)]
    assert all(n is not None and 0 <= n < below for n in numbers)
    assert max(n for n in numbers if n is not None) >= below // 2  # the whole range, not a part of it


@pytest.mark.parametrize("entry", corpus["games"], ids=lambda g: f"{g['variant']}: {g['name']}")
def test_games_view_after_every_step(entry):
    check_game(entry, REGENERATE)


@pytest.mark.slow  # 11 s at load 26 (pytest --durations, 1 Dec 2026)
def test_playouts_legal_moves_after_every_step():
    for entry in corpus["playouts"]:
        check_playout(entry, REGENERATE)


@pytest.mark.slow  # 5 s at load 26 (pytest --durations, 1 Dec 2026)
def test_illegal_moves_are_refused_alike():
    for probe in corpus["illegal"]:
        check_illegal(probe, REGENERATE)


@pytest.mark.parametrize("entry", corpus["actions"], ids=lambda a: f"{a['variant']} {a['before']} {a['do']}")
def test_actions_undo_redo_and_moves_in_rare_positions(entry):
    game = game_of(entry)
    for move in entry["moves"]:
        game.play(move)
    for step in entry["before"]:
        act(game, step)
    fields = {k: entry[k] for k in ("variant", "deal", "deck", "moves", "before", "do") if k in entry}
    try:
        returned = act(game, entry["do"])
        got = {**fields, "error": None, "returns": returned, "view": view(game)}
    except Exception as err:
        got = {**fields, **refusal(partial(_raise, err))}
    assert got == entry, REGENERATE


def _raise(err: Exception) -> None:
    raise err


def test_one_deal_source():
    for entry in corpus["sources"]:
        if "given" in entry:
            expected = {k: v for k, v in entry.items() if k != "given"}
            try:
                one_deal_source(entry["given"])
                got: dict = {"error": None}
            except Exception as err:
                got = refusal(partial(_raise, err))
            assert got == expected, f"{entry['given']}; {REGENERATE}"
        else:
            source = entry["source"]
            thunk = partial(Game, entry["variant"], number=int(source["deal"]), deck=source["deck"])
            assert {**entry, **refusal(thunk)} == entry, REGENERATE


def test_refusals_of_the_python_api():
    move, text = corpus["api"]
    jump = Move(move["move"]["kind"], tuple(move["move"]["cards"]))
    assert {"move": move["move"], **refusal(partial(Game("pyramid", number=1).play, jump))} == move
    assert {"json": text["json"], **refusal(partial(Game.from_json, text["json"]))} == text


@pytest.mark.slow  # 11 s at load 26 (pytest --durations, 1 Dec 2026)
def test_every_code_the_engine_raises_occurs_in_the_corpus():
    """A code the corpus never shows is a refusal engine.js is not held to (nor this engine)."""
    golden = Path(CORPUS).parent
    shown = set().union(*(codes_in(json.loads(p.read_text(encoding="utf-8"))) for p in golden.glob("*.json")))
    assert engine_codes() - shown == set(), "codes the corpus never shows; add a case to tools/corpus.py"
    assert len(engine_codes()) >= 45  # the scan found the engine


def test_records():
    for good in corpus["records"]["good"]:
        game = Game.from_record(good["record"])
        assert view(game) == good["view"] and dump(game) == good["dump"]
        assert json.loads(game.to_json())["moves"] == good["dump"]["moves"]  # as notation writes them
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


family = corpus["family"]


def test_the_family_s_rules_data():
    assert json.loads(json.dumps(family_rules())) == family["variants"], REGENERATE


@pytest.mark.parametrize("entry", family["games"], ids=lambda g: f"{g['variant']}: {g['name']}")
def test_family_games_view_after_every_step(entry):
    check_game(entry, REGENERATE)


def test_family_playouts_and_refusals():
    for entry in family["playouts"]:
        check_playout(entry, REGENERATE)
    for probe in family["illegal"]:
        check_illegal(probe, REGENERATE)
    assert {e["variant"] for e in family["playouts"]} == set(GAMES)
