"""The C kernel's decision search against a plain compiled depth-first search, on new decks.

The plain search (benchmarks/plain_dfs.c, built here with the kernel's compiler and flags) tries
every legal move and remembers only the positions it found lost: no quick proof of loss. Both
decide the same decks, random 52-card orders from a seeded generator (not deal numbers), one
after the other in this process. Prints per variant: decks, won, each search's states and
processor time, and how many times less processor time (and how many times fewer states) the
kernel needed. Their verdicts must agree: the plain search is an independent check of the
kernel's (a disagreement is printed and the exit status is 1). A deck the plain search cannot
decide within --node-limit positions is counted and left out of both totals.

    .venv/bin/python benchmarks/plain_dfs.py                       # 1,000 decks per variant
    .venv/bin/python benchmarks/plain_dfs.py --variant giza --decks 200 --seed 7
    .venv/bin/python benchmarks/plain_dfs.py --variant pyramid --memo "plain+time memo"
"""

import argparse
import ctypes
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.solver import WINNABLE, solve, warm_up

SOURCE = Path(__file__).with_name("plain_dfs.c")
NODE_LIMIT = 200_000_000


def build(time_memo: bool) -> ctypes.CDLL:
    """Compile plain_dfs.c as the install compiles the kernel (setup.py: -std=c11 -O2, -mpopcnt
    on x86-64) into a shared library in a temporary folder, and load it. `time_memo`: the
    kernel's memo (a set of cards left lost from a point in the stock on), else whole positions."""
    compiler = os.environ.get("CC") or shutil.which("cc") or "cc"
    popcount = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []
    folder = tempfile.mkdtemp(prefix="plain_dfs")
    library = os.path.join(folder, "plain_dfs.so")
    memo = ["-DTIME_MEMO"] if time_memo else []
    subprocess.run(
        [compiler, "-std=c11", "-O2", *popcount, *memo, "-shared", "-fPIC", str(SOURCE), "-o", library],
        check=True,
    )
    plain = ctypes.CDLL(library)
    plain.plain_solve.restype = ctypes.c_int
    plain.plain_solve.argtypes = [
        ctypes.c_char_p,
        *[ctypes.c_int] * 4,
        ctypes.c_int64,
        ctypes.POINTER(ctypes.c_int64),
    ]
    return plain


def run(plains: dict[str, ctypes.CDLL], variant_id: str, decks: int, seed: int, node_limit: int) -> int:
    """Every plain search and the kernel on `decks` new decks of one variant; prints a line per
    plain search against the kernel, returns disagreements."""
    variant = VARIANTS[variant_id]
    rng = random.Random(f"{seed}/{variant_id}")
    won = disagreements = 0
    undecided = dict.fromkeys(plains, 0)
    states = dict.fromkeys([*plains, "kernel"], 0)
    seconds = dict.fromkeys([*plains, "kernel"], 0.0)
    for _ in range(decks):
        cards = rng.sample(range(52), 52)
        started = time.process_time()
        kernel = solve(Deal(variant, cards))
        seconds["kernel"] += time.process_time() - started
        states["kernel"] += kernel.searched
        won += kernel.verdict == WINNABLE
        for name, plain in plains.items():
            nodes = ctypes.c_int64()
            rules = (variant.wastes, variant.piles, int(variant.open_stock), variant.recycles)
            started = time.process_time()
            found = plain.plain_solve(bytes(cards), *rules, node_limit, ctypes.byref(nodes))
            seconds[name] += time.process_time() - started
            states[name] += nodes.value
            if found < 0:
                undecided[name] += 1
            elif (found == 1) != (kernel.verdict == WINNABLE):
                disagreements += 1
                print(
                    f"  {variant_id}: {name} {found}, kernel {kernel.verdict} on {' '.join(map(str, cards))}"
                )
    for name in plains:
        print(
            f"{variant_id:15} {decks} decks  won {won:4}  {name:14} {states[name] / 1e6:8.2f} M states"
            f" {seconds[name]:7.2f} s | kernel {states['kernel'] / 1e6:6.2f} M states"
            f" {seconds['kernel']:6.2f} s"
            f" | kernel: {seconds[name] / max(seconds['kernel'], 1e-9):6.1f}x less time,"
            f" {states[name] / max(states['kernel'], 1):6.1f}x fewer states"
            + (f"  ({undecided[name]} undecided at {node_limit:,} states)" if undecided[name] else ""),
            flush=True,
        )
    if disagreements:
        print(f"{variant_id}: {disagreements} DISAGREEMENTS", flush=True)
    return disagreements


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--variant", choices=list(VARIANTS), action="append", help="a variant (repeatable; default: all)"
    )
    parser.add_argument("--decks", type=int, default=1000, help="new decks per variant (default 1000)")
    parser.add_argument("--seed", type=int, default=24, help="seed of the decks (default 24)")
    parser.add_argument(
        "--node-limit",
        type=int,
        default=NODE_LIMIT,
        help=f"a plain search's most states per deck ({NODE_LIMIT:,})",
    )
    parser.add_argument(
        "--memo",
        choices=["both", "plain", "plain+time memo"],
        default="both",
        help="the plain search's memo: whole positions (plain), the kernel's (plain+time memo), both",
    )
    args = parser.parse_args()
    memos = {"plain": False, "plain+time memo": True}
    plains = {name: build(time_memo) for name, time_memo in memos.items() if args.memo in ("both", name)}
    warm_up(shortest=False)
    bad = sum(run(plains, v, args.decks, args.seed, args.node_limit) for v in args.variant or list(VARIANTS))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
