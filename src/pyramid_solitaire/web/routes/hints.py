"""What the solver says about a game: the hint, the review, the way to win. Each spends solver
tokens from the client's bucket (fairness.py) before it reads the record, and runs in one of the
app's solver slots (solving.py)."""

from typing import Any

from fastapi import APIRouter, Depends, Request

from ...engine.game import Game
from ...engine.view import answer
from .. import answers
from ..fairness import solver_work, spend_on_solver
from ..models import RecordOnly
from ..solving import REVIEW_COST, WAY_COST, Solver

router = APIRouter()


@router.post("/api/hint", dependencies=[Depends(solver_work)], **answers.SOLVER_GAME)
def hint(body: RecordOnly, solver: Solver) -> dict[str, Any]:
    """The exact hint for the position; `busy` when the solver had no free slot."""
    game = Game.from_record(body.record)
    return answer(game, hint=solver.hint_for(game))


@router.post("/api/review", **answers.SOLVER_GAME)
def review(body: RecordOnly, request: Request, solver: Solver) -> dict[str, Any]:
    """Every move of the game marked against the solver, with the shortest wins."""
    spend_on_solver(request, REVIEW_COST)  # rate limited like hints, by what it may search
    game = Game.from_record(body.record)
    return answer(game, review=solver.review_for(game))


@router.post("/api/way", **answers.SOLVER_GAME)
def way(body: RecordOnly, request: Request, solver: Solver) -> dict[str, Any]:
    """The shortest winning line from the position (the page's Show the way)."""
    spend_on_solver(request, WAY_COST)
    game = Game.from_record(body.record)
    return answer(game, way=solver.way_for(game))
