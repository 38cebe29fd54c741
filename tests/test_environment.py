"""The Gymnasium environment: a full masked-random episode in every variant, a fixed action
space whose mask is exactly the legal moves, what a player sees, and the solver as oracle."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.research import environment
from pyramid_solitaire.research.environment import (
    ACTIONS,
    AVAILABLE,
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


def test_gymnasiums_checker_passes_and_an_illegal_action_is_refused_or_ignored():
    check_env(PyramidSolitaireEnv("open-stock", illegal="ignore"), skip_render_check=True)
    env = PyramidSolitaireEnv("pyramid")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(ValueError, match="is not legal now"):
        env.step(illegal)
    env = PyramidSolitaireEnv("pyramid", illegal="ignore", max_steps=2)
    _, info = env.reset(seed=1)
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"], env.game.moves) == (0.0, False, False, True, [])
    assert env.step(illegal)[3]  # truncated after max_steps steps


def test_seeded_resets_draw_the_same_deals_and_gym_make_finds_it():
    environment.register()
    env = gym.make("PyramidSolitaire-v0", variant="giza")
    first = [env.reset(seed=7)[1]["deal"] for _ in range(2)]
    assert first[0] == first[1] and env.unwrapped.variant.id == "giza"
    assert env.reset(seed=8)[1]["deal"] != first[0]
