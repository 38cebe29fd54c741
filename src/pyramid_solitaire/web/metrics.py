"""What an operator watches, at /metrics in the Prometheus text format (prometheus-client).

    pyramid_solitaire_requests_total{route,status}   answers by route (never the raw path) and status,
                                                     499 for a client that hung up, 408 for one cut off
    pyramid_solitaire_request_seconds{route}         latency histogram
    pyramid_solitaire_solver_seconds{kind}           the solver's time per hint, review, way, winnable deal
    pyramid_solitaire_refusals_total{code}           refusals by their code (engine/errors.py)
    pyramid_solitaire_connections_refused_total{reason}  closed by the server before an answer:
                                                     "cap" (503 at the connection cap), "deadline"
    pyramid_solitaire_open_connections               connections open now
    pyramid_solitaire_build_info{version,python,solver_version}  1: what is running
    process_*                                        prometheus-client's own (processor time, memory,
                                                     open files); with several workers, the answering one's

Each app has its own registry (two apps in one process share nothing). With several workers
(server.py) every worker writes its figures to files in PROMETHEUS_MULTIPROC_DIR and /metrics
adds them up over all workers: the multiprocess mode of prometheus-client.
"""

import asyncio
import ipaddress
import os
import platform
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, ProcessCollector, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead
from starlette.responses import Response

from .. import __version__
from ..solver.version import SOLVER_VERSION
from .connections import GuardedH11Protocol
from .fairness import TokenBuckets

MULTIPROCESS_DIR = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
SOLVER_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0)
# /metrics is on the game's port and costs several /healthz: an address other than this machine
# gets SCRAPE_BURST at once and one a second (a scraper asks every 15 s or so), then 429.
SCRAPE_BURST, SCRAPES_PER_SECOND = 10.0, 1.0


class Metrics:
    """The app's figures for /metrics: requests, latency, solver time, refusals, connections."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.scrapes = TokenBuckets(SCRAPE_BURST, SCRAPES_PER_SECOND)
        self.multiprocess = MULTIPROCESS_DIR in os.environ
        if self.multiprocess:  # a temp-folder cleaner may have removed it: a worker still starts
            os.makedirs(os.environ[MULTIPROCESS_DIR], exist_ok=True)
        on = self.registry
        self.requests = Counter("pyramid_solitaire_requests", "Answers", ["route", "status"], registry=on)
        self.latency = Histogram(
            "pyramid_solitaire_request_seconds", "Time to answer", ["route"], registry=on
        )
        self.solver = Histogram(
            "pyramid_solitaire_solver_seconds", "Solver time", ["kind"], buckets=SOLVER_BUCKETS, registry=on
        )
        self.refusals = Counter("pyramid_solitaire_refusals", "Refusals by code", ["code"], registry=on)
        self.closed = Counter(
            "pyramid_solitaire_connections_refused", "Connections closed unanswered", ["reason"], registry=on
        )
        self.open = Gauge(
            "pyramid_solitaire_open_connections", "Open connections", multiprocess_mode="livesum", registry=on
        )
        self.overrunning = Gauge(  # solving.py: a search past its deadline keeps its slot until it ends
            "pyramid_solitaire_solver_overrunning",
            "Searches past their deadline",
            multiprocess_mode="livesum",
            registry=on,
        )
        build_labels = ["version", "python", "solver_version"]
        build = Gauge(
            "pyramid_solitaire_build_info",
            "What is running",
            build_labels,
            multiprocess_mode="max",
            registry=on,
        )
        build.labels(__version__, platform.python_version(), SOLVER_VERSION).set(1)
        if not self.multiprocess:  # several workers: added per answer below (the files hold none)
            ProcessCollector(registry=on)

    def answered(self, route: str, status: int, seconds: float, refusal: str | None) -> None:
        """Count one answer: its route, status, time taken and refusal code, if any."""
        self.requests.labels(route, str(status)).inc()
        self.latency.labels(route).observe(seconds)
        if refusal:
            self.refusals.labels(refusal).inc()

    @contextmanager
    def timing(self, kind: str) -> Iterator[None]:
        """Context manager: time one solver search of `kind`."""
        started = time.perf_counter()
        try:
            yield
        finally:
            self.solver.labels(kind).observe(time.perf_counter() - started)

    def answer(self, address: str = "127.0.0.1") -> Response:
        """The /metrics answer: this app's figures, or those of every worker in multiprocess mode.
        A scraper elsewhere than this machine spends from its bucket (RateLimited: a 429)."""
        if not ipaddress.ip_address(address if address != "-" else "0.0.0.0").is_loopback:
            self.scrapes.spend(address)
        registry = self.registry
        if self.multiprocess:
            registry = CollectorRegistry()
            MultiProcessCollector(registry)
            ProcessCollector(registry=registry)
        return Response(generate_latest(registry), media_type=CONTENT_TYPE)


@contextmanager
def shared_between_workers() -> Iterator[None]:
    """A folder for the workers' figures, unless the host named one; removed when serving ends.
    It goes in systemd's RuntimeDirectory= when there is one (no temp-folder cleaner goes there:
    a worker whose figures' file is truncated under it dies, and is restarted)."""
    if MULTIPROCESS_DIR in os.environ:
        yield
        return
    runtime = os.environ.get("RUNTIME_DIRECTORY", "").split(":")[0] or None
    folder = tempfile.mkdtemp(prefix="pyramid-solitaire-metrics-", dir=runtime)
    os.environ[MULTIPROCESS_DIR] = folder  # inherited by the workers, read when they build their apps
    try:
        yield
    finally:
        del os.environ[MULTIPROCESS_DIR]
        shutil.rmtree(folder, ignore_errors=True)


def worker_gone(pid: int) -> None:
    """A worker died: its live gauges (open connections) no longer count."""
    if MULTIPROCESS_DIR in os.environ:
        mark_process_dead(pid)


class CountedH11Protocol(GuardedH11Protocol):
    """The guarded protocol (connections.py), counted: open connections, and those closed before
    any answer. The figures go to the app's Metrics, which the config carries (server.ServerConfig)."""

    counted = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Take the connection, counting it open when it was accepted."""
        super().connection_made(transport)
        metrics = getattr(self.config, "metrics", None)
        if metrics is not None and self in self.connections:
            self.counted = True
            metrics.open.inc()

    def connection_lost(self, exc: Exception | None) -> None:
        """Count the connection closed, if it was counted open."""
        if self.counted:
            self.counted = False
            getattr(self.config, "metrics").open.dec()  # noqa: B009 (set by ServerConfig.load)
        super().connection_lost(exc)

    def refuse(self, transport: asyncio.Transport) -> None:
        """Refuse at the cap, counting it as closed unanswered."""
        super().refuse(transport)
        self.count_closed("cap", "too_many_connections")

    def deadline_passed(self) -> None:
        """Cut off a slow request, counting it as closed unanswered."""
        if not self.transport.is_closing():
            self.count_closed("deadline", "request_too_slow")
        super().deadline_passed()

    def count_closed(self, reason: str, code: str) -> None:
        """Count a connection closed before any answer, and its refusal code."""
        metrics = getattr(self.config, "metrics", None)
        if metrics is not None:
            metrics.closed.labels(reason).inc()
            metrics.refusals.labels(code).inc()
