"""Random legal play in every variant never breaks the engine's invariants."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramid_solitaire.engine.deal import PYRAMID_SIZE, IllegalMove, Move
from pyramid_solitaire.engine.decks import MAX_DEAL
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import VARIANTS

variants = st.sampled_from(list(VARIANTS))
deal_numbers = st.integers(0, MAX_DEAL - 1)


def random_game(data, variant, number) -> Game:
    """A game played for a random number of random legal moves."""
    game = Game(variant, number=number)
    for _ in range(data.draw(st.integers(0, 120), label="moves")):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(data.draw(st.sampled_from(moves)))
    return game


def locations(game: Game) -> list[int]:
    """Deck positions of every card still on the table, wherever it lies."""
    deal, state = game.deal, game.state
    found = [p for p in range(PYRAMID_SIZE) if deal.pyramid(state)[p] is not None]
    found += deal.stock_positions(state)
    for pile in deal.waste_positions(state) + deal.pile_positions(state):
        found += pile
    return found


@settings(max_examples=150, deadline=None)
@given(st.data(), variants, deal_numbers)
@pytest.mark.slow  # 31 s at load 26 (pytest --durations, 1 Dec 2026)
def test_all_52_cards_are_accounted_for(data, variant, number):
    game = random_game(data, variant, number)
    on_table = locations(game)
    gone = bin(game.state.removed).count("1")
    assert len(on_table) == len(set(on_table)) and len(on_table) + gone == 52
    assert gone == sum(len(m.cards) for m in game.moves)
    assert set(game.deal.available_positions(game.state)) <= set(on_table)


@settings(max_examples=150, deadline=None)
@given(st.data(), variants, deal_numbers)
@pytest.mark.slow  # 43 s at load 26 (pytest --durations, 1 Dec 2026)
def test_undo_restores_exactly_and_redo_replays(data, variant, number):
    game = random_game(data, variant, number)
    moves = game.legal_moves()
    if not moves:
        return
    before, history = game.state, list(game.moves)
    game.play(data.draw(st.sampled_from(moves)))
    after = game.state
    game.undo()
    assert game.state == before and game.moves == history
    game.redo()
    assert game.state == after


@settings(max_examples=150, deadline=None)
@given(st.data(), variants, deal_numbers)
@pytest.mark.slow  # 42 s at load 26 (pytest --durations, 1 Dec 2026)
def test_record_round_trips(data, variant, number):
    game = random_game(data, variant, number)
    for _ in range(data.draw(st.integers(0, min(3, len(game.moves))), label="undos")):
        game.undo()
    again = Game.from_json(game.to_json())
    assert again.state == game.state and again.moves == game.moves
    assert again.redo_moves == game.redo_moves and again.to_record() == game.to_record()


@settings(max_examples=150, deadline=None)
@given(st.data(), variants, deal_numbers)
@pytest.mark.slow  # 42 s at load 26 (pytest --durations, 1 Dec 2026)
def test_every_move_not_listed_as_legal_is_refused(data, variant, number):
    game = random_game(data, variant, number)
    legal = set(game.legal_moves())
    a, b = data.draw(st.integers(0, 51)), data.draw(st.integers(0, 51))
    for move in (Move("pair", (a, b)), Move("king", (a,))):
        move = game.deal.normalize(move)
        if move in legal:
            continue
        before = game.state
        try:
            game.play(move)
        except IllegalMove as err:
            assert str(err)
        else:
            raise AssertionError(f"{move} was played but is not among the legal moves")
        assert game.state == before
