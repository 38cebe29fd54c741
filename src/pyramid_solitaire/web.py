"""The web server: a thin JSON adapter over the game engine, plus the static page.

The server keeps no per-player state. The browser holds the game record (Game.to_record) and
sends it with every request; the server loads it, does one thing, and answers with the new
record and a `view` of the position that the page draws as it is. Engine errors (ValueError
subclasses) become 4xx answers whose `error` text a player can read.
"""

import secrets
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel

from .cards import card_text
from .deal import IllegalMove
from .deals import MAX_DEAL
from .game import Game, RecordError
from .variants import DEFAULT_VARIANT, VARIANTS

STATIC = Path(__file__).parent / "static"

# Random deals stay below 2**31: short numbers to read out, and safe in JavaScript numbers.
RANDOM_DEALS = 2**31
# JavaScript numbers are exact only up to 2**53; bigger deal numbers travel as text.
JS_SAFE = 2**53

# The page loads only its own files: no inline script, no eval, no third-party anything.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")


class NewGame(BaseModel):
    variant: str = DEFAULT_VARIANT
    deal: int | str | None = None
    deck: str | None = None


class RecordOnly(BaseModel):
    record: dict


class MoveRequest(BaseModel):
    record: dict
    move: str


# --- engine <-> JSON ----------------------------------------------------------------------

def load(record: dict) -> Game:
    """A game from the page's record; a deal number sent as text (see JS_SAFE) is read back."""
    deal = record.get("deal")
    if isinstance(deal, str):
        if not deal.isdigit():
            raise RecordError(f"game record: deal must be a number, not '{deal}'")
        record = {**record, "deal": int(deal)}
    return Game.from_record(record)


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
        {"card": None if card is None else card_text(card),
         "free": card is not None and deal.is_free(state, p),
         "available": p in available}
        for p, card in enumerate(deal.pyramid(state))
    ]
    stock = deal.stock_positions(state)
    open_top = deal.variant.open_stock and bool(stock)
    moves = game.legal_moves()
    return {
        "variant": game.variant.id,
        "deal": dump(game).get("deal"),
        "pyramid": pyramid,
        "stock": {"count": len(stock), "top": text(stock[0]) if open_top else None,
                  "available": open_top},
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
    """The hint: for now the first legal move, not checked by a solver.
    (One small function on purpose: the exact solver hint replaces just this.)"""
    moves = game.legal_moves()
    return {"move": str(moves[0]) if moves else None, "exact": False, "winnable": None}


def random_deal() -> int:
    return secrets.randbelow(RANDOM_DEALS)


# --- the app --------------------------------------------------------------------------------

def create_app() -> FastAPI:
    app = FastAPI(title="Pyramid solitaire", docs_url=None, redoc_url=None)

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
        return JSONResponse({"error": "bad request: " + "; ".join(parts), "kind": "BadRequest"},
                            status_code=422)

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
                {"id": v.id, "name_en": v.name_en, "name_de": v.name_de, "passes": v.passes,
                 "wastes": v.wastes, "piles": v.piles, "open_stock": v.open_stock,
                 "has_stock": v.has_stock, "summary_en": v.summary_en, "summary_de": v.summary_de}
                for v in VARIANTS.values()
            ],
        }

    @app.post("/api/new")
    def new(body: NewGame):
        if body.deck is not None:
            if body.deal is not None:
                raise RecordError("give either a deal number or a deck string, not both")
            return answer(Game(body.variant, deck=body.deck))
        if body.deal is None:
            number = random_deal()
        else:
            number = _deal_number(body.deal)
        return answer(Game(body.variant, number=number))

    @app.post("/api/state")
    def state(body: RecordOnly):
        return answer(load(body.record))

    @app.post("/api/move")
    def move(body: MoveRequest):
        game = load(body.record)
        played = game.play(body.move)
        return answer(game, played=str(played))

    @app.post("/api/undo")
    def undo(body: RecordOnly):
        game = load(body.record)
        return answer(game, undone=str(game.undo()))

    @app.post("/api/redo")
    def redo(body: RecordOnly):
        game = load(body.record)
        return answer(game, redone=str(game.redo()))

    @app.post("/api/restart")
    def restart(body: RecordOnly):
        game = load(body.record)
        game.restart()
        return answer(game)

    @app.post("/api/hint")
    def hint(body: RecordOnly):
        game = load(body.record)
        return answer(game, hint=hint_for(game))

    @app.get("/", include_in_schema=False)
    def index():
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _deal_number(deal: int | str) -> int:
    text = str(deal).strip()
    if not text.isdigit() or int(text) >= MAX_DEAL:
        raise RecordError(f"'{deal}' is not a deal number (0 to 2**64 - 1)")
    return int(text)


app = create_app()


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    import uvicorn

    uvicorn.run(app, host=host, port=port, log_level="info")
