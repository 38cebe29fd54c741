"""Exact hints: the first move of a winning line, or the truth that the position is lost.

A hint asks the solver within a time budget. If the position can be won, the hint is the first
move of a winning line (a shortest one when the budget allows). If it cannot, the hint finds the
last earlier position that could still be won. Only when the budget runs out does it fall back to
a legal move, and then it says that the move is not checked.

Where cards lie face down (Pyramid Thirteen) the solver would see them, so the hint is the move
that keeps the most of the deals consistent with what the player has seen winnable
(consistent.py), with that share: its verdict stays "unknown" (the real deal is not asked).
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..engine.deal import Move
from ..engine.game import Game
from .budgets import HINT, WINNABLE_DEAL
from .consistent import Judged, best
from .review import last_winnable
from .search import UNWINNABLE, WINNABLE, solve


class HintVerdict(StrEnum):
    """What a hint says of the position: the solver's verdicts, and won; each is its own text."""

    WON = "won"
    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"  # the budget ran out: the move is not checked


WON = HintVerdict.WON
# A hint's time limit (budgets.HINT: well under a second, as a player waits for it). Deciding comes
# first and may take all of it; the search for a shortest line gets what is left. A client that
# asks for many hints is held back by its solver tokens (web/fairness.py), not by this.


@dataclass(frozen=True)
class Hint:
    """An exact hint: the verdict, the move to play, and how sure it is."""

    verdict: HintVerdict  # WON, WINNABLE, UNWINNABLE or UNKNOWN (the budget ran out)
    move: Move | None = None  # the move to play; None when won or lost
    checked: bool = False  # the move is the first of a proven winning line
    shortest: bool = False  # ... and that line has the fewest steps
    steps: int | None = None  # steps of the winning line behind the move
    last_winnable: int | None = None  # lost: moves played up to the last winnable position (-1: never)
    seconds: float = 0.0
    consistent: Judged | None = None  # hidden cards: the move judged over the consistent deals

    def to_dict(self, game: Game) -> dict[str, Any]:
        """JSON form for the page and the command line; `undo` moves back to the last winnable point."""
        # moves played up to the last winnable position, when there is one
        last = self.last_winnable if self.last_winnable is not None and self.last_winnable >= 0 else None
        return {
            "verdict": self.verdict,
            "move": str(self.move) if self.move else None,
            "checked": self.checked,
            "shortest": self.shortest,
            "steps": self.steps,
            "last_winnable": self.last_winnable,
            "last_winnable_move": str(game.moves[last - 1]) if last else None,
            "losing_move": str(game.moves[last]) if last is not None else None,
            "undo": len(game.moves) - last if last is not None else None,
            "seconds": round(self.seconds, 4),
        } | ({} if self.consistent is None else {"consistent": self.consistent.to_dict()})


def hint(game: Game, time_limit: float = HINT.seconds) -> Hint:
    """The exact hint for the game's current position, within `time_limit` seconds."""
    started = time.perf_counter()

    def left() -> float:
        return max(time_limit - (time.perf_counter() - started), 0.0)

    def done(verdict: HintVerdict, **fields: Any) -> Hint:
        return Hint(verdict, seconds=time.perf_counter() - started, **fields)

    if game.is_won:
        return done(HintVerdict.WON)
    if game.variant.hidden:  # never a peek: the move judged over the deals consistent with what was seen
        judged = best(game.deal, game.state, left)
        if judged is None:
            return done(HintVerdict.UNWINNABLE)  # no move left: the player sees it is lost
        return done(HintVerdict.UNKNOWN, move=judged.move, consistent=judged)
    # One search: the decision gets the whole budget first, the shortest line what it leaves
    # (a line found but not proven shortest is still a checked hint).
    found = solve(game.deal, game.state, shortest=True, time_limit=left())
    if found.verdict == WINNABLE:
        move, steps = found.line[0], len(found.line)
        return done(HintVerdict.WINNABLE, move=move, checked=True, shortest=found.shortest, steps=steps)
    if found.verdict == UNWINNABLE:
        return done(HintVerdict.UNWINNABLE, last_winnable=last_winnable(game, left))
    return done(HintVerdict.UNKNOWN, move=unchecked(game).move)


def unchecked(game: Game) -> Hint:
    """The hint without the solver (out of time, or busy): the first legal move, not checked."""
    if game.is_won:
        return Hint(HintVerdict.WON)
    moves = game.legal_moves()
    # no move left: lost
    return Hint(HintVerdict.UNKNOWN, move=moves[0]) if moves else Hint(HintVerdict.UNWINNABLE)


def advice(game: Game, time_limit: float = HINT.seconds) -> dict[str, Any]:
    """The hint as the page and the command line show it: one code path for both."""
    return hint(game, time_limit).to_dict(game)


def winnable_deal(
    variant_id: str, pick_number: Callable[[], int], time_limit: float = WINNABLE_DEAL.seconds
) -> int | None:
    """A deal number the solver proves winnable, trying numbers from `pick_number()` until
    `time_limit` seconds are spent; None if no proof came in time (the page then says so)."""
    started = time.perf_counter()
    while (left := time_limit - (time.perf_counter() - started)) > 0:
        number = pick_number()
        if solve(Game(variant_id, number=number).deal, time_limit=left).verdict == WINNABLE:
            return number
    return None
