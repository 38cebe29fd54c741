"""Server start-up: uvicorn with guarded connections, in this process or in workers sharing one socket.

The socket is bound here (listener.listening_socket), before any worker starts, so an address
that cannot be used is one clear error (CannotBind: the command prints one line and exits 3),
with any number of workers."""

import logging
import resource
import socket
import sys
from collections.abc import Callable
from typing import Any

import uvicorn
from uvicorn.config import STARTUP_FAILURE
from uvicorn.supervisors import Multiprocess

from . import fairness, metrics
from .listener import ACCEPT_BATCH, FILES_RESERVE, listening_socket
from .logs import logging_config, say_started
from .settings import Settings

APP = "pyramid_solitaire.web:app"
App = str | Callable[..., Any]  # what uvicorn serves: an import string, or the app itself
# uvicorn kills a worker that does not answer its supervisor within this long (5 s by default);
# on a loaded machine a worker's start-up alone took longer, and workers were restarted for ever.
WORKER_HEALTHCHECK_SECONDS = 60
# On SIGTERM the answers in flight are finished for at most this long, then the connections are
# closed: a search never holds a request past its budget (solving.py), a slow reader no longer.
GRACEFUL_SECONDS = 10


class ServerConfig(uvicorn.Config):
    """uvicorn's config plus the server's settings; it travels to worker processes whole, and each
    builds its app from those settings (not from the import string's module-level app)."""

    def __init__(self, app: App, *, settings: Settings, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.settings = settings
        self.header_seconds, self.request_seconds = settings.header_seconds, settings.request_seconds
        self.write_seconds, self.queued_bytes = settings.write_seconds, settings.queued_bytes
        self.pipelined_per_second = settings.pipelined_per_second
        self.max_connections = connection_cap(settings.max_connections, raise_open_files_limit())
        self.bucket_table: fairness.BucketTable | None = None  # the workers' shared budgets (serve)

    def configure_logging(self) -> None:
        """uvicorn's logging from log_config (logs.py), in this process and in each worker as it
        starts; Python's warnings go through it too, in the log's form."""
        super().configure_logging()
        logging.captureWarnings(True)

    def load(self) -> None:
        """Build the app from the settings in the serving process, and note its metrics. An app
        that cannot be built is uvicorn's start-up failure: the supervisor stops (Workers)."""
        if self.app == APP:  # in the process that serves, after any fork or spawn
            try:  # imported here, in the serving process only: the app's imports take seconds
                from .application import create_app

                self.app = create_app(self.settings)
            except Exception:
                logging.getLogger("pyramid_solitaire.web").exception("the app could not be built")
                sys.exit(STARTUP_FAILURE)
            if self.bucket_table is not None:
                settings = self.settings
                self.app.state.solver_buckets = fairness.solver_buckets(
                    settings.solver_burst, settings.solver_per_second, self.bucket_table
                )
        state = getattr(self.app, "state", None)
        self.metrics = getattr(state, "metrics", None)  # the protocol counts connections there
        super().load()


class WorkerCannotStart(Exception):
    """A worker failed before it served: the supervisor stopped, so the service manager (systemd's
    Restart=on-failure) starts the whole server again instead of it serving nothing."""


def serve(settings: Settings | None = None, **uvicorn_options: Any) -> None:
    """Serve until interrupted. Raises CannotBind before anything starts when the address is unusable."""
    settings = settings or Settings()
    config = server_config(settings=settings, **uvicorn_options)
    sock = listening_socket(settings.host, settings.port)
    say_started(url_of(sock))
    if settings.workers <= 1:
        uvicorn.Server(config).run(sockets=[sock])
        return
    # uvicorn's own --workers path binds its socket without naming IPPROTO_TCP, so accepted
    # connections miss TCP_NODELAY and every keep-alive request waits ~40 ms for a delayed ACK
    # (uvicorn issue 3149). Bind the socket here, protocol named, and hand it to the workers.
    config.bucket_table = fairness.BucketTable.make()  # each worker inherits it when spawned
    with metrics.shared_between_workers():
        workers = Workers(config, sockets=[sock])
        workers.run()
    if workers.failed_to_start:
        raise WorkerCannotStart(f"worker {workers.failed_to_start} failed to start (see its error above)")


class Workers(Multiprocess):
    """uvicorn's supervisor, which restarts a worker that died; the dead worker's live figures
    (its open connections) leave /metrics with it instead of being added up for ever. A worker
    that failed before it served (uvicorn's STARTUP_FAILURE) stops the supervisor, noted here so
    serve can exit non-zero."""

    failed_to_start: int | None = None  # the pid of the worker that could not start

    def keep_subprocess_alive(self) -> None:
        """uvicorn's check and restart of every worker, then the dead ones' figures dropped."""
        before = {worker.pid: worker for worker in self.processes}
        super().keep_subprocess_alive()
        for pid, worker in before.items():
            if worker.exitcode == STARTUP_FAILURE:
                self.failed_to_start = pid
            if pid is not None and worker not in self.processes:  # None: a worker that never started
                metrics.worker_gone(pid)


def url_of(sock: socket.socket) -> str:
    """The address a browser can open: an IPv6 host in brackets (http://[::1]:8412/)."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def server_config(
    app: App = APP, *, settings: Settings | None = None, **uvicorn_options: Any
) -> ServerConfig:
    """The server's configuration: uvicorn with the guarded protocol, the limits, the logging."""
    settings = settings or Settings()
    options = {
        "http": metrics.CountedH11Protocol,
        "loop": "pyramid_solitaire.web.listener:ListeningLoop",  # accepts within the open-files limit
        "timeout_keep_alive": settings.keep_alive_seconds,
        "timeout_worker_healthcheck": WORKER_HEALTHCHECK_SECONDS,
        "timeout_graceful_shutdown": GRACEFUL_SECONDS,
        "workers": settings.workers,  # how many processes uvicorn's Multiprocess starts
        # The client address comes from the socket; X-Forwarded-For only from the listed proxies.
        "proxy_headers": bool(settings.trusted_proxies),
        "forwarded_allow_ips": list(settings.trusted_proxies),
        "log_level": settings.log_level,
        "log_config": logging_config(settings.log_level, settings.log_format),
        "access_log": False,  # access.AccessLog writes one line per request
        **uvicorn_options,
    }
    return ServerConfig(app, settings=settings, **options)


def raise_open_files_limit() -> int:
    """Raise the soft open-files limit as far as the hard limit allows; return the soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            pass  # a container may forbid it: the cap below follows the limit there is
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def connection_cap(wanted: int, open_files: int) -> int:
    """Connections per worker: what was asked, but below the open-files limit with room for the
    sockets accepted past the cap while they are refused or take an idle one's place (listener.py
    stops accepting at the limit less FILES_RESERVE)."""
    return max(min(wanted, open_files - FILES_RESERVE - 2 * ACCEPT_BATCH), 1)
