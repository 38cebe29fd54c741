"""Commands to look and play: variants, rules, deal, play (in the terminal)."""

import argparse
import sys
from typing import IO, TYPE_CHECKING, Any

from ..engine.variants import DEFAULT_VARIANT, GAMES, NAMED, OPTION_VALUES, VARIANTS
from .common import UsageError, add_command, add_deal_choice, add_variant, game_from_args, read_file

if TYPE_CHECKING:  # the board, records and json load in the commands that use them (common.py)
    from ..engine.game import Game


def add_variants(sub: Any) -> None:
    """The variants command, on the parser's subparsers."""
    p = add_command(
        sub,
        "variants",
        "list the rule variants",
        "Each variant's id (what --variant takes), its names and a one-line summary of its rules.",
        ["pyramid-solitaire variants"],
    )
    p.set_defaults(func=cmd_variants)


def add_rules(sub: Any) -> None:
    """The rules command, on the parser's subparsers."""
    p = add_command(
        sub,
        "rules",
        "print the rules of a variant",
        "The rules this project plays (cards, layout, deck strings, deal numbers, moves, notation,\n"
        "winning), with the part on variants cut to the one asked for.",
        ["pyramid-solitaire rules pyramid", "pyramid-solitaire rules giza | less"],
    )
    # the nine `variants` lists (the six base variants and the named option sets) and the family's games
    ids = [*VARIANTS, *NAMED, *GAMES]
    p.add_argument("variant", nargs="?", default=DEFAULT_VARIANT, choices=ids, help="a variant or game id")
    p.set_defaults(func=cmd_rules)


def add_deal(sub: Any) -> None:
    """The deal command, on the parser's subparsers."""
    p = add_command(
        sub,
        "deal",
        "show a deal's layout",
        "The layout of a deal number or a deck string, drawn as text, or its deck string.",
        [
            "pyramid-solitaire deal 1",
            "pyramid-solitaire deal --variant giza 7",
            "pyramid-solitaire deal --random --format deck",
        ],
    )
    add_variant(p)
    add_deal_choice(p)
    p.add_argument(
        "--format",
        choices=["board", "deck"],
        default="board",
        help="board (default) draws the layout; deck prints the deck string",
    )
    p.set_defaults(func=cmd_deal)


def add_play(sub: Any) -> None:
    """The play command, on the parser's subparsers."""
    p = add_command(
        sub,
        "play",
        "play in the terminal (reads moves from standard input)",
        "One command per line: moves in notation (7h+6c, Kd, draw, recycle), undo, redo, moves,\n"
        "hint (the solver's exact hint), save (to --save FILE), help, quit. A lost or won game\n"
        "ends with the solver's review. --load takes a record, a save or the page's Export file;\n"
        "--save writes an Export file that the page's More > Import reads (an import replaces\n"
        "what that browser keeps, and the page asks first).",
        [
            "pyramid-solitaire play 1",
            "pyramid-solitaire play --variant open-stock --random --save game.json",
            "pyramid-solitaire play --load pyramid-solitaire-2026-12-01.json --variant giza",
            "printf 'Kc\\nKh\\nhint\\n' | pyramid-solitaire play 1",
        ],
    )
    add_variant(
        p, None, f"rule variant (default {DEFAULT_VARIANT}); with --load: the save to take from an export"
    )
    add_deal_choice(p)
    p.add_argument("--load", metavar="FILE", help="go on with the game in FILE (record, save or export)")
    p.add_argument("--save", metavar="FILE", help="write the game here on save, quit and at the end")
    p.add_argument("--no-review", action="store_true", help="no review by the solver when the game ends")
    p.set_defaults(func=cmd_play)


OPTIONS_HELP = "; ".join(f"{name}: {values}" for name, values in OPTION_VALUES.items())


def cmd_variants(args: argparse.Namespace, out: IO[str]) -> int:
    """List the variants: id, names, passes or piles, summary."""
    for v in [*VARIANTS.values(), *NAMED.values(), *GAMES.values()]:
        if not v.has_stock:
            passes = f"{v.piles} piles of {v.pile_size}" if v.piles else "no stock"
        else:
            passes = "unlimited passes" if v.passes is None else f"{v.passes} pass{'es' * (v.passes != 1)}"
        if v.pysol_id is not None:
            passes += f"; PySolFC {v.pysol_id}"
        print(f"{v.id:15} {v.name_en} / {v.name_de} ({passes})", file=out)
        print(f"{'':15} {v.summary_en}", file=out)
    print(f"\noptions, as VARIANT:option=value,... (e.g. classic:win=all): {OPTIONS_HELP}", file=out)
    return 0


