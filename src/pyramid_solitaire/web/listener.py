"""The listening socket (listening_socket: bound once, for one process or its workers) and what it
may accept: never more connections than the open-files limit holds.

asyncio accepts up to the backlog (uvicorn: 2,048) connections in one pass of its loop, before any
of them reaches the connection cap (connections.py), and when a descriptor runs out it logs a
traceback for each failed accept, in a loop, many per pass. Under a hard open-files limit of 1024
that was 46,512 tracebacks in 25 s. Here the server's event loop (uvicorn's `loop` setting names
this module's ListeningLoop, so worker processes use it too) wraps each listening socket:
  - it accepts only while the accepted sockets still open stay below `budget` (the open-files
    limit less what the process keeps for itself), and at most ACCEPT_BATCH per pass;
  - at the budget it pauses accepting for a moment (asyncio's own pause after a failed accept,
    shortened from 1 s to BUDGET_PAUSE); the waiting clients stay in the kernel's queue;
  - a connection the server closes itself (shed at the cap, refused) gives its place back at
    once (`closing`), so the budget, above the connection cap, is not reached by sockets that
    asyncio is about to close;
  - a failed or paused accept is counted and logged as one line per TALLY_SECONDS, never a traceback.
"""

import asyncio
import errno
import logging
import os
import resource
import socket
import time
from asyncio import constants as asyncio_constants
from collections.abc import Callable
from contextlib import suppress
from typing import Any

ACCEPT_BATCH = 32  # accepts in one pass of the loop: the cap sees them before more come in
# Connections that send nothing wait in the kernel, not in the server's places, this long (then
# they are accepted as any other): a flood of idle ones reconnecting is not queued ahead of the
# new players, whose connections are accepted as soon as their first request arrives.
DEFER_ACCEPT_SECONDS = 5
log = logging.getLogger("pyramid_solitaire.web")
TALLY_SECONDS = 10.0  # under a flood, one log line per this many seconds, not one per connection


class CannotBind(Exception):
    """The address cannot be listened on (taken, not this machine's, not allowed)."""


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound for the workers to share, protocol named so accepted connections
    get TCP_NODELAY from asyncio."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if hasattr(socket, "TCP_DEFER_ACCEPT"):  # Linux: a connection is accepted once its request comes
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT, DEFER_ACCEPT_SECONDS)
    try:
        sock.bind((host, port))
    except (OSError, OverflowError) as err:  # taken, not this machine's address, a name not found
        sock.close()
        reason = getattr(err, "strerror", None) or str(err)
        raise CannotBind(f"cannot listen on {host} port {port}: {reason}") from None
    sock.set_inheritable(True)
    return sock


class Tally:
    """Counts one kind of event and logs it at most once per TALLY_SECONDS: a flood of
    hostile connections makes a few log lines, not one per connection."""

    def __init__(self, level: int, message: str):
        self.level, self.message, self.count, self.logged = level, message, 0, -TALLY_SECONDS

    def add(self, *details: object) -> None:
        """Count one event, and log the count once TALLY_SECONDS have passed since the last line."""
        self.count += 1
        now = time.monotonic()
        if now - self.logged >= TALLY_SECONDS:
            log.log(self.level, self.message, self.count, *details)
            self.count, self.logged = 0, now


accept_failures = Tally(logging.WARNING, "accepting paused %d time(s) for a moment: %s")


class Budget:
    """How many accepted sockets this process holds open, and how many it may."""

    def __init__(self, limit: int):
        self.limit, self.open = limit, 0
        self.counted: dict[int, CountedConnection] = {}  # descriptor -> the socket counted open


FILES_RESERVE = 64  # descriptors a worker keeps for itself beyond connections (loop, logs, files it serves)
budget = Budget(limit=1 << 30)  # set by each ListeningLoop from its process's open-files limit


# asyncio's pause after a failed accept (1 s) is all the new players' wait when the budget is
# briefly full: a place freed a moment later. Paused this long, the next pass finds it free.
BUDGET_PAUSE = 0.05


