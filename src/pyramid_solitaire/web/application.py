"""The composition root of the web server: the app's parts built from its settings, the middleware
around every answer, then the routes, one router per resource (routes/)."""

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from .access import AccessLog
from .errors import add_error_handlers
from .fairness import add_rate_limit_answer, solver_buckets
from .headers import SecurityHeaders
from .limits import BodyLimit
from .metrics import Metrics
from .routes import ROUTERS
from .routes.page import add_page
from .routes.results import add_results
from .settings import Settings
from .solving import SharedSolver, warm_solver

# Compressed when the client takes gzip and the answer is this long at least (smaller gains nothing).
GZIP_MINIMUM = 500


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app, everything in it built from `settings` (the environment's when none are given):
    two apps share no limits, buckets or solver slots."""
    settings = settings or Settings()
    # No slash redirects: Starlette's would send /static to http://<whatever the Host header
    # says>/static/ (a 404 instead, as for any path the app does not serve).
    app = FastAPI(
        title="Pyramid solitaire", docs_url=None, redoc_url=None, lifespan=warm_solver, redirect_slashes=False
    )
    app.state.settings = settings
    app.state.metrics = metrics = Metrics()
    app.state.solver = SharedSolver(settings, metrics)
    app.state.solver_buckets = solver_buckets(settings.solver_burst, settings.solver_per_second)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    add_error_handlers(app)
    add_rate_limit_answer(app)
    app.add_middleware(SecurityHeaders)
    if settings.gzip:
        app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM)
    # The outermost: it sees every answer (and the bytes sent, compressed or not).
    app.add_middleware(AccessLog, log_format=settings.log_format, metrics=metrics, routes=app.routes)
    for router in ROUTERS:
        app.include_router(router)
    add_results(app, settings.database)  # players' results: opt-in, opened on first use
    add_page(app, settings.static_dir)
    return app
