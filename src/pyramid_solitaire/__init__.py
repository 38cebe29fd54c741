"""Pyramid solitaire: game engine, exact solver, command line and browser game.

The layers, each a package; each imports only from itself and the layers it stands on, named
after it (tests/test_layers.py holds the code to this list, and this list to that test):

    engine    the rules (the specification; standard library only)
    solver    exact search over the engine's positions; hints and reviews       on: engine
    goals     what the game asks of a player: the score, the day's challenges   on: engine, solver
    research  win rates of many deals (Dask, Parquet)                           on: engine, solver, goals
    results   players' results (opt-in): the store, its migrations, ratings     on: engine, solver, goals
    web       the JSON API and the page (static/)                    on: engine, solver, goals, results
    cli       the `pyramid-solitaire` command                                   on: every other layer
"""


def __getattr__(name: str) -> str:
    """`__version__`, read from the package's metadata (pyproject: the one source) on first use:
    importing importlib.metadata costs more than the rest of a `solve` start-up (PEP 562)."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("pyramid-solitaire")
    except PackageNotFoundError:  # a source tree that was never installed
        found = "0+unknown"
    globals()["__version__"] = found
    return found
