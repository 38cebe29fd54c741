"""Commands to look and play: variants, deal, play (in the terminal)."""

import sys

from ..engine.board import draw_board
from ..engine.deal import IllegalMove, MoveSyntaxError
from ..engine.game import Game
from ..engine.variants import VARIANTS
from .common import UsageError, add_deal_choice, add_variant, game_from_args


def add_commands(sub) -> None:
    """This group's subcommands, on the parser's subparsers."""
    sub.add_parser("variants", help="list the rule variants").set_defaults(func=cmd_variants)

    p = sub.add_parser("deal", help="show a deal's layout")
    add_variant(p)
    add_deal_choice(p)
    p.add_argument(
        "--format",
        choices=["board", "deck"],
        default="board",
        help="board (default) draws the layout; deck prints the deck string",
    )
    p.set_defaults(func=cmd_deal)

    p = sub.add_parser("play", help="play in the terminal (reads moves from standard input)")
    add_variant(p)
    add_deal_choice(p)
    p.set_defaults(func=cmd_play)


def cmd_variants(args, out) -> int:
    for v in VARIANTS.values():
        passes = f"{v.passes} pass{'es' * (v.passes != 1)}" if v.has_stock else f"{v.piles} piles of 3"
        print(f"{v.id:15} {v.name_en} / {v.name_de} ({passes})", file=out)
        print(f"{'':15} {v.summary_en}", file=out)
    return 0


def cmd_deal(args, out) -> int:
    if args.number is None and args.deck is None and not args.random:
        raise UsageError("cli_deal_needed")
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
    show: bool | None = True
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
