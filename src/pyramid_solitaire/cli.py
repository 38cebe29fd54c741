"""The `pyramid-solitaire` command: list variants, show deals, play in the terminal, and more.

Each subcommand is a function `cmd_NAME(args, out) -> int`; errors a user can act on are
ValueErrors, printed as one line with exit status 2 (never a traceback).
"""

import argparse
import json
import secrets
import sys

from .board import draw_board
from .deal import IllegalMove, MoveSyntaxError
from .deals import MAX_DEAL
from .game import Game
from .variants import DEFAULT_VARIANT, VARIANTS

EXIT_USAGE = 2


class UsageError(ValueError):
    """A command line that asks for something impossible."""


def deal_number(text: str) -> int:
    """argparse type for a deal number, with a message that says what is wrong."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a deal number (0 to 2**64 - 1)") from None
    if not 0 <= n < MAX_DEAL:
        raise argparse.ArgumentTypeError(f"deal number {n} is out of range (0 to 2**64 - 1)")
    return n


def add_variant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", "-v", default=DEFAULT_VARIANT, choices=list(VARIANTS),
                        help=f"rule variant (default {DEFAULT_VARIANT})")


def add_deal_choice(parser: argparse.ArgumentParser, random_default: bool = False) -> None:
    parser.add_argument("number", nargs="?", type=deal_number, help="deal number")
    parser.add_argument("--deck", help="a deck string of 52 cards (RULES.md)")
    parser.add_argument("--random", action="store_true", help="a random deal number")


def game_from_args(args) -> Game:
    """The game named by a deal number, a deck string, or --random (the default for play)."""
    chosen = [args.number is not None, args.deck is not None, args.random]
    if sum(chosen) > 1:
        raise UsageError("give only one of: a deal number, --deck, --random")
    if args.deck is not None:
        return Game(args.variant, deck=args.deck)
    number = args.number if args.number is not None else secrets.randbelow(MAX_DEAL)
    return Game(args.variant, number=number)


def cmd_variants(args, out) -> int:
    for v in VARIANTS.values():
        passes = f"{v.passes} pass{'es' * (v.passes != 1)}" if v.has_stock else f"{v.piles} piles of 3"
        print(f"{v.id:15} {v.name_en} / {v.name_de} ({passes})", file=out)
        print(f"{'':15} {v.summary_en}", file=out)
    return 0


def cmd_deal(args, out) -> int:
    if args.number is None and args.deck is None and not args.random:
        raise UsageError("deal needs a deal number, --deck \"...\" or --random")
    game = game_from_args(args)
    if args.format == "deck":
        print(game.deal.deck_string(), file=out)
        return 0
    name = f"deal {game.deal.number}" if game.deal.number is not None else "deck"
    print(f"{game.variant.name_en}, {name}", file=out)
    print(draw_board(game.deal, game.state), file=out)
    return 0


PLAY_HELP = """moves: a pair as 7h+6c, a king as Kd, draw, recycle
also:  undo, redo, moves (list the legal moves), help, quit
cards marked * are available"""


def cmd_play(args, out) -> int:
    """Play in the terminal, reading one command per line from standard input."""
    game = game_from_args(args)
    name = f"deal {game.deal.number}" if game.deal.number is not None else "deck"
    print(f"{game.variant.name_en}, {name}. Type help for the commands.", file=out)
    show = True
    while True:
        if show:
            print(draw_board(game.deal, game.state, mark=True), file=out)
        if game.is_won:
            print(f"You won in {len(game.moves)} moves!", file=out)
            return 0
        if game.is_stuck:
            print("No move is left: the game is stuck. Type undo, or quit.", file=out)
        print("> ", end="", file=out, flush=True)
        line = sys.stdin.readline()
        if not line:
            print(file=out)
            return 0 if game.is_won else 1
        show = play_command(game, line.strip(), out)
        if show is None:
            return 0


def play_command(game: Game, command: str, out) -> bool | None:
    """Carry out one line of `play`; True when the board changed, None to quit."""
    word = command.lower()
    if word in ("quit", "exit", "q"):
        return None
    if word in ("help", "?", ""):
        print(PLAY_HELP, file=out)
        return False
    if word == "moves":
        print(" ".join(str(m) for m in game.legal_moves()) or "no move left", file=out)
        return False
    try:
        if word == "undo":
            print(f"undid {game.undo()}", file=out)
        elif word == "redo":
            print(f"redid {game.redo()}", file=out)
        else:
            game.play(command)
    except (IllegalMove, MoveSyntaxError) as err:
        print(f"not possible: {err}", file=out)
        return False
    return True


def cmd_serve(args, out) -> int:
    """Serve the browser game (and its JSON API) until interrupted."""
    from .web import serve  # the web stack loads only for this command

    print(f"Pyramid solitaire on http://{args.host}:{args.port}/", file=out, flush=True)
    serve(args.host, args.port)
    return 0


def cmd_hint(args, out) -> int:
    """The page's hint for a game record read from a file or standard input."""
    from .hints import hint  # the solver loads only for the commands that need it

    text = sys.stdin.read() if args.record == "-" else _read_file(args.record)
    game = Game.from_json(text)
    found = hint(game, args.time_limit)
    if args.json:
        print(json.dumps(found.to_dict(game)), file=out)
    else:
        print(describe_hint(found.to_dict(game)), file=out)
    return 0


def describe_hint(h: dict) -> str:
    """One line a player can act on, the same facts the page shows."""
    if h["verdict"] == "won":
        return "won: the pyramid is cleared"
    if h["verdict"] == "winnable":
        line = "a shortest winning line" if h["shortest"] else "a winning line"
        return f"winnable: play {h['move']} (first move of {line}, {h['steps']} steps)"
    if h["verdict"] == "unwinnable":
        if h["last_winnable"] is None:
            return "unwinnable: this position cannot be won (the solver ran out of time looking further back)"
        if h["last_winnable"] < 0:
            return "unwinnable: this deal cannot be won from the start"
        when = f"after move {h['last_winnable']} ({h['last_winnable_move']})" if h["last_winnable"] else "at the start"
        return (f"unwinnable: the game was last winnable {when}; {h['losing_move']} lost it; "
                f"undo {h['undo']} move{'s' * (h['undo'] != 1)} to get back there")
    move = h["move"] or "nothing"
    return f"unknown: the solver ran out of time; try {move} (not checked)"


def _read_file(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pyramid-solitaire", description="Pyramid solitaire")
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("variants", help="list the rule variants").set_defaults(func=cmd_variants)

    p = sub.add_parser("deal", help="show a deal's layout")
    add_variant(p)
    add_deal_choice(p)
    p.add_argument("--format", choices=["board", "deck"], default="board",
                   help="board (default) draws the layout; deck prints the deck string")
    p.set_defaults(func=cmd_deal)

    p = sub.add_parser("play", help="play in the terminal (reads moves from standard input)")
    add_variant(p)
    add_deal_choice(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("serve", help="serve the browser game on http://HOST:PORT/")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser("hint", help="the exact hint for a game record (JSON, as the page saves it)")
    p.add_argument("record", nargs="?", default="-", help="record file (default: standard input)")
    p.add_argument("--time-limit", type=float, default=0.5, help="seconds for the solver (default 0.5)")
    p.add_argument("--json", action="store_true", help="print the hint as JSON")
    p.set_defaults(func=cmd_hint)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse has printed its own one-line message
        return int(exit_.code or 0)
    try:
        return args.func(args, sys.stdout)
    except ValueError as err:
        print(f"pyramid-solitaire {args.command}: error: {err}", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
