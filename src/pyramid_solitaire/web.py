"""The web server: a thin JSON adapter over the game engine, plus the static page.

The server keeps no per-player state. The browser holds the game record (Game.to_record) and
sends it with every request; the server loads it, does one thing, and answers with the new
record and a `view` of the position that the page draws as it is. Engine errors (ValueError
subclasses) become 4xx answers whose `error` text a player can read.
"""

import asyncio
import os
import re
import secrets
import socket
import threading
from contextlib import asynccontextmanager, contextmanager
from datetime import date
from pathlib import Path
from typing import Annotated

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from .cards import card_text, quote
from .deal import IllegalMove
from .decks import MAX_DEAL, daily_deal
from .game import Game, RecordError
from .hints import HINT_SECONDS, advice, unchecked, winnable_deal
from .solver import warm_up
from .variants import DEFAULT_VARIANT, VARIANTS, get_variant

STATIC = Path(__file__).parent / "static"

# Random deals stay below 2**31: short numbers to read out, and safe in JavaScript numbers.
RANDOM_DEALS = 2**31
# JavaScript numbers are exact only up to 2**53; bigger deal numbers travel as text
# (Game.from_record reads them back).
JS_SAFE = 2**53

# The page loads only its own files: no inline script, no eval, no third-party anything.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


# A real request is a few kilobytes (a record of a few hundred moves); anything far bigger is junk.
MAX_BODY = 64 * 1024
DealText = Annotated[str, Field(max_length=24)]


class Body(BaseModel):
    """Every request body: unknown fields are refused, texts have sane lengths."""

    model_config = ConfigDict(extra="forbid")


class NewGame(Body):
    variant: str = Field(DEFAULT_VARIANT, max_length=40)
    deal: int | DealText | None = None
    deck: str | None = Field(None, max_length=1000)
    winnable_only: bool = False  # a random deal that the solver proves winnable
    daily: str | None = Field(None, max_length=10)  # the player's local date: that day's deal


class UndoRequest(Body):
    record: dict
    count: int = Field(1, ge=1, le=1000)  # undo this many moves at once (back to a winnable point)


class RecordOnly(Body):
    record: dict


class MoveRequest(Body):
    record: dict
    move: str = Field(max_length=40)


# --- engine <-> JSON ----------------------------------------------------------------------


def dump(game: Game) -> dict:
    record = game.to_record()
    if record.get("deal", 0) >= JS_SAFE:
        record["deal"] = str(record["deal"])
    return record


def view(game: Game) -> dict:
    """Everything the page draws, as the engine sees it: the page never works out a rule."""
    deal, state = game.deal, game.state
    available = set(deal.available_positions(state))
    text = lambda p: card_text(deal.cards[p])  # noqa: E731
    pyramid = [
        {
            "card": None if card is None else card_text(card),
            "free": card is not None and deal.is_free(state, p),
            "available": p in available,
        }
        for p, card in enumerate(deal.pyramid(state))
    ]
    stock = deal.stock_positions(state)
    open_top = deal.variant.open_stock and bool(stock)
    moves = game.legal_moves()
    return {
        "variant": game.variant.id,
        "deal": dump(game).get("deal"),
        "pyramid": pyramid,
        "stock": {"count": len(stock), "top": text(stock[0]) if open_top else None, "available": open_top},
        "wastes": [[text(p) for p in pile] for pile in deal.waste_positions(state)],
        "piles": [[text(p) for p in pile] for pile in deal.pile_positions(state)],
        "available": [text(p) for p in sorted(available)],
        "moves": [str(m) for m in moves],
        "can_draw": deal.can_draw(state),
        "can_recycle": deal.can_recycle(state),
        "passes": game.variant.passes,
        "passes_left": game.passes_left,
        "won": game.is_won,
        "stuck": game.is_stuck,
        "move_count": len(game.moves),
        "can_undo": bool(game.moves),
        "can_redo": bool(game.redo_moves),
        "last_move": str(game.moves[-1]) if game.moves else None,
    }


def answer(game: Game, **extra) -> dict:
    return {"record": dump(game), "view": view(game), **extra}


def hint_for(game: Game) -> dict:
    """The exact hint (hints.advice, the same call as `pyramid-solitaire hint`). When the solver
    is busy with other players, the answer is the unchecked fallback, marked as such."""
    with solver_slot() as free:
        if free:
            return advice(game, HINT_SECONDS)
    return {**unchecked(game).to_dict(game), "busy": True}


WINNABLE_SECONDS = 2.0  # how long New game may look for a deal the solver proves winnable


def proven_winnable_deal(variant: str) -> int | None:
    """A random deal number proven winnable, or None when no proof came in time (or the solver is busy)."""
    with solver_slot() as free:
        return winnable_deal(variant, random_deal, WINNABLE_SECONDS) if free else None


