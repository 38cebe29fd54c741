"""The Pyramid family's games (issue 51) against hand-built positions: per game a cover, a pair
and a refusal, the deck strings' reading order, and the plain search's winning lines replayed."""

import pytest

from pyramid_solitaire.engine.cards import ALL_CARDS, card_text, parse_card
from pyramid_solitaire.engine.deal import DRAW, RECYCLE, START, Deal, IllegalMove
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.rules import rules_text
from pyramid_solitaire.engine.variants import GAMES, UnknownVariant, get_variant
from pyramid_solitaire.engine.view import view
from pyramid_solitaire.solver.hints import advice
from pyramid_solitaire.solver.reference import kernel_plays, plain_solve
from pyramid_solitaire.solver.search import UNKNOWN, WINNABLE, _Search, solve


def placed(game: str, cards: dict[int, str]) -> Deal:
    """A deal of `game` with the named cards at the given deck positions, the rest in deck order."""
    fixed = {p: parse_card(text) for p, text in cards.items()}
    rest = iter(c for c in ALL_CARDS if c not in fixed.values())
    return Deal(game, [fixed[p] if p in fixed else next(rest) for p in range(52)])


def texts(deal: Deal, state=START) -> list[str]:
    return [card_text(c) for c in deal.available(state)]


def moves(deal: Deal, state=START) -> list[str]:
    return [str(m) for m in deal.legal_moves(state)]


def refusal(deal: Deal, state, move: str) -> str:
    with pytest.raises(IllegalMove) as refused:
        deal.apply(state, deal.parse_move(move))
    return refused.value.code


def removed(deal: Deal, *cards: str, state=START):
    """The state with the named cards gone (by hand, whatever the rules say)."""
    mask = sum(1 << deal.position[parse_card(c)] for c in cards)
    return type(state)(state.removed | mask, state.drawn, state.recycles, state.order)


def test_every_game_is_named_with_its_pysolfc_id_and_the_plain_search_keeps_only_longer_apophis():
    assert {v.id: v.pysol_id for v in GAMES.values()} == {
        "pyramid-dozen": 846,
        "tuts-tomb": 681,
        "apophis": 658,
        "cheops": 659,
        "triangle": 700,
        "eleven-triangle": 969,
        "pharaohs": 655,
        "thirteen": 44,
    }
    # Apophis's gathering recycle is the kernel's for its three passes (c/gather.c: a position's
    # second word); a fourth pass would need more than that word: the plain search's
    deal = Deal.from_number("apophis:passes=4", 1)
    assert not kernel_plays(deal) and kernel_plays(Deal.from_number("pyramid", 0))
    assert all(kernel_plays(Deal.from_number(game, 0)) for game in GAMES)
    with pytest.raises(ValueError, match="kernel does not play Apophis"):
        _Search(deal, shortest=False)
    via_solve, plain = solve(deal, node_limit=5000), plain_solve(deal, node_limit=5000)
    assert [via_solve.verdict, via_solve.line, via_solve.searched] == [
        plain.verdict,
        plain.line,
        plain.searched,
    ]
    assert plain.verdict == WINNABLE and solve(deal, time_limit=0.01).verdict == UNKNOWN  # 20 positions


def test_a_hint_in_thirteen_never_looks_at_the_face_down_cards(monkeypatch):
    def peek(*args, **kwargs):
        raise AssertionError("the solver was asked: it sees the face-down cards")

    game = Game("thirteen", number=2)
    monkeypatch.setattr("pyramid_solitaire.solver.hints.solve", peek)
    given = advice(game)
    assert given["checked"] is False and given["verdict"] == "unknown"
    assert given["move"] in map(str, game.legal_moves()) and given["consistent"]["samples"] > 0
    monkeypatch.undo()
    assert advice(Game("pharaohs", number=44), time_limit=2.5)["checked"] is True  # 5,000 positions


def test_an_option_that_does_not_apply_is_refused():
    with pytest.raises(UnknownVariant) as refused:
        get_variant("pharaohs:passes=2")
    assert refused.value.code == "variant_option_no_stock"
    assert get_variant("cheops:passes=2").text == "cheops:passes=2"


def test_pyramid_dozen_six_reserves_of_four_sums_of_12_and_queen_with_king():
    # reserve pile 1 is deck positions 28..31, its top 31; the bottom row is 21..27
    deal = placed("pyramid-dozen", {21: "6h", 22: "6c", 23: "Kd", 24: "Ah", 31: "Qs", 30: "Jc", 35: "5d"})
    assert len(deal.available(START)) == 7 + 6
    assert "Jc" not in texts(deal) and "Qs" in texts(deal)
    assert {"6h+6c", "Kd+Qs"} <= set(moves(deal))  # 6+6 = 12 pairs here (PySolFC)
    assert not any("+" not in m for m in moves(deal))  # no card alone, no draw
    assert refusal(deal, START, "Kd") == "no_card_alone"
    assert refusal(deal, START, "Ah+Qs") == "not_a_pair"
    assert refusal(deal, START, "Jc+Ah") == "card_under_pile"
    assert "Ah+Jc" in moves(deal, removed(deal, "Qs"))  # written in deck order


