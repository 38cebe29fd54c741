"""What the solver says about a game: the hint, the review, the way to win. Each spends solver
tokens from the client's bucket (fairness.py) before it reads the record, and runs in one of the
app's solver slots (solving.py)."""

from typing import Any

from fastapi import APIRouter, Request

from ...engine.game import Game
from ...engine.view import answer
from ...solver import budgets
from .. import answers
from ..fairness import charge
from ..models import RecordOnly
from ..solving import Solver

router = APIRouter()


@router.post("/api/hint", **answers.SOLVER_GAME)
def hint(body: RecordOnly, request: Request, solver: Solver) -> dict[str, Any]:
    """The exact hint for the position; `busy` when the solver had no free slot."""
    charge(request, budgets.HINT)
    game = Game.from_record(body.record)
    return answer(game, hint=solver.hint_for(game))


@router.post("/api/review", **answers.SOLVER_GAME)
def review(body: RecordOnly, request: Request, solver: Solver) -> dict[str, Any]:
    """Every move of the game marked against the solver, with the shortest wins."""
    charge(request, budgets.REVIEW)
    game = Game.from_record(body.record)
    return answer(game, review=solver.review_for(game))


@router.post("/api/way", **answers.SOLVER_GAME)
def way(body: RecordOnly, request: Request, solver: Solver) -> dict[str, Any]:
    """The shortest winning line from the position (the page's Show the way)."""
    charge(request, budgets.WAY)
    game = Game.from_record(body.record)
    return answer(game, way=solver.way_for(game))