def parse_day(text: str) -> date:
    """The page's local date, YYYY-MM-DD."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            pass
    raise RecordError(f"daily: {quote(text)} is not a date (YYYY-MM-DD)")


def random_deal() -> int:
    return secrets.randbelow(RANDOM_DEALS)


# Solver calls run in the request's worker thread (the kernel releases the GIL). At most this
# many run at once, so ordinary moves keep a core to themselves; a request that finds every
# slot taken waits a moment at most, then is answered without the solver, never queued.
SOLVER_SLOTS = threading.BoundedSemaphore(max((os.cpu_count() or 2) - 1, 1))
SLOT_WAIT = 0.1


@contextmanager
def solver_slot():
    """Yields True when the solver may run now, False when it stayed busy for SLOT_WAIT."""
    free = SOLVER_SLOTS.acquire(timeout=SLOT_WAIT)
    try:
        yield free
    finally:
        if free:
            SOLVER_SLOTS.release()


class BodyLimit:
    """ASGI middleware: refuse a request body over `limit` bytes with 413 before it is parsed,
    whether or not the client announced its length, and one that dribbles in slower than
    `seconds` per chunk with 408, so no request holds the server indefinitely."""

    def __init__(self, app, limit: int, seconds: float = 10.0):
        self.app, self.limit, self.seconds = app, limit, seconds

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        chunks, size = [], 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), self.seconds)
            except TimeoutError:
                slow = JSONResponse(
                    {"error": "request body did not arrive in time", "kind": "Timeout"}, status_code=408
                )
                return await slow(scope, receive, send)
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                too_large = JSONResponse(
                    {"error": f"request body is larger than {self.limit} bytes", "kind": "TooLarge"},
                    status_code=413,
                )
                return await too_large(scope, receive, send)
            if not message.get("more_body"):
                break
        body, replayed = b"".join(chunks), False

        async def replay():
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


# --- the app --------------------------------------------------------------------------------


@asynccontextmanager
async def warm_solver(app: FastAPI):
    """Load the compiled solver beside the first requests, so the first hint is not spent on it."""
    threading.Thread(target=warm_up, daemon=True).start()
    yield


def create_app() -> FastAPI:
    app = FastAPI(title="Pyramid solitaire", docs_url=None, redoc_url=None, lifespan=warm_solver)
    app.add_middleware(BodyLimit, limit=MAX_BODY)

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

    @app.middleware("http")
    async def security_headers(request: Request, call_next):
        response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        if request.url.path.startswith("/api/"):
            response.headers["Cache-Control"] = "no-store"
        return response

    @app.get("/api/variants")
    def variants():
        return {
            "default": DEFAULT_VARIANT,
            "variants": [
                {
                    "id": v.id,
                    "name_en": v.name_en,
                    "name_de": v.name_de,
                    "passes": v.passes,
                    "wastes": v.wastes,
                    "piles": v.piles,
                    "open_stock": v.open_stock,
                    "has_stock": v.has_stock,
                    "summary_en": v.summary_en,
                    "summary_de": v.summary_de,
                }
                for v in VARIANTS.values()
            ],
        }

    @app.post("/api/new")
    def new(body: NewGame):
        chosen = [body.deal is not None, body.deck is not None, body.daily is not None, body.winnable_only]
        if sum(chosen) > 1:
            raise RecordError(
                "give either a deal number, a deck string, a daily date or winnable_only, not more than one"
            )
        get_variant(body.variant)  # an unknown variant is refused before any search
        if body.deck is not None:
            return answer(Game(body.variant, deck=body.deck))
        if body.daily is not None:
            day = parse_day(body.daily)
            return answer(Game(body.variant, number=daily_deal(body.variant, day)), daily=day.isoformat())
        if body.winnable_only:
            # Honest about failure: without a proof in time the deal is random and the answer says so.
            number = proven_winnable_deal(body.variant)
            proven = number is not None
            return answer(Game(body.variant, number=number if proven else random_deal()), winnable=proven)
        number = random_deal() if body.deal is None else _deal_number(body.deal)
        return answer(Game(body.variant, number=number))

    @app.post("/api/state")
    def state(body: RecordOnly):
        return answer(Game.from_record(body.record))

    @app.post("/api/move")
    def move(body: MoveRequest):
        game = Game.from_record(body.record)
        played = game.play(body.move)
        return answer(game, played=str(played))

    @app.post("/api/undo")
    def undo(body: UndoRequest):
        game = Game.from_record(body.record)
        if body.count > 1 and body.count > len(game.moves):
            raise IllegalMove(f"cannot undo {body.count} moves: only {len(game.moves)} played")
        undone = [game.undo() for _ in range(body.count)]  # each stays on the redo path
        return answer(game, undone=" ".join(str(m) for m in reversed(undone)))

    @app.post("/api/redo")
    def redo(body: RecordOnly):
        game = Game.from_record(body.record)
        return answer(game, redone=str(game.redo()))

    @app.post("/api/restart")
    def restart(body: RecordOnly):
        game = Game.from_record(body.record)
        game.restart()
        return answer(game)

    @app.post("/api/hint")
    def hint(body: RecordOnly):
        game = Game.from_record(body.record)
        return answer(game, hint=hint_for(game))

    @app.get("/", include_in_schema=False)
    def index():
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _deal_number(deal: int | str) -> int:
    text = str(deal).strip()
    if not re.fullmatch(r"[0-9]{1,20}", text) or int(text) >= MAX_DEAL:
        raise RecordError(f"{quote(str(deal))} is not a deal number (0 to 2**64 - 1)")
    return int(text)


app = create_app()


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> None:
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    if workers <= 1:
        uvicorn.run(app, host=host, port=port, log_level="info")
        return
    # uvicorn's own --workers path binds its socket without naming IPPROTO_TCP, so accepted
    # connections miss TCP_NODELAY and every keep-alive request waits ~40 ms for a delayed ACK
    # (uvicorn issue 3149). Bind the socket here, protocol named, and hand it to the workers.
    config = uvicorn.Config(
        "pyramid_solitaire.web:app", host=host, port=port, workers=workers, log_level="info"
    )
    Multiprocess(config, sockets=[listening_socket(host, port)]).run()


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound for the workers to share, protocol named so accepted connections
    get TCP_NODELAY from asyncio."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock
