"""The solver shared by every player of a server: a few slots, exact hints, winnable-only deals.

One `SharedSolver` per app (application.create_app), built from its settings: its slots and budgets
belong to that app alone.
"""

import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request

from ..engine.game import Game
from ..solver.hints import advice, unchecked, winnable_deal
from ..solver.review import review, shortest_way
from ..solver.search import warm_up
from .deals import random_deal
from .metrics import Metrics
from .settings import Settings


class SharedSolver:
    """Solver calls run in the request's worker thread (the kernel releases the GIL). At most
    `solver_slots` run at once, so ordinary moves keep a core to themselves; a request that finds
    every slot taken waits `slot_wait` at most, then is answered without the solver, never queued."""

    def __init__(self, settings: Settings, metrics: Metrics):
        self.settings, self.metrics = settings, metrics
        self.slots = threading.BoundedSemaphore(settings.solver_slots)
        self.slot_wait = settings.solver_slot_wait
        self.loaded = threading.Event()  # the compiled solver is loaded (readyz)

    @contextmanager
    def slot(self, kind: str) -> Iterator[bool]:
        """Yields True when the solver may run now, False when it stayed busy for slot_wait; the
        time of the search is counted under `kind` (metrics.py)."""
        free = self.slots.acquire(timeout=self.slot_wait)
        try:
            if free:
                with self.metrics.timing(kind):
                    yield free
            else:
                yield free
        finally:
            if free:
                self.slots.release()

    def hint_for(self, game: Game) -> dict[str, Any]:
        """The exact hint (hints.advice, the same call as `pyramid-solitaire hint`). When the solver
        is busy with other players, the answer is the unchecked fallback, marked as such."""
        with self.slot("hint") as free:
            if free:
                return advice(game, self.settings.hint_seconds)
        return {**unchecked(game).to_dict(game), "busy": True}

    def review_for(self, game: Game) -> dict[str, Any]:
        """The review of a game (review.review, the same call as `pyramid-solitaire review`) in one
        bounded budget. When the solver is busy, nothing is searched: the marks say unknown."""
        with self.slot("review") as free:
            if free:
                return review(game, self.settings.review_seconds).to_dict()
        return {**review(game, 0.0).to_dict(), "busy": True}

    def way_for(self, game: Game) -> dict[str, Any]:
        """The shortest winning line from the game's position, for "Show the way"."""
        with self.slot("way") as free:
            if free:
                return shortest_way(game, game.state, self.settings.way_seconds).to_dict()
        return {**shortest_way(game, game.state, 0.0).to_dict(), "busy": True}

    def proven_winnable_deal(self, variant: str) -> int | None:
        """A random deal number proven winnable, or None when no proof came in time (or no slot was free)."""
        with self.slot("winnable") as free:
            return winnable_deal(variant, random_deal, self.settings.winnable_seconds) if free else None

    def load(self) -> None:
        """Load the compiled solver, then mark it loaded."""
        warm_up()
        self.loaded.set()


@asynccontextmanager
async def warm_solver(app: FastAPI) -> AsyncIterator[None]:
    """Load the compiled solver beside the first requests, so the first hint is not spent on it."""
    threading.Thread(target=app.state.solver.load, daemon=True).start()
    yield


def app_solver(request: Request) -> SharedSolver:
    """The solver of the app that answers the request (FastAPI dependency)."""
    solver: SharedSolver = request.app.state.solver
    return solver


Solver = Annotated[SharedSolver, Depends(app_solver)]  # a route's parameter: the app's solver
