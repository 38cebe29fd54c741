"""The API's answers as OpenAPI sees them: what each route sends back, and every refusal it may send
(`{error, code, params}`, errors.py) with its status. The routes build their answers as dicts
(engine/view.py); these models only describe them, so /openapi.json tells a generated client the
truth (tests/test_openapi.py checks the live app against it)."""

from typing import Any

from pydantic import BaseModel, Field


class Refusal(BaseModel):
    """Every refusal: English text, a code from /api/codes, and the code's parameters."""

    error: str = Field(description="the refusal in English, filled from the code's template")
    code: str = Field(description="one of the codes of /api/codes")
    params: dict[str, Any] = Field(description="the template's parameters, for a translation")


class Slot(BaseModel):
    """A pyramid slot: its card, and whether it is free and can be played now."""

    card: str | None  # None: the slot is empty
    free: bool
    available: bool


class Stock(BaseModel):
    """The stock: cards left, the top where it is open."""

    count: int
    top: str | None  # only where the stock is open
    available: bool


class View(BaseModel):
    """What the page draws of the position (engine/view.py view)."""

    variant: str
    deal: int | str | None  # past 2**53 as text; None for a deck given card by card
    pyramid: list[Slot]
    stock: Stock
    wastes: list[list[str]]
    piles: list[list[str]]
    available: list[str]
    moves: list[str]
    can_draw: bool
    can_recycle: bool
    passes: int | None  # None: unlimited
    passes_left: int | None
    won: bool
    stuck: bool
    move_count: int
    can_undo: bool
    can_redo: bool
    last_move: str | None


class Hint(BaseModel):
    """The exact hint (solver/hints.py); `busy` when every solver slot was taken (unchecked)."""

    verdict: str
    move: str | None
    checked: bool
    shortest: bool
    steps: int | None
    last_winnable: int | None
    last_winnable_move: str | None
    losing_move: str | None
    undo: int | None
    seconds: float
    busy: bool | None = None
    overran: bool | None = None  # the search ran past its budget: answered without it (unchecked)


class GameAnswer(BaseModel):
    """Every game route's answer: the record to send back next time, the view, and the route's own
    field (played, undone, redone, hint, review, way; daily and winnable for a new game)."""

    record: dict[str, Any]
    view: View
    played: str | None = None
    undone: str | None = None
    redone: str | None = None
    hint: Hint | None = None
    review: dict[str, Any] | None = None  # solver/review.py Review.to_dict
    way: dict[str, Any] | None = None  # solver/review.py Way.to_dict
    daily: str | None = None
    winnable: bool | None = None
    grade: str | None = None  # easy, medium, hard or expert: the grade asked for (goals/grades.py)


class Version(BaseModel):
    """GET /api/version."""

    version: str


class Codes(BaseModel):
    """GET /api/codes."""

    codes: dict[str, str]  # code -> English template


class Variants(BaseModel):
    """GET /api/variants."""

    default: str
    variants: list[dict[str, Any]]  # engine/variants.py Variant.to_dict


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The `responses` of a route: each status it may refuse with, in the refusal's shape."""
    return {
        status: {"model": Refusal, "description": WHY[status], **WAIT.get(status, {})} for status in statuses
    }


# A 429 and a 503 say how long to wait (fairness.py, connections.py).
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}
WAIT = {429: {"headers": RETRY_AFTER}, 503: {"headers": RETRY_AFTER}}


WHY = {
    400: "a bad request: the record, deal, deck, variant or move cannot be read",
    408: "the body came too slowly",
    409: "the move or undo conflicts with the position",
    413: "the body is too large",
    422: "the body is not the route's JSON",
    429: "the solver's budget for this address is spent; Retry-After says when to come back",
    503: "the server has too many connections open; Retry-After says when to come back",
}
# What every route may answer, and what every route with a body may (limits.py, errors.py).
ANY_ROUTE = (503,)
WITH_BODY = (400, 408, 413, 422, 503)


def documented(model: type[BaseModel], *refused: int) -> dict[str, Any]:
    """A route's `responses`: its answer's model and its refusals. The routes answer dicts, which
    FastAPI sends as they are (response_model None: no second validation, and the function's
    return annotation is not read as a model)."""
    return {"response_model": None, "responses": {200: {"model": model}, **refusals(*refused)}}


GAME = documented(GameAnswer, *WITH_BODY)
SOLVER_GAME = documented(GameAnswer, *WITH_BODY, 429)  # the routes that spend solver tokens
