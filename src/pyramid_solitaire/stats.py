"""Solve a range of deal numbers and sum them up: win rate with a confidence interval, times.

`solve_range` solves deals in this process or in worker processes; `summary` turns the rows into
the figures the `stats` command prints. Nothing here prints, so it is easy to test.
"""

import csv
import math
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import astuple, dataclass

from .deal import Deal
from .solver import UNKNOWN, WINNABLE, solve, warm_up
from .variants import get_variant

CSV_FIELDS = ("deal", "verdict", "steps", "states", "seconds")


@dataclass(frozen=True)
class Row:
    deal: int
    verdict: str
    steps: int | None
    states: int
    seconds: float


def parse_range(text: str) -> range:
    """'A..B' (both included) as a range of deal numbers; a single number is a range of one."""
    first, sep, last = text.partition("..")
    try:
        a = int(first)
        b = int(last) if sep else a
    except ValueError:
        raise ValueError(f"'{text}' is not a range of deal numbers (write A..B, e.g. 0..999)") from None
    if not 0 <= a <= b < 2**64:
        raise ValueError(f"'{text}' is not a range of deal numbers: need 0 <= A <= B < 2**64")
    return range(a, b + 1)


def solve_one(variant_id: str, number: int, time_limit: float | None) -> Row:
    found = solve(Deal.from_number(get_variant(variant_id), number), time_limit=time_limit)
    return Row(number, found.verdict, found.steps, found.states, found.seconds)


def _solve_chunk(variant_id: str, numbers: list[int], time_limit: float | None) -> list[Row]:
    return [solve_one(variant_id, n, time_limit) for n in numbers]


def _warm_worker() -> None:
    warm_up()


def solve_range(
    variant_id: str,
    numbers: range,
    time_limit: float | None = None,
    jobs: int = 1,
    progress=lambda done, total: None,
) -> list[Row]:
    """One row per deal, in deal order; `progress(done, total)` is called as deals finish."""
    get_variant(variant_id)  # a clear error before any work starts
    total = len(numbers)
    rows: list[Row] = []
    if jobs <= 1:
        warm_up()  # loading the compiled search is not part of any deal's time
        for number in numbers:
            rows.append(solve_one(variant_id, number, time_limit))
            progress(len(rows), total)
        return rows
    size = max(1, min(50, total // (jobs * 8) or 1))  # small chunks keep the bar moving
    chunks = [list(numbers[i : i + size]) for i in range(0, total, size)]
    with ProcessPoolExecutor(max_workers=jobs, initializer=_warm_worker) as pool:
        futures = [pool.submit(_solve_chunk, variant_id, chunk, time_limit) for chunk in chunks]
        for future in futures:
            rows.extend(future.result())
            progress(len(rows), total)
    return rows


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion of wins out of n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: list[float], q: float) -> float:
    """The value below which a fraction q of the values lie (nearest rank)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


@dataclass(frozen=True)
class Summary:
    deals: int
    winnable: int
    unwinnable: int
    unknown: int
    win_rate: float  # among the deals decided
    low: float
    high: float
    median: float
    p99: float
    max: float


def summary(rows: list[Row]) -> Summary:
    winnable = sum(r.verdict == WINNABLE for r in rows)
    unknown = sum(r.verdict == UNKNOWN for r in rows)
    decided = len(rows) - unknown
    low, high = wilson(winnable, decided)
    seconds = sorted(r.seconds for r in rows)
    return Summary(
        deals=len(rows),
        winnable=winnable,
        unwinnable=decided - winnable,
        unknown=unknown,
        win_rate=winnable / decided if decided else 0.0,
        low=low,
        high=high,
        median=statistics.median(seconds) if seconds else 0.0,
        p99=percentile(seconds, 0.99),
        max=seconds[-1] if seconds else 0.0,
    )


def write_csv(path: str, rows: list[Row]) -> None:
    try:
        with open(path, "w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(CSV_FIELDS)
            for row in rows:
                deal, verdict, steps, states, seconds = astuple(row)
                writer.writerow([deal, verdict, "" if steps is None else steps, states, f"{seconds:.6f}"])
    except OSError as err:
        raise ValueError(f"cannot write {path}: {err.strerror}") from None
