"""A posted result as the server finds it: the record replayed with the engine (refused with the
engine's code when it is not a legal game of its deal), the day's challenge it names checked
against the record's deal, and the time checked against the moves."""

import json
import math
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any

from ..engine.errors import Refusal, cut
from ..engine.game import Game
from ..goals.daily import Challenge, achieved, challenges, parse_day
from ..goals.score import score

MAX_SECONDS = 7 * 24 * 3600  # a game left open for a week is still one game; longer is no time
SECONDS_PER_MOVE = 0.05  # no hand plays faster (the page's fastest, Show the way, animates slower)
MAX_HINTS = 10_000
MAX_UNDOS = 100_000


class ResultRefused(Refusal):
    """A result the server will not store: what was wrong, with a code of its own."""


@dataclass(frozen=True)
class Help:
    """What the page says the player was given (self-reported: the server cannot see it)."""

    hints: int = 0
    undos: int = 0
    way: bool = False

    @property
    def any(self) -> bool:
        return bool(self.hints or self.undos or self.way)


@dataclass(frozen=True)
class Verified:
    """A result replayed: the deal it is of, what the engine found, and the challenge's verdict."""

    variant: str
    deal: str  # the deal number's digits, or the deck string of a dealt deck
    moves: tuple[str, ...]
    won: bool
    score: int
    challenge: str | None
    goal_met: bool | None

    def record(self) -> str:
        """The moves as replayed, as JSON: what a later check replays again."""
        return json.dumps({"variant": self.variant, "deal": self.deal, "moves": list(self.moves)})


@lru_cache(maxsize=8)
def _day(day: date) -> dict[str, Challenge]:
    """A day's challenges by id (a pure function of the date: made once per worker and day)."""
    return {c.id: c for c in challenges(day)}


def challenge(text: str) -> Challenge:
    """The day's challenge named `text` (YYYY-MM-DD-N), or a refusal."""
    try:
        found = _day(parse_day(text[:10])).get(text)
    except Refusal:
        found = None
    if found is None:
        raise ResultRefused("results_challenge_unknown", challenge=cut(text))
    return found


def verify(record: Any, seconds: float, challenge_id: str | None = None) -> Verified:
    """The result of `record`, played in `seconds`, at the challenge `challenge_id` if any."""
    game = Game.from_record(record)  # a RecordError (the engine's code) for any illegal move
    moves = tuple(str(m) for m in game.moves)  # the redo path is not part of the game played
    if not (math.isfinite(seconds) and len(moves) * SECONDS_PER_MOVE <= seconds <= MAX_SECONDS):
        raise ResultRefused("results_seconds", seconds=cut(seconds), moves=len(moves), most=MAX_SECONDS)
    number = game.deal.number
    deal = str(number) if number is not None else game.deal.deck_string()
    goal_met = None
    if challenge_id is not None:
        found = challenge(challenge_id)
        if (found.variant, found.deal) != (game.variant.text, number):
            raise ResultRefused(
                "results_challenge_deal", challenge=found.id, variant=found.variant, deal=str(found.deal)
            )
        goal_met = achieved(game.deal, found.goal, tuple(game.moves))
    points = score(game.state, game.deal.layout)
    return Verified(game.variant.text, deal, moves, game.is_won, points, challenge_id, goal_met)
