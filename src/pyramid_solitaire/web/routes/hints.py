"""What the solver says about a game: the hint, the review, the way to win. Each spends solver
tokens from the client's bucket (fairness.py) before it reads the record, and runs in one of the
app's solver slots (solving.py). An answer made without the solver says why (`busy`: every slot
taken, with Retry-After; `overran`: the search ran past its budget)."""

import math
from typing import Any

from fastapi import APIRouter, Request, Response

from ...engine.errors import Conflict
from ...engine.game import Game
from ...engine.view import answer
from ...solver import budgets
from .. import answers
from ..fairness import charge
from ..models import RecordOnly
from ..solving import Solver

router = APIRouter()


def with_retry_after(response: Response, said: dict[str, Any], seconds: float) -> dict[str, Any]:
    """The solver's answer; when it was busy, Retry-After: the search's budget (rounded up), the
    longest a search that keeps to its budget holds a slot."""
    if said.get("busy"):
        response.headers["Retry-After"] = str(max(math.ceil(seconds), 1))
    return said


@router.post("/api/hint", **answers.SOLVER_GAME)
def hint(body: RecordOnly, request: Request, response: Response, solver: Solver) -> dict[str, Any]:
    """The exact hint for the position; `busy` when the solver had no free slot."""
    charge(request, budgets.HINT)
    game = Game.from_record(body.record)
    return answer(game, hint=with_retry_after(response, solver.hint_for(game), solver.settings.hint_seconds))


def looked_at(record: object) -> Game:
    """The game of a review or way. Where cards lie face down (Thirteen) the solver's marks and
    lines know them, so they are given only once the game is over: never a peek during play."""
    game = Game.from_record(record)
    if game.variant.hidden and not (game.is_won or game.is_stuck):
        raise Conflict("face_down_unseen", name=game.variant.name_en)
    return game


@router.post("/api/review", **answers.SOLVER_LOOK)
def review(body: RecordOnly, request: Request, response: Response, solver: Solver) -> dict[str, Any]:
    """Every move of the game marked against the solver, with the shortest wins."""
    charge(request, budgets.REVIEW)
    game = looked_at(body.record)
    said = solver.review_for(game)
    return answer(game, review=with_retry_after(response, said, solver.settings.review_seconds))


@router.post("/api/way", **answers.SOLVER_LOOK)
def way(body: RecordOnly, request: Request, response: Response, solver: Solver) -> dict[str, Any]:
    """The shortest winning line from the position (the page's Show the way)."""
    charge(request, budgets.WAY)
    game = looked_at(body.record)
    return answer(game, way=with_retry_after(response, solver.way_for(game), solver.settings.way_seconds))
