"""A fair share of the solver: a token bucket per client address for every request that makes the
solver work (hints, winnable-only deals, later reviews). Moves and everything else are never limited.

A bucket holds `burst` tokens and gains `per_second` of them back; a request spends its cost, and
one that finds too few tokens is answered 429 with Retry-After, at once, without queueing. The
burst is far above what a person reaches by hand; the rate bounds how much of the solver one
address can keep busy (half a token a second, and a hint searches at most half a second: a
quarter of one solver slot). The address is the socket's peer, or the one a trusted
proxy forwarded (server.py hands uvicorn the list of proxies to trust, and only those).

With several workers (`serve --workers N`) the buckets live in one file that the supervisor makes
and every worker maps into memory (SharedTokenBuckets): an address has one budget for the whole
host, whichever worker answers it. Across hosts, the proxy in front holds the limit
(docs/hosting.md).
"""

import fcntl
import hashlib
import math
import mmap
import os
import shutil
import struct
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import FastAPI, Request

from ..engine.errors import Refusal
from .errors import refused

# The burst (settings.solver_burst, 30) is what a person never reaches: a few hints a minute;
# thirty in a row is a script. The rate (solver_per_second, 0.5): one hint every two seconds, sustained.
WINNABLE_DEAL_COST = 4.0  # a winnable-only deal may search for 2 s: four hints' worth
MAX_ADDRESSES = 10_000  # buckets kept; full ones are forgotten first (a full bucket is a new one)


class RateLimited(Exception):
    """Raised when a client's bucket has too few tokens; carries the seconds to wait."""

    def __init__(self, retry_after: int):
        super().__init__(f"rate limited for {retry_after} s")
        self.retry_after = retry_after


class TokenBuckets:
    """One token bucket per client address."""

    def __init__(self, burst: float, per_second: float, clock=time.monotonic):
        self.burst, self.per_second, self.clock = burst, per_second, clock
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when counted)
        self.lock = threading.Lock()  # sync routes spend from worker threads

    def spend(self, address: str, cost: float = 1.0) -> None:
        """Take `cost` tokens from the address's bucket, or raise RateLimited with the wait."""
        with self.lock:
            now = self.clock()
            tokens = self.tokens(address, now)
            if tokens < cost:
                self.buckets[address] = (tokens, now)
                raise RateLimited(math.ceil((cost - tokens) / self.per_second))
            self.buckets[address] = (tokens - cost, now)
            if len(self.buckets) > MAX_ADDRESSES:
                self.forget_full(now)

    def tokens(self, address: str, now: float) -> float:
        """The tokens the address's bucket holds at `now`, refilled since last counted."""
        tokens, then = self.buckets.get(address, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.per_second)

    def forget_full(self, now: float) -> None:
        """Drop the buckets that are full again: they are the same as new ones."""
        for address in [a for a in self.buckets if self.tokens(a, now) >= self.burst]:
            del self.buckets[address]

    def reset(self) -> None:
        """Empty the table: every address starts with a full bucket."""
        with self.lock:
            self.buckets.clear()


SHARED_FILE = "PYRAMID_WORKERS_BUCKETS"  # the table's path, inherited by the workers
SLOTS = 1 << 14  # addresses the shared table holds at once (393 KB)
PROBES = 8  # slots an address may take, from its hash on
RECORD = struct.Struct("=Qdd")  # an address's 64-bit hash (0: free), its tokens, when counted


class SharedTokenBuckets(TokenBuckets):
    """The same buckets in a memory-mapped file shared by the workers of one host. A lock on the
    file (flock) makes each spend whole across processes; the thread lock, within one. An
    address takes the first of its PROBES slots that is its own, free or full (a full bucket is a
    new one); when all eight hold other addresses' spent buckets, it shares its first."""

    def __init__(self, path: str, burst: float, per_second: float, clock=time.monotonic):
        super().__init__(burst, per_second, clock)  # time.monotonic: one clock for every process
        self.file = open(path, "r+b")  # noqa: SIM115 (open as long as the app)
        self.table = mmap.mmap(self.file.fileno(), SLOTS * RECORD.size)

    def spend(self, address: str, cost: float = 1.0) -> None:
        """Take `cost` tokens from the address's shared bucket, or raise RateLimited with the wait."""
        key = int.from_bytes(hashlib.blake2b(address.encode(), digest_size=8).digest(), "little") or 1
        with self.lock:
            fcntl.flock(self.file, fcntl.LOCK_EX)
            try:
                now = self.clock()
                offset, tokens = self.find(key, now)
                spent = tokens - cost if tokens >= cost else tokens
                RECORD.pack_into(self.table, offset, key, spent, now)
                if tokens < cost:
                    raise RateLimited(math.ceil((cost - tokens) / self.per_second))
            finally:
                fcntl.flock(self.file, fcntl.LOCK_UN)

    def find(self, key: int, now: float) -> tuple[int, float]:
        """The address's slot and its tokens now."""
        home = key % SLOTS
        free = None
        for probe in range(PROBES):
            offset = (home + probe) % SLOTS * RECORD.size
            held_by, tokens, then = RECORD.unpack_from(self.table, offset)
            refilled = min(self.burst, tokens + (now - then) * self.per_second)
            if held_by == key:
                return offset, refilled
            if free is None and (held_by == 0 or refilled >= self.burst):
                free = offset
        if free is not None:
            return free, self.burst
        offset = home * RECORD.size  # shared with an address that hashes near it
        _, tokens, then = RECORD.unpack_from(self.table, offset)
        return offset, min(self.burst, tokens + (now - then) * self.per_second)

    def reset(self) -> None:
        """Clear the shared table: every address starts with a full bucket."""
        with self.lock:
            self.table[:] = bytes(len(self.table))


def solver_buckets(burst: float, per_second: float) -> TokenBuckets:
    """The workers' shared buckets when serve made them (several workers), else this process's."""
    path = os.environ.get(SHARED_FILE)
    return SharedTokenBuckets(path, burst, per_second) if path else TokenBuckets(burst, per_second)


@contextmanager
def shared_between_workers() -> Iterator[None]:
    """The file of the workers' buckets, for as long as they serve: made before they start, named
    in their environment, removed after."""
    folder = tempfile.mkdtemp(prefix="pyramid-solitaire-buckets-")
    path = os.path.join(folder, "buckets")
    with open(path, "wb") as table:
        table.truncate(SLOTS * RECORD.size)  # zeros: every slot free
    os.environ[SHARED_FILE] = path
    try:
        yield
    finally:
        del os.environ[SHARED_FILE]
        shutil.rmtree(folder, ignore_errors=True)


def client_address(request: Request) -> str:
    """The client's address the rate limit counts against ('-' when unknown)."""
    return request.client.host if request.client else "-"


def solver_work(request: Request) -> None:
    """FastAPI dependency for a route whose every call makes the solver work: one token."""
    spend_on_solver(request, 1.0)


def spend_on_solver(request: Request, cost: float) -> None:
    """For a route that makes the solver work only sometimes (New game, winnable only)."""
    request.app.state.solver_buckets.spend(client_address(request), cost)  # the app's own buckets


def add_rate_limit_answer(app: FastAPI) -> None:
    """Answer RateLimited with 429 and a Retry-After header."""

    @app.exception_handler(RateLimited)
    async def rate_limited(request: Request, err: RateLimited):
        wait = err.retry_after
        return refused(Refusal("rate_limited", retry_after=wait), 429, {"Retry-After": str(wait)})
