import json

import pytest

from pyramid_solitaire.deal import IllegalMove
from pyramid_solitaire.decks import DeckError, deal_cards, format_deck
from pyramid_solitaire.game import Game, RecordError


def played(variant="pyramid", number=1, moves=("Kc", "Kh", "draw", "draw")):
    g = Game(variant, number=number)
    for m in moves:
        g.play(m)
    return g


def test_undo_restores_the_state_and_redo_replays_draws_too():
    g = played()
    states = list(g.states)
    assert str(g.undo()) == "draw" and str(g.undo()) == "draw"
    assert g.state == states[2] and [str(m) for m in g.redo_moves] == ["draw", "draw"]
    assert str(g.redo()) == "draw"
    assert g.state == states[3] and [str(m) for m in g.redo_moves] == ["draw"]


def test_a_new_move_drops_the_redo_path():
    g = played()
    for _ in range(3):
        g.undo()  # back to just after Kc; the redo path is Kh draw draw
    g.play("draw")  # differs from the undone Kh
    assert g.redo_moves == []
    with pytest.raises(IllegalMove, match="nothing to redo"):
        g.redo()


def test_nothing_to_undo_at_the_start():
    with pytest.raises(IllegalMove, match="nothing to undo"):
        Game("pyramid", number=3).undo()


def test_restart_goes_back_to_the_same_deal():
    g = played()
    g.restart()
    assert g.moves == [] and g.state == g.states[0] and g.deal.number == 1


def test_record_round_trip_keeps_moves_and_redo_path():
    g = played("open-stock", 1)
    g.undo()
    record = g.to_record()
    assert record == {
        "version": 1,
        "variant": "open-stock",
        "deal": 1,
        "moves": ["Kc", "Kh", "draw"],
        "redo": ["draw"],
    }
    again = Game.from_json(json.dumps(record))
    assert again.state == g.state and again.moves == g.moves and again.redo_moves == g.redo_moves


def test_record_with_a_deck_string():
    deck = format_deck(deal_cards(9))
    g = Game("giza", deck=deck)
    record = g.to_record()
    assert record["deck"] == deck and "deal" not in record
    assert Game.from_record(record).deal.cards == g.deal.cards


@pytest.mark.parametrize(
    "record,message",
    [
        ([], "is a JSON object"),
        ({"version": 1, "variant": "pyramid", "deal": 1, "cheat": True}, "unknown field.*cheat"),
        ({"version": 2, "variant": "pyramid", "deal": 1}, "version must be 1"),
        ({"version": 1, "variant": "spider", "deal": 1}, "unknown variant 'spider'"),
        ({"version": 1, "variant": "pyramid"}, "exactly one of 'deal'"),
        ({"version": 1, "variant": "pyramid", "deal": 1, "deck": "x"}, "exactly one of 'deal'"),
        ({"version": 1, "variant": "pyramid", "deal": -4}, "out of range"),
        ({"version": 1, "variant": "pyramid", "deal": "²"}, "must be an integer"),
        ({"version": 1, "variant": "pyramid", "deal": "12x"}, "must be an integer"),
        ({"version": 1, "variant": "pyramid", "deck": "Ah Kd"}, "deck string has 2 cards"),
        ({"version": 1, "variant": "pyramid", "deal": 1, "moves": "Kc"}, "list of move texts"),
        (
            {"version": 1, "variant": "pyramid", "deal": 1, "moves": ["Kc", "Qs+Ah"]},
            "move 2 'Qs\\+Ah'.*still in the stock",
        ),
        (
            {"version": 1, "variant": "pyramid", "deal": 1, "moves": ["Kc"], "redo": ["Kc"]},
            "redo: move 1 'Kc'.*already removed",
        ),
        ({"version": 1, "variant": "pyramid", "deal": 1, "moves": ["draw"] * 1001}, "at most 1000"),
    ],
)
def test_bad_records_are_refused_with_a_reason(record, message):
    with pytest.raises(RecordError, match=message):
        Game.from_record(record)


def test_bad_json_is_refused():
    with pytest.raises(RecordError, match="not valid JSON"):
        Game.from_json("{'version': 1")


def test_game_needs_one_deal():
    with pytest.raises(DeckError, match="either a deal number or a deck string"):
        Game("pyramid")


def test_no_move_after_the_game_is_won():
    from pyramid_solitaire.deal import PYRAMID_MASK, State

    g = Game("pyramid", number=1)
    g.states.append(State(PYRAMID_MASK, 0, 0))  # jump to a cleared pyramid
    assert g.is_won and not g.is_stuck
    with pytest.raises(IllegalMove, match="already won"):
        g.play("draw")


def test_record_deal_number_may_travel_as_text():
    # JavaScript numbers are exact only to 2**53, so the page sends big deal numbers as text.
    big = 2**64 - 1
    record = {"version": 1, "variant": "pyramid", "deal": str(big), "moves": []}
    assert Game.from_record(record).deal.number == big


def test_playing_the_move_redo_would_replay_keeps_the_rest_of_the_path():
    g = played()
    g.undo()
    g.undo()
    g.play("draw")  # the same move redo would replay
    assert [str(m) for m in g.redo_moves] == ["draw"]
