import json

import pytest

from pyramid_solitaire.engine.deal import IllegalMove
from pyramid_solitaire.engine.decks import RANDOM_DEALS, DeckError, deal_cards, format_deck
from pyramid_solitaire.engine.game import Game, RecordError, one_deal_source


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


BASE = {"version": 1, "variant": "pyramid"}


@pytest.mark.parametrize(
    "record,code,message",
    [
        ([], "record_not_object", "is a JSON object"),
        ({**BASE, "deal": 1, "cheat": True}, "record_unknown_fields", "unknown field.*cheat"),
        ({"version": 2, "variant": "pyramid", "deal": 1}, "record_version", "version must be 1"),
        ({"version": True, "variant": "pyramid", "deal": 1}, "record_version", "not true"),
        ({"version": 1, "variant": "spider", "deal": 1}, "record_deal", "unknown variant 'spider'"),
        ({**BASE}, "record_deal_or_deck", "exactly one of 'deal'"),
        ({**BASE, "deal": 1, "deck": "x"}, "record_deal_or_deck", "exactly one of 'deal'"),
        ({**BASE, "deck": 7}, "record_deck_type", "deck must be a deck string"),
        ({**BASE, "deal": -4}, "record_deal", "out of range"),
        ({**BASE, "deal": "²"}, "record_deal", "'²' is not a deal number"),
        ({**BASE, "deal": "12x"}, "record_deal", "is not a deal number"),
        ({**BASE, "deal": 1.0}, "record_deal", "'1.0' is not a deal number"),
        ({**BASE, "deck": "Ah Kd"}, "record_deal", "deck string has 2 cards"),
        ({**BASE, "deal": 1, "moves": "Kc"}, "record_moves_type", "list of move texts"),
        (
            {**BASE, "deal": 1, "moves": ["Kc", "Qs+Ah"]},
            "record_move",
            "move 2 'Qs\\+Ah'.*still in the stock",
        ),
        (
            {**BASE, "deal": 1, "moves": ["Kc"], "redo": ["Kc"]},
            "record_move",
            "redo: move 1 'Kc'.*already removed",
        ),
        ({**BASE, "deal": 1, "moves": ["draw"] * 1001}, "record_moves_many", "at most 1000"),
    ],
)
def test_bad_records_are_refused_with_a_code_and_a_reason(record, code, message):
    with pytest.raises(RecordError, match=message) as refused:
        Game.from_record(record)
    assert refused.value.code == code


def test_a_bad_move_in_a_record_carries_the_move_refusal_as_its_reason():
    with pytest.raises(RecordError) as refused:
        Game.from_record({**BASE, "deal": 1, "moves": ["Kc", "Qs+Ah"]})
    assert refused.value.params == {
        "field": "moves",
        "n": 2,
        "move": "Qs+Ah",
        "reason": {"code": "card_in_stock", "params": {"card": "Ah"}},
    }


def test_hostile_field_names_and_versions_are_cut_short():
    names = {letter * 60_000: 1 for letter in "abcdefg"}
    with pytest.raises(RecordError) as refused:
        Game.from_record({**BASE, "deal": 1, **names})
    assert refused.value.code == "record_unknown_fields" and len(str(refused.value)) < 300
    with pytest.raises(RecordError) as refused:
        Game.from_record({**BASE, "deal": 1, "version": "v" * 60_000})
    assert refused.value.code == "record_version" and len(str(refused.value)) < 200


def test_bad_json_is_refused():
    with pytest.raises(RecordError, match="not valid JSON \\(line 1, column 2\\)"):
        Game.from_json("{'version': 1")


def test_a_game_has_one_deal_source_and_without_one_a_random_deal():
    with pytest.raises(DeckError) as refused:
        Game("pyramid", number=1, deck=format_deck(deal_cards(1)))
    assert (refused.value.code, refused.value.params) == ("deal_source", {"given": ["deal", "deck"]})
    assert str(refused.value) == "give one deal source only, not deal and deck"
    numbers = {Game("pyramid").deal.number for _ in range(50)}
    assert all(n is not None and 0 <= n < RANDOM_DEALS for n in numbers) and len(numbers) > 40
    one_deal_source(["deal"])  # one source, or none, is fine
    one_deal_source([])


def test_undo_of_several_moves_keeps_them_on_the_redo_path_in_the_order_played():
    g = played()
    states = list(g.states)
    assert str(g.undo(3)) == "Kh"
    assert g.state == states[1] and [str(m) for m in g.redo_moves] == ["Kh", "draw", "draw"]
    assert [str(m) for m in g.moves] == ["Kc"]
    g.undo(1)
    assert g.moves == [] and g.state == states[0] and len(g.redo_moves) == 4
    g.redo()
    with pytest.raises(IllegalMove) as refused:
        g.undo(2)
    assert (refused.value.code, refused.value.params) == ("undo_too_many", {"count": 2, "played": 1})
    assert str(refused.value) == "cannot undo 2 moves: only 1 played"
    assert len(g.moves) == 1 and len(g.states) == 2  # a refused undo changes nothing
    assert str(g.undo(1)) == "Kc"
    with pytest.raises(ValueError, match="1 or more"):
        g.undo(0)


def test_no_move_after_the_game_is_won():
    from pyramid_solitaire.engine.deal import PYRAMID_MASK, State

    g = Game("pyramid", number=1)
    g.states.append(State(PYRAMID_MASK, 0, 0))  # jump to a cleared pyramid, the stock still full
    assert g.is_won and not g.is_stuck and g.deal.can_draw(g.state)
    with pytest.raises(IllegalMove, match="already won") as refused:
        g.play("draw")
    assert refused.value.code == "game_won"


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


def test_the_repr_names_the_deal_number_or_a_deck_the_moves_and_the_redo_path():
    game = Game("pyramid", number=5)
    game.play("Kc")
    game.play("draw")
    game.undo()
    assert repr(game) == "Game('pyramid', number=5, moves='Kc', redo='draw')"
    assert repr(Game("giza", deck=format_deck(deal_cards(5)))) == "Game('giza', deck=..., moves='')"
