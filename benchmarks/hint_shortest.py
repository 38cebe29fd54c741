"""How often the hint's line is proven shortest within its budget, along winning games.

For the first winnable deals of each variant, play a winning line (the solver's, as a player who
wins might) and ask for a hint at every position on the way, as the browser does. Prints per
variant the positions asked, the share whose hint is proven shortest (within budgets.HINT, the
hint's whole budget), and the median and slowest hint. Depends on the machine's load: the budget
is wall-clock time.

    .venv/bin/python benchmarks/hint_shortest.py                        # 10 winnable deals each
    .venv/bin/python benchmarks/hint_shortest.py --variant pyramid --winnable 40
"""

import argparse
import statistics
import sys

from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.solver import WINNABLE, solve, warm_up
from pyramid_solitaire.solver.budgets import HINT
from pyramid_solitaire.solver.hints import hint


def run(variant_id: str, winnable: int) -> None:
    asked = shortest = deals = 0
    seconds: list[float] = []
    number = 0
    while deals < winnable:
        game = Game(variant_id, number=number)
        number += 1
        found = solve(game.deal)
        if found.verdict != WINNABLE:
            continue
        deals += 1
        for move in found.line:
            given = hint(game)
            asked += 1
            shortest += given.shortest
            seconds.append(given.seconds)
            game.play(move)
    seconds.sort()
    print(
        f"{variant_id:15} {deals} winnable deals (0..{number - 1})  {asked:5} positions"
        f"  shortest {shortest / asked:7.2%}  median {statistics.median(seconds) * 1000:6.1f} ms"
        f"  max {seconds[-1] * 1000:6.1f} ms",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=list(VARIANTS), action="append", help="repeatable; default: all")
    parser.add_argument("--winnable", type=int, default=10, help="winnable deals per variant (default 10)")
    args = parser.parse_args()
    warm_up()
    print(f"hint budget {HINT.seconds} s")
    for variant_id in args.variant or list(VARIANTS):
        run(variant_id, args.winnable)
    return 0


if __name__ == "__main__":
    sys.exit(main())
