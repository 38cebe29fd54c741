"""What the commands share: usage errors as refusals, the deal arguments, reading files.

The command modules import at their top only what building the parser needs (argparse, this
module, the variants); what a command runs on loads inside it, so a start-up pays for one
command's modules alone (tests/test_startup.py holds `solve` to that).
"""

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

from ..engine.decks import RANDOM_DEALS, parse_deal_number
from ..engine.errors import Refusal, cut
from ..engine.variants import DEFAULT_VARIANT, UnknownVariant, get_variant

if TYPE_CHECKING:
    from ..engine.game import Game

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C
EXIT_PIPE = 141  # 128 + SIGPIPE, as a shell reports a writer whose reader went away
EXIT_TERMINATED = 143  # 128 + SIGTERM: a supervisor's stop (kill, systemctl stop), told apart from Ctrl-C

# The optional dependencies by extra (pyproject.toml): a command that imports one of them without
# it installed says which extra to install.
EXTRAS = {
    "numpy": "research",
    "pyarrow": "research",
    "dask": "research",
    "distributed": "research",
    "tqdm": "research",
    "gymnasium": "gym",
}


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C raises KeyboardInterrupt: the command stops the same way, and
    exits with 143 instead of 130."""


def terminate(signum: int, frame: object) -> None:
    """The SIGTERM handler of the command line."""
    raise Terminated


class UsageError(Refusal):
    """A command line that asks for something impossible."""


def terminal_columns() -> int:
    """The width help is laid out for: COLUMNS, else the terminal's, else 80 (the rule of
    shutil.get_terminal_size, which argparse imports for it, and with it bz2, lzma and zlib)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0 and sys.__stdout__ is not None:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (ValueError, OSError):  # not a terminal (a pipe), or closed
            columns = 0
    return columns if columns > 0 else 80


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help with descriptions and examples as written, as wide as argparse's own (terminal - 2)."""

    def __init__(self, prog: str, **options: Any) -> None:
        super().__init__(prog, **{"width": terminal_columns() - 2, **options})


class Parser(argparse.ArgumentParser):
    """argparse with its usage errors raised as one-line refusals instead of printed usage."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**{"formatter_class": HelpFormatter, **options})

    def error(self, message: str) -> NoReturn:
        """Raise the usage error as a refusal (argparse would print usage and exit)."""
        raise UsageError("cli_usage", detail=message)


def add_command(
    sub: "argparse._SubParsersAction[Parser]", name: str, summary: str, description: str, examples: list[str]
) -> Parser:
    """A subcommand with its one-line summary (in the command list), a description and examples
    (in its own --help)."""
    epilog = "examples:\n" + "\n".join(f"  {example}" for example in examples)
    return sub.add_parser(
        name,
        help=summary,
        description=f"{summary[0].upper()}{summary[1:]}.\n\n{description}",
        epilog=epilog,
        formatter_class=HelpFormatter,
    )


def add_variant(
    parser: argparse.ArgumentParser, default: str | None = DEFAULT_VARIANT, what: str = ""
) -> None:
    """--variant (-v): a variant's text (an id, maybe with options: classic:win=all), kept in its
    canonical form; None as the default means "not given" (the command decides)."""
    parser.add_argument(
        "--variant",
        "-v",
        default=default,
        type=variant_text,
        metavar="VARIANT[:OPTION=VALUE,...]",
        help=what or f"rule variant, options passes, overlap, win (default {DEFAULT_VARIANT})",
    )


def variant_text(text: str) -> str:
    """argparse type of --variant: the canonical text of the variant named, or its refusal."""
    try:
        return get_variant(text).text
    except UnknownVariant as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def add_deal_choice(parser: argparse.ArgumentParser) -> None:
    """The ways to name a deal: a deal number, --deck or --random."""
    add_number(parser)
    parser.add_argument("--deck", help="a deck string of 52 cards (see: pyramid-solitaire rules)")
    parser.add_argument("--random", action="store_true", help=f"a random deal number (below {RANDOM_DEALS})")


def add_number(parser: argparse.ArgumentParser) -> None:
    # Kept as text: decks.parse_deal_number reads it later, so its refusal keeps its code
    # (an argparse type would turn it into a generic usage error).
    """The optional deal number argument."""
    parser.add_argument("number", nargs="?", help="deal number (0 to 2**64 - 1)")


def game_from_args(args: argparse.Namespace) -> "Game":
    """The game named by a deal number, a deck string, or --random (the default for play)."""
    from ..engine.game import Game, one_deal_source

    chosen = {"a deal number": args.number is not None, "--deck": args.deck is not None}
    chosen["--random"] = args.random
    one_deal_source([name for name, given in chosen.items() if given])
    number = None if args.number is None else parse_deal_number(args.number)
    return Game(args.variant or DEFAULT_VARIANT, number=number, deck=args.deck)  # neither: a random deal


def seconds_limit(text: str) -> float:
    """argparse type for a time limit in seconds."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"'{text}' is not a time limit (seconds, 0 or more)")
    return value


def read_file(path: str) -> str:
    """The text of a file; a refusal naming it when it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as err:
        raise UsageError("cli_read_file", path=cut(path, 200), detail=err.strerror) from None
    except UnicodeDecodeError:
        raise UsageError("cli_read_file", path=cut(path, 200), detail="not UTF-8 text") from None
