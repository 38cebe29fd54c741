"""The rules engine against hand-built positions, one rule of RULES.md at a time."""

import json
from pathlib import Path

import pytest
from helpers import deck_with, perft

from pyramid_solitaire.engine.cards import card_text
from pyramid_solitaire.engine.deal import (
    COVERED_BY,
    PYRAMID_MASK,
    START,
    Deal,
    IllegalMove,
    Move,
    MoveKind,
    MoveSyntaxError,
    State,
    slot,
)
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import VARIANTS, get_variant

GOLDEN = json.loads((Path(__file__).parent / "golden" / "move_counts.json").read_text())

# Bottom row (slots 21..27) of the deck below: Kc 6h 7d Qs Ah 8h 8d; stock top: 5c 3h Ts.
BOTTOM = "Kc 6h 7d Qs Ah 8h 8d"
PYRAMID = "2c 3c 4c 5h 9c Tc Jc 5d 2d 3d 4d 9d Td Jd 2h 4h 9h Th Jh Qc Qd " + BOTTOM


def game(variant="pyramid", stock="5c 3h Ts"):
    return Game(variant, deck=deck_with(PYRAMID, stock))


def names(cards):
    return [card_text(c) for c in cards]


def test_covering_follows_slot_numbering():
    assert slot(0, 0) == 0 and slot(6, 6) == 27
    assert COVERED_BY[0] == (1, 2) and COVERED_BY[slot(5, 2)] == (slot(6, 2), slot(6, 3))
    assert COVERED_BY[slot(6, 0)] == ()


def test_bottom_row_starts_free_and_nothing_else():
    g = game()
    assert names(g.available()) == BOTTOM.split()


def test_legal_moves_kings_then_pairs_then_draw_in_deck_order():
    g = game()
    assert [str(m) for m in g.legal_moves()] == ["Kc", "6h+7d", "Qs+Ah", "draw"]


def test_pair_and_king_remove_cards_and_uncover_the_row_above():
    g = game()
    g.play("Kc")
    g.play("7d+6h")  # either order is read; written in deck order
    assert [str(m) for m in g.moves] == ["Kc", "6h+7d"]
    assert {"4h", "9h"} <= set(names(g.available()))  # slots (5, 0) and (5, 1) are uncovered
    assert "Th" not in names(g.available())  # slot (5, 2) still lies under Qs


def test_illegal_moves_say_why_and_change_nothing():
    g = game()
    before = g.state
    cases = {
        "Qc+Ah": "Qc is covered by Ah and 8h",
        "8h+8d": "8h and 8d do not add up to 13",
        "Qs": "Qs is not a king",
        "5c+8h": "5c is still in the stock",
        "recycle": "no recycle yet: the stock is not empty",
        "Ah+Ah": "names the same card twice",
    }
    for move, reason in cases.items():
        with pytest.raises(IllegalMove, match=reason):
            g.play(move)
    assert g.state == before and g.moves == []


@pytest.mark.parametrize("text", ["", "7h6c", "7h+6c+5d", "Zz", "draw please"])
def test_move_text_that_is_no_move_is_refused(text):
    with pytest.raises(MoveSyntaxError, match="is not a move"):
        game().play(text)


def test_two_waste_cards_never_pair_in_one_waste_variants():
    g = game(stock="3h Ts")
    g.play("draw")
    g.play("draw")
    with pytest.raises(IllegalMove, match="3h is under Ts in the waste"):
        g.play("3h+Ts")
    assert "Ts+3h" not in [str(m) for m in g.legal_moves()]


def test_recycle_restores_the_stock_in_its_original_order_and_counts_passes():
    g = game()
    assert g.passes_left == 3
    for _ in range(24):
        g.play("draw")
    with pytest.raises(IllegalMove, match="the stock is empty; recycle the waste"):
        g.play("draw")
    g.play("recycle")
    assert g.passes_left == 2
    g.play("draw")
    assert names([g.deal.cards[g.deal.waste_positions(g.state)[0][-1]]]) == ["5c"]


def test_passes_per_variant():
    for variant, recycles in [("pyramid", 2), ("classic", 0), ("classic-redeal", 1), ("open-stock", 2)]:
        g = game(variant)
        for _ in range(recycles):
            for _ in range(24):
                g.play("draw")
            g.play("recycle")
        for _ in range(24):
            g.play("draw")
        assert "recycle" not in [str(m) for m in g.legal_moves()]
        with pytest.raises(IllegalMove, match="recycle"):
            g.play("recycle")


def test_three_wastes_deal_three_cards_one_onto_each_pile():
    g = game("three-wastes", stock="5c 3h Ts 9s")
    g.play("draw")
    piles = g.deal.waste_positions(g.state)
    assert [names(g.deal.cards[p] for p in pile) for pile in piles] == [["5c"], ["3h"], ["Ts"]]
    assert {"5c", "3h", "Ts"} <= set(names(g.available()))
    g.play("Ts+3h")  # two waste tops pair with each other
    g.play("draw")
    assert names(g.deal.cards[p] for p in g.deal.waste_positions(g.state)[0]) == ["5c", "9s"]
    with pytest.raises(IllegalMove, match="5c is under 9s in waste pile 1"):
        g.play("5c+8h")


def test_three_wastes_has_eight_draws_and_no_recycle():
    g = game("three-wastes")
    for _ in range(8):
        g.play("draw")
    assert not g.deal.can_draw(g.state)
    with pytest.raises(IllegalMove, match="one pass only"):
        g.play("recycle")


