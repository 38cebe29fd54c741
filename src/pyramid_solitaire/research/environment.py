"""A Gymnasium environment for learning agents (the `gym` extra): any variant, one fixed action
space for every deal and variant, a mask of the legal moves, an observation of what a player
sees, and the exact solver as an oracle.

Importing this module registers it with Gymnasium as ENV_ID, so either of these works with no
`register()` call (Gymnasium 1.x's conventions):

    gym.make("pyramid_solitaire.research.environment:PyramidSolitaire-v0", variant="giza")
    gym.register_envs(environment); gym.make("PyramidSolitaire-v0")

Actions (ACTIONS of them, the same in every variant): the 4 kings, the 96 pairs of cards whose
values add up to 13, draw and recycle. A pair is named by its cards, so an action means the same
move in every deal. A game of the Pyramid family (variants.GAMES) has the action space of its own
pairing, the same for every deal of it (`moves_of`: Pyramid Dozen's 102 pairs with draw and
recycle, no card alone: 104 actions; Cheops 272, Eleven Triangle 100; the sums-of-13 games the
102 above). `info["action_mask"]` (and `action_masks()`, as sb3-contrib's MaskablePPO asks) marks
the legal ones with 1, as int8, as `action_space.sample(mask=...)` takes it. An action outside
the mask changes nothing (reward 0, `info["illegal"]` True; it counts as a step), or, with
`illegal="raise"`, is refused with a ValueError.

The observation is a dict: `cards`, a location code per card (index = card, 0 is Ac, 51 Ks):
HIDDEN (face down in the stock, or under the top of a waste pile), GONE, COVERED (in the pyramid,
under another card), AVAILABLE (playable now), UNDER (face up in a Giza pile, under its top);
`stock`, the cards left to draw; `passes_left`, the passes through the stock still to come;
`tableau`, the card in each tableau position in dealing order (28 positions, Pharaohs's 52),
EMPTY where it is gone. In Pyramid Thirteen a face-down card is never observed: HIDDEN in
`cards` (as a stock card is), FACE_DOWN in `tableau`, and no action names it while it is down.

Reward: 1 when the game is won (the pyramid cleared, or all 52 cards gone where that wins), else
0; an episode ends when won or stuck (terminated) or after `max_steps` steps (truncated).
`oracle()` solves the current position exactly (in Thirteen with every card known: the
"thoughtful" answer, a peek no agent should learn from).
`render_mode` "ansi" draws the layout as text, "rgb_array" as a picture (research/picture.py).
`reset(seed=n)` seeds the deals drawn; `reset(options={"deal": n})` names one, and
`reset(options={"difficulty": "hard"})` draws a deal of that grade (docs/difficulty.md).

>>> env = PyramidSolitaireEnv("giza")
>>> observation, info = env.reset(options={"deal": 7})
>>> int(info["action_mask"].sum()), ACTIONS
(8, 102)
"""

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..engine.cards import ALL_CARDS, value
from ..engine.deal import DRAW, RECYCLE, Move, MoveKind
from ..engine.decks import RANDOM_DEALS
from ..engine.game import Game
from ..engine.pairing import THIRTEEN, Pairing
from ..engine.variants import DEFAULT_VARIANT, get_variant
from ..solver.search import Solution, solve

HIDDEN, GONE, COVERED, AVAILABLE, UNDER = range(5)
EMPTY, FACE_DOWN = 52, 53  # `tableau` codes past the 52 cards: the position's card is gone, or face down


def moves_of(pairing: Pairing) -> tuple[Move, ...]:
    """Every move of a pairing: its cards alone, its pairs (the lower card first: value, then
    card), then draw and recycle; the action space of every game with that pairing."""
    singles = [Move(MoveKind.KING, (c,)) for c in ALL_CARDS if pairing.alone(c)]
    pairs = [
        Move(MoveKind.PAIR, (a, b))
        for a in ALL_CARDS
        for b in ALL_CARDS
        if (value(a), a) < (value(b), b) and pairing.pairs(a, b)
    ]
    return (*singles, *pairs, DRAW, RECYCLE)


MOVES: tuple[Move, ...] = moves_of(THIRTEEN)  # the six variants': kings, the sums of 13, draw, recycle
KINGS: tuple[Move, ...] = tuple(m for m in MOVES if m.kind == MoveKind.KING)
PAIRS: tuple[Move, ...] = tuple(m for m in MOVES if m.kind == MoveKind.PAIR)
ACTIONS = len(MOVES)
MAX_STEPS = 1000  # a game has at most a few hundred moves
ENV_ID = "PyramidSolitaire-v0"
OPTIONS = ("deal", "difficulty")  # what reset(options=) reads


def action_of(move: Move) -> int:
    """The action index of a move in the six variants' action space (a pair in either order of
    its cards); PyramidSolitaireEnv.action_of is any game's."""
    return _INDEX[_named(move)]


def _named(move: Move) -> Move:
    """The move as its action names it: a pair's lower card first (value, then card)."""
    if move.kind != MoveKind.PAIR:
        return move
    return Move(MoveKind.PAIR, tuple(sorted(move.cards, key=lambda c: (value(c), c))))


_INDEX = {move: i for i, move in enumerate(MOVES)}


