"""A fair share of the solver: a token bucket per client address for every request that makes the
solver work (hints, reviews, the way, winnable-only deals). Moves and everything else are never
limited.

A bucket holds `burst` tokens and gains `per_second` of them back; a request pays its search's
tokens (`charge`, the one place that takes them; the costs and defaults are solver/budgets.py's),
and one that finds too few is answered 429 with Retry-After, at once, without queueing. The
burst is far above what a person reaches by hand; the rate bounds how much of the solver one
address can keep busy (a quarter of one solver slot, by default). The address is the socket's
peer, or the one a trusted proxy forwarded (server.py hands uvicorn the proxies to trust, and only
those).

With several workers (`serve --workers N`) the buckets live in one table that the supervisor makes
as an anonymous memory file and hands every worker as a descriptor (BucketTable), and every
worker maps into memory (SharedTokenBuckets): an address has one budget for the whole host,
whichever worker answers it. Across hosts, the proxy in front holds the limit
(docs/hosting.md).
"""

import fcntl
import hashlib
import ipaddress
import logging
import math
import mmap
import os
import struct
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from multiprocessing.reduction import DupFd
from typing import Protocol

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from ..engine.errors import Refusal
from ..solver.budgets import Budget
from .errors import refused

Clock = Callable[[], float]


class Handed(Protocol):
    """A descriptor handed to a spawned worker (multiprocessing's DupFd): detach() gives it."""

    def detach(self) -> int:
        """The descriptor, now this process's."""
        ...


MAX_ADDRESSES = 10_000  # buckets kept; full ones are forgotten first (a full bucket is a new one)


MAX_RETRY_AFTER = 60  # seconds: a client is never told to wait longer (a slow refill, a bad row)


class RateLimited(Exception):
    """Raised when a client's bucket has too few tokens; carries the seconds to wait."""

    def __init__(self, retry_after: int):
        super().__init__(f"rate limited for {retry_after} s")
        self.retry_after = retry_after

    @classmethod
    def missing(cls, tokens: float, per_second: float) -> "RateLimited":
        """Refused for want of `tokens` more: the wait until they are back, in whole seconds, at
        least 1 and at most MAX_RETRY_AFTER."""
        return cls(max(1, min(math.ceil(tokens / per_second), MAX_RETRY_AFTER)))


class TokenBuckets:
    """One token bucket per client address."""

    def __init__(self, burst: float, per_second: float, clock: Clock = time.monotonic) -> None:
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
                raise RateLimited.missing(cost - tokens, self.per_second)
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


SLOTS = 1 << 14  # addresses the shared table holds at once (393 KB)
PROBES = 8  # slots an address may take, from its hash on
RECORD = struct.Struct("=Qdd")  # an address's 64-bit hash (0: free), its tokens, when counted
HEADER = struct.Struct("=8sQ")  # what a worker checks before it trusts the table: magic, slots
MAGIC = b"PYRBKT01"
TABLE_BYTES = HEADER.size + SLOTS * RECORD.size
log = logging.getLogger("pyramid_solitaire.web")


class BucketTable:
    """The memory of the workers' shared buckets, as a file descriptor: an anonymous memory file
    (memfd, sealed at its size) that the supervisor makes and every worker inherits when it is
    spawned. No path names it, so no temp-folder cleaner can truncate, delete or replace it, and
    a worker restarted after any crash gets the same table from the supervisor."""

    def __init__(self, fd: int):
        self.fd = fd

    @classmethod
    def make(cls) -> "BucketTable":
        """A new table, every slot free, with its header; sealed where the system can seal."""
        if hasattr(os, "memfd_create"):
            fd = os.memfd_create("pyramid-solitaire-buckets", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
        else:  # no memfd (not Linux): a temp file unlinked at once is as nameless
            fd = os.dup(tempfile.TemporaryFile().fileno())  # noqa: SIM115 (its fd lives on)
        os.ftruncate(fd, TABLE_BYTES)  # zeros: every slot free
        os.pwrite(fd, HEADER.pack(MAGIC, SLOTS), 0)
        with suppress(AttributeError, OSError):  # a size that nothing can change, not even via /proc
            fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_SEAL)
        return cls(fd)

    def __reduce__(self) -> tuple[Callable[[Handed], "BucketTable"], tuple[Handed]]:
        """Pickled for a spawned worker: the descriptor goes with it (as uvicorn's socket does)."""
        return (BucketTable.inherited, (DupFd(self.fd),))

    @staticmethod
    def inherited(dup: Handed) -> "BucketTable":
        """The worker's side of __reduce__: the descriptor it was handed."""
        return BucketTable(dup.detach())

    def close(self) -> None:
        """Let go of the descriptor (the memory goes when the last process does)."""
        with suppress(OSError):
            os.close(self.fd)


class TableUnusable(Exception):
    """The shared table is not the one the supervisor made (wrong size or header, no descriptor)."""


def address_key(address: str) -> int:
    """An address's key in the shared table: its 64-bit hash, never 0 (a free slot)."""
    return int.from_bytes(hashlib.blake2b(address.encode(), digest_size=8).digest(), "little") or 1


