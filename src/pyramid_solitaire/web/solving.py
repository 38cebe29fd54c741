"""The solver shared by every player of a server: a few slots, exact hints, winnable-only deals."""

import os
import threading
from contextlib import asynccontextmanager, contextmanager

from fastapi import FastAPI

from ..engine.game import Game
from ..solver.hints import HINT_SECONDS, advice, unchecked, winnable_deal
from ..solver.review import REVIEW_SECONDS, review, shortest_way
from ..solver.search import warm_up
from .deals import random_deal

WINNABLE_SECONDS = 2.0  # how long New game may look for a deal the solver proves winnable

# Solver calls run in the request's worker thread (the kernel releases the GIL). At most this
# many run at once, so ordinary moves keep a core to themselves; a request that finds every
# slot taken waits a moment at most, then is answered without the solver, never queued.
SOLVER_SLOTS = threading.BoundedSemaphore(max((os.cpu_count() or 2) - 1, 1))
SLOT_WAIT = 0.1


@contextmanager
def solver_slot():
    """Yields True when the solver may run now, False when it stayed busy for SLOT_WAIT."""
    free = SOLVER_SLOTS.acquire(timeout=SLOT_WAIT)
    try:
        yield free
    finally:
        if free:
            SOLVER_SLOTS.release()


def hint_for(game: Game) -> dict:
    """The exact hint (hints.advice, the same call as `pyramid-solitaire hint`). When the solver
    is busy with other players, the answer is the unchecked fallback, marked as such."""
    with solver_slot() as free:
        if free:
            return advice(game, HINT_SECONDS)
    return {**unchecked(game).to_dict(game), "busy": True}


WAY_SECONDS = 1.0  # "Show the way": the shortest line from one position
# Solver tokens (fairness.py) a request spends: a hint searches 0.5 s for one token.
REVIEW_COST = 4.0  # a review searches up to REVIEW_SECONDS, 2 s
WAY_COST = 2.0


def review_for(game: Game) -> dict:
    """The review of a game (review.review, the same call as `pyramid-solitaire review`) in one
    bounded budget. When the solver is busy, nothing is searched: the marks say unknown."""
    with solver_slot() as free:
        if free:
            return review(game, REVIEW_SECONDS).to_dict()
    return {**review(game, 0.0).to_dict(), "busy": True}


def way_for(game: Game) -> dict:
    """The shortest winning line from the game's position, for "Show the way"."""
    with solver_slot() as free:
        if free:
            return shortest_way(game, game.state, WAY_SECONDS).to_dict()
    return {**shortest_way(game, game.state, 0.0).to_dict(), "busy": True}


def proven_winnable_deal(variant: str) -> int | None:
    """A random deal number proven winnable, or None when no proof came in time (or the solver is busy)."""
    with solver_slot() as free:
        return winnable_deal(variant, random_deal, WINNABLE_SECONDS) if free else None


@asynccontextmanager
async def warm_solver(app: FastAPI):
    """Load the compiled solver beside the first requests, so the first hint is not spent on it."""
    threading.Thread(target=warm_up, daemon=True).start()
    yield
