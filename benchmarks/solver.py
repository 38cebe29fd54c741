"""Solver benchmark: time and memory per deal on fixed deal numbers, per variant, and start-up.

One process, compile time excluded (the compiled search is loaded and run once first).
Prints, per variant: deals, win rate, total seconds, states/second, median, p99 and max seconds
per deal (processor time of the process: on an idle machine the wall-clock time, on a shared
one much less inflated by other people's work; the total is given in both), and the most memory
one deal's search held (numpy arrays and Python objects, traced by tracemalloc: the figure a
deal solved alone adds to the process). With --shortest, also the 10 slowest deals. At the
end: the process's peak memory (resource.getrusage maxrss). With --startup, only the time and
peak memory of a fresh `pyramid-solitaire solve N` instead.

    .venv/bin/python benchmarks/solver.py                      # every variant, its default deals
    .venv/bin/python benchmarks/solver.py --variant pyramid --deals 0..99
    .venv/bin/python benchmarks/solver.py --shortest           # shortest lines, every variant
    .venv/bin/python benchmarks/solver.py --shortest --variant pyramid --deals 6991,4597,7929
    .venv/bin/python benchmarks/solver.py --startup --variant giza --deals 0
    .venv/bin/python benchmarks/solver.py --family --deals 0..199  # the family's games (issue 51)
    .venv/bin/python benchmarks/solver.py --family --plain --node-limit 50000 --deals 0..59

With --family (or --game ID), per game of the Pyramid family (variants.GAMES), each deal with a
node limit: the deals won, lost and unknown, the median and p99 processor seconds, the share
decided within 1 s, the positions searched and the deals with the most; with --plain the plain
reference search (reference.plain_solve), as `solve` ran these games before the kernel knew them.
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.variants import GAMES, VARIANTS
from pyramid_solitaire.research.winrates import parse_range, percentile
from pyramid_solitaire.solver import UNKNOWN, UNWINNABLE, WINNABLE, solve, warm_up
from pyramid_solitaire.solver.reference import kernel_plays, plain_solve

DEFAULT_DEALS = "0..999"
SLOWEST = 10
STARTUP_RUNS = 11


def deal_numbers(text: str) -> list[int]:
    """'A..B' or a comma-separated list of deal numbers (or both: '0..99,6991')."""
    numbers: list[int] = []
    for part in text.split(","):
        numbers.extend(parse_range(part.strip()))
    return numbers


def run(variant_id: str, numbers: list[int], shortest: bool) -> None:
    variant = VARIANTS[variant_id]
    started = time.perf_counter()
    seconds, states, wins, unknown, steps = [], 0, 0, 0, 0
    slowest: list[tuple[float, int, int | None, float]] = []  # seconds, deal, steps, MB
    most_memory = 0
    tracemalloc.start()
    for number in numbers:
        deal = Deal.from_number(variant, number)
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        cpu = time.process_time()
        found = solve(deal, shortest=shortest)
        cpu = time.process_time() - cpu
        held = tracemalloc.get_traced_memory()[1] - base
        most_memory = max(most_memory, held)
        seconds.append(cpu)
        slowest = sorted(slowest + [(cpu, number, found.steps, held / 2**20)], reverse=True)[:SLOWEST]
        states += found.searched
        wins += found.verdict == WINNABLE
        unknown += found.verdict == UNKNOWN
        steps += found.steps or 0
        if shortest and found.verdict == WINNABLE and not found.shortest:
            print(f"  deal {number}: not proven shortest", flush=True)
    tracemalloc.stop()
    wall = time.perf_counter() - started
    seconds.sort()
    mode = " shortest" if shortest else ""
    span = f"{numbers[0]}..{numbers[-1]}" if numbers == list(range(numbers[0], numbers[-1] + 1)) else "listed"
    print(
        f"{variant_id + mode:22} {len(numbers):5} deals {span}  won {wins:4}"
        f"  unknown {unknown}  total {wall:7.2f} s wall, {sum(seconds):7.2f} s processor"
        f"  {states / 1e6:7.2f} M states, {states / max(sum(seconds), 1e-9) / 1e6:5.2f} M/s"
        f"  median {statistics.median(seconds) * 1000:7.2f} ms"
        f"  p99 {percentile(seconds, 0.99) * 1000:8.2f} ms"
        f"  max {seconds[-1] * 1000:8.2f} ms  most memory {most_memory / 2**20:6.1f} MB"
        + (f"  steps {steps}" if shortest else ""),
        flush=True,
    )
    if shortest:
        print(
            "  slowest: " + ", ".join(f"{n} ({s} steps, {t:.2f} s, {mb:.0f} MB)" for t, n, s, mb in slowest),
            flush=True,
        )


def startup(variant_id: str, number: int) -> None:
    """Time and peak memory of a fresh command that solves one deal: imports, loading the
    compiled search and the search itself, as a user meets them, beside a bare `python -c pass`
    in the same run (the two alternate, so both meet the same load). The package's bytecode is
    cached first, as an installed package has it (PYTHONDONTWRITEBYTECODE is dropped for the
    children). The peak memory is taken by /usr/bin/time (GNU time, when there): a child forked
    from this process would count this process's own size in its ru_maxrss (Linux keeps the
    high-water mark across fork and exec)."""
    command = shutil.which("pyramid-solitaire", path=os.path.dirname(sys.executable))
    solve_args = ["solve", str(number), "--variant", variant_id]
    commands = {
        f"pyramid-solitaire {' '.join(solve_args)}": [command or "pyramid-solitaire", *solve_args],
        "python -c pass": [sys.executable, "-c", "pass"],
    }
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    gnu_time = shutil.which("time", path="/usr/bin")
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    peaks: dict[str, list[float]] = {name: [] for name in commands}
    for run in range(STARTUP_RUNS + 1):  # the first run of each writes the bytecode, untimed
        for name, args in commands.items():
            started = time.perf_counter()
            measured = [gnu_time, "-f", "%M"] + args if gnu_time else args
            child = subprocess.Popen(
                measured, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env
            )
            _, status, usage = os.wait4(child.pid, 0)
            wall = time.perf_counter() - started
            kilobytes = int(child.stderr.read().split()[-1]) if gnu_time else usage.ru_maxrss  # type: ignore[union-attr]
            if status != 0:
                raise SystemExit(f"{' '.join(args)} failed with status {status}")
            if run:
                walls[name].append(wall)
                cpus[name].append(usage.ru_utime + usage.ru_stime)
                peaks[name].append(kilobytes / 1024)
    bare = statistics.median(walls["python -c pass"])
    source = " (/usr/bin/time)" if gnu_time else ""
    load = os.getloadavg()[0]
    print(f"start-up, median (range) of {STARTUP_RUNS} runs each, alternating; load average {load:.1f}")
    for name in commands:
        wall, peak = statistics.median(walls[name]), statistics.median(peaks[name])
        print(
            f"  {name:42} wall {wall:.3f} s ({min(walls[name]):.3f}-{max(walls[name]):.3f},"
            f" {wall / bare:.1f}x bare), processor {statistics.median(cpus[name]):.3f} s, peak memory"
            f" {peak:.1f} MB ({min(peaks[name]):.1f}-{max(peaks[name]):.1f}){source}",
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
    parser.add_argument(
        "--deals",
        default=DEFAULT_DEALS,
        help=f"deal numbers A..B or a list a,b,c (default {DEFAULT_DEALS})",
    )
    parser.add_argument("--shortest", action="store_true", help="shortest lines")
    parser.add_argument(
        "--startup", action="store_true", help="only the start-up of a fresh `solve` of the first deal"
    )
    parser.add_argument("--family", action="store_true", help="the Pyramid family's games instead")
    parser.add_argument("--game", choices=list(GAMES), action="append", help="a family game (repeatable)")
    parser.add_argument("--plain", action="store_true", help="with --family: the plain reference search")
    parser.add_argument("--node-limit", type=int, default=1_000_000, help="with --family: positions a deal")
    args = parser.parse_args()
    numbers = deal_numbers(args.deals)
    if args.family or args.game:
        return family(args.game or list(GAMES), numbers, args.node_limit, args.plain)
    variants = args.variant or list(VARIANTS)
    if args.startup:
        startup(variants[0], numbers[0])
        return 0
    warm_up()
    for variant_id in variants:
        run(variant_id, numbers, args.shortest)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    print(f"peak memory of the process {peak_kb / 1024:.0f} MB")
    return 0


# --- The Pyramid family, per game (issue 51's "Speed") ---------------------------------------
# Each game of variants.GAMES is decided as `solve` decides it: by the C kernel where it plays the
# game (Thirteen, as its twin), else by the plain reference search within its node budget (past
# it: unknown). So when the kernel learns a game, the same command gives its new figures.

DECIDED_WITHIN = 1.0  # seconds of processor time: the "share decided within 1 s"


def family(games: list[str], numbers: list[int], node_limit: int, plain: bool) -> int:
    """Per game, each deal within `node_limit` positions (with `plain`, the plain reference search):
    deals, verdicts, which search decided them, the median and p99 decision
    (processor time), the share decided within DECIDED_WITHIN, and the positions searched
    (median, p99, max: counts, which the load cannot skew), then the hardest deals by positions."""
    warm_up()
    print(
        f"{len(numbers)} deals per game; times are processor seconds; load average {os.getloadavg()[0]:.1f}"
    )
    for game in games:
        rows = []  # (processor seconds, positions, deal, verdict)
        for number in numbers:
            deal = Deal.from_number(GAMES[game], number)
            cpu = time.process_time()
            found = (plain_solve if plain else solve)(deal, node_limit=node_limit)
            rows.append((time.process_time() - cpu, found.searched, number, found.verdict))
        seconds = sorted(r[0] for r in rows)
        positions = sorted(r[1] for r in rows)
        decided = sum(t <= DECIDED_WITHIN and v != UNKNOWN for t, _, _, v in rows)
        counts = {v: sum(r[3] == v for r in rows) for v in (WINNABLE, UNWINNABLE, UNKNOWN)}
        kernel = not plain and kernel_plays(Deal.from_number(GAMES[game], 0))
        searched_by = "kernel" if kernel else f"plain {node_limit:,}"
        print(
            f"{game:16} {searched_by:12} won {counts[WINNABLE]:4} lost {counts[UNWINNABLE]:4}"
            f" unknown {counts[UNKNOWN]:4}  median {statistics.median(seconds) * 1000:8.1f} ms"
            f"  p99 {percentile(seconds, 0.99) * 1000:8.1f} ms"
            f"  decided within {DECIDED_WITHIN:g} s {100 * decided / len(rows):5.1f}%"
            f"  positions median {statistics.median(positions):,.0f} p99 {percentile(positions, 0.99):,}"
            f" max {positions[-1]:,}",
            flush=True,
        )
        hardest = sorted(rows, key=lambda r: (-r[1], r[2]))[:5]
        print("  most positions: " + ", ".join(f"{n} ({k:,}, {v})" for _, k, n, v in hardest), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