class SharedTokenBuckets(TokenBuckets):
    """The same buckets in the table shared by the workers of one host. A POSIX record lock on
    the table (lockf: one owner per process, even though the workers share one open file) makes
    each spend whole across processes; the thread lock, within one. An address takes the first
    of its PROBES slots that is its own, free or full (a full bucket is a new one); when all
    eight hold other addresses' spent buckets, it shares its first.

    If the table ever fails (it cannot, sealed, but a host without memfd has no seals), the
    worker says so once and goes on with its own buckets: a lost share, never a lost worker."""

    def __init__(
        self, table: BucketTable, burst: float, per_second: float, clock: Clock = time.monotonic
    ) -> None:
        super().__init__(burst, per_second, clock)  # time.monotonic: one clock for every process
        self.fd = table.fd
        self.own: TokenBuckets | None = None  # this worker's buckets once the table failed
        try:
            size = os.fstat(self.fd).st_size
            if size != TABLE_BYTES:
                raise TableUnusable(f"{size} bytes, not {TABLE_BYTES}")
            self.table = mmap.mmap(self.fd, TABLE_BYTES)
            if HEADER.unpack_from(self.table, 0) != (MAGIC, SLOTS):
                raise TableUnusable("not the table's header")
        except (OSError, ValueError, TableUnusable) as err:
            self.fall_back(err)

    def fall_back(self, err: Exception) -> None:
        """From now on this worker's own buckets; said once, in the log."""
        if self.own is None:
            log.error("the workers' shared solver budgets are unusable (%s); this worker keeps its own", err)
            self.own = TokenBuckets(self.burst, self.per_second, self.clock)

    def spend(self, address: str, cost: float = 1.0) -> None:
        """Take `cost` tokens from the address's shared bucket, or raise RateLimited with the wait."""
        if self.own is None:
            try:
                return self.spend_shared(address, cost)
            except (OSError, ValueError, struct.error, TableUnusable) as err:
                self.fall_back(err)
        assert self.own is not None
        self.own.spend(address, cost)

    def spend_shared(self, address: str, cost: float) -> None:
        """The spend in the shared table, locked across processes."""
        key = address_key(address)
        with self.lock:
            fcntl.lockf(self.fd, fcntl.LOCK_EX)
            try:
                now = self.clock()
                offset, tokens = self.find(key, now)
                spent = tokens - cost if tokens >= cost else tokens
                RECORD.pack_into(self.table, offset, key, spent, now)
                if tokens < cost:
                    raise RateLimited.missing(cost - tokens, self.per_second)
            finally:
                fcntl.lockf(self.fd, fcntl.LOCK_UN)

    def find(self, key: int, now: float) -> tuple[int, float]:
        """The address's slot and its tokens now."""
        home = key % SLOTS
        free = None
        for probe in range(PROBES):
            offset = HEADER.size + (home + probe) % SLOTS * RECORD.size
            held_by, tokens, then = self.row(offset, now)
            refilled = min(self.burst, tokens + (now - then) * self.per_second)
            if held_by == key:
                return offset, refilled
            if free is None and (held_by == 0 or refilled >= self.burst):
                free = offset
        if free is not None:
            return free, self.burst
        offset = HEADER.size + home * RECORD.size  # shared with an address that hashes near it
        _, tokens, then = self.row(offset, now)
        return offset, min(self.burst, tokens + (now - then) * self.per_second)

    def row(self, offset: int, now: float) -> tuple[int, float, float]:
        """The row at `offset`: its tokens between none and a full bucket, counted at a time not
        after now; any other row (inf, nan, 1e300: not one this code wrote) is TableUnusable."""
        held_by, tokens, then = RECORD.unpack_from(self.table, offset)
        if not (0.0 <= tokens <= self.burst and 0.0 <= then <= now):  # nan fails every comparison
            raise TableUnusable(f"a row reads {tokens!r} tokens counted at {then!r}")
        return held_by, tokens, then

    def reset(self) -> None:
        """Clear the shared table: every address starts with a full bucket."""
        with self.lock:
            if self.own is not None:
                self.own.reset()
            else:
                self.table[HEADER.size :] = bytes(TABLE_BYTES - HEADER.size)


def solver_buckets(burst: float, per_second: float, table: BucketTable | None = None) -> TokenBuckets:
    """The workers' shared buckets when the supervisor made a table (several workers), else this
    process's own."""
    if table is None:
        return TokenBuckets(burst, per_second)
    return SharedTokenBuckets(table, burst, per_second)


def client_address(request: Request) -> str:
    """The client's address the rate limit counts against: '-' when unknown, or when what a trusted
    proxy forwarded is no address (a client's own X-Forwarded-For passed on): one shared bucket
    for every such lie, never a new one per lie."""
    host = request.client.host if request.client else "-"
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return "-"
    return host


def charge(request: Request, search: Budget) -> None:
    """Take the search's tokens from the client's bucket (the app's own buckets), or raise
    RateLimited: the one place a request pays for the solver (routes/hints.py, routes/deals.py),
    before the record is read, so a request the solver never sees pays all the same."""
    request.app.state.solver_buckets.spend(client_address(request), search.tokens)


def add_rate_limit_answer(app: FastAPI) -> None:
    """Answer RateLimited with 429 and a Retry-After header."""

    @app.exception_handler(RateLimited)
    async def rate_limited(request: Request, err: RateLimited) -> JSONResponse:
        wait = err.retry_after
        return refused(Refusal("rate_limited", retry_after=wait), 429, {"Retry-After": str(wait)})
