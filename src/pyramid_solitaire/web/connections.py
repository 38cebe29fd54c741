"""What one connection may hold: a deadline for each request to arrive whole, and a cap on connections.

uvicorn bounds the idle time between requests (timeout_keep_alive) but not the time a request
takes to arrive: a client that trickles its headers one byte at a time, or opens a connection and
sends nothing, holds it forever. Its h11 protocol is wrapped here, at the socket, because ASGI
middleware runs only once the headers are complete. Each request must finish its headers within
`header_seconds` of its first byte (or of the connection being opened) and arrive whole within
`request_seconds`; otherwise the client is answered 408 and the connection closed. At
`max_connections` open connections a new one takes the place of the connection idle longest (one
that has sent nothing yet, or is kept alive between requests: closing it loses no request); when
none is idle, the new one is answered 503 at once and closed. listener.py keeps the sockets
accepted within the open-files limit.
"""

import asyncio
import json
import logging
import time
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from ..engine.errors import Refusal

log = logging.getLogger("pyramid_solitaire.web")

HEADER_SECONDS = 10.0
REQUEST_SECONDS = 30.0
MAX_CONNECTIONS = 4096  # per worker; lowered to fit the open-files limit (server.connection_cap)
TIMED_OUT = "pyramid_solitaire.timed_out"  # scope extension: the request was cut off for slowness
TALLY_SECONDS = 10.0  # under a flood, one log line per this many seconds, not one per connection


def canned(status: str, refusal: Refusal, extra_headers: str = "") -> bytes:
    """A whole HTTP answer that closes the connection, written straight to the socket."""
    body = json.dumps(refusal.to_dict()).encode()
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
        f"{extra_headers}connection: close\r\n\r\n"
    )
    return head.encode() + body


class Tally:
    """Counts one kind of event and logs it at most once per TALLY_SECONDS: a flood of
    hostile connections makes a few log lines, not one per connection."""

    def __init__(self, level: int, message: str):
        self.level, self.message, self.count, self.logged = level, message, 0, -TALLY_SECONDS

    def add(self, *details) -> None:
        """Count one event, and log the count once TALLY_SECONDS have passed since the last line."""
        self.count += 1
        now = time.monotonic()
        if now - self.logged >= TALLY_SECONDS:
            log.log(self.level, self.message, self.count, *details)
            self.count, self.logged = 0, now


