"""Review a game against the solver: where it was won or lost, and how the shortest win goes.

Each played move is marked by the position after it: still winnable, the move that lost the game
(winnable before, not after), a move made in an already lost position, or unknown when the time
budget ran out before it was decided (never guessed). Winnability only goes from yes to no along
a game (a winnable position's predecessors are winnable), so the positions split at one point:
a binary search over them needs a handful of solver calls, not one per move. The shortest winning
lines, from the start and from the last winnable position, are what "Show the way" plays.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..engine.deal import Move, State
from ..engine.game import Game
from .budgets import REVIEW
from .search import UNKNOWN, UNWINNABLE, WINNABLE, Verdict, solve


class Mark(StrEnum):
    """The review's mark of a played move; each is its own text (the JSON is unchanged)."""

    WINNABLE = "winnable"  # the position after it can still be won
    LOSING = "losing"  # winnable before it, lost after it: the move that lost the game
    LOST = "lost"  # played in a position that was already lost
    UNKNOWN = "unknown"  # the budget ran out before it was decided


@dataclass(frozen=True)
class Split:
    """What the solver found along the game's positions states[0..n]: states[i] is winnable for
    i <= last_winnable_at and lost for i >= first_lost_at; between them it is unknown (the
    budget ran out). Both are indexes into `Game.states`."""

    last_winnable_at: int  # -1: no position is known winnable
    first_lost_at: int  # n + 1: no position is known lost

    def verdict(self, i: int) -> Verdict:
        """What is known of position i: winnable, unwinnable or unknown."""
        if i <= self.last_winnable_at:
            return WINNABLE
        if i >= self.first_lost_at:
            return UNWINNABLE
        return UNKNOWN

    def last_winnable(self, n: int) -> int | None:
        """Of a game of n moves that was lost: the moves played up to its last winnable position
        (-1: the deal never was winnable). None when not lost, or the budget ran out first."""
        decided = self.first_lost_at - self.last_winnable_at == 1
        return self.last_winnable_at if decided and self.first_lost_at <= n else None


def split(game: Game, left: Callable[[], float | None], lost: int | None = None) -> Split:
    """Where winnable turns to lost along the played moves, within the time `left()` returns
    (None: no limit). `lost`: a position already known lost (a hint knows the current one is)."""
    n = len(game.states) - 1
    if game.is_won:
        return Split(n, n + 1)  # the last position is won, so every one before it was winnable
    won = -1
    lost = n + 1 if lost is None else lost
    probes = [n] if lost > n else []  # the last position first: if it is winnable, so are all
    while lost - won > 1:
        mid = probes.pop() if probes else (won + lost) // 2
        verdict = _decide(game, game.states[mid], left)
        if verdict == UNKNOWN:
            break
        if verdict == WINNABLE:
            won = mid
        else:
            lost = mid
    return Split(won, lost)


def _decide(game: Game, state: State, left: Callable[[], float | None]) -> Verdict:
    budget = left()
    if budget is not None and budget <= 0:
        return UNKNOWN
    return solve(game.deal, state, time_limit=budget).verdict


@dataclass(frozen=True)
class Way:
    """A shortest winning line from a position, as far as the budget allowed."""

    verdict: Verdict  # WINNABLE, UNWINNABLE or UNKNOWN
    line: tuple[Move, ...] = ()
    proven: bool = False  # the line is proven to have the fewest steps

    def to_dict(self) -> dict[str, Any]:
        """JSON form: verdict, steps, line (move texts), proven."""
        winnable = self.verdict == WINNABLE
        return {
            "verdict": self.verdict,
            "steps": len(self.line) if winnable else None,
            "line": [str(m) for m in self.line] if winnable else None,
            "proven": self.proven,
        }


def shortest_way(game: Game, state: State, time_limit: float) -> Way:
    """The shortest winning line from `state` (a winning one, not proven shortest, if time runs out)."""
    if time_limit <= 0:
        return Way(UNKNOWN)
    found = solve(game.deal, state, shortest=True, time_limit=time_limit)
    return Way(found.verdict, found.line, found.shortest)


@dataclass(frozen=True)
class Review:
    """A game reviewed against the solver: a mark per move, and the shortest ways to win."""

    moves: tuple[Move, ...]
    split: Split
    start: Way  # the shortest win from the deal's start
    at_loss: Way | None  # the shortest win from the last winnable position, when the game was lost
    won: bool  # the game reviewed was won (a flag)
    seconds: float
    thoughtful: bool = False  # the marks know cards the player never saw (Pyramid Thirteen)

    def mark(self, i: int) -> Mark:
        """The mark of move i (1-based): by the position after it, and the one before."""
        before, after = self.split.verdict(i - 1), self.split.verdict(i)
        if after == WINNABLE:
            return Mark.WINNABLE
        if before == UNWINNABLE:
            return Mark.LOST
        if before == WINNABLE and after == UNWINNABLE:
            return Mark.LOSING
        return Mark.UNKNOWN

    @property
    def losing_move(self) -> int | None:
        """The number of the move that lost the game, when there is one and it is known."""
        n = self.split.last_winnable_at + 1
        return n if 1 <= n <= len(self.moves) and self.mark(n) == Mark.LOSING else None

    @property
    def longer_by(self) -> int | None:
        """For a won game: how many moves more than the (proven) shortest win the player took."""
        if not self.won or not self.start.proven or self.start.verdict != WINNABLE:
            return None
        return len(self.moves) - len(self.start.line)

    def to_dict(self) -> dict[str, Any]:
        """JSON form for the page and `pyramid-solitaire review --json`."""
        return {
            "won": self.won,
            "start": {**self.start.to_dict(), "winnable": self.split.verdict(0)},
            "moves": [
                {"n": i, "move": str(move), "mark": self.mark(i)} for i, move in enumerate(self.moves, 1)
            ],
            "losing_move": self.losing_move,
            "last_winnable": self.split.last_winnable(len(self.moves)),
            "at_loss": self.at_loss.to_dict() if self.at_loss else None,
            "longer_by": self.longer_by,
            "complete": all(self.mark(i) != Mark.UNKNOWN for i in range(1, len(self.moves) + 1)),
            "seconds": round(self.seconds, 4),
        } | ({"thoughtful": True} if self.thoughtful else {})


def review(game: Game, time_limit: float = REVIEW.seconds) -> Review:
    """Review the played moves of `game` (its redo path is not part of the game) in `time_limit`
    seconds: the winnability of every position first, then the shortest lines."""
    started = time.perf_counter()

    def left() -> float:
        return max(time_limit - (time.perf_counter() - started), 0.0)

    found = split(game, left)
    last = found.last_winnable(len(game.moves))
    at_loss = None
    if last is not None and last > 0:  # the way from where it was lost first: it is that review's news
        at_loss = shortest_way(game, game.states[last], left() / 2)
    start = Way(UNWINNABLE) if found.verdict(0) == UNWINNABLE else shortest_way(game, game.states[0], left())
    if last == 0:  # lost by the first move: the way from the loss is the way from the start
        at_loss = start
    seconds = time.perf_counter() - started
    # Face-down cards: the marks are the solver's with every card known, said so (not a peek
    # the player gets during play: a review is of a finished or abandoned game).
    return Review(tuple(game.moves), found, start, at_loss, game.is_won, seconds, game.variant.hidden)


def last_winnable(game: Game, left: Callable[[], float | None] = lambda: None) -> int | None:
    """How many of the played moves still left the game winnable: -1 if the deal never was,
    None if the budget ran out before it was found. The current position must be lost."""
    return split(game, left, lost=len(game.states) - 1).last_winnable(len(game.moves))
