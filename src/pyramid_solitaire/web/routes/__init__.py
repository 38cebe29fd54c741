"""The API's routes, one router per resource, in the order /openapi.json lists them:

    health  /healthz, /readyz, /metrics        the operator's: alive, ready, the figures
    about   /api/version, /api/codes, /api/variants   what the page reads once
    deals   /api/new                           a new game: which deal (random, numbered, daily, graded)
    games   /api/state, move, undo, redo, restart     one step of a game, from its record
    hints   /api/hint, /api/review, /api/way   what the solver says (spends solver tokens)
    page    /sw.js, /, /static                 the page, its files and its service worker

Each route reads the game's record, does one thing through the engine or the app's solver
(solving.py, as `Solver`), and answers with engine/view.py's `answer`.
"""

from . import about, deals, games, health, hints

ROUTERS = (health.router, about.router, deals.router, games.router, hints.router)

__all__ = ["ROUTERS"]
