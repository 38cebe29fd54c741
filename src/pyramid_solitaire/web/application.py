"""The composition root of the web server: middleware, error answers, the API's routes and the page."""

from fastapi import Depends, FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.middleware.gzip import GZipMiddleware

from .. import __version__
from ..engine.decks import daily_deal
from ..engine.errors import MESSAGES
from ..engine.game import Game, one_deal_source
from ..engine.variants import DEFAULT_VARIANT, NAMED, VARIANTS, get_variant
from ..engine.view import answer
from . import answers
from .access import AccessLog
from .assets import STATIC, add_page_and_assets  # noqa: F401 (STATIC: tests import it from here)
from .deals import graded_deal, parse_day, parse_deal_number, parse_grade
from .errors import add_error_handlers
from .fairness import (
    WINNABLE_DEAL_COST,
    add_rate_limit_answer,
    client_address,
    solver_buckets,
    solver_work,
    spend_on_solver,
)
from .headers import SecurityHeaders
from .limits import BodyLimit
from .metrics import Metrics
from .models import MoveRequest, NewGame, RecordOnly, UndoRequest
from .offline import ServiceWorker
from .settings import Settings
from .solving import REVIEW_COST, WAY_COST, SharedSolver, warm_solver


# The routes' answers as /openapi.json describes them (answers.py); the routes still answer dicts.
def documented(model: type, *refused: int) -> dict:
    """A route's `responses`: its answer's model and its refusals."""
    return {"responses": {200: {"model": model}, **answers.refusals(*refused)}}


GAME = documented(answers.GameAnswer, *answers.WITH_BODY)
SOLVER_GAME = documented(answers.GameAnswer, *answers.WITH_BODY, 429)  # the routes that spend solver tokens

# Compressed when the client takes gzip and the answer is this long at least (smaller gains nothing).
GZIP_MINIMUM = 500


def variants_answer() -> dict:
    """GET /api/variants: every variant's rules and names, the named rule sets after the six (the
    static site writes it as a file; the page's games menu lists them all)."""
    return {
        "default": DEFAULT_VARIANT,
        "variants": [v.to_dict() for v in (*VARIANTS.values(), *NAMED.values())],
    }


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app, everything in it built from `settings` (the environment's when none are given):
    two apps share no limits, buckets or solver slots."""
    settings = settings or Settings()
    app = FastAPI(title="Pyramid solitaire", docs_url=None, redoc_url=None, lifespan=warm_solver)
    app.state.settings = settings
    app.state.metrics = metrics = Metrics()
    app.state.solver = solver = SharedSolver(settings, metrics)
    app.state.solver_buckets = solver_buckets(settings.solver_burst, settings.solver_per_second)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    add_error_handlers(app)
    add_rate_limit_answer(app)
    app.add_middleware(SecurityHeaders)
    if settings.gzip:
        app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM)
    # The outermost: it sees every answer (and the bytes sent, compressed or not).
    app.add_middleware(AccessLog, log_format=settings.log_format, metrics=metrics, routes=app.routes)

    @app.api_route("/healthz", methods=["GET", "HEAD"], include_in_schema=False)  # HEAD: load balancers
    def healthz():
        """Alive: the process answers (a load balancer's liveness check)."""
        return {"status": "alive"}

    @app.api_route("/readyz", methods=["GET", "HEAD"], include_in_schema=False)
    def readyz():
        """Ready: the compiled solver is loaded, so a hint is answered at full speed."""
        if solver.loaded.is_set():
            return {"status": "ready"}
        return JSONResponse({"status": "loading the solver"}, status_code=503, headers={"Retry-After": "1"})

    @app.get("/metrics", include_in_schema=False)
    def prometheus_metrics(request: Request):
        return metrics.answer(client_address(request))

    @app.get("/api/version", **documented(answers.Version, *answers.ANY_ROUTE))
    def api_version():
        return {"version": __version__}

    @app.get("/api/codes", **documented(answers.Codes, *answers.ANY_ROUTE))
    def codes():
        """Every refusal code with its English template, for the page's translations (errors.py)."""
        return {"codes": MESSAGES}

    @app.get("/api/variants", **documented(answers.Variants, *answers.ANY_ROUTE))
    def variants():
        return variants_answer()

    @app.post("/api/new", **SOLVER_GAME)
    def new(body: NewGame, request: Request):
        chosen = {"deal": body.deal is not None, "deck": body.deck is not None}
        chosen |= {"daily": body.daily is not None, "winnable_only": body.winnable_only}
        chosen |= {"grade": body.grade is not None}
        one_deal_source([name for name, given in chosen.items() if given])
        get_variant(body.variant)  # an unknown variant is refused before any search
        if body.grade is not None:
            grade = parse_grade(body.grade)  # unknown: a coded 400
            return answer(Game(body.variant, number=graded_deal(body.variant, grade)), grade=grade)
        if body.deck is not None:
            return answer(Game(body.variant, deck=body.deck))
        if body.daily is not None:
            day = parse_day(body.daily)
            return answer(Game(body.variant, number=daily_deal(body.variant, day)), daily=day.isoformat())
        if body.winnable_only:
            spend_on_solver(request, WINNABLE_DEAL_COST)
            # Honest about failure: without a proof in time the deal is random and the answer says so.
            number = solver.proven_winnable_deal(body.variant)
            proven = number is not None
            return answer(Game(body.variant, number=number), winnable=proven)  # None: a random deal
        number = None if body.deal is None else parse_deal_number(body.deal)
        return answer(Game(body.variant, number=number))  # None: a random deal

    @app.post("/api/state", **GAME)
    def state(body: RecordOnly):
        return answer(Game.from_record(body.record))

    @app.post("/api/move", **documented(answers.GameAnswer, *answers.WITH_BODY, 409))
    def move(body: MoveRequest):
        game = Game.from_record(body.record)
        played = game.play(body.move)
        return answer(game, played=str(played))

    @app.post("/api/undo", **documented(answers.GameAnswer, *answers.WITH_BODY, 409))
    def undo(body: UndoRequest):
        game = Game.from_record(body.record)
        game.undo(body.count)  # the undone moves lead the redo path, in the order played
        return answer(game, undone=" ".join(str(m) for m in game.redo_moves[: body.count]))

    @app.post("/api/redo", **documented(answers.GameAnswer, *answers.WITH_BODY, 409))
    def redo(body: RecordOnly):
        game = Game.from_record(body.record)
        return answer(game, redone=str(game.redo()))

    @app.post("/api/restart", **GAME)
    def restart(body: RecordOnly):
        game = Game.from_record(body.record)
        game.restart()
        return answer(game)

    @app.post("/api/hint", dependencies=[Depends(solver_work)], **SOLVER_GAME)
    def hint(body: RecordOnly):
        game = Game.from_record(body.record)
        return answer(game, hint=solver.hint_for(game))

    @app.post("/api/review", **SOLVER_GAME)
    def review(body: RecordOnly, request: Request):
        spend_on_solver(request, REVIEW_COST)  # rate limited like hints, by what it may search
        game = Game.from_record(body.record)
        return answer(game, review=solver.review_for(game))

    @app.post("/api/way", **SOLVER_GAME)
    def way(body: RecordOnly, request: Request):
        spend_on_solver(request, WAY_COST)
        game = Game.from_record(body.record)
        return answer(game, way=solver.way_for(game))

    worker = ServiceWorker(settings.static_dir)

    @app.get("/sw.js", include_in_schema=False)
    def offline_worker(request: Request):
        return worker.response(request.scope)

    add_page_and_assets(app, settings.static_dir)
    return app
