"""Server start-up: uvicorn with guarded connections, in this process or in workers sharing one socket."""

import copy
import resource
import socket
from collections.abc import Sequence

import uvicorn
from uvicorn.config import LOGGING_CONFIG
from uvicorn.supervisors import Multiprocess

from .connections import HEADER_SECONDS, MAX_CONNECTIONS, REQUEST_SECONDS, GuardedH11Protocol

APP = "pyramid_solitaire.web:app"
KEEP_ALIVE_SECONDS = 5  # an idle kept-alive connection is closed after this long
# uvicorn kills a worker that does not answer its supervisor within this long (5 s by default);
# on a loaded machine a worker's start-up alone took longer, and workers were restarted for ever.
WORKER_HEALTHCHECK_SECONDS = 60
FILES_RESERVE = 64  # file descriptors a worker keeps for itself beyond connections (loop, logs, pipes)
LOG_LEVELS = ("critical", "error", "warning", "info", "debug")


class ServerConfig(uvicorn.Config):
    """uvicorn's config plus the connection limits; it travels to worker processes whole."""

    def __init__(
        self,
        *args,
        header_seconds: float = HEADER_SECONDS,
        request_seconds: float = REQUEST_SECONDS,
        max_connections: int = MAX_CONNECTIONS,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.header_seconds, self.request_seconds = header_seconds, request_seconds
        self.max_connections = max_connections


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 1, **options) -> None:
    """Serve until interrupted; `options` are server_config's (log level, trusted proxies, limits)."""
    config = server_config(host=host, port=port, workers=workers, **options)
    if workers <= 1:
        uvicorn.Server(config).run()
        return
    # uvicorn's own --workers path binds its socket without naming IPPROTO_TCP, so accepted
    # connections miss TCP_NODELAY and every keep-alive request waits ~40 ms for a delayed ACK
    # (uvicorn issue 3149). Bind the socket here, protocol named, and hand it to the workers.
    Multiprocess(config, sockets=[listening_socket(host, port)]).run()


def server_config(
    app=APP,
    *,
    log_level: str = "info",
    trusted_proxies: Sequence[str] = (),
    max_connections: int = MAX_CONNECTIONS,
    header_seconds: float = HEADER_SECONDS,
    request_seconds: float = REQUEST_SECONDS,
    keep_alive_seconds: float = KEEP_ALIVE_SECONDS,
    **uvicorn_options,
) -> ServerConfig:
    """The server's configuration: uvicorn with the guarded protocol, the limits, the logging."""
    options = {
        "http": GuardedH11Protocol,
        "timeout_keep_alive": keep_alive_seconds,
        "timeout_worker_healthcheck": WORKER_HEALTHCHECK_SECONDS,
        # The client address comes from the socket; X-Forwarded-For only from the listed proxies.
        "proxy_headers": bool(trusted_proxies),
        "forwarded_allow_ips": list(trusted_proxies),
        "log_level": log_level,
        "log_config": logging_config(log_level),
        "access_log": False,  # access.AccessLog writes one line per request, with its time
        **uvicorn_options,
    }
    return ServerConfig(
        app,
        header_seconds=header_seconds,
        request_seconds=request_seconds,
        max_connections=connection_cap(max_connections, raise_open_files_limit()),
        **options,
    )


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
    """Connections per worker: what was asked, but below the open-files limit, so that accepting
    never fails for want of a descriptor."""
    return max(min(wanted, open_files - FILES_RESERVE), 1)


def logging_config(level: str) -> dict:
    """uvicorn's logging, plus the app's loggers: access lines on standard output, the rest on
    standard error, both with a time stamp."""
    config = copy.deepcopy(LOGGING_CONFIG)
    stamped = {"()": "uvicorn.logging.DefaultFormatter", "fmt": "%(asctime)s %(levelprefix)s %(message)s"}
    config["formatters"]["stamped"] = stamped
    config["handlers"]["stamped_out"] = {
        "formatter": "stamped",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stdout",
    }
    config["handlers"]["stamped_err"] = {**config["handlers"]["stamped_out"], "stream": "ext://sys.stderr"}
    upper = level.upper()
    config["loggers"]["pyramid_solitaire.access"] = {
        "handlers": ["stamped_out"],
        "level": upper,
        "propagate": False,
    }
    config["loggers"]["pyramid_solitaire.web"] = {
        "handlers": ["stamped_err"],
        "level": upper,
        "propagate": False,
    }
    return config


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound for the workers to share, protocol named so accepted connections
    get TCP_NODELAY from asyncio."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock
