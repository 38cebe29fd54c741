"""The Gymnasium environment: a full masked-random episode in every variant, a fixed action
space whose mask is exactly the legal moves, what a player sees, and the solver as oracle."""

import subprocess
import sys
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from pyramid_solitaire.engine.cards import parse_card
from pyramid_solitaire.engine.deal import Deal, Move, MoveKind
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import GAMES, VARIANTS
from pyramid_solitaire.goals.grades import GRADES, difficulty
from pyramid_solitaire.goals.index import indexed
from pyramid_solitaire.research import environment
from pyramid_solitaire.research.environment import (
    ACTIONS,
    AVAILABLE,
    FACE_DOWN,
    GONE,
    HIDDEN,
    MOVES,
    PyramidSolitaireEnv,
    action_of,
)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_full_episode_of_masked_random_actions(variant):
    env = PyramidSolitaireEnv(variant)
    rng = np.random.default_rng(3)
    for number in range(3):
        observation, info = env.reset(options={"deal": number})
        done, steps = False, 0
        while not done:
            legal = sorted(action_of(m) for m in env.game.legal_moves())
            assert list(np.flatnonzero(info["action_mask"])) == legal
            observation, reward, terminated, truncated, info = env.step(
                rng.choice(np.flatnonzero(info["action_mask"]))
            )
            assert env.observation_space.contains(observation)
            done, steps = terminated or truncated, steps + 1
        assert terminated and (reward == 1.0) == env.game.is_won and (env.game.is_won or env.game.is_stuck)
        assert steps == len(env.game.moves)


def test_the_action_space_is_one_for_every_deal_and_variant():
    assert ACTIONS == 4 + 96 + 2 == len(set(MOVES)) == PyramidSolitaireEnv("giza").action_space.n
    assert [action_of(m) for m in MOVES] == list(range(ACTIONS))
    game = PyramidSolitaireEnv("pyramid").game
    pair = game.move("8s+5h")
    swapped = type(pair)(pair.kind, pair.cards[::-1])
    assert action_of(pair) == action_of(swapped)  # a pair is one action, whichever card comes first


def test_the_observation_shows_what_a_player_sees():
    env = PyramidSolitaireEnv("pyramid")
    observation, _ = env.reset(options={"deal": 1})
    cards = observation["cards"]
    assert (cards == HIDDEN).sum() == 24 and observation["stock"] == 24 and observation["passes_left"] == 3
    assert sorted(np.flatnonzero(cards == AVAILABLE)) == sorted(env.game.available())
    observation, *_ = env.step(action_of(env.game.move("Kc")))
    assert observation["cards"][env.game.moves[0].cards[0]] == GONE
    giza, _ = PyramidSolitaireEnv("giza").reset(options={"deal": 1})
    assert (giza["cards"] == HIDDEN).sum() == 0  # Giza's piles lie face up


def test_the_solver_is_the_oracle():
    env = PyramidSolitaireEnv("pyramid")
    env.reset(options={"deal": 1})
    best = env.oracle(shortest=True, time_limit=60)
    assert best.verdict == "winnable" and best.shortest
    for move in best.line:
        _, reward, terminated, _, _ = env.step(action_of(move))
    assert terminated and reward == 1.0 and len(env.game.moves) == best.steps
    env = PyramidSolitaireEnv("classic")
    env.reset(options={"deal": 1})
    assert env.oracle().verdict == "unwinnable"


def test_gymnasiums_checker_passes_with_the_defaults_and_in_every_render_mode():
    check_env(PyramidSolitaireEnv())
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count too
        check_env(gym.make("PyramidSolitaire-v0").unwrapped)
        for mode in ("ansi", "rgb_array"):  # through gym.make, so it checks the other modes as well
            check_env(gym.make("PyramidSolitaire-v0", variant="giza", render_mode=mode).unwrapped)
    with pytest.raises(ValueError, match="render_mode must be one of"):
        PyramidSolitaireEnv(render_mode="human")


