"""Error answers: every refusal, the engine's, the web layer's or the framework's, as
`{"error": English text, "code": code, "params": {...}}` with its code from errors.MESSAGES."""

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import Receive, Scope, Send

from ..engine.errors import Conflict, Refusal, cut
from ..engine.game import Game

REFUSAL = "pyramid_solitaire.refusal"  # scope extension: the code of the refusal answered (metrics)


class Refused(JSONResponse):
    """A refusal's answer; it notes its code in the request's scope for the access log's metrics."""

    def __init__(self, refusal: Refusal, status: int, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(refusal.to_dict(), status_code=status, headers=headers)
        self.code = refusal.code

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        scope.setdefault("extensions", {})[REFUSAL] = self.code
        await super().__call__(scope, receive, send)


def refused(refusal: Refusal, status: int, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """The JSON answer of a refusal with its HTTP status (and any headers)."""
    return Refused(refusal, status, headers)


def framework_refusal(request: Request, err: HTTPException) -> Refusal:
    """Starlette's own refusals (unknown path, wrong method) with codes of their own."""
    path = cut(request.url.path, 60)
    if err.status_code == 404:
        return Refusal("not_found", path=path)
    if err.status_code == 405:
        return Refusal("method_not_allowed", method=cut(request.method, 10), path=path)
    return Refusal("http_error", status=err.status_code)


def in_record(error: dict[str, Any]) -> bool:
    """Whether a validation error is inside the body's game record (a field, a key, its
    deal-or-deck check), not the record as a whole (not an object: model_*_type, the body's own)."""
    loc = tuple(error.get("loc", ()))
    return loc[:2] == ("body", "record") and (len(loc) > 2 or not str(error.get("type")).startswith("model_"))


def validation_refusal(err: RequestValidationError) -> Refusal:
    """The first thing wrong with a request body (one is enough to act on, and keeps the answer
    short): the body's own fields before what is inside its record."""
    first = next((e for e in err.errors() if not in_record(e)), err.errors()[0] if err.errors() else {})
    field = cut(".".join(str(x) for x in first.get("loc", ()) if x != "body"), 40)
    kind = first.get("type", "")
    if not field or kind == "json_invalid":
        return Refusal("request_not_json")
    if kind == "missing":
        return Refusal("request_field_missing", field=field)
    if kind == "extra_forbidden":
        return Refusal("request_field_unknown", field=field)
    return Refusal("request_field_invalid", field=field, problem=kind, detail=cut(first.get("msg", ""), 80))


def add_error_handlers(app: FastAPI) -> None:
    """Answer the framework's, the engine's and validation errors as coded refusals."""

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException) -> JSONResponse:
        return refused(framework_refusal(request, err), err.status_code, getattr(err, "headers", None))

    @app.exception_handler(ValueError)
    async def engine_error(request: Request, err: ValueError) -> JSONResponse:
        # An illegal move or a look at face-down cards conflicts with the position; else a bad request.
        status = 409 if isinstance(err, Conflict) else 400
        if not isinstance(err, Refusal):  # a plain ValueError slipped through: still a coded answer
            err = Refusal("invalid", detail=cut(str(err), 200))
        return refused(err, status)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, err: RequestValidationError) -> JSONResponse:
        engine = record_refusal(err)
        return refused(engine, 400) if engine else refused(validation_refusal(err), 422)


def record_refusal(err: RequestValidationError) -> Refusal | None:
    """A game record that models.GameRecord refused, as the engine refuses it (400 with its code:
    record_version, record_deal_or_deck, ...), the same answer as for a record of the right shape
    and a wrong move; None when the record is not what is wrong."""
    body = err.body if isinstance(err.body, dict) else {}
    # a record that is not an object at all stays the body's 422, as any field of the wrong type,
    # and so does a body wrong outside its record too (that is named first)
    if not all(in_record(e) for e in err.errors()) or not isinstance(body.get("record"), dict):
        return None
    try:
        Game.from_record(body["record"])
    except ValueError as refusal:
        return refusal if isinstance(refusal, Refusal) else None
    return None  # the engine reads it: the schema is stricter than the engine here
