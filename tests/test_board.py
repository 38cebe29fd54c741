"""The layout drawn for the terminal (engine/board.py), held to exact text: the triangle's
indentation, removed cards, the `*` of available cards, the open stock's top, one card or
several, and Giza's piles. Deal 5 of each variant throughout (Kc is free at the start)."""

from pyramid_solitaire.engine.board import draw_board
from pyramid_solitaire.engine.game import Game

PYRAMID = """\
            8s
          Ks  4s
        9h  6c  6d
      5d  9s  Jh  7h
    6h  Ts  2c  9c  Tc
  2d  Ac  Qs  7s  9d  3s"""


def board(variant: str, moves: list[str], mark: bool = False) -> str:
    game = Game(variant, number=5)
    for move in moves:
        game.play(move)
    return draw_board(game.deal, game.state, mark=mark)


def test_a_removed_card_is_a_dot_and_available_cards_are_marked():
    assert board("pyramid", ["Kc", "draw"], mark=True) == (
        PYRAMID + "\n6s*  .  8c* Th* 2s* 8d* 8h*\n\nstock: 23 cards; passes left: 3\nwaste 1:[Td*]"
    )


def test_without_marks_no_star():
    assert board("pyramid", ["Kc", "draw"]) == (
        PYRAMID + "\n6s   .  8c  Th  2s  8d  8h\n\nstock: 23 cards; passes left: 3\nwaste 1:[Td]"
    )


def test_one_card_left_in_the_stock_and_none():
    *_, stock, _ = board("pyramid", ["draw"] * 23).splitlines()
    assert stock == "stock: 1 card; passes left: 3"
    *_, stock, _ = board("pyramid", ["draw"] * 24).splitlines()
    assert stock == "stock: 0 cards; passes left: 3"


def test_the_open_stock_shows_its_top_card():
    start = board("open-stock", [], mark=True).splitlines()
    assert start[-2:] == ["stock: 24 cards, top Td*; passes left: 3", "waste 1:[]"]
    after = board("open-stock", ["draw"])
    assert after.splitlines()[-2:] == ["stock: 23 cards, top Qd; passes left: 3", "waste 1:[Td]"]


def test_giza_draws_its_piles():
    assert board("giza", [], mark=True) == (
        PYRAMID
        + "\n6s* Kc* 8c* Th* 2s* 8d* 8h*\n\npiles 1:[Td Qd 5s*]  2:[Kd 3h 2h*]  3:[4d Qc 7c*]"
        + "  4:[7d Ah 4c*]  5:[5h As 4h*]  6:[5c 3d Jd*]  7:[Kh Qh 3c*]  8:[Ad Js Jc*]"
    )
