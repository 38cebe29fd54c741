"""Error answers: every refusal, the engine's or the framework's, as JSON a player can read."""

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from ..deal import IllegalMove


def add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException):
        # Starlette's own refusals (unknown path, body that is not JSON) in the same shape.
        return JSONResponse(
            {"error": str(err.detail), "kind": "HTTPError"},
            status_code=err.status_code,
            headers=getattr(err, "headers", None),
        )

    @app.exception_handler(ValueError)
    async def engine_error(request: Request, err: ValueError):
        # An illegal move is a conflict with the position; anything else is a bad request.
        status = 409 if isinstance(err, IllegalMove) else 400
        return JSONResponse({"error": str(err), "kind": type(err).__name__}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, err: RequestValidationError):
        parts = []
        for e in err.errors():
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body")
            parts.append(f"{where}: {e.get('msg')}" if where else str(e.get("msg")))
        return JSONResponse(
            {"error": "bad request: " + "; ".join(parts), "kind": "BadRequest"}, status_code=422
        )
