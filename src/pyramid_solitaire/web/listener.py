"""What the listening socket may accept: never more connections than the open-files limit holds.

asyncio accepts up to the backlog (uvicorn: 2,048) connections in one pass of its loop, before any
of them reaches the connection cap (connections.py), and when a descriptor runs out it logs a
traceback for each failed accept, in a loop, many per pass. Under a hard open-files limit of 1024
that was 46,512 tracebacks in 25 s. Here the server's event loop (uvicorn's `loop` setting names
this module's ListeningLoop, so worker processes use it too) wraps each listening socket:
  - it accepts only while the accepted sockets still open stay below `budget` (the open-files
    limit less what the process keeps for itself), and at most ACCEPT_BATCH per pass;
  - at the budget it pauses accepting for a moment (asyncio's own pause after a failed accept);
    the waiting clients stay in the kernel's queue;
  - a failed or paused accept is counted and logged as one line per TALLY_SECONDS, never a traceback.
"""

import asyncio
import errno
import logging
import os
import resource
import socket

from .connections import Tally

ACCEPT_BATCH = 32  # accepts in one pass of the loop: the cap sees them before more come in
log = logging.getLogger("pyramid_solitaire.web")
accept_failures = Tally(logging.WARNING, "accepting paused %d time(s) for 1 s: %s")


class Budget:
    """How many accepted sockets this process holds open, and how many it may."""

    def __init__(self, limit: int):
        self.limit, self.open = limit, 0


FILES_RESERVE = 64  # descriptors a worker keeps for itself beyond connections (loop, logs, files it serves)
budget = Budget(limit=1 << 30)  # set by each ListeningLoop from its process's open-files limit


class CountedConnection(socket.socket):
    """An accepted socket that gives its place back in the budget when closed."""

    counted = True

    def close(self) -> None:
        """Close the socket and give its place back in the budget."""
        if self.counted:
            self.counted = False
            budget.open -= 1
        super().close()


class BoundedListener(socket.socket):
    """A listening socket whose accept() stops at the budget, and at ACCEPT_BATCH per pass."""

    batch = 0

    def accept(self):  # type: ignore[override]
        """Accept one connection, unless the budget or this pass's batch is used up."""
        if self.batch >= ACCEPT_BATCH:
            raise BlockingIOError  # asyncio ends this pass; the rest wait for the next one
        if self.batch == 0:
            asyncio.get_running_loop().call_soon(self.end_pass)
        try:
            if budget.open >= budget.limit:
                raise OSError(errno.EMFILE, "every descriptor the open-files limit allows is in use")
            fd, address = self._accept()  # type: ignore[attr-defined]
        except OSError as err:
            if err.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                # asyncio's answer: it stops listening for a second. Without this it would try
                # again at once, up to the backlog's 2,048 times, and fail each time.
                self.batch = ACCEPT_BATCH
            raise
        self.batch += 1
        budget.open += 1
        return CountedConnection(self.family, self.type, self.proto, fileno=fd), address

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
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        budget.limit = (1 << 30) if soft == resource.RLIM_INFINITY else soft - FILES_RESERVE

    async def create_server(self, protocol_factory, host=None, port=None, *, sock=None, **options):  # type: ignore[override]
        """asyncio's create_server, on a listening socket bounded by the budget."""
        if sock is None:  # uvicorn with one worker hands host and port: bind as the workers' socket is
            from .server import listening_socket

            with listening_socket(host, port) as bound:
                listener = BoundedListener.wrap(bound)
        else:
            listener = BoundedListener.wrap(sock)
        return await super().create_server(protocol_factory, sock=listener, **options)


def quiet_accept_failures(loop: asyncio.AbstractEventLoop, context: dict) -> None:
    """The loop's exception handler: failed accepts are tallied, anything else logged as usual."""
    exc = context.get("exception")
    if context.get("message") == "socket.accept() out of system resource" and isinstance(exc, OSError):
        accept_failures.add(exc.strerror)
        return
    loop.default_exception_handler(context)
