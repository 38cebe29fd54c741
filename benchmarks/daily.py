"""How long making a day's challenges takes (goals/daily.py), over a run of dates: the
distribution of the wall-clock and processor time per day, and the candidate deals tried.
The target (issue 35): under 2 s for 95% of days on this machine.

    nice .venv/bin/python benchmarks/daily.py --first 2026-12-01 --days 365
"""

import argparse
import os
import statistics
import time
from datetime import date, timedelta

from pyramid_solitaire.goals import daily
from pyramid_solitaire.solver.search import warm_up


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--first", type=date.fromisoformat, default=date(2026, 12, 1))
    parser.add_argument("--days", type=int, default=365)
    args = parser.parse_args()
    warm_up()
    walls, cpus, tries = [], [], []
    tried = 0
    original = daily.prove

    def counting(*a: object, **k: object) -> object:
        nonlocal tried
        tried += 1
        return original(*a, **k)  # type: ignore[arg-type]

    daily.prove = counting  # type: ignore[assignment]
    loads = []
    for i in range(args.days):
        day = args.first + timedelta(days=i)
        tried = 0
        wall, cpu = time.perf_counter(), time.process_time()
        made = daily.challenges(day)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        tries.append(tried)
        loads.append(os.getloadavg()[0])
        assert len(made) == len(daily.PLAN), day
    print(f"{args.days} days from {args.first}, load average {min(loads):.1f}-{max(loads):.1f}")
    print("| per day | median | p90 | p95 | p99 | max |")
    print("|---|---|---|---|---|---|")
    for name, values in (("wall-clock s", walls), ("processor s", cpus)):
        row = [statistics.median(values), *(percentile(values, q) for q in (0.9, 0.95, 0.99)), max(values)]
        print(f"| {name} | " + " | ".join(f"{v:.2f}" for v in row) + " |")
    row = [statistics.median(tries), *(percentile(tries, q) for q in (0.9, 0.95, 0.99)), max(tries)]
    print("| deals tried | " + " | ".join(f"{v:.0f}" for v in row) + " |")
    under = [sum(v < 2 for v in values) for values in (walls, cpus)]
    print(f"days under 2 s: wall-clock {under[0]}/{len(walls)}, processor {under[1]}/{len(cpus)}")


if __name__ == "__main__":
    main()
