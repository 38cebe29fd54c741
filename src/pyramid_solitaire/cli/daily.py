"""The daily command: the day's challenges, each proven by the solver (goals/daily.py)."""

import argparse
from typing import IO, Any

from .common import add_command


def add_daily(sub: Any) -> None:
    """The daily command, on the parser's subparsers."""
    p = add_command(
        sub,
        "daily",
        "the day's challenges, each with a proof that its goal can be reached",
        "One line per challenge: its id, variant, deal, grade and goal, then the proof (a line of\n"
        "play that achieves the goal). The same for everyone on a date: made with node budgets.\n"
        "DATE is YYYY-MM-DD from 2000-01-01 to 2200-12-31 (default: today, local time).",
        [
            "pyramid-solitaire daily",
            "pyramid-solitaire daily 2026-12-01 --json",
        ],
    )
    p.add_argument("date", nargs="?", metavar="DATE", help="the day (YYYY-MM-DD; default: today)")
    p.add_argument("--json", action="store_true", help='one JSON object: {"date", "challenges": [...]}')
    p.set_defaults(func=cmd_daily)


def cmd_daily(args: argparse.Namespace, out: IO[str]) -> int:
    """Print the challenges of the day."""
    from datetime import date

    from ..goals.daily import challenges, parse_day

    day = date.today() if args.date is None else parse_day(args.date)
    found = [c.to_dict() for c in challenges(day)]
    if args.json:
        import json  # only here: every command's start stays lean (tests/test_startup.py)

        print(json.dumps({"date": day.isoformat(), "challenges": found}), file=out)
        return 0
    for c in found:
        goal = c["goal"]
        said = {
            "clear": "clear the pyramid",
            "moves": f"clear it in at most {goal.get('at_most')} moves (par {goal.get('par')})",
            "score": f"reach {goal.get('score')} points",
            "cards": f"remove {' '.join(goal.get('cards', []))} (par {goal.get('par')})",
        }[goal["kind"]]
        print(f"{c['id']}  {c['variant']} {c['deal']}  {c['grade'] or 'ungraded'}  {said}", file=out)
        print(f"    proof: {c['proof']}", file=out)
    return 0