def test_an_illegal_action_is_ignored_or_refused():
    env = PyramidSolitaireEnv("pyramid", max_steps=2)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"], env.game.moves) == (0.0, False, False, True, [])
    assert env.step(illegal)[3]  # truncated after max_steps steps
    env = PyramidSolitaireEnv("pyramid", illegal="raise")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="is not legal now"):
        env.step(illegal)


def test_the_mask_is_int8_and_a_masked_sample_is_legal():
    env = PyramidSolitaireEnv("three-wastes")
    _, info = env.reset(seed=3)
    env.action_space.seed(3)
    for _ in range(200):
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and set(np.unique(mask)) <= {0, 1}
        action = env.action_space.sample(mask=mask)
        assert mask[action] == 1
        _, _, terminated, truncated, info = env.step(action)
        assert not info["illegal"]
        if terminated or truncated:
            _, info = env.reset()


def test_gym_make_finds_it_by_module_and_after_register_envs():
    env = gym.make("pyramid_solitaire.research.environment:PyramidSolitaire-v0", variant="giza")
    assert env.unwrapped.variant.id == "giza"
    gym.register_envs(environment)
    assert environment.ENV_ID in gym.registry
    assert gym.make("PyramidSolitaire-v0").unwrapped.variant.id == "pyramid"


