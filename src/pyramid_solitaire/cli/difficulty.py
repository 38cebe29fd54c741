"""The difficulty command: the grade of a deal, deals of a grade, and graded deal lists on Dask."""

import argparse
import sys
from typing import IO, Any

from .common import UsageError, add_command, add_number, add_variant


def add_difficulty(sub: Any) -> None:
    """The difficulty command, on the parser's subparsers."""
    p = add_command(
        sub,
        "difficulty",
        "how hard a deal is for a person: easy, medium, hard or expert",
        "The grade of a deal number or deck string (an unwinnable deal has none), or --pick GRADE:\n"
        "--count deal numbers of that grade, each proven winnable. --deals A..B --out DIR grades a\n"
        "range on Dask and stores the rows (a rerun resumes; see docs/difficulty.md).",
        [
            "pyramid-solitaire difficulty 1",
            "pyramid-solitaire difficulty --variant giza --pick hard --count 5 --json",
            "pyramid-solitaire difficulty --variant pyramid --deals 0..9999 --out grades --jobs 2",
        ],
    )
    add_variant(p)
    add_number(p)
    p.add_argument("--deck", help="a deck string of 52 cards (see: pyramid-solitaire rules)")
    p.add_argument("--pick", metavar="GRADE", help="print deal numbers of this grade")
    p.add_argument("--count", type=int, default=1, help="how many deals --pick prints (default 1)")
    p.add_argument("--json", action="store_true", help="JSON: an object, or a list of them with --pick")
    p.add_argument("--deals", help="grade deal numbers A..B on Dask (with --out)")
    p.add_argument("--out", help="the folder of graded rows (Parquet); a rerun resumes")
    p.add_argument("--chunk", type=int, default=250, help="deals per task and per file (default 250)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="local worker processes (default 1)")
    p.add_argument("--scheduler", help="a Dask scheduler (tcp://HOST:8786) instead of local workers")
    p.set_defaults(func=cmd_difficulty)


def cmd_difficulty(args: argparse.Namespace, out: IO[str]) -> int:
    """One deal's grade, deals of a grade, or a graded range stored on disk."""
    from ..goals.grades import parse_grade

    sources = [args.number is not None, args.deck is not None, args.pick is not None, args.deals is not None]
    if sum(sources) != 1:
        raise UsageError("cli_difficulty_source")
    if args.pick is not None:
        return print_picked(args.variant, parse_grade(args.pick), args, out)
    if args.deals is not None:
        return grade_range(args, out)
    return print_grade(args, out)


def print_grade(args: argparse.Namespace, out: IO[str]) -> int:
    """The grade of a deal number or deck string: a line, or a JSON object; no grade is exit 0."""
    import json

    from ..engine.deal import Deal
    from ..engine.decks import parse_deal_number
    from ..goals.grades import difficulty

    if args.deck is not None:
        deal = Deal.from_deck(args.variant, args.deck)
    else:
        deal = Deal.from_number(args.variant, parse_deal_number(args.number))
    found = difficulty(deal)
    if args.json:
        print(json.dumps({"variant": args.variant, "deal": deal.number, **found.to_dict()}), file=out)
    elif found.grade is None:
        why = "not winnable" if found.verdict == "unwinnable" else "not decided within the search's budget"
        print(f"{deal_name(deal)}: no grade ({why})", file=out)
    else:
        print(f"{deal_name(deal)}: {found.grade}", file=out)
    return 0


def deal_name(deal: Any) -> str:
    """How the output names a deal: 'pyramid deal 7', or 'pyramid deck'."""
    return f"{deal.variant.id} deal {deal.number}" if deal.number is not None else f"{deal.variant.id} deck"


def print_picked(variant: str, grade: str, args: argparse.Namespace, out: IO[str]) -> int:
    """--count different deal numbers of `grade`, one a line or a JSON list; 1 if fewer were found."""
    import json

    from ..goals.index import pick

    if args.count < 1:
        raise UsageError("cli_usage", detail=f"--count must be 1 or more, not {args.count}")
    numbers = pick(variant, grade, args.count)
    if args.json:
        print(json.dumps([{"variant": variant, "deal": n, "grade": grade} for n in numbers]), file=out)
    else:
        for number in numbers:
            print(number, file=out)
    if len(numbers) < args.count:
        print(f"pyramid-solitaire difficulty: found only {len(numbers)} {grade} deals", file=sys.stderr)
        return 1
    return 0


def grade_range(args: argparse.Namespace, out: IO[str]) -> int:
    """Grade --deals on Dask into --out (research/grading.py), only the deals not yet stored."""
    from ..research import cluster, grading
    from ..research.winrates import parse_range

    if args.out is None:
        raise UsageError("cli_usage", detail="--deals needs --out DIR, the folder of graded rows")
    if args.jobs < 1:
        raise UsageError("cli_jobs", jobs=args.jobs)
    if args.chunk < 1:
        raise UsageError("cli_chunk", chunk=args.chunk)
    numbers = parse_range(args.deals)
    say = lambda text: print(text, file=sys.stderr)  # noqa: E731
    with cluster.connect(args.scheduler, args.jobs, dashboard=False, say=say) as client:
        graded = grading.grade_missing(client, args.out, args.variant, numbers, args.chunk)
    print(f"{args.variant}: {graded} deals graded into {args.out}", file=out)
    return 0
