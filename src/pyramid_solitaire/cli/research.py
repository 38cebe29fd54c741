"""The stats command: win rates of ranges of deals on Dask, stored as Parquet rows."""

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator
from typing import IO, Any

from ..engine.errors import cut
from .common import (
    EXIT_INTERRUPTED,
    EXIT_TERMINATED,
    Terminated,
    UsageError,
    add_command,
    add_variant,
    seconds_limit,
)


def add_stats(sub: Any) -> None:
    """The stats command, on the parser's subparsers."""
    p = add_command(
        sub,
        "stats",
        "solve a range of deal numbers on Dask: win rate and solving times",
        "Solves the deals on a local cluster of --jobs worker processes (listening on 127.0.0.1\n"
        "only; its dashboard's address is printed, --no-dashboard turns it off) or on a Dask\n"
        "cluster (--scheduler). Rows go to --out as Parquet files, one per chunk, as they finish;\n"
        "a rerun solves only what is missing. Each row carries its variant, solver version and\n"
        "time limit. --summary DIR prints the figures of stored rows, per variant, and refuses\n"
        "to add up rows of different solver versions unless --mixed-versions.",
        [
            "pyramid-solitaire stats --variant giza --deals 0..9999 --jobs 2 --out rows/",
            "pyramid-solitaire stats --summary rows/ | head -3",
            "pyramid-solitaire stats --deals 0..999 --scheduler tcp://10.0.0.5:8786 --out rows/",
        ],
    )
    add_variant(p)
    p.add_argument("--deals", help="deal numbers A..B, both included (e.g. 0..999)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="local worker processes (default 1)")
    p.add_argument("--scheduler", help="a Dask scheduler (tcp://HOST:8786) instead of local workers")
    p.add_argument("--out", help="store the rows here (Parquet, one file per chunk); a rerun resumes")
    p.add_argument("--chunk", type=int, default=1000, help="deals per task and per file (default 1000)")
    p.add_argument("--shortest", action="store_true", help="store proven shortest lines' steps (slower)")
    p.add_argument(
        "--summary", metavar="DIR", help="print the figures of the rows stored in DIR, solving nothing"
    )
    p.add_argument("--csv", help="also write one row per deal to this CSV file")
    p.add_argument("--time-limit", type=seconds_limit, help="seconds per deal; past it: unknown")
    p.add_argument(
        "--no-dashboard", action="store_true", help="no Dask dashboard for the local cluster (default: one)"
    )
    p.add_argument(
        "--mixed-versions",
        action="store_true",
        help="sum up rows of different solver versions (their positions and times differ)",
    )
    p.set_defaults(func=cmd_stats)


def cmd_stats(args: argparse.Namespace, out: IO[str]) -> int:
    """Solve a range of deals on Dask, storing the rows in --out (or a temporary folder) as they
    come, with a progress bar on standard error; then print the figures from the stored rows."""
    import tempfile

    from ..research import dataset
    from ..research import winrates as stats

    if args.summary is not None:
        return print_stored(args.summary, args, out)
    if args.deals is None:
        raise UsageError("cli_stats_deals")
    numbers = stats.parse_range(args.deals)
    if args.jobs < 1:
        raise UsageError("cli_jobs", jobs=args.jobs)
    if args.chunk < 1:
        raise UsageError("cli_chunk", chunk=args.chunk)
    series = dataset.Series(args.variant, args.shortest)
    with tempfile.TemporaryDirectory(prefix="pyramid-stats-") as scratch:
        folder = args.out or scratch
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as err:
            raise UsageError("cli_make_folder", folder=cut(folder, 200), detail=err.strerror) from None
        if not args.mixed_versions:
            one_solver_version(folder, series, dataset.stored_chunks(folder, series), current=True)
        stopped = f"stopped; the chunks finished are in {folder}: run again to resume" if args.out else ""
        try:
            with stop_on_signals(stopped):
                solve_with_bar(folder, series, numbers, args)
        except KeyboardInterrupt as stop:
            if stopped:
                print(stopped, file=sys.stderr)
            return EXIT_TERMINATED if isinstance(stop, Terminated) else EXIT_INTERRUPTED
        chunks = dataset.stored_chunks(folder, series)
        print_summary(series, numbers, chunks, out)
        if args.csv:
            dataset.write_csv(args.csv, dataset.read_rows(chunks, numbers))
    return 0


def one_solver_version(folder: str, series: Any, chunks: list[Any], current: bool = False) -> None:
    """Refuse rows of `series` from more than one solver version (with `current`: any other than
    this one's, which a run would add to them)."""
    from ..research import dataset
    from ..research.cluster import solver_stamp

    versions = set(dataset.solver_versions(chunks))
    if current and versions:
        versions.add(solver_stamp(series.variant))
    if len(versions) > 1:
        shown = sorted(versions, key=dataset.version_order)
        raise UsageError("cli_mixed_versions", folder=cut(folder, 200), series=series.label, versions=shown)


STOP_SECONDS = 20.0  # the cluster's shutdown after a stop, past which the process just exits


@contextlib.contextmanager
def stop_on_signals(stopped: str) -> Iterator[None]:
    """Ctrl-C and a `kill` (or a shutdown) stop a run the same way: the chunks finished stay
    stored. Logging is silenced first: an interrupt that lands inside the Dask client's wait has
    its event loop log the cancelled callbacks as tracebacks (tornado.application). And since
    such an interrupt can leave the client's shutdown waiting for ever, a watchdog ends the
    process after STOP_SECONDS, saying `stopped` (every stored file is whole: written aside,
    then renamed; the workers exit with their parent)."""
    import logging
    import signal
    import threading

    from ..research.cluster import signals_handled

    watchdog: list[threading.Timer] = []

    def give_up(status: int) -> None:
        if stopped:
            print(stopped, file=sys.stderr, flush=True)
        os._exit(status)

    def interrupt(signum: int, frame: object) -> None:
        # All of this process's logging: Dask's config gives tornado.application its own level.
        logging.disable(logging.CRITICAL)
        terminated = signum == signal.SIGTERM
        if not watchdog:
            status = EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
            watchdog.append(threading.Timer(STOP_SECONDS, give_up, [status]))
            watchdog[0].daemon = True
            watchdog[0].start()
        raise Terminated if terminated else KeyboardInterrupt

    with signals_handled({signal.SIGINT: interrupt, signal.SIGTERM: interrupt}):
        try:
            yield
        finally:
            for timer in watchdog:
                timer.cancel()
            logging.disable(logging.NOTSET)


def solve_with_bar(folder: str, series: Any, numbers: range, args: argparse.Namespace) -> None:
    """The deals not yet in `folder`, on the cluster, with tqdm's bar (deals/s, time left)."""
    from tqdm import tqdm

    from ..research import cluster, dataset

    chunks = dataset.stored_chunks(folder, series)
    done = sum(last - first + 1 for first, last in dataset.covered(numbers, chunks))
    with tqdm(total=len(numbers), initial=done, unit="deal", file=sys.stderr, smoothing=0.05) as bar:
        if done == len(numbers):
            return
        dashboard = not args.no_dashboard
        say = lambda text: bar.write(text, file=sys.stderr)  # above the bar, not through it
        with cluster.connect(args.scheduler, args.jobs, dashboard, say) as client:
            cluster.solve_missing(client, folder, series, numbers, args.time_limit, args.chunk, bar.update)


def print_stored(folder: str, args: argparse.Namespace, out: IO[str]) -> int:
    """`stats --summary DIR`: the figures of every series stored there, within --deals if given."""
    from ..research import dataset
    from ..research import winrates as stats

    numbers = stats.parse_range(args.deals) if args.deals else None
    found = dataset.stored_series(folder)
    if not found:
        raise UsageError("cli_no_rows", folder=cut(folder, 200))
    if not args.mixed_versions:
        for series in found:  # all refused before any is printed
            one_solver_version(folder, series, dataset.stored_chunks(folder, series))
    for series in found:
        print_summary(series, numbers, dataset.stored_chunks(folder, series), out)
        if args.csv and len(found) == 1:
            dataset.write_csv(args.csv, dataset.read_rows(dataset.stored_chunks(folder, series), numbers))
    if args.csv and len(found) > 1:
        raise UsageError("cli_csv_series", folder=cut(folder, 200), count=len(found))
    return 0


def print_summary(series: Any, numbers: range | None, chunks: list[Any], out: IO[str]) -> None:
    """The figures of one series' stored rows (within `numbers` if given)."""
    from ..research import dataset
    from ..research import winrates as stats

    tally = stats.WinRateTally()
    for table in dataset.read_rows(chunks, numbers):
        tally.add(table)
    s = tally.summary()
    runs = ", ".join(f"{a}..{b}" for a, b in dataset.covered(numbers, chunks)) or "none"
    print(f"{series.label}: {s.deals} deal{'s' * (s.deals != 1)} ({runs})", file=out)
    versions = ", ".join(sorted(dataset.solver_versions(chunks), key=dataset.version_order)) or "none"
    limits = sorted(dataset.time_limits(chunks), key=lambda t: -1.0 if t is None else t)
    limit = ", ".join("none" if t is None else f"{t:g} s" for t in limits) or "none"
    print(f"solver version {versions}; time limit per deal: {limit}", file=out)
    print(f"winnable {s.winnable}, unwinnable {s.unwinnable}, unknown {s.unknown}", file=out)
    decided = s.deals - s.unknown
    print(
        f"win rate {100 * s.win_rate:.2f}% (95% confidence interval {100 * s.low:.2f}% to "
        f"{100 * s.high:.2f}%, Wilson, over the {decided} decided deals)",
        file=out,
    )
    if s.unknown:
        least, most = s.bounds
        low, high = s.bounds_interval
        print(
            f"over all {s.deals} deals, the {s.unknown} unknown counted lost .. won: "
            f"{100 * least:.2f}% to {100 * most:.2f}% (95% interval {100 * low:.2f}% to {100 * high:.2f}%)",
            file=out,
        )
    print(
        f"time per deal: median {1000 * s.median:.2f} ms, p99 {1000 * s.p99:.2f} ms, "
        f"max {1000 * s.max:.2f} ms; {s.deals_per_second:.0f} deals/s per core",
        file=out,
    )
    if s.deals:  # the cost as a count, which a loaded machine cannot skew
        heaviest = ", ".join(f"{d} ({n:,})" for d, n, _ in s.most_states[:5])
        print(f"positions searched per deal: mean {s.states / s.deals:,.0f}; most: {heaviest}", file=out)
    if s.slowest:
        print("slowest: " + ", ".join(f"{d} ({1000 * t:.0f} ms)" for d, t in s.slowest), file=out)
    if s.longest:
        kind = "longest shortest lines" if series.shortest else "longest lines found"
        print(f"{kind}: " + ", ".join(f"{d} ({n} steps)" for d, n in s.longest), file=out)