def test_the_module_registers_itself_when_a_fresh_interpreter_imports_it():
    code = (
        "import gymnasium as gym\n"
        "env = gym.make('pyramid_solitaire.research.environment:PyramidSolitaire-v0', variant='classic')\n"
        "print(env.unwrapped.variant.id)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "classic", done.stderr


def test_seeded_resets_draw_the_same_deals():
    env = gym.make("PyramidSolitaire-v0", variant="giza")
    first = [env.reset(seed=7)[1]["deal"] for _ in range(2)]
    assert first[0] == first[1] and env.unwrapped.variant.id == "giza"
    assert env.reset(seed=8)[1]["deal"] != first[0]


def test_the_pictures_show_the_position():
    env = PyramidSolitaireEnv("pyramid", render_mode="rgb_array")
    env.reset(options={"deal": 1})
    before = env.render()
    assert before.dtype == np.uint8 and before.ndim == 3 and before.shape[2] == 3
    env.step(action_of(env.game.move("Kc")))
    after = env.render()
    assert before.shape == after.shape and (before != after).any()  # the king left its slot
    text = PyramidSolitaireEnv("pyramid", render_mode="ansi")
    text.reset(options={"deal": 1})
    assert "Kc" in text.render()


def test_reset_options_are_checked():
    env = PyramidSolitaireEnv()
    with pytest.raises(ValueError, match="reset options are deal, difficulty, not dael"):
        env.reset(options={"dael": 3})
    with pytest.raises(ValueError, match="grade 'hardest'"):
        env.reset(options={"difficulty": "hardest"})


@pytest.mark.parametrize("grade", GRADES)
def test_reset_with_a_difficulty_deals_a_graded_deal_of_it(grade):
    env = PyramidSolitaireEnv("giza")
    dealt = [env.reset(seed=seed, options={"difficulty": grade})[1]["deal"] for seed in (1, 2, 3, 1)]
    for number in dealt:
        assert difficulty(Deal.from_number("giza", number)).grade == grade
        assert number in indexed("giza", grade)
    assert dealt[0] == dealt[3]  # a seeded reset picks the same deal
    assert len(set(dealt)) > 1  # and the seed matters


@pytest.mark.parametrize("game", list(GAMES))
def test_gymnasiums_checker_passes_on_every_game_of_the_family(game):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for mode in ("ansi", "rgb_array"):
            check_env(gym.make("PyramidSolitaire-v0", variant=game, render_mode=mode).unwrapped)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_family_game_masks_exactly_its_legal_moves_and_plays_to_its_end(game):
    env = PyramidSolitaireEnv(game)
    rng = np.random.default_rng(5)
    observation, info = env.reset(options={"deal": 1})
    assert observation["tableau"].shape == (env.game.deal.size,)
    done = False
    while not done:
        legal = sorted(env.action_of(m) for m in env.game.legal_moves())
        assert list(np.flatnonzero(info["action_mask"])) == legal
        observation, reward, terminated, truncated, info = env.step(
            rng.choice(np.flatnonzero(info["action_mask"]))
        )
        assert env.observation_space.contains(observation)
        done = terminated or truncated
    # Tut's Tomb's unlimited redeals may outlast max_steps: truncated, neither won nor stuck
    assert terminated == (env.game.is_won or env.game.is_stuck) and (reward == 1.0) == env.game.is_won
    assert terminated or env.steps == env.max_steps


def test_each_pairing_has_its_own_fixed_action_space():
    sizes = {game: PyramidSolitaireEnv(game).action_space.n for game in GAMES}
    # Dozen: sums of 12 (6+6 too) and Q+K, no card alone; Cheops: same or next rank; Eleven
    # Triangle: sums of 11 and J+J, Q+Q, K+K; the others RULES.md's kings and sums of 13
    assert sizes == {
        "pyramid-dozen": 80 + 6 + 16 + 2,
        "tuts-tomb": ACTIONS,
        "apophis": ACTIONS,
        "cheops": 13 * 6 + 12 * 16 + 2,
        "triangle": ACTIONS,
        "eleven-triangle": 80 + 3 * 6 + 2,
        "pharaohs": ACTIONS,
        "thirteen": ACTIONS,
    }
    env = PyramidSolitaireEnv("eleven-triangle")
    jacks = Move(MoveKind.PAIR, (parse_card("Jh"), parse_card("Jc")))
    assert env.action_of(jacks) == env.action_of(Move(MoveKind.PAIR, jacks.cards[::-1]))


def test_pharaohs_observes_its_52_positions_and_no_stock():
    observation, _ = PyramidSolitaireEnv("pharaohs").reset(options={"deal": 4})
    assert observation["tableau"].shape == (52,) and observation["stock"] == 0
    assert sorted(observation["tableau"]) == list(range(52))  # every card dealt face up, once
    assert (observation["cards"] == HIDDEN).sum() == 0


def test_thirteens_face_down_cards_are_never_observed():
    env = PyramidSolitaireEnv("thirteen")
    for number in range(5):
        observation, info = env.reset(options={"deal": number})
        deal, state = env.game.deal, env.game.state
        down = [p for p in range(deal.size) if deal.is_face_down(state, p)]
        assert len(down) == 21 and all(observation["tableau"][p] == FACE_DOWN for p in down)
        # a face-down card is as hidden as a stock card: no code tells it is in the pyramid
        assert all(observation["cards"][deal.cards[p]] == HIDDEN for p in down)
        shown = {int(c) for c in observation["tableau"] if c < 52}
        assert shown == {deal.cards[p] for p in range(21, 28)}  # the bottom row alone
        # the mask names no face-down card
        named = {c for a in np.flatnonzero(info["action_mask"]) for c in env.moves[a].cards}
        assert not named & {deal.cards[p] for p in down}


def test_thirteens_pictures_show_no_face_down_card():
    """Two deals that differ only in two face-down cards look the same, drawn and as text."""
    deal = Deal.from_number("thirteen", 3)
    cards = list(deal.cards)
    cards[0], cards[20] = cards[20], cards[0]  # the apex and a card of row 6: both face down
    swapped = Deal("thirteen", cards).deck_string()
    for mode in ("rgb_array", "ansi"):
        one, other = (
            PyramidSolitaireEnv("thirteen", render_mode=mode),
            PyramidSolitaireEnv("thirteen", render_mode=mode),
        )
        one.reset(options={"deal": 3})
        other.reset()
        other.game = Game("thirteen", deck=swapped)
        assert (
            np.array_equal(one.render(), other.render())
            if mode == "rgb_array"
            else one.render() == other.render()
        )