def test_tuts_tomb_draws_three_the_top_of_the_waste_only_and_turns_it_over_in_order():
    deal = placed("tuts-tomb", {27: "Tc", 28: "2c", 29: "3c", 30: "4c", 31: "5c"})
    after = deal.apply(START, DRAW)
    assert [card_text(deal.cards[p]) for p in deal.waste_positions(after)[0]] == ["2c", "3c", "4c"]
    assert "4c" in texts(deal, after) and "3c" not in texts(deal, after) and "5c" not in texts(deal, after)
    assert refusal(deal, after, "3c+Tc") == "card_under_waste"
    state = after
    while deal.can_draw(state):
        state = deal.apply(state, DRAW)
    assert len(deal.waste_positions(state)[0]) == 24 and deal.variant.recycles is None
    again = deal.apply(deal.apply(state, RECYCLE), DRAW)
    assert deal.waste_positions(again) == deal.waste_positions(after)  # the original order
    assert deal.goal == (1 << 28) - 1  # won when the pyramid is cleared


def test_apophis_deals_one_card_to_each_waste_and_gathers_them_pile_by_pile():
    deal = Deal.from_number("apophis", 1)
    state = START
    for _ in range(8):
        state = deal.apply(state, DRAW)
    piles = deal.waste_positions(state)
    assert piles == [list(range(28 + k, 52, 3)) for k in range(3)]
    state = removed(deal, *(card_text(deal.cards[p]) for p in (51, 31)), state=state)  # off piles 3, 1
    piles = deal.waste_positions(state)
    after = deal.apply(state, RECYCLE)
    # pile 1 gathered first, pile 3 last: the new stock from its top is pile 3, 2, 1, each bottom first
    assert after.order == tuple(piles[2] + piles[1] + piles[0])
    assert deal.waste_positions(after) == [[piles[2][0]], [piles[2][1]], [piles[2][2]]]  # dealt at once
    assert refusal(deal, START, "recycle") == "recycle_stock_not_empty"


def test_cheops_pairs_same_and_next_ranks_kings_with_kings_or_queens_only():
    deal = placed("cheops", {21: "Kd", 22: "Ks", 23: "Qh", 24: "Ah", 25: "2c", 26: "9c", 28: "Td"})
    assert {"Kd+Ks", "Kd+Qh", "Ah+2c", "9c+Td"} <= set(moves(deal))  # the stock's top is open
    assert refusal(deal, START, "Ks+Ah") == "not_a_pair"  # no wrap from king to ace
    assert refusal(deal, START, "Kd") == "no_card_alone"
    assert refusal(deal, START, "Kd+9c") == "not_a_pair"


def test_triangle_is_covered_by_the_shorter_row_below_and_starts_with_one_card_free():
    deal = placed("triangle", {0: "6c", 7: "7d", 27: "Kh", 28: "2s"})
    assert texts(deal) == ["Kh", "2s"]  # the last row's single card, and the stock's top
    assert deal.layout.covered_by[0] == (7,) and deal.layout.covered_by[6] == (12,)
    assert deal.layout.covered_by[8] == (13, 14)
    state = removed(deal, *[card_text(deal.cards[p]) for p in range(8, 28)])
    assert "6c" not in texts(deal, state) and "7d" in texts(deal, state)
    assert refusal(deal, state, "6c+7d") == "card_covered"
    assert "6c" in texts(deal, removed(deal, "7d", state=state))  # 7d gone: 6c is free


def test_eleven_triangle_sums_of_11_and_face_cards_of_one_rank():
    jacks = placed("eleven-triangle", {27: "Jh", 28: "Jd"})
    assert "Jh+Jd" in moves(jacks, jacks.apply(START, DRAW))
    five = placed("eleven-triangle", {27: "5h", 28: "5d", 29: "6s"})
    after = five.apply(START, DRAW)
    assert "5h+6s" in moves(five, after) and refusal(five, after, "5h+5d") == "not_a_pair"
    assert refusal(five, after, "5h") == "no_card_alone"


def test_pharaohs_three_pyramids_cover_within_themselves_no_stock():
    deal = placed("pharaohs", {1: "6h", 2: "7h", 0: "Kd", 24: "Ks", 3: "Qd"})
    assert len(deal.available(START)) == 2 + 7 + 6
    assert deal.layout.covered_by[0] == (1, 2) and deal.layout.covered_by[3] == (4, 5)
    assert deal.layout.covered_by[31] == (32, 33) and deal.layout.covered_by[46] == ()
    assert "6h+7h" in moves(deal) and "Ks" in moves(deal)
    assert refusal(deal, START, "Kd") == "card_covered"
    assert "Kd" in moves(deal, removed(deal, "6h", "7h"))
    assert refusal(deal, START, "draw") == "draw_no_stock"