class PyramidSolitaireEnv(gym.Env[dict[str, Any], np.int64]):
    """Pyramid solitaire of one variant as a Gymnasium environment (see the module's docstring)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(
        self,
        variant: str = DEFAULT_VARIANT,
        max_steps: int = MAX_STEPS,
        illegal: str = "ignore",
        render_mode: str | None = None,
    ) -> None:
        if illegal not in ("raise", "ignore"):
            raise ValueError(f"illegal must be 'raise' or 'ignore', not {illegal!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}"
            )
        self.variant = get_variant(variant)
        self.max_steps = max_steps
        self.illegal = illegal
        self.steps = 0
        self.render_mode = render_mode
        self.moves = moves_of(self.variant.pairing)
        self.index = {move: i for i, move in enumerate(self.moves)}
        self.action_space = spaces.Discrete(len(self.moves))
        self.game = Game(self.variant, number=0)
        self.observation_space = spaces.Dict(
            {
                "cards": spaces.Box(HIDDEN, UNDER, shape=(52,), dtype=np.int8),
                "stock": spaces.Discrete(25),
                "passes_left": spaces.Discrete(4),
                "tableau": spaces.Box(0, FACE_DOWN, shape=(self.game.deal.size,), dtype=np.int8),
            }
        )

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game: `options={"deal": n}` names the deal, `{"difficulty": grade}` draws one of
        that grade, else it is drawn from the seeded generator (below 2**31, as the page's random
        deals)."""
        super().reset(seed=seed)
        options = options or {}
        if unknown := sorted(set(options) - set(OPTIONS)):
            raise ValueError(f"reset options are {', '.join(OPTIONS)}, not {', '.join(map(str, unknown))}")
        number = options.get("deal")
        if number is None and options.get("difficulty") is not None:
            number = graded_deal(self.variant.id, options["difficulty"], self.np_random)
        if number is None:
            number = int(self.np_random.integers(RANDOM_DEALS))
        self.game = Game(self.variant, number=number)
        self.steps = 0
        return self.observation(), self.info()

    def step(self, action: np.int64 | int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the move of `action`; one the mask does not allow is refused (ValueError) or,
        with illegal="ignore", changes nothing."""
        move = self.moves[int(action)]
        legal = bool(self.action_masks()[int(action)])
        if not legal and self.illegal == "raise":
            raise ValueError(f"action {int(action)} ({move}) is not legal now: see info['action_mask']")
        if legal:
            self.game.play(move)
        self.steps += 1
        won = self.game.is_won
        terminated = won or self.game.is_stuck
        truncated = not terminated and self.steps >= self.max_steps
        return self.observation(), float(won), terminated, truncated, {**self.info(), "illegal": not legal}

    def action_masks(self) -> np.ndarray:
        """The legal actions now: 1 over the action space where legal, as int8 (Gymnasium's masks)."""
        mask = np.zeros(len(self.moves), dtype=np.int8)
        for move in self.game.legal_moves():
            mask[self.action_of(move)] = 1
        return mask

    def action_of(self, move: Move) -> int:
        """The action index of a move in this environment's game (a pair in either order)."""
        return self.index[_named(move)]

    def observation(self) -> dict[str, Any]:
        """What a player sees of the current position (see the module's docstring)."""
        deal, state = self.game.deal, self.game.state
        where = np.full(52, HIDDEN, dtype=np.int8)
        for p, card in enumerate(deal.cards):
            if state.removed >> p & 1:
                where[card] = GONE
        tableau = np.full(deal.size, EMPTY, dtype=np.int8)
        for p, in_slot in enumerate(deal.pyramid(state)):
            if in_slot is not None and not deal.is_face_down(state, p):  # face down: HIDDEN, as dealt
                where[in_slot] = COVERED
                tableau[p] = in_slot
            elif in_slot is not None:
                tableau[p] = FACE_DOWN
        for pile in deal.pile_positions(state):
            for p in pile:
                where[deal.cards[p]] = UNDER
        for card in deal.available(state):
            where[card] = AVAILABLE
        return {
            "cards": where,
            "stock": len(deal.stock_positions(state)),
            "passes_left": 3 if self.game.passes_left is None else min(self.game.passes_left, 3),
            "tableau": tableau,
        }

    def info(self) -> dict[str, Any]:
        """The action mask and the game's deal and move count."""
        return {
            "action_mask": self.action_masks(),
            "deal": self.game.deal.number,
            "moves": len(self.game.moves),
        }

    def oracle(self, shortest: bool = False, time_limit: float | None = None) -> Solution:
        """The exact solver on the current position: is it still winnable, and a winning line
        (with `shortest`, one with the fewest steps: `steps` is then the steps left)."""
        return solve(self.game.deal, self.game.state, shortest=shortest, time_limit=time_limit)

    def render(self) -> str | np.ndarray | None:
        """The layout as text (render_mode "ansi") or as an RGB picture ("rgb_array")."""
        if self.render_mode == "ansi":
            from ..engine.board import draw_board

            return draw_board(self.game.deal, self.game.state, mark=True)
        if self.render_mode == "rgb_array":
            from .picture import picture

            return picture(self.game)
        return None


def graded_deal(variant: str, difficulty: Any, rng: np.random.Generator) -> int:
    """A deal of `variant` of the grade `difficulty` (easy, medium, hard, expert): one of the
    graded deal lists that ship with the package (goals/index.py), graded again as it is picked,
    drawn with `rng`, so a seeded reset picks the same deal. An unknown grade is a ValueError."""
    from ..goals.grades import parse_grade
    from ..goals.index import pick

    grade = parse_grade(difficulty)
    found = pick(variant, grade, 1, random.Random(int(rng.integers(2**63))), search=False)
    if not found:
        raise ValueError(f"the graded deal lists hold no {grade} deal of {variant}")
    return found[0]


def register() -> None:
    """Register ENV_ID with Gymnasium (importing this module does it; kept for older scripts)."""
    if ENV_ID not in gym.registry:
        gym.register(ENV_ID, entry_point=f"{__name__}:PyramidSolitaireEnv")


register()
