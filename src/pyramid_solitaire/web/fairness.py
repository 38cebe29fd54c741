"""A fair share of the solver: a token bucket per client address for every request that makes the
solver work (hints, winnable-only deals, later reviews). Moves and everything else are never limited.

A bucket holds `burst` tokens and gains `per_second` of them back; a request spends its cost, and
one that finds too few tokens is answered 429 with Retry-After, at once, without queueing. The
burst is far above what a person reaches by hand; the rate bounds how much of the solver one
address can keep busy (half a token a second, and a hint searches at most half a second: a
quarter of one solver slot). The address is the socket's peer, or the one a trusted
proxy forwarded (server.py hands uvicorn the list of proxies to trust, and only those).
"""

import math
import threading
import time

from fastapi import FastAPI, Request

from ..engine.errors import Refusal
from .errors import refused

# The burst (settings.solver_burst, 30) is what a person never reaches: a few hints a minute;
# thirty in a row is a script. The rate (solver_per_second, 0.5): one hint every two seconds, sustained.
WINNABLE_DEAL_COST = 4.0  # a winnable-only deal may search for 2 s: four hints' worth
MAX_ADDRESSES = 10_000  # buckets kept; full ones are forgotten first (a full bucket is a new one)


class RateLimited(Exception):
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
        tokens, then = self.buckets.get(address, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.per_second)

    def forget_full(self, now: float) -> None:
        for address in [a for a in self.buckets if self.tokens(a, now) >= self.burst]:
            del self.buckets[address]

    def reset(self) -> None:
        with self.lock:
            self.buckets.clear()


def client_address(request: Request) -> str:
    return request.client.host if request.client else "-"


def solver_work(request: Request) -> None:
    """FastAPI dependency for a route whose every call makes the solver work: one token."""
    spend_on_solver(request, 1.0)


def spend_on_solver(request: Request, cost: float) -> None:
    """For a route that makes the solver work only sometimes (New game, winnable only)."""
    request.app.state.solver_buckets.spend(client_address(request), cost)  # the app's own buckets


def add_rate_limit_answer(app: FastAPI) -> None:
    @app.exception_handler(RateLimited)
    async def rate_limited(request: Request, err: RateLimited):
        wait = err.retry_after
        return refused(Refusal("rate_limited", retry_after=wait), 429, {"Retry-After": str(wait)})
