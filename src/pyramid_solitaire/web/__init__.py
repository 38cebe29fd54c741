"""The web server: a thin JSON adapter over the game engine, plus the static page.

The server keeps no per-player state. The browser holds the game record (Game.to_record) and
sends it with every request; the server loads it, does one thing, and answers with the new
record and a `view` of the position that the page draws as it is.

    application  the composition root: the app's parts, middleware, then the routers
    routes/      one router per resource: health, about, deals, games, hints, page
    models       request bodies         answers    the answers /openapi.json describes
    deals        which deal to play     solving    the shared solver: hints, winnable deals
    errors       error answers          fairness   the solver's rate limit per client address
    headers      security headers       access     one log line per request
    logs         what the server writes, as text or JSON lines (--log-format)
    limits       what a request may cost (body)    assets     the page and its files, cached
    connections  what a connection may hold        server     start-up (uvicorn, workers)
    offline      the service worker     settings   every setting, from the command line or environment
    metrics      /metrics (Prometheus)  listener   what the listening socket may accept
"""

from importlib import import_module
from typing import Any

from .server import serve

__all__ = ["app", "create_app", "serve"]


def __getattr__(name: str) -> Any:
    """`app` and `create_app` load on first use (PEP 562), not with the package: a worker process
    unpickles its config, which imports this package, before it can answer the supervisor's
    health check, and the app's imports (the compiled solver among them) take seconds."""
    if name not in ("app", "create_app"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    create_app = import_module(".application", __name__).create_app
    if name == "create_app":
        return create_app
    globals()["app"] = create_app()
    return globals()["app"]
