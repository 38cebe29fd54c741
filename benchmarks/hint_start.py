"""The hint at the start of hard deals: checked or not, and in how long.

For the listed deals (default pyramid deal 7639) and the N deals of 0..9999 whose decision search
expands the most states, asks for the hint at the start of the game at the default budget
(budgets.HINT): in this process (the solver loaded first), and in a fresh
`pyramid-solitaire hint` process (loading included, as a command-line user meets it). Prints per
deal the decision's states, then for each way of asking the verdict, whether the move is checked
and proven shortest, and the hint's seconds (the fresh process's wall time besides). The budget
is wall-clock time, so the machine's load matters.

    .venv/bin/python benchmarks/hint_start.py                          # 7639 and the 20 hardest of 0..9999
    .venv/bin/python benchmarks/hint_start.py --deals 7639 --hardest 0
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.solver import solve, warm_up
from pyramid_solitaire.solver.budgets import HINT
from pyramid_solitaire.solver.hints import hint

SEARCHED = range(10_000)


def hardest(variant_id: str, count: int) -> list[tuple[int, int]]:
    """(deal, states) of the `count` deals of 0..9999 whose decision expands the most states."""
    found = [(solve(Deal.from_number(VARIANTS[variant_id], n)).searched, n) for n in SEARCHED]
    return [(n, states) for states, n in sorted(found, reverse=True)[:count]]


def fresh_hint(game: Game) -> tuple[dict, float]:
    """The hint from a new `pyramid-solitaire hint` process, and that process's wall time."""
    command = shutil.which("pyramid-solitaire", path=os.path.dirname(sys.executable)) or "pyramid-solitaire"
    with tempfile.NamedTemporaryFile("w", suffix=".json") as record:
        record.write(game.to_json())
        record.flush()
        started = time.perf_counter()
        done = subprocess.run(
            [command, "hint", record.name, "--json"], capture_output=True, text=True, check=True
        )
        return json.loads(done.stdout), time.perf_counter() - started


def describe(shown: dict) -> str:
    checked = "checked" if shown["checked"] else "NOT checked"
    shortest = ", shortest" if shown["shortest"] else ""
    return f"{shown['verdict']:10} {checked}{shortest:10} {shown['seconds']:.3f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=list(VARIANTS), default="pyramid")
    parser.add_argument("--deals", default="7639", help="deal numbers, comma-separated (default 7639)")
    parser.add_argument("--hardest", type=int, default=20, help="also the N hardest to decide of 0..9999")
    args = parser.parse_args()
    warm_up()
    deals = [
        (int(n), solve(Deal.from_number(VARIANTS[args.variant], int(n))).searched)
        for n in args.deals.split(",")
    ]
    deals += [d for d in hardest(args.variant, args.hardest) if d[0] not in {n for n, _ in deals}]
    print(f"hint budget {HINT.seconds} s, {args.variant}, at the start of the game")
    decided = fresh_decided = 0  # hints that are not "unknown": a checked move, or the proof of loss
    for number, states in deals:
        game = Game(args.variant, number=number)
        here = hint(game).to_dict(game)
        fresh, wall = fresh_hint(game)
        decided += here["verdict"] != "unknown"
        fresh_decided += fresh["verdict"] != "unknown"
        print(
            f"deal {number:5} ({states / 1e6:5.2f} M states to decide)  here: {describe(here)}"
            f"  fresh process: {describe(fresh)} ({wall:.2f} s wall)",
            flush=True,
        )
    print(f"decided: {decided} of {len(deals)} here, {fresh_decided} of {len(deals)} in fresh processes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
