"""Error answers: every refusal, the engine's, the web layer's or the framework's, as
`{"error": English text, "code": code, "params": {...}}` with its code from errors.MESSAGES."""

from collections.abc import Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import Receive, Scope, Send

from ..engine.deal import IllegalMove
from ..engine.errors import Refusal, cut

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


def validation_refusal(err: RequestValidationError) -> Refusal:
    """The first thing wrong with a request body (one is enough to act on, and keeps the answer short)."""
    first = err.errors()[0] if err.errors() else {}
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
        # An illegal move is a conflict with the position; anything else is a bad request.
        status = 409 if isinstance(err, IllegalMove) else 400
        if not isinstance(err, Refusal):  # a plain ValueError slipped through: still a coded answer
            err = Refusal("invalid", detail=cut(str(err), 200))
        return refused(err, status)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, err: RequestValidationError) -> JSONResponse:
        return refused(validation_refusal(err), 422)
