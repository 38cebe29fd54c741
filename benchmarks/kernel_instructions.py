"""The C kernel's instructions per variant, against the kernel of an earlier commit.

Builds benchmarks/kernel_instructions.c (a driver that searches as solver/search.py does: per
deal a zeroed work area and table, slices of 2^20 nodes) once with this checkout's kernel and
once with the kernel of `--before` (git show of src/pyramid_solitaire/solver/c/), with the
flags -std=c11 -O2 -mpopcnt (not the install's), and runs each under valgrind's cachegrind over the same
deals. Prints per variant: deals, won, states of each (they must be equal: the same search) and
the instructions executed, with the change. Instruction counts are repeatable on a loaded
machine where timings are not; they leave out what a slower memory costs (cache misses).
With --rounds N, instead: each driver's processor time, run natively N times, taking turns
(the first to run alternates), and the median of each.

    .venv/bin/python benchmarks/kernel_instructions.py --before 093d197~1 --deals 0..199
    .venv/bin/python benchmarks/kernel_instructions.py --variant pyramid --shortest --deals 0..49
    .venv/bin/python benchmarks/kernel_instructions.py --rounds 5 --deals 0..1999
"""

import argparse
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.variants import VARIANTS, get_variant
from pyramid_solitaire.research.winrates import parse_range

ROOT = Path(__file__).resolve().parent.parent
KERNEL = "src/pyramid_solitaire/solver/c"
DRIVER = Path(__file__).with_name("kernel_instructions.c")


def kernel_sources(before: str | None, folder: Path) -> Path:
    """This checkout's kernel, or the one of commit `before` copied into `folder`."""
    if before is None:
        return ROOT / KERNEL
    names = subprocess.run(
        ["git", "ls-tree", "--name-only", before, f"{KERNEL}/"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    folder.mkdir()
    for name in names:
        text = subprocess.run(
            ["git", "show", f"{before}:{name}"], cwd=ROOT, check=True, capture_output=True
        ).stdout
        (folder / Path(name).name).write_bytes(text)
    return folder


def build(sources: Path, program: Path) -> None:
    compiler = os.environ.get("CC") or shutil.which("cc") or "cc"
    popcount = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []
    files = [str(DRIVER), *sorted(str(p) for p in sources.glob("*.c"))]
    subprocess.run(
        [compiler, "-std=c11", "-O2", *popcount, f"-I{sources}", *files, "-o", str(program)], check=True
    )


def decks(variant_text: str, numbers: list[int]) -> bytes:
    """The driver's records: wastes, piles, open_stock, recycles (-1: unlimited), the 52 cards."""
    variant = get_variant(variant_text)
    recycles = -1 if variant.recycles is None else variant.recycles
    head = bytes([variant.wastes, variant.piles, int(variant.open_stock), recycles & 0xFF])
    return b"".join(head + bytes(Deal.from_number(variant, n).cards) for n in numbers)


def counted(program: Path, records: bytes, shortest: bool) -> tuple[list[int], int]:
    """The driver's figures (deals, won, states, steps) and the instructions it executed."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        str(program),
    ]
    done = subprocess.run(
        command + (["-s"] if shortest else []), input=records, check=True, capture_output=True
    )
    refs = re.search(rb"I\s+refs:\s+([\d,]+)", done.stderr)
    if refs is None:
        sys.exit(f"no instruction count from valgrind:\n{done.stderr.decode()}")
    return [int(x) for x in done.stdout.split()], int(refs[1].replace(b",", b""))


def timed(program: Path, records: bytes, shortest: bool) -> tuple[list[int], float]:
    """The driver's figures and its processor time (user + system), run natively."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [str(program)] + (["-s"] if shortest else []), input=records, check=True, capture_output=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return [int(x) for x in done.stdout.split()], seconds


def compare_times(programs: dict[str, Path], variant: str, records: bytes, args: argparse.Namespace) -> None:
    seconds: dict[str, list[float]] = {"before": [], "now": []}
    figures = {}
    for round_ in range(args.rounds):
        for name in ("before", "now") if round_ % 2 == 0 else ("now", "before"):
            figures[name], spent = timed(programs[name], records, args.shortest)
            seconds[name].append(spent)
    old, new = statistics.median(seconds["before"]), statistics.median(seconds["now"])
    same = "" if figures["now"] == figures["before"] else f"  DIFFERENT: now {figures['now']}"
    deals, won, states, _ = figures["before"]
    print(
        f"{variant:16} {deals:5} deals  won {won:4}  {states:>12,} states"
        f"  {old:7.3f} s -> {new:7.3f} s processor ({(new - old) / old:+.2%})",
        f"medians of {args.rounds}{same}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", default="093d197~1", help="the commit whose kernel to compare with")
    parser.add_argument("--variant", action="append", help="a variant (default: the six)")
    parser.add_argument("--deals", default="0..199")
    parser.add_argument("--shortest", action="store_true", help="the shortest search after the decision")
    parser.add_argument("--rounds", type=int, default=0, help="time this many native runs of each instead")
    args = parser.parse_args()
    numbers = parse_range(args.deals)
    with tempfile.TemporaryDirectory(prefix="kernel_instructions") as tmp:
        folder = Path(tmp)
        programs = {}
        for name, before in (("before", args.before), ("now", None)):
            programs[name] = folder / name
            build(kernel_sources(before, folder / f"{name}-c"), programs[name])
        print(
            f"kernel of {args.before} against this checkout's, deals {args.deals}"
            + (" shortest" if args.shortest else "")
        )
        for variant in args.variant or list(VARIANTS):
            records = decks(variant, numbers)
            if args.rounds > 0:
                compare_times(programs, variant, records, args)
                continue
            (deals, won, states, steps), old = counted(programs["before"], records, args.shortest)
            figures, new = counted(programs["now"], records, args.shortest)
            same = "" if figures == [deals, won, states, steps] else f"  DIFFERENT: now {figures}"
            print(
                f"{variant:16} {deals:5} deals  won {won:4}  {states:>12,} states  {steps:6} steps"
                f"  {old:>15,} -> {new:>15,} instructions ({(new - old) / old:+.2%}){same}",
                flush=True,
            )


if __name__ == "__main__":
    main()
