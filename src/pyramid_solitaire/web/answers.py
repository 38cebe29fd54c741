"""The API's answers as OpenAPI sees them: what each route sends back, and every refusal it may send
(`{error, code, params}`, errors.py) with its status. The routes build their answers as dicts
(engine/view.py); these models only describe them, so /openapi.json tells a generated client the
truth (tests/test_openapi.py checks the live app against it)."""

from typing import Any, Literal

from pydantic import BaseModel, Field, create_model

from ..engine.errors import MESSAGES


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
    grade_source: str | None = None  # "rating" (players' results) or "measure" (results/grades.py)


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


def coded(name: str, codes: tuple[str, ...]) -> type[Refusal]:
    """A Refusal whose code is one of `codes`: what a route says it may refuse with, per status."""
    assert set(codes) <= set(MESSAGES), set(codes) - set(MESSAGES)  # every code is a known one
    one_of: Any = Literal[codes]  # built at run time: a type for pydantic, not for mypy
    code = (one_of, Field(description="one of the codes of /api/codes"))
    return create_model(name, __base__=Refusal, __doc__=f"A refusal of {name[: -len('Refusal')]}.", code=code)


def prefixed(*prefixes: str) -> tuple[str, ...]:
    """The codes of MESSAGES that start with one of `prefixes`, in its order."""
    return tuple(code for code in MESSAGES if code.startswith(prefixes))


# The codes each status may carry (engine/errors.py MESSAGES): a record the engine cannot replay
# (400), a move the position refuses (409), and the web layer's own refusals.
# record_json is for files only; http_error is Starlette's 400 for a body it cannot decode (not UTF-8)
RECORD = (*(code for code in prefixed("record_") if code != "record_json"), "http_error")
MOVE_TEXT = ("move_syntax", "move_card", "move_kind")  # engine/deal.py MoveSyntaxError
ILLEGAL = ("game_won", *prefixed("draw_", "recycle_"), "not_a_king", "same_card_twice", "not_thirteen")
ILLEGAL += ("card_removed", "card_covered", *prefixed("card_under_", "card_in_stock"))
NEW_GAME = (
    *prefixed("deal_", "deck_", "variant_", "grade_", "daily_"),
    "card_invalid",
    "card_rank",
    "http_error",
    "card_suit",
)
ANY_STATUS = {
    408: coded("SlowBodyRefusal", ("body_too_slow", "request_too_slow")),
    413: coded("LargeBodyRefusal", ("body_too_large",)),
    422: coded("BodyRefusal", prefixed("request_")),
    429: coded("RateRefusal", ("rate_limited",)),
    503: coded("BusyRefusal", ("too_many_connections",)),
}
RECORD_400 = coded("RecordRefusal", RECORD)


def refusals(*statuses: int, **own: type[Refusal]) -> dict[int | str, dict[str, Any]]:
    """The `responses` of a route: each status it may refuse with and its codes (`own`, as
    s400=..., for the route's own ones), in the refusal's shape."""
    models = {**ANY_STATUS, **{int(key[1:]): model for key, model in own.items()}}
    return {
        status: {"model": models.get(status, Refusal), "description": WHY[status], **WAIT.get(status, {})}
        for status in statuses
    }


# A 429 and a 503 say how long to wait (fairness.py, connections.py).
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}
WAIT = {429: {"headers": RETRY_AFTER}, 503: {"headers": RETRY_AFTER}}


WHY = {
    400: "a bad request: the record, deal, deck, variant or move cannot be read",
    408: "the body came too slowly",
    409: "the move or undo conflicts with the position, or the review or way would show face-down cards",
    413: "the body is too large",
    422: "the body is not the route's JSON",
    429: "the solver's budget for this address is spent; Retry-After says when to come back",
    503: "the server has too many connections open; Retry-After says when to come back",
}
# What every route may answer, and what every route with a body may (limits.py, errors.py).
ANY_ROUTE = (503,)
WITH_BODY = (400, 408, 413, 422, 503)


def documented(model: type[BaseModel], *refused: int, **own: type[Refusal]) -> dict[str, Any]:
    """A route's `responses`: its answer's model and its refusals. The routes answer dicts, which
    FastAPI sends as they are (response_model None: no second validation, and the function's
    return annotation is not read as a model)."""
    return {"response_model": None, "responses": {200: {"model": model}, **refusals(*refused, **own)}}


GAME = documented(GameAnswer, *WITH_BODY, s400=RECORD_400)
SOLVER_GAME = documented(GameAnswer, *WITH_BODY, 429, s400=RECORD_400)  # the routes that spend solver tokens
# ... and of those the review and the way, which wait for the end where cards lie face down
SOLVER_LOOK = documented(
    GameAnswer, *WITH_BODY, 409, 429, s400=RECORD_400, s409=coded("FaceDownRefusal", ("face_down_unseen",))
)
NEW = documented(GameAnswer, *WITH_BODY, 429, s400=coded("NewGameRefusal", NEW_GAME))
MOVE = documented(
    GameAnswer,
    *WITH_BODY,
    409,
    s400=coded("MoveRefusal", (*RECORD, *MOVE_TEXT)),
    s409=coded("IllegalMoveRefusal", ILLEGAL),
)
UNDO = documented(
    GameAnswer,
    *WITH_BODY,
    409,
    s400=RECORD_400,
    s409=coded("UndoRefusal", ("nothing_to_undo", "undo_too_many")),
)
REDO = documented(
    GameAnswer, *WITH_BODY, 409, s400=RECORD_400, s409=coded("RedoRefusal", ("nothing_to_redo",))
)