def test_open_stock_top_is_available_and_a_draw_skips_it_once_gone():
    g = game("open-stock", stock="5c 3h Ts")
    assert "5c" in names(g.available())
    g.play("5c+8h")
    assert "3h" in names(g.available())
    g.play("draw")
    assert names(g.deal.cards[p] for p in g.deal.waste_positions(g.state)[0]) == ["3h"]
    assert len(g.deal.stock_positions(g.state)) == 22
    with pytest.raises(IllegalMove, match="still in the stock, not on top"):
        g.play(g.deal.parse_move(names([g.deal.cards[g.deal.stock_positions(g.state)[1]]])[0] + "+Kc"))


def test_giza_piles_top_is_the_last_card_of_each_group_and_there_is_no_stock():
    g = game("giza", stock="5c 3h Ts")  # pile 1 is 5c 3h Ts with Ts on top
    assert "Ts" in names(g.available()) and "5c" not in names(g.available())
    with pytest.raises(IllegalMove, match="3h is under Ts on pile 1"):
        g.play("3h+Ts")
    with pytest.raises(IllegalMove, match="Giza has no stock"):
        g.play("draw")
    assert "draw" not in [str(m) for m in g.legal_moves()]


def test_won_when_the_pyramid_is_gone():
    deal = Deal.from_number(get_variant("pyramid"), 0)
    assert deal.is_won(State(PYRAMID_MASK, 0, 0)) and not deal.is_stuck(State(PYRAMID_MASK, 24, 2))
    assert not deal.is_won(State(PYRAMID_MASK & ~1, 24, 2))  # the apex is still there


def test_a_won_position_refuses_every_move_as_legal_moves_has_none():
    deal = Deal.from_number(get_variant("pyramid"), 0)
    won = State(PYRAMID_MASK, 0, 0)  # the stock is still full: only the rule forbids a draw
    assert deal.legal_moves(won) == [] and deal.can_draw(won)
    for move in (Move("draw"), Move("king", (deal.cards[28],))):
        with pytest.raises(IllegalMove, match="already won") as refused:
            deal.apply(won, move)
        assert refused.value.code == "game_won" and refused.value.params == {"move": str(move)}


def test_refusals_carry_a_code_and_the_cards_as_parameters():
    with pytest.raises(IllegalMove) as refused:
        game().play("Qc+Ah")
    assert refused.value.code == "card_covered"
    assert refused.value.params == {"card": "Qc", "by": ["Ah", "8h"]}
    with pytest.raises(MoveSyntaxError) as refused:
        game().play("Qc+Zz")
    assert refused.value.code == "move_card"
    assert refused.value.params["reason"] == {"code": "card_rank", "params": {"text": "Zz", "rank": "Z"}}


def test_a_lost_deal_ends_stuck():
    g = Game("classic", number=0)
    while g.legal_moves():
        g.play(g.legal_moves()[-1])  # always draw: one pass only, then stuck
    assert g.is_stuck and not g.is_won


@pytest.mark.parametrize("key", list(GOLDEN["perft"]))
@pytest.mark.slow  # 11 s at load 26 (pytest --durations, 1 Dec 2026)
def test_move_counts_match_golden(key):
    variant, number = key.split()
    deal = Deal.from_number(get_variant(variant), int(number))
    assert [perft(deal, START, d) for d in range(1, 5)] == GOLDEN["perft"][key]
    for section, pick in (("first", 0), ("last", -1)):
        state, counts = START, []
        while True:
            moves = deal.legal_moves(state)
            counts.append(len(moves))
            if not moves:
                break
            state = deal.apply(state, moves[pick])
        assert counts == GOLDEN[section][key], section


def test_golden_covers_every_variant():
    assert {k.split()[0] for k in GOLDEN["perft"]} == set(VARIANTS)


def test_a_deal_takes_a_variant_or_its_id_and_refuses_anything_else():
    assert Deal.from_number("giza", 5).variant is get_variant("giza")
    assert Deal.from_number(get_variant("giza"), 5).variant is get_variant("giza")
    with pytest.raises(TypeError, match="a variant is a Variant or its id"):
        Deal.from_number(7, 5)  # type: ignore[arg-type]


def test_the_reprs_of_a_state_and_a_deal_say_what_they_hold():
    assert repr(START) == "State(removed=0x0 (0 cards gone), drawn=0, recycles=0)"
    assert repr(State(removed=0x1, drawn=3)) == "State(removed=0x1 (1 card gone), drawn=3, recycles=0)"
    assert repr(State(removed=0x6, recycles=1)) == "State(removed=0x6 (2 cards gone), drawn=0, recycles=1)"
    assert repr(Deal.from_number("pyramid", 5)) == "Deal.from_number('pyramid', 5)"
    deal = Deal.from_deck("giza", Deal.from_number("giza", 5).deck_string())
    assert repr(deal) == f"Deal.from_deck('giza', {deal.deck_string()!r})"


@pytest.mark.parametrize(
    "kind, cards, said",
    [
        (MoveKind.PAIR, (1, 2, 3), "a pair move names two cards, not 3"),
        (MoveKind.PAIR, (12,), "a pair move names two cards, not 1"),
        (MoveKind.KING, (), "a king move names one card, not 0"),
        (MoveKind.DRAW, (5,), "a draw move names no card, not 1"),
        (MoveKind.RECYCLE, (5, 6), "a recycle move names no card, not 2"),
    ],
)
def test_a_move_built_by_hand_is_held_to_its_kind(kind, cards, said):
    with pytest.raises(ValueError) as refused:
        Move(kind, cards)
    assert str(refused.value).startswith(said)
