"""The web server: a thin JSON adapter over the game engine, plus the static page.

The server keeps no per-player state. The browser holds the game record (Game.to_record) and
sends it with every request; the server loads it, does one thing, and answers with the new
record and a `view` of the position that the page draws as it is.

    application  the composition root: middleware, error answers, routes, static files
    models       request bodies         view     engine <-> JSON
    deals        which deal to play     solving  the shared solver: hints, winnable deals
    errors       error answers          headers  security headers on every answer
    limits       what one request may cost      server   start-up (uvicorn, workers)
"""

from .application import create_app
from .server import serve

app = create_app()

__all__ = ["app", "create_app", "serve"]
