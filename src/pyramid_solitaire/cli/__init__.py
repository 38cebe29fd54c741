"""The `pyramid-solitaire` command: list variants, show deals, play in the terminal, and more.

Each subcommand is a function `cmd_NAME(args, out) -> int`; errors a user can act on are
refusals (errors.py), argparse's usage errors included, printed as one line with exit status 2
(never a traceback).
"""

import argparse
import contextlib
import json
import signal
import sys
from typing import NoReturn

from ..engine.board import draw_board
from ..engine.deal import IllegalMove, MoveSyntaxError
from ..engine.decks import RANDOM_DEALS, parse_deal_number, random_deal
from ..engine.errors import Refusal, cut
from ..engine.game import Game
from ..engine.variants import DEFAULT_VARIANT, VARIANTS

EXIT_USAGE = 2


class UsageError(Refusal):
    """A command line that asks for something impossible."""


class Parser(argparse.ArgumentParser):
    """argparse with its usage errors raised as one-line refusals instead of printed usage."""

    def error(self, message: str) -> NoReturn:
        raise UsageError("cli_usage", detail=message)


def add_variant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant",
        "-v",
        default=DEFAULT_VARIANT,
        choices=list(VARIANTS),
        help=f"rule variant (default {DEFAULT_VARIANT})",
    )


def add_deal_choice(parser: argparse.ArgumentParser, random_default: bool = False) -> None:
    add_number(parser)
    parser.add_argument("--deck", help="a deck string of 52 cards (RULES.md)")
    parser.add_argument("--random", action="store_true", help=f"a random deal number (below {RANDOM_DEALS})")


def add_number(parser: argparse.ArgumentParser) -> None:
    # Kept as text: decks.parse_deal_number reads it later, so its refusal keeps its code
    # (an argparse type would turn it into a generic usage error).
    parser.add_argument("number", nargs="?", help="deal number (0 to 2**64 - 1)")


def game_from_args(args) -> Game:
    """The game named by a deal number, a deck string, or --random (the default for play)."""
    chosen = [args.number is not None, args.deck is not None, args.random]
    if sum(chosen) > 1:
        raise UsageError("cli_one_deal")
    if args.deck is not None:
        return Game(args.variant, deck=args.deck)
    number = parse_deal_number(args.number) if args.number is not None else random_deal()
    return Game(args.variant, number=number)


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


def cmd_serve(args, out) -> int:
    """Serve the browser game (and its JSON API) until interrupted."""
    from ..web import serve  # the web stack loads only for this command

    print(f"Pyramid solitaire on http://{args.host}:{args.port}/", file=out, flush=True)
    serve(
        args.host,
        args.port,
        args.workers,
        log_level=args.log_level,
        trusted_proxies=args.trusted_proxy,
        max_connections=args.max_connections,
    )
    return 0


def cmd_hint(args, out) -> int:
    """The page's hint for a game record read from a file or standard input."""
    from ..solver.hints import advice  # the solver loads only for the commands that need it

    text = sys.stdin.read() if args.record == "-" else _read_file(args.record)
    shown = advice(Game.from_json(text), args.time_limit)  # the same call as the page's /api/hint
    print(json.dumps(shown) if args.json else describe_hint(shown), file=out)
    return 0


def cmd_review(args, out) -> int:
    """The page's review of a game record: a mark per move, the losing move, the shortest wins."""
    from ..solver.review import review  # the solver loads only for the commands that need it

    text = sys.stdin.read() if args.record == "-" else _read_file(args.record)
    shown = review(Game.from_json(text), args.time_limit).to_dict()  # as the page's /api/review
    print(json.dumps(shown) if args.json else describe_review(shown), file=out)
    return 0


def describe_review(r: dict) -> str:
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
    return "\n".join(lines)


def _way(way: dict, intro: str) -> str:
    if way["verdict"] != "winnable":
        return ""
    proven = "" if way["proven"] else " (not proven shortest)"
    return f"{intro} {way['steps']} steps{proven}"


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
    return f"unknown: the solver ran out of time; try {move} (not checked)"


