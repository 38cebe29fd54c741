"""The figures of many solved deals: win rate with a confidence interval, times, hardest deals.

A `WinRateTally` takes the rows a chunk at a time and keeps only counts, a histogram of solving
times, the lengths of the winning lines and the few hardest deals, so it sums up any number of deals in
flat memory. Nothing here prints, so it is easy to test.
"""

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa

from ..solver.search import UNKNOWN, WINNABLE

HARDEST = 10  # deals listed per kind of hardness
# Solving times go in buckets 0.1% wide from 1 microsecond to 10,000 s: percentiles to 0.1%.
BUCKET_RATIO = 1.001
SMALLEST = 1e-6
BUCKETS = math.ceil(math.log(1e10) / math.log(BUCKET_RATIO)) + 1


@dataclass(frozen=True)
class Row:
    """One solved deal, as a small script or a test holds it in memory."""

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
    """The figures of many solved deals: counts, win rate with its interval, times, hardest deals."""

    deals: int
    winnable: int
    unwinnable: int
    unknown: int
    win_rate: float  # among the deals decided
    low: float
    high: float
    median: float  # seconds, to 0.1%
    p99: float
    max: float
    seconds: float  # solver time of all deals added up
    states: int
    slowest: list[tuple[int, float]] = field(default_factory=list)  # (deal, seconds), slowest first
    # (deal, states, seconds), most positions searched first: hardness that a loaded machine can't skew
    most_states: list[tuple[int, int, float]] = field(default_factory=list)
    longest: list[tuple[int, int]] = field(default_factory=list)  # (deal, steps), longest first
    lines: dict[int, int] = field(default_factory=dict)  # steps -> winnable deals with a line that long
    proven_shortest: int = 0  # winnable deals whose line is proven shortest

    @property
    def bounds(self) -> tuple[float, float]:
        """The win rate over every deal, unknowns counted honestly: won / deals if each unknown
        deal is lost, (won + unknown) / deals if each is won (a search past its budget proves
        neither)."""
        if not self.deals:
            return 0.0, 1.0
        return self.winnable / self.deals, (self.winnable + self.unknown) / self.deals

    @property
    def bounds_interval(self) -> tuple[float, float]:
        """The 95% interval of the win rate over every deal whatever the unknowns are: Wilson's
        low end of the first bound, its high end of the second."""
        return wilson(self.winnable, self.deals)[0], wilson(self.winnable + self.unknown, self.deals)[1]

    @property
    def deals_per_second(self) -> float:
        """Deals solved per second of one core (the solver's own time, not the wall clock)."""
        return self.deals / self.seconds if self.seconds else 0.0


class WinRateTally:
    """Sums up rows a table at a time (deal, verdict, steps, states, seconds[, shortest])."""

    def __init__(self) -> None:
        self.deals = self.winnable = self.unknown = self.states = self.proven = 0
        self.seconds = 0.0
        self.times = np.zeros(BUCKETS, dtype=np.int64)
        self.lines = np.zeros(0, dtype=np.int64)
        # The hardest rows so far, as columns: (deal, the value ranked by, any more columns).
        self.slowest: tuple[np.ndarray, ...] = (np.zeros(0, np.uint64), np.zeros(0))
        self.most_states: tuple[np.ndarray, ...] = (
            np.zeros(0, np.uint64),
            np.zeros(0, np.int64),
            np.zeros(0),
        )
        self.longest: tuple[np.ndarray, ...] = (np.zeros(0, np.uint64), np.zeros(0, np.int64))
        self.max = 0.0

    def add(self, table: pa.Table) -> None:
        """Count one table of rows (the stored columns; `shortest` optional)."""
        if table.num_rows == 0:
            return
        deal = table.column("deal").to_numpy()
        verdict = np.asarray(table.column("verdict").to_pylist(), dtype=object)
        won = verdict == WINNABLE
        seconds = table.column("seconds").to_numpy()
        self.deals += table.num_rows
        self.winnable += int(won.sum())
        self.unknown += int((verdict == UNKNOWN).sum())
        states = table.column("states").to_numpy()
        self.states += int(states.sum())
        self.seconds += float(seconds.sum())
        self.max = max(self.max, float(seconds.max()))
        np.add.at(self.times, _bucket(seconds), 1)
        steps = table.column("steps").to_numpy(zero_copy_only=False)[won].astype(np.int64)
        if "shortest" in table.column_names:
            self.proven += int(table.column("shortest").to_numpy(zero_copy_only=False)[won].sum())
        counts = np.bincount(steps, minlength=len(self.lines))
        counts[: len(self.lines)] += self.lines
        self.lines = counts
        self.slowest = _top(self.slowest, (deal, seconds))
        self.most_states = _top(self.most_states, (deal, states, seconds))
        self.longest = _top(self.longest, (deal[won], steps))

    def add_rows(self, rows: Iterable[Row]) -> "WinRateTally":
        """Count rows held in memory; returns the tally, to chain `.summary()`."""
        rows = list(rows)
        self.add(
            pa.table(
                {
                    "deal": pa.array([r.deal for r in rows], pa.uint64()),
                    "verdict": [r.verdict for r in rows],
                    "steps": pa.array([r.steps for r in rows], pa.int32()),
                    "states": pa.array([r.states for r in rows], pa.int64()),
                    "seconds": pa.array([r.seconds for r in rows], pa.float64()),
                }
            )
        )
        return self

    def summary(self) -> Summary:
        """The figures of every row counted so far."""
        decided = self.deals - self.unknown
        low, high = wilson(self.winnable, decided)
        return Summary(
            deals=self.deals,
            winnable=self.winnable,
            unwinnable=decided - self.winnable,
            unknown=self.unknown,
            win_rate=self.winnable / decided if decided else 0.0,
            low=low,
            high=high,
            median=self._time_at(0.5),
            p99=self._time_at(0.99),
            max=self.max,
            seconds=self.seconds,
            states=self.states,
            slowest=[(int(d), float(s)) for d, s in zip(*self.slowest, strict=True)],
            most_states=[(int(d), int(n), float(s)) for d, n, s in zip(*self.most_states, strict=True)],
            longest=[(int(d), int(s)) for d, s in zip(*self.longest, strict=True)],
            lines={n: int(c) for n, c in enumerate(self.lines) if c},
            proven_shortest=self.proven,
        )

    def _time_at(self, q: float) -> float:
        """The q-quantile of the solving times (nearest rank), as its bucket's upper edge."""
        if not self.deals:
            return 0.0
        rank = max(1, math.ceil(q * self.deals))
        bucket = int(np.searchsorted(np.cumsum(self.times), rank))
        return min(SMALLEST * BUCKET_RATIO ** (bucket + 1), self.max)


def _bucket(seconds: np.ndarray) -> np.ndarray:
    scaled = np.log(np.maximum(seconds, SMALLEST) / SMALLEST) / math.log(BUCKET_RATIO)
    buckets: np.ndarray = np.minimum(scaled.astype(np.int64), BUCKETS - 1)
    return buckets


def _top(kept: tuple[np.ndarray, ...], new: tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...]:
    """The HARDEST rows (deal, value, ...) of both, largest value first, lower deal first on ties."""
    columns = [np.concatenate([a, b]) for a, b in zip(kept, new, strict=True)]
    order = np.lexsort((columns[0], -columns[1]))[:HARDEST]
    return tuple(column[order] for column in columns)


def summary(rows: Iterable[Row]) -> Summary:
    """The figures of a few rows held in memory (the tests' and small scripts' way in)."""
    return WinRateTally().add_rows(rows).summary()
