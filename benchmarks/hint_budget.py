"""One address looping hints against `serve --workers N`: how many answers it gets.

The solver's rate limit is one budget per client address for the whole server (web/fairness.py):
with two workers an address must get no more answers than with one. Each hint goes on a fresh
connection, so the kernel hands them to the workers in turn, as it would a script's.

    .venv/bin/python benchmarks/hint_budget.py --hints 80 --workers 1 2
"""

import argparse
import sys
import time

import httpx

from pyramid_solitaire.engine.game import Game
from serving import start_server, stop_server


def loop_hints(url: str, hints: int) -> dict[int, int]:
    """`hints` hints in a row, each on a new connection: their statuses counted."""
    body = {"record": Game("pyramid", number=1).to_record()}
    statuses: dict[int, int] = {}
    for _ in range(hints):
        with httpx.Client(base_url=url, timeout=60) as http:
            status = http.post("/api/hint", json=body).status_code
        statuses[status] = statuses.get(status, 0) + 1
    return statuses


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hints", type=int, default=80, help="hints the address asks in a row")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="worker counts to compare")
    args = parser.parse_args()
    for workers in args.workers:
        server, url = start_server(workers, "--log-level", "warning")
        try:
            started = time.monotonic()
            statuses = loop_hints(url, args.hints)
            took = time.monotonic() - started
        finally:
            stop_server(server)
        counts = ", ".join(f"{status}: {n}" for status, n in sorted(statuses.items()))
        print(f"--workers {workers}: {args.hints} hints from one address in {took:.1f} s; answers {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
