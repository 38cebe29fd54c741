"""Commands that ask the solver: hint, review (game records), solve (deals)."""

import argparse
import sys
from typing import IO, TYPE_CHECKING, Any

from .common import EXIT_USAGE, UsageError, add_command, add_number, add_variant, read_file, seconds_limit

if TYPE_CHECKING:  # the engine, the solver and json load in the commands that use them (common.py)
    from ..engine.deal import Deal
    from ..engine.game import Game

GAME_FILES = (
    "\nFILE holds a game record (Game.to_record), a save of the page, or an Export file (the\n"
    "page's More > Export, or `play --save`); --variant picks the save inside an export that\n"
    "holds several."
)


def add_hint(sub: Any) -> None:
    """The hint command, on the parser's subparsers."""
    p = add_command(
        sub,
        "hint",
        "the exact hint for a saved game",
        "The first move of a winning line (a shortest one when time allows), or, when the game is\n"
        "lost, the last position that could still be won and the move that lost it; the page's\n"
        f"Hint button gives the same answer.\n{GAME_FILES}",
        [
            "pyramid-solitaire hint game.json",
            "pyramid-solitaire hint pyramid-solitaire-2026-12-01.json --variant giza --json",
            """echo '{"version": 1, "deal": 1, "moves": ["Kc"]}' | pyramid-solitaire hint""",
        ],
    )
    from ..solver.budgets import COMMAND_HINT_SECONDS  # built for this command alone

    add_game_file(p, COMMAND_HINT_SECONDS, "seconds for the solver", "the hint")
    p.set_defaults(func=cmd_hint)


def add_review(sub: Any) -> None:
    """The review command, on the parser's subparsers."""
    p = add_command(
        sub,
        "review",
        "review a saved game against the solver: a mark per move",
        "Each move marked winnable, losing (the move that lost the game), lost or unknown (out of\n"
        f"time), with the shortest wins from the start and from where the game was lost.\n{GAME_FILES}",
        [
            "pyramid-solitaire review game.json",
            "pyramid-solitaire review export.json --variant classic --json",
        ],
    )
    from ..solver.budgets import COMMAND_REVIEW_SECONDS  # built for this command alone

    add_game_file(p, COMMAND_REVIEW_SECONDS, "seconds for the whole review", "the review")
    p.set_defaults(func=cmd_review)


def add_solve(sub: Any) -> None:
    """The solve command, on the parser's subparsers."""
    p = add_command(
        sub,
        "solve",
        "solve deals exactly: winnable with a winning line, or unwinnable",
        "One line per deal: the verdict and a winning line in move notation (or one JSON object).\n"
        "--deck-file reads one deck string per line; lines starting with # are skipped.",
        [
            "pyramid-solitaire solve 1",
            "pyramid-solitaire solve --variant giza --shortest --json 7",
            "pyramid-solitaire solve --deck-file decks.txt --time-limit 5 | head -1",
        ],
    )
    add_variant(p)
    add_number(p)
    p.add_argument("--deck", help="a deck string of 52 cards (see: pyramid-solitaire rules)")
    p.add_argument("--deck-file", help="a file with one deck string per line ('-': standard input)")
    p.add_argument("--shortest", action="store_true", help="a line with the fewest steps (proven)")
    p.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per deal: its deck (and deal number), verdict, line, steps, states, seconds",
    )
    p.add_argument("--time-limit", type=seconds_limit, help="seconds per deal; past it: unknown")
    p.set_defaults(func=cmd_solve)


def add_game_file(p: argparse.ArgumentParser, seconds: float, budget: str, answer: str) -> None:
    """What hint and review both take: the game file, --variant, --time-limit (`budget`, by
    default `seconds`) and --json (`answer` as JSON)."""
    p.add_argument(
        "record", nargs="?", default="-", metavar="FILE", help="game file (default: standard input)"
    )
    add_variant(p, None, "the save to take from an export file holding several")
    default = f"{budget} (default {seconds:g})"
    p.add_argument("--time-limit", type=seconds_limit, default=seconds, help=default)
    p.add_argument("--json", action="store_true", help=f"print {answer} as JSON")


def read_game_arg(args: argparse.Namespace) -> "Game":
    """The game of hint's or review's FILE (or standard input)."""
    from .records import read_game

    text = sys.stdin.read() if args.record == "-" else read_file(args.record)
    return read_game(text, args.variant)


def cmd_hint(args: argparse.Namespace, out: IO[str]) -> int:
    """The page's hint for a game read from a file or standard input."""
    import json

    from ..solver.hints import advice  # the solver loads only for the commands that need it

    shown = advice(read_game_arg(args), args.time_limit)  # the same call as the page's /api/hint
    print(json.dumps(shown) if args.json else describe_hint(shown), file=out)
    return 0


def cmd_review(args: argparse.Namespace, out: IO[str]) -> int:
    """The page's review of a game: a mark per move, the losing move, the shortest wins."""
    import json

    from ..solver.review import review  # the solver loads only for the commands that need it

    shown = review(read_game_arg(args), args.time_limit).to_dict()  # as the page's /api/review
    print(json.dumps(shown) if args.json else describe_review(shown), file=out)
    return 0


