"""The `pyramid-solitaire` command: list variants, show deals, play in the terminal, and more.

    common    usage errors as refusals, the deal arguments, reading files
    play      variants, deal, play          serve     serve (the browser game)
    solving   hint, review, solve           research  stats (win rates on Dask)
    daily     daily (the day's challenges)
    difficulty  difficulty (grades of deals)

Each subcommand is a function `cmd_NAME(args, out) -> int`, added to the parser by `add_NAME`
(COMMANDS below: the table of contents); errors a user can act on are
refusals (engine/errors.py), argparse's usage errors included, printed as one line with exit
status 2 (never a traceback), as is a command whose extra is not installed (`stats` without
`[research]`). Ctrl-C ends a command with status 130, SIGTERM with 143 and a closed pipe
(`... | head -1`) with 141, as a shell reports those signals, all without a traceback.
"""

import argparse
import os
import signal
import sys
from typing import Any

from ..engine.errors import Refusal, cut
from . import daily, difficulty, play, ratings, research, serve, solving
from .common import (
    EXIT_INTERRUPTED,
    EXIT_PIPE,
    EXIT_TERMINATED,
    EXIT_USAGE,
    EXTRAS,
    Parser,
    Terminated,
    terminate,
)
from .serve import cmd_serve

__all__ = ["build_parser", "cmd_serve", "main"]

# The commands, in the order --help lists them: each name and the function adding its subparser.
COMMANDS = {
    "variants": play.add_variants,
    "rules": play.add_rules,
    "deal": play.add_deal,
    "play": play.add_play,
    "serve": serve.add_serve,
    "site": serve.add_site,
    "hint": solving.add_hint,
    "review": solving.add_review,
    "solve": solving.add_solve,
    "stats": research.add_stats,
    "daily": daily.add_daily,
    "difficulty": difficulty.add_difficulty,
    "ratings": ratings.add_ratings,
}


class ShowVersion(argparse.Action):
    """--version, with the version looked up only when asked (reading it is slow to import)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        from .. import __version__

        print(f"{parser.prog} {__version__}")  # on standard output, as argparse's own version action
        parser.exit()


def build_parser(command: str | None = None) -> Parser:
    """The whole command line, one subparser per command; with `command`, that one alone, all a run
    of it needs: argparse's set-up of all ten took 15 ms of a fresh `solve 1`, the one 2 ms (each
    parser looks up its translations; docs/solver.md, "A lean start")."""
    parser = Parser(prog="pyramid-solitaire", description="Pyramid solitaire")
    parser.add_argument("--version", action=ShowVersion, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, add in COMMANDS.items():
        if command in (None, name):
            add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line `argv` (default: sys.argv); returns the exit status."""
    try:
        before = signal.signal(signal.SIGTERM, terminate)
    except ValueError:  # not the main thread (a test's): SIGTERM left as it is
        before = None
    try:
        return _main(argv)
    except Terminated:  # kill or a supervisor's stop: as Ctrl-C, with its own status
        return EXIT_TERMINATED
    except KeyboardInterrupt:  # Ctrl-C: the command stops, as the user asked; no traceback
        print(file=sys.stderr)  # the ^C the terminal echoed ends its own line
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (`| head -1`): nobody is left to tell
        _drop_stdout()
        return EXIT_PIPE
    finally:
        if before is not None:
            signal.signal(signal.SIGTERM, before)


def _drop_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush of what was still
    buffered does not fail a second time (the recipe of Python's signal docs)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (a test's captured output)
        pass


def _main(argv: list[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # A command named first is the one built; anything else (--help, a typo) needs them all.
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help (and --version) print and end here
        return int(exit_.code or 0)
    except Refusal as err:
        print(f"pyramid-solitaire: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    try:
        status: int = args.func(args, sys.stdout)
        sys.stdout.flush()  # here, where a closed pipe is caught, not at the interpreter's exit
        return status
    except ValueError as err:  # refusals, and the few plain ValueErrors of stats and the solver
        print(f"pyramid-solitaire {args.command}: error: {cut(str(err), 300)}", file=sys.stderr)
        return EXIT_USAGE
    except ModuleNotFoundError as err:  # an optional dependency: name the extra that brings it
        extra = EXTRAS.get((err.name or "").partition(".")[0])
        if extra is None:
            raise
        print(
            f"pyramid-solitaire {args.command}: error: this command needs {err.name}, which the "
            f"[{extra}] extra installs: pip install 'pyramid-solitaire[{extra}]'",
            file=sys.stderr,
        )
        return EXIT_USAGE