def cmd_rules(args: argparse.Namespace, out: IO[str]) -> int:
    """Print the rules text of a variant (RULES.md, shipped with the package)."""
    from ..engine.rules import rules_text

    out.write(rules_text(args.variant))
    return 0


def cmd_deal(args: argparse.Namespace, out: IO[str]) -> int:
    """Draw a deal's layout, or print its deck string."""
    from ..engine.board import draw_board

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
also:  undo, redo, moves (list the legal moves), hint, save, help, quit
cards marked * are available"""


def cmd_play(args: argparse.Namespace, out: IO[str]) -> int:
    """Play in the terminal, reading one command per line from standard input."""
    from ..engine.board import draw_board

    game = load_game(args) if args.load else game_from_args(args)
    name = f"deal {game.deal.number}" if game.deal.number is not None else "deck"
    print(f"{game.variant.name_en}, {name}. Type help for the commands.", file=out)
    show: bool | None = True
    try:
        while True:
            if show:
                print(draw_board(game.deal, game.state, mark=True), file=out)
            if game.is_won:
                print(f"You won in {len(game.moves)} moves!", file=out)
                end_review(game, args, out)
                return 0
            if game.is_stuck:
                print("No move is left: the game is stuck. Type undo, or quit.", file=out)
            print("> ", end="", file=out, flush=True)
            line = sys.stdin.readline()
            if not line:
                print(file=out)
                if game.is_stuck:
                    end_review(game, args, out)
                return 0 if game.is_won else 1
            show = play_command(game, line.strip(), out, args.save)
            if show is None:
                return 0
    finally:
        if args.save:
            save_game(game, args.save, out)


def load_game(args: argparse.Namespace) -> "Game":
    """The game of --load; a --variant given explicitly picks the save inside an export."""
    from .records import read_game

    chosen = [args.number is not None, args.deck is not None, args.random]
    if any(chosen):
        raise UsageError("cli_usage", detail="--load goes on with a saved game: give no deal as well")
    return read_game(read_file(args.load), args.variant)


def save_game(game: "Game", path: str, out: IO[str]) -> None:
    """Write the game as an Export file the page's Import reads."""
    import json

    from .records import export_file

    try:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(export_file(game), f, indent=1)
            f.write("\n")
    except OSError as err:
        raise UsageError("cli_write_file", path=path, detail=err.strerror) from None


def end_review(game: "Game", args: argparse.Namespace, out: IO[str]) -> None:
    """The solver's review of a finished game, as `review` prints it."""
    if args.no_review or not game.moves:
        return
    from ..solver.budgets import COMMAND_REVIEW_SECONDS
    from ..solver.review import review  # the solver loads only when asked
    from .solving import describe_review

    print("Review by the solver:", file=out)
    print(describe_review(review(game, COMMAND_REVIEW_SECONDS).to_dict()), file=out)


def play_command(game: "Game", command: str, out: IO[str], save: str | None = None) -> bool | None:
    """Carry out one line of `play`; True when the board changed, None to quit."""
    from ..engine.deal import IllegalMove, MoveSyntaxError

    word = command.lower()
    if word in ("quit", "exit", "q"):
        return None
    if word in ("help", "?", ""):
        print(PLAY_HELP, file=out)
        return False
    if word == "moves":
        print(" ".join(str(m) for m in game.legal_moves()) or "no move left", file=out)
        return False
    if word == "hint":
        from ..solver.budgets import PLAY_HINT_SECONDS
        from ..solver.hints import advice  # the solver loads only when asked
        from .solving import describe_hint

        print(describe_hint(advice(game, PLAY_HINT_SECONDS)), file=out)
        return False
    if word == "save":
        if save is None:
            print("not possible: start play with --save FILE to save", file=out)
        else:
            save_game(game, save, out)
            print(f"saved to {save} (the page reads it with More > Import)", file=out)
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
