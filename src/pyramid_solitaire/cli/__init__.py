"""The `pyramid-solitaire` command: list variants, show deals, play in the terminal, and more.

    common    usage errors as refusals, the deal arguments, reading files
    play      variants, deal, play          serve     serve (the browser game)
    solving   hint, review, solve           research  stats (win rates on Dask)

Each subcommand is a function `cmd_NAME(args, out) -> int`; errors a user can act on are
refusals (engine/errors.py), argparse's usage errors included, printed as one line with exit
status 2 (never a traceback).
"""

import sys

from .. import __version__
from ..engine.errors import Refusal, cut
from . import play, research, serve, solving
from .common import EXIT_USAGE, Parser
from .serve import cmd_serve

__all__ = ["build_parser", "cmd_serve", "main"]

GROUPS = (play, serve, solving, research)  # each adds its subcommands, in the order --help lists them


def build_parser() -> Parser:
    parser = Parser(prog="pyramid-solitaire", description="Pyramid solitaire")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for group in GROUPS:
        group.add_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help (and --version) print and end here
        return int(exit_.code or 0)
    except Refusal as err:
        print(f"pyramid-solitaire: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    try:
        return args.func(args, sys.stdout)
    except ValueError as err:  # refusals, and the few plain ValueErrors of stats and the solver
        print(f"pyramid-solitaire {args.command}: error: {cut(str(err), 300)}", file=sys.stderr)
        return EXIT_USAGE
