"""The kernel's two popcount paths (solver/c/bits.h) against the old -mpopcnt build.

The install builds for baseline x86-64 and picks the popcount instruction at run time; a CPU
without it (qemu64, before 2008) takes the portable count. This builds benchmarks/kernel_instructions.c
with this checkout's kernel three ways and runs each over the same deals:

    mpopcnt    -mpopcnt: the instruction chosen at compile time (the build before issue 52)
    dispatch   baseline flags: the instruction chosen at run time (what the wheel ships)
    portable   -DPK_PORTABLE_POPCOUNT: the fallback a CPU without POPCNT runs

Prints per variant the states (equal: the same search) and the instructions executed under
valgrind's cachegrind; with --rounds N, the median processor time of N native runs of each.

    .venv/bin/python benchmarks/popcount.py --deals 0..99
    .venv/bin/python benchmarks/popcount.py --variant pyramid --deals 0..999 --rounds 5
"""

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from kernel_instructions import DRIVER, KERNEL, ROOT, counted, decks, timed
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.research.winrates import parse_range

BUILDS = {"mpopcnt": ["-mpopcnt"], "dispatch": [], "portable": ["-DPK_PORTABLE_POPCOUNT"]}


def build(flags: list[str], program: Path) -> None:
    compiler = os.environ.get("CC") or shutil.which("cc") or "cc"
    sources = ROOT / KERNEL
    files = [str(DRIVER), *sorted(str(p) for p in sources.glob("*.c"))]
    command = [compiler, "-std=c11", "-O2", *flags, f"-I{sources}", *files, "-o", str(program)]
    subprocess.run(command, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--variant", action="append", help="a variant (default: the six)")
    parser.add_argument("--deals", default="0..99")
    parser.add_argument("--rounds", type=int, default=0, help="time this many native runs of each instead")
    args = parser.parse_args()
    numbers = parse_range(args.deals)
    with tempfile.TemporaryDirectory(prefix="popcount") as tmp:
        programs = {name: Path(tmp) / name for name in BUILDS}
        for name, program in programs.items():
            build(BUILDS[name], program)
        print(f"deals {args.deals}: " + ", ".join(BUILDS))
        for variant in args.variant or list(VARIANTS):
            records = decks(variant, numbers)
            figures, costs = {}, []
            for name, program in programs.items():
                if args.rounds > 0:  # medians of each build's runs (not taking turns: a rough figure)
                    runs = [timed(program, records, False) for _ in range(args.rounds)]
                    figures[name] = runs[0][0]
                    costs.append(f"{name} {statistics.median(t for _, t in runs):.3f} s")
                else:
                    figures[name], count = counted(program, records, False)
                    costs.append(f"{name} {count:,}")
            same = "" if len({tuple(f) for f in figures.values()}) == 1 else f"  DIFFERENT: {figures}"
            deals, won, states, _ = figures["mpopcnt"]
            unit = "processor" if args.rounds > 0 else "instructions"
            shown = "  ".join(costs)
            print(f"{variant:16} {deals:4} deals  won {won:4}  {states:>11,} states  {shown} {unit}{same}")


if __name__ == "__main__":
    main()
