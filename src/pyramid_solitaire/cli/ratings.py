"""The ratings command: one rating period over the players' results not yet rated (results/)."""

import argparse
from typing import IO, Any

from .common import UsageError, add_command

EXIT_DATABASE_DOWN = 3  # as serve's start-up failure: the service manager tries again


def add_ratings(sub: Any) -> None:
    """The ratings command, on the parser's subparsers."""
    p = add_command(
        sub,
        "ratings",
        "rate players and deals from the clean first attempts not yet rated (one rating period)",
        "Glicko-2 between player and deal (docs/results.md). Safe to run from several hosts at once:\n"
        "each result is rated by one period. The server runs a period every hour as well.",
        [
            "pyramid-solitaire ratings",
            "pyramid-solitaire ratings --database postgresql://cards@db.example/cards",
        ],
    )
    p.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="sqlite:///PATH or postgresql://... (default: SQLite in the user's data folder, "
        "or PYRAMID_SOLITAIRE_DATABASE)",
    )
    p.set_defaults(func=cmd_ratings)


def cmd_ratings(args: argparse.Namespace, out: IO[str]) -> int:
    """Run one rating period and say what it took."""
    import os

    from ..engine.errors import Refusal
    from ..results.ratings import rate
    from ..results.store import Store, StoreDown

    url = args.database or os.environ.get("PYRAMID_SOLITAIRE_DATABASE")
    try:
        period = rate(Store(url))
    except StoreDown as err:
        print(f"error: the database is not available: {err}", file=out)
        return EXIT_DATABASE_DOWN
    except Refusal as err:
        raise UsageError("cli_usage", detail=str(err)) from None
    if period is None:
        print("no new clean first attempts to rate", file=out)
    else:
        print(
            f"period {period.number}: {period.results} results rated "
            f"({period.players} players, {period.deals} deals)",
            file=out,
        )
    return 0