refusals = Tally(logging.WARNING, "refused %d connection(s) over the cap of %d open connections")
sheddings = Tally(logging.INFO, "closed %d idle connection(s) for new ones at the cap of %d connections")
timeouts = Tally(logging.INFO, "closed %d connection(s) whose request did not arrive in time (last: %s, %s)")


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with request deadlines and a connection cap. The limits come from the
    config (server.ServerConfig), so they reach worker processes with it."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.header_seconds = getattr(config, "header_seconds", HEADER_SECONDS)
        self.request_seconds = getattr(config, "request_seconds", REQUEST_SECONDS)
        self.max_connections = getattr(config, "max_connections", MAX_CONNECTIONS)
        self.deadline: asyncio.TimerHandle | None = None
        self.waiting_for = ""  # "headers", "body" or "" (nothing is arriving)
        self.request_started = 0.0

    def connection_made(self, transport) -> None:  # type: ignore[override]
        """Take the new connection, making room at the cap or refusing it with 503."""
        if len(self.connections) >= self.max_connections and not self.shed_idle():
            self.transport = transport  # for connection_lost
            self.refuse(transport)
            return
        super().connection_made(transport)
        self.expect_request()
        self.now_idle()

    # --- the connections idle at the cap give way to new ones ------------------------------

    @property
    def idle(self) -> dict["GuardedH11Protocol", None]:
        """This server's idle connections, the longest idle first (a dict keeps insertion order)."""
        if not hasattr(self.server_state, "idle"):
            self.server_state.idle = {}  # type: ignore[attr-defined]
        return self.server_state.idle  # type: ignore[attr-defined]

    def now_idle(self) -> None:
        """Mark this connection idle: at the cap it may give way to a new one."""
        self.idle[self] = None

    def now_busy(self) -> None:
        """Mark this connection busy: it is not shed to make room."""
        self.idle.pop(self, None)

    def shed_idle(self) -> bool:
        """Close the connection idle longest, to make room; False when none is idle."""
        for longest in self.idle:
            longest.now_busy()
            longest.transport.close()
            sheddings.add(self.max_connections)
            return True
        return False

    def refuse(self, transport) -> None:
        """Answer 503 and close: the cap is reached and no connection is idle."""
        transport.write(REFUSED)
        transport.close()
        refusals.add(self.max_connections)

    def data_received(self, data: bytes) -> None:
        """Feed the bytes to h11, starting a new request's deadline when one begins."""
        self.now_busy()
        if not self.waiting_for and self.conn.their_state is h11.IDLE:
            self.expect_request()  # the first bytes of the next request on a kept-alive connection
        super().data_received(data)
        self.follow_request()

    def on_response_complete(self) -> None:
        """After an answer, watch for the next request and mark the connection idle if kept alive."""
        super().on_response_complete()
        if self.conn.trailing_data[0] and not self.waiting_for:
            self.expect_request()  # a pipelined request is waiting
        self.follow_request()
        if (
            self.conn.their_state is h11.IDLE
            and not self.conn.trailing_data[0]
            and not self.transport.is_closing()
        ):
            self.now_idle()  # kept alive, waiting for the next request

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection: no longer idle, no deadline pending."""
        self.now_busy()
        self.stop_deadline()
        super().connection_lost(exc)

    # --- the deadline of the request arriving ----------------------------------------------

    def expect_request(self) -> None:
        """Start the deadline for the next request's headers."""
        self.request_started = self.loop.time()
        self.start_deadline(self.header_seconds, "headers")

    def follow_request(self) -> None:
        """Move the deadline along as the request arrives: headers done, then body done."""
        state = self.conn.their_state
        if state is h11.SEND_BODY and self.waiting_for == "headers":
            left = self.request_seconds - (self.loop.time() - self.request_started)
            self.start_deadline(max(left, 0.0), "body")
        elif state is not h11.IDLE and state is not h11.SEND_BODY:
            self.stop_deadline()  # the request is in (or the connection is done with)

    def start_deadline(self, seconds: float, waiting_for: str) -> None:
        """Set a deadline of `seconds` for what is arriving (headers or body), replacing any other."""
        self.stop_deadline()
        self.waiting_for = waiting_for
        self.deadline = self.loop.call_later(seconds, self.deadline_passed)

    def stop_deadline(self) -> None:
        """Cancel the pending deadline, if any."""
        if self.deadline is not None:
            self.deadline.cancel()
        self.deadline, self.waiting_for = None, ""

    def deadline_passed(self) -> None:
        """The request did not arrive in time: answer 408 (unless nothing was sent) and close."""
        waiting_for, self.deadline, self.waiting_for = self.waiting_for, None, ""
        if self.transport.is_closing():
            return
        started_answer = self.cycle is not None and self.cycle.response_started
        if self.cycle is not None and not self.cycle.response_complete:
            # The app (waiting for the body) hears a disconnect and sends nothing more; the
            # access log (access.py) reads why from the request's scope.
            self.cycle.scope.setdefault("extensions", {})[TIMED_OUT] = {}  # present: cut off
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        nothing_sent = waiting_for == "headers" and not self.conn.trailing_data[0]
        seconds = self.header_seconds if waiting_for == "headers" else self.request_seconds
        if not started_answer and not nothing_sent:
            self.transport.write(
                canned("408 Request Timeout", Refusal("request_too_slow", seconds=f"{seconds:g}"))
            )
        client = self.client[0] if self.client else "-"
        timeouts.add(client, f"{waiting_for} not in within {seconds:g} s")
        self.transport.close()


REFUSED = canned(
    "503 Service Unavailable", Refusal("too_many_connections", retry_after=1), "retry-after: 1\r\n"
)