def describe_review(r: dict[str, Any]) -> str:
    """The review as lines: the start, each move with its mark, then what it adds up to."""
    lines = [f"start: {r['start']['winnable']}" + _way(r["start"], ", shortest win")]
    width = max((len(m["move"]) for m in r["moves"]), default=0)
    lines += [f"{m['n']:3}. {m['move']:{width}}  {m['mark']}" for m in r["moves"]]
    if r["losing_move"]:
        move = r["moves"][r["losing_move"] - 1]["move"]
        way = _way(r["at_loss"], "; before it the shortest win was") if r["at_loss"] else ""
        lines.append(f"move {r['losing_move']} ({move}) lost the game{way}")
    if r["last_winnable"] == -1:
        lines.append("the deal cannot be won from the start")
    if r["won"]:
        more = f", {r['longer_by']} more than the shortest win" if r["longer_by"] is not None else ""
        lines.append(f"won in {len(r['moves'])} moves{more}")
    if not r["complete"]:
        lines.append("unknown: the solver ran out of time before every move was decided")
    if r.get("thoughtful"):
        lines.append("thoughtful: the marks know the face-down cards, which the player did not see")
    return "\n".join(lines)


def _way(way: dict[str, Any], intro: str) -> str:
    if way["verdict"] != "winnable":
        return ""
    proven = "" if way["proven"] else " (not proven shortest)"
    return f"{intro} {way['steps']} steps{proven}"


def describe_hint(h: dict[str, Any]) -> str:
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
        when = (
            f"after move {h['last_winnable']} ({h['last_winnable_move']})"
            if h["last_winnable"]
            else "at the start"
        )
        return (
            f"unwinnable: the game was last winnable {when}; {h['losing_move']} lost it; "
            f"undo {h['undo']} move{'s' * (h['undo'] != 1)} to get back there"
        )
    move = h["move"] or "nothing"
    if "consistent" in h:  # hidden cards: judged over the deals consistent with what was seen
        c = h["consistent"]
        undecided = f", {c['unknown']} undecided" if c["unknown"] else ""
        return (
            f"try {move}: winnable in {c['winnable']} of {c['samples']} deals consistent with "
            f"the cards you have seen ({c['share']:.0%}{undecided}; the face-down cards are not looked at)"
        )
    return f"unknown: the solver ran out of time; try {move} (not checked)"


def cmd_solve(args: argparse.Namespace, out: IO[str]) -> int:
    """Solve a deal number, a deck string, or a file of deck strings (one per line); a bad line
    of the file is reported on standard error and the rest are still solved (exit status 2)."""
    from ..engine.deal import Deal
    from ..engine.decks import parse_deal_number
    from ..engine.variants import get_variant
    from ..solver.search import warm_up

    if sum([args.number is not None, args.deck is not None, args.deck_file is not None]) != 1:
        raise UsageError("cli_solve_source")
    variant = get_variant(args.variant)
    warm_up(args.shortest)  # load the compiled search first, so `seconds` is the search alone
    if args.deck_file is None:
        deal = (
            Deal.from_deck(variant, args.deck)
            if args.deck is not None
            else Deal.from_number(variant, parse_deal_number(args.number))
        )
        print_solution(deal, args, out)
        return 0
    text = sys.stdin.read() if args.deck_file == "-" else read_file(args.deck_file)
    bad = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            deal = Deal.from_deck(variant, line)
        except ValueError as err:
            print(f"pyramid-solitaire solve: {args.deck_file} line {number}: {err}", file=sys.stderr)
            bad += 1
            continue
        print_solution(deal, args, out)
    return EXIT_USAGE if bad else 0


def print_solution(deal: "Deal", args: argparse.Namespace, out: IO[str]) -> None:
    """One line: the verdict, then the winning line in move notation (or one JSON object)."""
    from ..solver.reference import PLAIN_NODES, kernel_plays
    from ..solver.search import WINNABLE, solve

    plain = not kernel_plays(deal)  # a family game: solve runs the plain search (by nodes)
    found = solve(deal, shortest=args.shortest, time_limit=args.time_limit)
    if args.json:
        import json

        # each row names the deal it answers: a batch's rows are matched to their input by it
        named = {"deal": deal.number} if deal.number is not None else {}
        record = {**named, "variant": deal.variant.text, "deck": deal.deck_string(), **found.to_dict(deal)}
        if args.shortest:
            record["shortest"] = found.shortest
        if plain:
            record["search"] = {"plain": True, "node_limit": PLAIN_NODES}
        print(json.dumps(record), file=out, flush=True)
    elif found.verdict == WINNABLE:
        print(f"{found.verdict} {deal.format_line(found.line)}".rstrip(), file=out, flush=True)
        if args.shortest and not found.shortest:
            print(
                "pyramid-solitaire solve: note: the time limit ran out before this line was proven shortest",
                file=sys.stderr,
            )
    else:
        print(found.verdict, file=out, flush=True)
    if plain and not args.json:
        print(_plain_note(deal), file=sys.stderr)
    if found.thoughtful and not args.json:
        print(
            "pyramid-solitaire solve: note: the answer is the thoughtful one, for the deal with every "
            "card known (a player sees only the face-up cards)",
            file=sys.stderr,
        )


def _plain_note(deal: "Deal") -> str:
    """What a family game's answer is: the plain search's, with its node budget."""
    from ..solver.reference import PLAIN_NODES

    return (
        f"pyramid-solitaire solve: note: {deal.variant.name_en} is solved by the plain reference search "
        f"(the C kernel does not know it yet): unknown when {PLAIN_NODES:,} positions did not decide it"
    )
