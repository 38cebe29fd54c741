"""The stats command: win rates of ranges of deals on Dask, stored as Parquet rows."""

import contextlib
import signal
import sys

from ..engine.errors import cut
from .common import UsageError, add_variant, seconds_limit


def add_commands(sub) -> None:
    """This group's subcommands, on the parser's subparsers."""
    p = sub.add_parser("stats", help="solve a range of deal numbers on Dask: win rate and solving times")
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
    p.set_defaults(func=cmd_stats)


def cmd_stats(args, out) -> int:
    """Solve a range of deals on Dask, storing the rows in --out (or a temporary folder) as they
    come, with a progress bar on standard error; then print the figures from the stored rows."""
    import os
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
        try:
            with stop_on_sigterm():
                solve_with_bar(folder, series, numbers, args)
        except KeyboardInterrupt:
            if args.out:
                print(f"stopped; the chunks finished are in {folder}: run again to resume", file=sys.stderr)
            return 130
        chunks = dataset.stored_chunks(folder, series)
        print_summary(series, numbers, chunks, out)
        if args.csv:
            dataset.write_csv(args.csv, dataset.read_rows(chunks, numbers))
    return 0


@contextlib.contextmanager
def stop_on_sigterm():
    """A `kill` (or a shutdown) stops a run as Ctrl-C does: the chunks finished stay stored."""

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        before = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def solve_with_bar(folder: str, series, numbers: range, args) -> None:
    """The deals not yet in `folder`, on the cluster, with tqdm's bar (deals/s, time left)."""
    from tqdm import tqdm

    from ..research import cluster, dataset

    chunks = dataset.stored_chunks(folder, series)
    done = sum(last - first + 1 for first, last in dataset.covered(numbers, chunks))
    with tqdm(total=len(numbers), initial=done, unit="deal", file=sys.stderr, smoothing=0.05) as bar:
        if done == len(numbers):
            return
        with cluster.connect(args.scheduler, args.jobs) as client:
            cluster.solve_missing(client, folder, series, numbers, args.time_limit, args.chunk, bar.update)


def print_stored(folder: str, args, out) -> int:
    """`stats --summary DIR`: the figures of every series stored there, within --deals if given."""
    from ..research import dataset
    from ..research import winrates as stats

    numbers = stats.parse_range(args.deals) if args.deals else None
    found = dataset.stored_series(folder)
    if not found:
        raise UsageError("cli_no_rows", folder=cut(folder, 200))
    for series in found:
        print_summary(series, numbers, dataset.stored_chunks(folder, series), out)
        if args.csv and len(found) == 1:
            dataset.write_csv(args.csv, dataset.read_rows(dataset.stored_chunks(folder, series), numbers))
    if args.csv and len(found) > 1:
        raise UsageError("cli_csv_series", folder=cut(folder, 200), count=len(found))
    return 0


def print_summary(series, numbers: range | None, chunks, out) -> None:
    from ..research import dataset
    from ..research import winrates as stats

    tally = stats.WinRateTally()
    for table in dataset.read_rows(chunks, numbers):
        tally.add(table)
    s = tally.summary()
    runs = ", ".join(f"{a}..{b}" for a, b in dataset.covered(numbers, chunks)) or "none"
    print(f"{series.label}: {s.deals} deal{'s' * (s.deals != 1)} ({runs})", file=out)
    print(f"winnable {s.winnable}, unwinnable {s.unwinnable}, unknown {s.unknown}", file=out)
    decided = s.deals - s.unknown
    print(
        f"win rate {100 * s.win_rate:.2f}% (95% confidence interval {100 * s.low:.2f}% to "
        f"{100 * s.high:.2f}%, Wilson, over the {decided} decided deals)",
        file=out,
    )
    print(
        f"time per deal: median {1000 * s.median:.2f} ms, p99 {1000 * s.p99:.2f} ms, "
        f"max {1000 * s.max:.2f} ms; {s.deals_per_second:.0f} deals/s per core",
        file=out,
    )
    if s.slowest:
        print("slowest: " + ", ".join(f"{d} ({1000 * t:.0f} ms)" for d, t in s.slowest), file=out)
    if s.longest:
        kind = "longest shortest lines" if series.shortest else "longest lines found"
        print(f"{kind}: " + ", ".join(f"{d} ({n} steps)" for d, n in s.longest), file=out)