def seconds_limit(text: str) -> float:
    """argparse type for a time limit in seconds."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"'{text}' is not a time limit (seconds, 0 or more)")
    return value


def cmd_solve(args, out) -> int:
    """Solve a deal number, a deck string, or a file of deck strings (one per line); a bad line
    of the file is reported on standard error and the rest are still solved (exit status 2)."""
    from ..engine.deal import Deal
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
    text = sys.stdin.read() if args.deck_file == "-" else _read_file(args.deck_file)
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


def print_solution(deal, args, out) -> None:
    """One line: the verdict, then the winning line in move notation (or one JSON object)."""
    from ..solver.search import WINNABLE, solve

    found = solve(deal, shortest=args.shortest, time_limit=args.time_limit)
    if args.json:
        record = found.to_dict(deal)
        if args.shortest:
            record["shortest"] = found.shortest
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


def cmd_stats(args, out) -> int:
    """Solve a range of deals on Dask, storing the rows in --out (or a temporary folder) as they
    come, with a progress bar on standard error; then print the figures from the stored rows."""
    import os
    import tempfile

    from ..research import dataset
    from ..research import winrates as stats

    if args.summary is not None:
        return print_stored(args.summary, args, out)
    if args.deals is None:
        raise UsageError("cli_stats_deals")
    numbers = stats.parse_range(args.deals)
    if args.jobs < 1:
        raise UsageError("cli_jobs", jobs=args.jobs)
    if args.chunk < 1:
        raise UsageError("cli_chunk", chunk=args.chunk)
    series = dataset.Series(args.variant, args.shortest)
    with tempfile.TemporaryDirectory(prefix="pyramid-stats-") as scratch:
        folder = args.out or scratch
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as err:
            raise UsageError("cli_make_folder", folder=cut(folder, 200), detail=err.strerror) from None
        try:
            with stop_on_sigterm():
                solve_with_bar(folder, series, numbers, args)
        except KeyboardInterrupt:
            if args.out:
                print(f"stopped; the chunks finished are in {folder}: run again to resume", file=sys.stderr)
            return 130
        chunks = dataset.stored_chunks(folder, series)
        print_summary(series, numbers, chunks, out)
        if args.csv:
            dataset.write_csv(args.csv, dataset.read_rows(chunks, numbers))
    return 0


@contextlib.contextmanager
def stop_on_sigterm():
    """A `kill` (or a shutdown) stops a run as Ctrl-C does: the chunks finished stay stored."""

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        before = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def solve_with_bar(folder: str, series, numbers: range, args) -> None:
    """The deals not yet in `folder`, on the cluster, with tqdm's bar (deals/s, time left)."""
    from tqdm import tqdm

    from ..research import cluster, dataset

    chunks = dataset.stored_chunks(folder, series)
    done = sum(last - first + 1 for first, last in dataset.covered(numbers, chunks))
    with tqdm(total=len(numbers), initial=done, unit="deal", file=sys.stderr, smoothing=0.05) as bar:
        if done == len(numbers):
            return
        with cluster.connect(args.scheduler, args.jobs) as client:
            cluster.solve_missing(client, folder, series, numbers, args.time_limit, args.chunk, bar.update)


def print_stored(folder: str, args, out) -> int:
    """`stats --summary DIR`: the figures of every series stored there, within --deals if given."""
    from ..research import dataset
    from ..research import winrates as stats

    numbers = stats.parse_range(args.deals) if args.deals else None
    found = dataset.stored_series(folder)
    if not found:
        raise UsageError("cli_no_rows", folder=cut(folder, 200))
    for series in found:
        print_summary(series, numbers, dataset.stored_chunks(folder, series), out)
        if args.csv and len(found) == 1:
            dataset.write_csv(args.csv, dataset.read_rows(dataset.stored_chunks(folder, series), numbers))
    if args.csv and len(found) > 1:
        raise UsageError("cli_csv_series", folder=cut(folder, 200), count=len(found))
    return 0