class CountedConnection(socket.socket):
    """An accepted socket that gives its place back in the budget when closed."""

    counted = False

    def count(self) -> None:
        """Take a place in the budget."""
        self.counted = True
        budget.open += 1
        budget.counted[self.fileno()] = self

    def release(self) -> None:
        """Give the place back (once)."""
        if self.counted:
            self.counted = False
            budget.open -= 1
            budget.counted.pop(self.fileno(), None)

    def close(self) -> None:
        """Close the socket and give its place back in the budget."""
        self.release()
        super().close()


def closing(transport: asyncio.BaseTransport) -> None:
    """The server closes this connection (shed at the cap, refused): its place is free at once,
    not after asyncio closes the socket on a later pass of the loop. (At most ACCEPT_BATCH such
    sockets a pass stay open a moment longer: FILES_RESERVE holds them.)"""
    sock = transport.get_extra_info("socket")
    with suppress(OSError, AttributeError):
        counted = budget.counted.get(sock.fileno())
        if counted is not None:
            counted.release()


class BoundedListener(socket.socket):
    """A listening socket whose accept() stops at the budget, and at ACCEPT_BATCH per pass."""

    batch = 0

    def accept(self) -> tuple[socket.socket, Any]:
        """Accept one connection, unless the budget or this pass's batch is used up."""
        if self.batch >= ACCEPT_BATCH:
            raise BlockingIOError  # asyncio ends this pass; the rest wait for the next one
        if self.batch == 0:
            asyncio.get_running_loop().call_soon(self.end_pass)
        try:
            if budget.open >= budget.limit:
                raise OSError(errno.EMFILE, "every descriptor the open-files limit allows is in use")
            accepted, address = super().accept()
        except OSError as err:
            if err.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                # asyncio's answer: it stops listening for a second. Without this it would try
                # again at once, up to the backlog's 2,048 times, and fail each time.
                self.batch = ACCEPT_BATCH
            raise
        self.batch += 1
        # The same descriptor in a socket that counts itself (socket.accept's own is a plain one).
        connection = CountedConnection(self.family, self.type, self.proto, fileno=accepted.detach())
        connection.count()
        return connection, address

    def end_pass(self) -> None:
        """A new pass of the loop: the batch of accepts starts again."""
        self.batch = 0

    @classmethod
    def wrap(cls, sock: socket.socket) -> "BoundedListener":
        """The same listening socket, through a descriptor of its own (the caller may close its own)."""
        return cls(sock.family, sock.type, sock.proto, fileno=os.dup(sock.fileno()))


class ListeningLoop(asyncio.SelectorEventLoop):
    """asyncio's loop, its listening sockets bounded, its failed accepts counted, not logged whole."""

    def __init__(self) -> None:
        super().__init__()
        self.set_exception_handler(quiet_accept_failures)
        setattr(asyncio_constants, "ACCEPT_RETRY_DELAY", BUDGET_PAUSE)  # noqa: B010 (read at each pause; typed Final)
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        budget.limit = (1 << 30) if soft == resource.RLIM_INFINITY else soft - FILES_RESERVE

    async def create_server(  # type: ignore[override]
        self,
        protocol_factory: Callable[[], asyncio.BaseProtocol],
        host: str | None = None,
        port: int | None = None,
        *,
        sock: socket.socket | None = None,
        **options: Any,
    ) -> asyncio.Server:
        """asyncio's create_server, on a listening socket bounded by the budget."""
        if sock is None:  # uvicorn with one worker hands host and port: bind as the workers' socket is
            with listening_socket(host or "", port or 0) as bound:  # None: as asyncio reads it
                listener = BoundedListener.wrap(bound)
        else:
            listener = BoundedListener.wrap(sock)
        return await super().create_server(protocol_factory, sock=listener, **options)


def quiet_accept_failures(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The loop's exception handler: failed accepts are tallied, anything else logged as usual."""
    exc = context.get("exception")
    if context.get("message") == "socket.accept() out of system resource" and isinstance(exc, OSError):
        accept_failures.add(exc.strerror)
        return
    loop.default_exception_handler(context)
