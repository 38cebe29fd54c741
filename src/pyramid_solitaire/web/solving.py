"""The solver shared by every player of a server: a few slots, exact hints, winnable-only deals,
each search bounded by its budget whatever the kernel does.

One `SharedSolver` per app (application.create_app), built from its settings: its slots and budgets
belong to that app alone.
"""

import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as StillSearching
from contextlib import asynccontextmanager
from typing import Annotated, Any, TypeVar

from fastapi import Depends, FastAPI, Request

from ..engine.game import Game
from ..solver.hints import advice, unchecked, winnable_deal
from ..solver.review import review, shortest_way
from ..solver.search import warm_up
from .deals import random_deal
from .metrics import Metrics
from .settings import Settings

Found = TypeVar("Found")
# A search ends within its budget plus a slice of the kernel; one still running this long after
# its budget has overrun (a kernel that loops): the request is answered without it.
OVERRUN_GRACE_SECONDS = 1.0
BUSY = "busy"  # every slot was taken for slot_wait
OVERRAN = "overran"  # the search ran past its budget and still holds its slot


class SharedSolver:
    """At most `solver_slots` searches run at once, so ordinary moves keep a core to themselves; a
    request that finds every slot taken waits `slot_wait` at most, then is answered without the
    solver, never queued.

    Each search runs in a daemon thread of its own (the kernel releases the GIL), and the request
    waits for it no longer than its budget and OVERRUN_GRACE_SECONDS: a search that never ends
    cannot hold the request, and shutdown never waits for it (a C search cannot be stopped from
    outside, and a daemon thread does not keep the process alive). Its slot stays taken until it
    ends, counted in `overrunning`, which /readyz reports."""

    def __init__(self, settings: Settings, metrics: Metrics):
        self.settings, self.metrics = settings, metrics
        self.slots = threading.BoundedSemaphore(settings.solver_slots)
        self.slot_wait = settings.solver_slot_wait
        self.loaded = threading.Event()  # the compiled solver is loaded (readyz)
        self.overrunning = 0  # searches past their deadline, still holding their slots
        self.lock = threading.Lock()

    def search(self, kind: str, seconds: float, find: Callable[[], Found]) -> Found | str:
        """What `find` found, or BUSY (no slot came free in slot_wait) or OVERRAN (no answer in
        `seconds` and the grace); its time is counted under `kind` (metrics.py)."""
        if not self.slots.acquire(timeout=self.slot_wait):
            return BUSY
        found: Future[Found] = Future()
        overran = threading.Event()

        def run() -> None:
            try:
                with self.metrics.timing(kind):
                    found.set_result(find())
            except BaseException as err:  # the request's thread raises it (a coded refusal, a bug)
                found.set_exception(err)
            finally:
                with self.lock:
                    if overran.is_set():
                        self.overrunning -= 1
                        self.metrics.overrunning.dec()
                self.slots.release()

        threading.Thread(target=run, name=f"solver {kind}", daemon=True).start()
        try:
            return found.result(timeout=seconds + OVERRUN_GRACE_SECONDS)
        except StillSearching:
            with self.lock:
                if found.done():  # it ended just now: its answer after all
                    return found.result()
                overran.set()
                self.overrunning += 1
                self.metrics.overrunning.inc()
            return OVERRAN

    def answered(
        self,
        kind: str,
        seconds: float,
        search: Callable[[float], dict[str, Any]],
        without: Callable[[], dict[str, Any]],
    ) -> dict[str, Any]:
        """The search's answer in `seconds`, else the answer `without` the solver, marked with why."""
        found = self.search(kind, seconds, lambda: search(seconds))
        return found if isinstance(found, dict) else {**without(), found: True}

    def hint_for(self, game: Game) -> dict[str, Any]:
        """The exact hint (hints.advice, the same call as `pyramid-solitaire hint`). Without the
        solver, the unchecked move."""
        return self.answered(
            "hint",
            self.settings.hint_seconds,
            lambda seconds: advice(game, seconds),
            lambda: unchecked(game).to_dict(game),
        )

    def review_for(self, game: Game) -> dict[str, Any]:
        """The review of a game (review.review, the same call as `pyramid-solitaire review`) in one
        bounded budget. Without the solver, nothing is searched: the marks say unknown."""

        def marks(seconds: float) -> dict[str, Any]:
            return review(game, seconds).to_dict()

        return self.answered("review", self.settings.review_seconds, marks, lambda: marks(0.0))

    def way_for(self, game: Game) -> dict[str, Any]:
        """The shortest winning line from the game's position, for "Show the way"."""

        def way(seconds: float) -> dict[str, Any]:
            return shortest_way(game, game.state, seconds).to_dict()

        return self.answered("way", self.settings.way_seconds, way, lambda: way(0.0))

    def proven_winnable_deal(self, variant: str) -> int | None:
        """A random deal number proven winnable, or None when no proof came in time (or no slot was free)."""
        seconds = self.settings.winnable_seconds
        found = self.search("winnable", seconds, lambda: winnable_deal(variant, random_deal, seconds))
        return found if isinstance(found, int) else None

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