def test_thirteen_hides_covered_cards_and_never_names_where_they_lie():
    deal = placed("thirteen", {20: "Kd", 26: "6h", 27: "7h"})
    game = Game("thirteen", deck=deal.deck_string())
    shown = view(game)["pyramid"]
    assert [cell["face_down"] for cell in shown] == [True] * 21 + [False] * 7
    assert all(cell["card"] is None for cell in shown[:21]) and shown[27]["card"] == "7h"
    assert refusal(deal, START, "Kd") == "card_unseen"  # not "covered by 6h and 7h"
    assert refusal(deal, START, card_text(deal.cards[40])) == "card_unseen"  # in the stock, not top
    game.play("6h+7h")
    assert view(game)["pyramid"][20] == {"card": "Kd", "free": True, "available": True, "face_down": False}


def test_deck_strings_are_read_in_the_family_order():
    deck = " ".join(card_text(c) for c in ALL_CARDS)
    tri = Deal.from_deck("triangle", deck)
    assert [card_text(tri.cards[p]) for p in tri.layout.rows[0]] == "Ac 2c 3c 4c 5c 6c 7c".split()
    dozen = Deal.from_deck("pyramid-dozen", deck)
    assert [card_text(dozen.cards[p]) for p in dozen.pile_positions(START)[0]] == ["3h", "4h", "5h", "6h"]
    pharaohs = Deal.from_deck("pharaohs", deck)
    assert [len(row) for row in pharaohs.layout.rows] == [1, 2, *range(1, 8), *range(1, 7)]


@pytest.mark.parametrize(
    ("game", "number"),
    [
        ("pyramid-dozen", 16),
        ("tuts-tomb", 1),
        ("apophis", 1),
        ("cheops", 0),
        ("triangle", 2),
        ("eleven-triangle", 0),
        ("pharaohs", 44),
    ],
)
def test_the_plain_search_wins_and_its_line_replays(game, number):
    deal = Deal.from_number(game, number)
    found = plain_solve(deal, node_limit=5000)
    assert found.verdict == WINNABLE
    replay = Game(game, number=number)
    for move in found.line:
        replay.play(str(move))
    goal = (1 << 28) - 1 if game == "tuts-tomb" else (1 << 52) - 1  # the pyramid, or every card
    assert replay.is_won and replay.state.removed & goal == goal


def test_the_plain_search_says_unknown_when_its_budget_runs_out():
    assert plain_solve(Deal.from_number("triangle", 3), node_limit=50).verdict == UNKNOWN


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_text_of_a_game_is_its_own(game):
    text = rules_text(game)
    assert f"**`{game}`**" in text and "## The variants" not in text
    assert all(f"**`{other}`**" not in text for other in GAMES if other != game)
    assert "## The Pyramid family" not in rules_text("giza")


def test_solve_of_a_game_reads_a_deck_file_and_says_when_it_is_the_plain_search(capsys, monkeypatch):
    import io
    import json

    from pyramid_solitaire.cli import main

    deck = Deal.from_number("pharaohs", 44).deck_string()
    monkeypatch.setattr("sys.stdin", io.StringIO(deck + "\n"))
    assert main(["solve", "--variant", "pharaohs", "--deck-file", "-", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "winnable" and "search" not in answer  # the C kernel's answer
    replay = Game("pharaohs", deck=deck)
    for move in answer["line"]:
        replay.play(move)
    assert replay.is_won
    assert main(["solve", "--variant", "pharaohs", "44"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("winnable ") and "plain reference search" not in err
    assert main(["solve", "--variant", "apophis:passes=4", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["search"] == {"plain": True, "node_limit": 50_000}
    assert main(["solve", "--variant", "apophis:passes=4", "1"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("winnable ") and "plain reference search" in err
    assert main(["solve", "--variant", "pharaohs:passes=2", "1"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["variants"]) == 0
    listed = capsys.readouterr().out
    assert all(f"\n{game} " in listed for game in GAMES)


def test_thirteen_plays_as_the_open_stock_with_one_pass_won_with_all_cards_the_kernel_knows():
    """Face-down cards change what a player sees, not the moves: the kernel's winning line of
    open-stock:passes=1,win=all on deal 18 (the plain search does not find one in 20,000
    positions) wins Pyramid Thirteen's deal 18, its legal moves the same at every step."""
    twin = Game("open-stock:passes=1,win=all", number=18)
    found = solve(twin.deal, node_limit=200_000)
    game = Game("thirteen", number=18)
    for move in found.line:
        assert game.legal_moves() == twin.legal_moves()
        game.play(str(move))
        twin.play(str(move))
    assert found.verdict == WINNABLE and game.is_won and game.state.removed == (1 << 52) - 1
