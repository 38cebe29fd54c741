"""Pyramid solitaire: game engine, exact solver, command line and browser game.

The layers, each a package, each importing only from the ones above it in this list:

    engine    the rules (the specification; standard library only)
    solver    exact search over the engine's positions; hints and reviews
    research  win rates of many deals (Dask, Parquet)
    cli       the `pyramid-solitaire` command
    web       the JSON API and the page (static/)
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("pyramid-solitaire")  # the one source: the package's metadata (pyproject)
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0+unknown"
