"""How long grading one deal takes (goals/grades.difficulty), per variant: median, p99, max.

Deals from --start on, winnable or not (an unwinnable deal costs its decision search only); the
solver is warmed up first. The times are this process's processor time (time.process_time), since
on the shared machine the clock also counts the other processes' turns. It also prints the deals
graded per second of one core, and the core-hours issue 34's goal takes at that rate: 100,000
winnable deals of a variant (the deals to grade for them, from the share winnable here), and all
of classic's 0..999,999.

    nice .venv/bin/python benchmarks/difficulty_speed.py --deals 500 --start 200000
"""

import argparse
import time

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.goals.grades import difficulty
from pyramid_solitaire.solver.search import warm_up

GOAL_WINNABLE = 100_000  # issue 34: winnable deals graded per variant
CLASSIC_DEALS = 1_000_000  # classic: every deal of 0..999,999 (about 38,600 winnable)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=500, help="deals per variant")
    parser.add_argument("--start", type=int, default=200_000, help="the first deal number")
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    args = parser.parse_args()
    warm_up()
    print(
        "| variant | deals | graded | median ms | p99 ms | max ms | deals/s per core"
        " | core-hours for the goal |\n|---|---|---|---|---|---|---|---|"
    )
    for variant in args.variant or VARIANTS:
        times, graded = [], 0
        for number in range(args.start, args.start + args.deals):
            deal = Deal.from_number(variant, number)
            began = time.process_time()  # this process's processor time: the machine is shared
            graded += difficulty(deal).grade is not None
            times.append((time.process_time() - began) * 1000)
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        median = times[len(times) // 2]
        rate = len(times) / (sum(times) / 1000)
        goal = CLASSIC_DEALS if variant == "classic" else GOAL_WINNABLE * len(times) / max(1, graded)
        figures = f"{median:.1f} | {p99:.1f} | {times[-1]:.1f} | {rate:.0f} | {goal / rate / 3600:.2f}"
        print(f"| `{variant}` | {len(times)} | {graded} | {figures} |", flush=True)


if __name__ == "__main__":
    main()