def print_summary(series, numbers: range | None, chunks, out) -> None:
    from ..research import dataset
    from ..research import winrates as stats

    tally = stats.Tally()
    for table in dataset.read_rows(chunks, numbers):
        tally.add(table)
    s = tally.summary()
    runs = ", ".join(f"{a}..{b}" for a, b in dataset.covered(numbers, chunks)) or "none"
    print(f"{series.label}: {s.deals} deal{'s' * (s.deals != 1)} ({runs})", file=out)
    print(f"winnable {s.winnable}, unwinnable {s.unwinnable}, unknown {s.unknown}", file=out)
    decided = s.deals - s.unknown
    print(
        f"win rate {100 * s.win_rate:.2f}% (95% confidence interval {100 * s.low:.2f}% to "
        f"{100 * s.high:.2f}%, Wilson, over the {decided} decided deals)",
        file=out,
    )
    print(
        f"time per deal: median {1000 * s.median:.2f} ms, p99 {1000 * s.p99:.2f} ms, "
        f"max {1000 * s.max:.2f} ms; {s.deals_per_second:.0f} deals/s per core",
        file=out,
    )
    if s.slowest:
        print("slowest: " + ", ".join(f"{d} ({1000 * t:.0f} ms)" for d, t in s.slowest), file=out)
    if s.longest:
        kind = "longest shortest lines" if series.shortest else "longest lines found"
        print(f"{kind}: " + ", ".join(f"{d} ({n} steps)" for d, n in s.longest), file=out)


def _read_file(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as err:
        raise UsageError("cli_read_file", path=cut(path, 200), detail=err.strerror) from None
    except UnicodeDecodeError:
        raise UsageError("cli_read_file", path=cut(path, 200), detail="not UTF-8 text") from None


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="pyramid-solitaire", description="Pyramid solitaire")
    sub = parser.add_subparsers(dest="command", required=True)

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

    p = sub.add_parser("serve", help="serve the browser game on http://HOST:PORT/")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument(
        "--log-level",
        choices=["critical", "error", "warning", "info", "debug"],
        default="info",
        help="info logs one line per request (default); warning only what went wrong",
    )
    p.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For names the client (repeatable; default: none)",
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=4096,
        help="open connections per worker, past which new ones are refused (default 4096, "
        "lowered to fit the open-files limit)",
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("hint", help="the exact hint for a game record (JSON, as the page saves it)")
    p.add_argument("record", nargs="?", default="-", help="record file (default: standard input)")
    p.add_argument("--time-limit", type=float, default=0.5, help="seconds for the solver (default 0.5)")
    p.add_argument("--json", action="store_true", help="print the hint as JSON")
    p.set_defaults(func=cmd_hint)

    p = sub.add_parser("review", help="review a game record against the solver: a mark per move")
    p.add_argument("record", nargs="?", default="-", help="record file (default: standard input)")
    p.add_argument(
        "--time-limit", type=seconds_limit, default=10.0, help="seconds for the whole review (default 10)"
    )
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("solve", help="solve deals exactly: winnable with a winning line, or unwinnable")
    add_variant(p)
    add_number(p)
    p.add_argument("--deck", help="a deck string of 52 cards (RULES.md)")
    p.add_argument("--deck-file", help="a file with one deck string per line ('-': standard input)")
    p.add_argument("--shortest", action="store_true", help="a line with the fewest steps (proven)")
    p.add_argument(
        "--json", action="store_true", help="one JSON object per deal: verdict, line, steps, states, seconds"
    )
    p.add_argument("--time-limit", type=seconds_limit, help="seconds per deal; past it: unknown")
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("stats", help="solve a range of deal numbers on Dask: win rate and solving times")
    add_variant(p)
    p.add_argument("--deals", help="deal numbers A..B, both included (e.g. 0..999)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="local worker processes (default 1)")
    p.add_argument("--scheduler", help="a Dask scheduler (tcp://HOST:8786) instead of local workers")
    p.add_argument("--out", help="store the rows here (Parquet, one file per chunk); a rerun resumes")
    p.add_argument("--chunk", type=int, default=1000, help="deals per task and per file (default 1000)")
    p.add_argument("--shortest", action="store_true", help="store proven shortest lines' steps (slower)")
    p.add_argument(
        "--summary", metavar="DIR", help="print the figures of the rows stored in DIR, solving nothing"
    )
    p.add_argument("--csv", help="also write one row per deal to this CSV file")
    p.add_argument("--time-limit", type=seconds_limit, help="seconds per deal; past it: unknown")
    p.set_defaults(func=cmd_stats)
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
