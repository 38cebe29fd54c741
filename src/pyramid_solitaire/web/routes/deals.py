"""A new game: which deal it plays (deals.py), one source at a time."""

from typing import Any

from fastapi import APIRouter, Request

from ...engine.decks import daily_deal
from ...engine.game import Game, one_deal_source
from ...engine.variants import get_variant
from ...engine.view import answer
from ...results.grades import graded_deal
from ...solver import budgets
from .. import answers
from ..deals import parse_day, parse_deal_number, parse_grade
from ..fairness import charge
from ..models import NewGame
from ..solving import Solver
from .results import ratings_store

router = APIRouter()


@router.post("/api/new", **answers.NEW)
def new(body: NewGame, request: Request, solver: Solver) -> dict[str, Any]:
    """A new game from at most one deal source: a grade, a deck, a day, winnable only, a number;
    none: a random deal."""
    chosen = {"deal": body.deal is not None, "deck": body.deck is not None}
    chosen |= {"daily": body.daily is not None, "winnable_only": body.winnable_only}
    chosen |= {"grade": body.grade is not None}
    one_deal_source([name for name, given in chosen.items() if given])
    rules = get_variant(body.variant)  # an unknown variant is refused before any search
    if body.grade is not None:
        wanted = parse_grade(body.grade)  # unknown: a coded 400
        # a deal's rating grades it once players have played it enough (results/grades.py)
        dealt, grade, source = graded_deal(ratings_store(request), rules.text, wanted)
        return answer(Game(body.variant, number=dealt), grade=grade, grade_source=source)
    if body.deck is not None:
        return answer(Game(body.variant, deck=body.deck))
    if body.daily is not None:
        day = parse_day(body.daily)
        return answer(Game(body.variant, number=daily_deal(body.variant, day)), daily=day.isoformat())
    if body.winnable_only:
        charge(request, budgets.WINNABLE_DEAL)
        # Honest about failure: without a proof in time the deal is random and the answer says so.
        number = solver.proven_winnable_deal(body.variant)
        return answer(Game(body.variant, number=number), winnable=number is not None)  # None: random
    number = None if body.deal is None else parse_deal_number(body.deal)
    return answer(Game(body.variant, number=number))  # None: a random deal
