"""Solver benchmark: time per deal and states per second on fixed deal numbers, per variant.

One process, compile time excluded (the compiled search is loaded and run once first).
Prints, per variant: deals, win rate, total seconds, states/second, median, p99 and max seconds
per deal; at the end the peak memory of the process (resource.getrusage maxrss).

    .venv/bin/python benchmarks/solver.py                      # every variant, its default deals
    .venv/bin/python benchmarks/solver.py --variant pyramid --deals 0..99
    .venv/bin/python benchmarks/solver.py --shortest           # shortest lines, open-stock 0..999
"""

import argparse
import resource
import statistics
import sys
import time

from pyramid_solitaire.deal import Deal
from pyramid_solitaire.solver import UNKNOWN, WINNABLE, solve, warm_up
from pyramid_solitaire.stats import parse_range, percentile
from pyramid_solitaire.variants import VARIANTS

DEFAULT_DEALS = "0..999"


def run(variant_id: str, numbers: range, shortest: bool) -> None:
    variant = VARIANTS[variant_id]
    started = time.perf_counter()
    seconds, states, wins, unknown, steps = [], 0, 0, 0, 0
    for number in numbers:
        found = solve(Deal.from_number(variant, number), shortest=shortest)
        seconds.append(found.seconds)
        states += found.states
        wins += found.verdict == WINNABLE
        unknown += found.verdict == UNKNOWN
        steps += found.steps or 0
    total = time.perf_counter() - started
    seconds.sort()
    mode = " shortest" if shortest else ""
    print(
        f"{variant_id + mode:22} {len(numbers):5} deals {numbers[0]}..{numbers[-1]}  won {wins:4}"
        f"  unknown {unknown}  total {total:7.2f} s"
        f"  {states / max(sum(seconds), 1e-9) / 1e6:5.2f} M states/s"
        f"  median {statistics.median(seconds) * 1000:7.2f} ms"
        f"  p99 {percentile(seconds, 0.99) * 1000:8.2f} ms"
        f"  max {seconds[-1] * 1000:8.2f} ms" + (f"  steps {steps}" if shortest else ""),
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--variant",
        choices=list(VARIANTS),
        action="append",
        help="a variant to run (repeatable; default: all)",
    )
    parser.add_argument("--deals", default=DEFAULT_DEALS, help=f"deal numbers A..B (default {DEFAULT_DEALS})")
    parser.add_argument(
        "--shortest", action="store_true", help="shortest lines (default variant: open-stock)"
    )
    args = parser.parse_args()
    numbers = parse_range(args.deals)
    variants = args.variant or (["open-stock"] if args.shortest else list(VARIANTS))
    warm_up()
    for variant_id in variants:
        run(variant_id, numbers, args.shortest)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    print(f"peak memory {peak_kb / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
