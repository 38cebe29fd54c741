"""What one connection may hold: a deadline for each request to arrive whole, and a cap on connections.

uvicorn bounds the idle time between requests (timeout_keep_alive) but not the time a request
takes to arrive: a client that trickles its headers one byte at a time, or opens a connection and
sends nothing, holds it forever. Its h11 protocol is wrapped here, at the socket, because ASGI
middleware runs only once the headers are complete. Each request must finish its headers within
`header_seconds` of its first byte (or of the connection being opened) and arrive whole within
`request_seconds`; otherwise the client is answered 408 and the connection closed. At
`max_connections` open connections a new one takes the place of the one waiting longest for a
pipelined request's turn (its client has answers unread), else of the one idle longest (it has
sent nothing yet, or is kept alive between requests: closing it loses no request); when none is
either, the new one is answered 503 at once and closed. listener.py keeps the sockets
accepted within the open-files limit.

Answers must be read: the kernel holds at most `queued_bytes` of them per connection (its send
buffer), uvicorn at most 64 KiB more (past that it waits), and a connection whose client takes no
byte of them for `write_seconds` is closed. A pipelined request (one sent before the answer to the
one before, or with another right behind it) waits for a turn: the worker answers
`pipelined_per_second` of them (Pipeline), so clients sending many and reading none cost it little
and the other players come first; waiting more than `write_seconds` for its turn closes the
connection too, unread answers or not.
"""

import asyncio
import json
import logging
import socket
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from ..engine.errors import Refusal
from .fairness import Clock, RateLimited, TokenBuckets
from .listener import Tally, closing

log = logging.getLogger("pyramid_solitaire.web")

HEADER_SECONDS = 10.0
REQUEST_SECONDS = 30.0
WRITE_SECONDS = 10.0
QUEUED_BYTES = 256 * 1024
PIPELINED_PER_SECOND = 50.0
MAX_CONNECTIONS = 4096  # per worker; lowered to fit the open-files limit (server.connection_cap)
TIMED_OUT = "pyramid_solitaire.timed_out"  # scope extension: the request was cut off for slowness


def canned(status: str, refusal: Refusal, extra_headers: str = "") -> bytes:
    """A whole HTTP answer that closes the connection, written straight to the socket."""
    body = json.dumps(refusal.to_dict()).encode()
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
        f"{extra_headers}connection: close\r\n\r\n"
    )
    return head.encode() + body


refusals = Tally(logging.WARNING, "refused %d connection(s) over the cap of %d open connections")
unread = Tally(logging.INFO, "closed %d connection(s) whose answers were not read (last: %s, %s)")
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
        self.write_seconds = getattr(config, "write_seconds", WRITE_SECONDS)
        self.queued_bytes = getattr(config, "queued_bytes", QUEUED_BYTES)
        self.write_deadline: asyncio.TimerHandle | None = None
        self.queued_then = 0
        self.in_line = self.let_in = self.sent_before_answer = False
        self.deadline: asyncio.TimerHandle | None = None
        self.waiting_for = ""  # "headers", "body" or "" (nothing is arriving)
        self.request_started = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Take the new connection, making room at the cap or refusing it with 503."""
        if len(self.connections) >= self.max_connections and not self.make_room():
            self.transport = transport  # for connection_lost
            self.refuse(transport)
            return
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with suppress(OSError):  # Linux doubles what it is asked: the buffer is queued_bytes
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.queued_bytes // 2)
        self.expect_request()
        self.now_idle()

    # --- the connections idle at the cap give way to new ones ------------------------------

    @property
    def idle(self) -> dict["GuardedH11Protocol", None]:
        """This server's idle connections, the longest idle first (a dict keeps insertion order)."""
        if not hasattr(self.server_state, "idle"):
            self.server_state.idle = {}  # type: ignore[attr-defined]
        idle: dict[GuardedH11Protocol, None] = self.server_state.idle  # type: ignore[attr-defined]
        return idle

    def now_idle(self) -> None:
        """Mark this connection idle: at the cap it may give way to a new one."""
        self.idle[self] = None

    def now_busy(self) -> None:
        """Mark this connection busy: it is not shed to make room."""
        self.idle.pop(self, None)

    def make_room(self) -> bool:
        """Close a connection for this one: the one in the pipeline's line longest, else the one
        idle longest; False when there is neither."""
        for waiting in self.pipeline.line:
            self.pipeline.leave(waiting)
            waiting.give_up(f"its place given to a new connection at the cap of {self.max_connections}")
            return True
        for longest in self.idle:
            longest.now_busy()
            closing(longest.transport)
            longest.transport.close()
            sheddings.add(self.max_connections)
            return True
        return False

    def refuse(self, transport: asyncio.Transport) -> None:
        """Answer 503 and close: the cap is reached and no connection is idle."""
        transport.write(REFUSED)
        closing(transport)
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
        """After an answer, watch for the next request; a pipelined one waits for its turn."""
        self.sent_before_answer = self.conn.their_state is h11.DONE and bool(self.conn.trailing_data[0])
        super().on_response_complete()  # handle_events: the next request, or in line for its turn
        if not self.in_line:
            self.after_answer()

    def handle_events(self) -> None:
        """uvicorn's parsing of what has arrived; a pipelined request first waits for its turn."""
        if self.in_line:
            return
        if self.conn.their_state is h11.IDLE and not self.let_in and self.pipelined():
            self.sent_before_answer = False
            if not self.pipeline.enter(self):
                self.in_line = True
                self.wait_in_line()
                return
        self.let_in = False
        super().handle_events()

    def pipelined(self) -> bool:
        """The next request was sent before the answer to the one before, or arrived with another
        behind it (a client that reads its answers sends one, then waits)."""
        if self.sent_before_answer:
            return True
        buffered = self.conn.trailing_data[0]
        end = buffered.find(b"\r\n\r\n")
        if end < 0 or len(buffered) == end + 4:
            return False
        head = buffered[:end].lower()  # a body would follow the head: not judged by its bytes
        return b"content-length:" not in head and b"transfer-encoding:" not in head

    def after_answer(self) -> None:
        """Once the next request may run: its deadline, or the connection marked idle."""
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
        self.pipeline.leave(self)
        self.stop_deadline()
        self.stop_watching_writing()
        super().connection_lost(exc)

    # --- answers must be read: the write deadline, pipelined requests' turns ----------------

    @property
    def pipeline(self) -> "Pipeline":
        """This server's turns for pipelined requests (one Pipeline per worker)."""
        if not hasattr(self.server_state, "pipeline"):
            per_second = getattr(self.config, "pipelined_per_second", PIPELINED_PER_SECOND)
            self.server_state.pipeline = Pipeline(per_second, self.loop.time, self.loop.call_later)  # type: ignore[attr-defined]
        pipeline: Pipeline = self.server_state.pipeline  # type: ignore[attr-defined]
        return pipeline

    def pause_writing(self) -> None:
        """The kernel's buffer is full and uvicorn's past 64 KiB: the client is not reading."""
        super().pause_writing()
        self.watch_writing()

    def resume_writing(self) -> None:
        """The client is taking the answers again: no write deadline."""
        super().resume_writing()
        self.stop_watching_writing()

    def watch_writing(self) -> None:
        """Start a period of `write_seconds` in which the client must take some of the answers."""
        self.stop_watching_writing()
        self.queued_then = self.transport.get_write_buffer_size()
        self.write_deadline = self.loop.call_later(self.write_seconds, self.write_deadline_passed)

    def stop_watching_writing(self) -> None:
        """Cancel the write deadline, if any."""
        if self.write_deadline is not None:
            self.write_deadline.cancel()
            self.write_deadline = None

    def write_deadline_passed(self) -> None:
        """A period is over: another if the client took a byte, else the connection is closed."""
        self.write_deadline = None
        if self.transport.is_closing():
            return
        if self.transport.get_write_buffer_size() < self.queued_then:
            self.watch_writing()  # the client took some: another period
            return
        self.give_up(f"no byte of the answers taken in {self.write_seconds:g} s")

    def wait_in_line(self) -> None:
        """The next request is pipelined, and no turn has come round."""
        self._unset_keepalive_if_required()  # the line has a deadline of its own
        self.flow.pause_reading()
        self.start_deadline(self.write_seconds, "turn")

    def take_turn(self) -> None:
        """The pipeline's call: this connection's pipelined request runs now."""
        self.in_line, self.let_in = False, True
        self.stop_deadline()
        self.flow.resume_reading()
        self.handle_events()
        self.after_answer()

    def give_up(self, why: str) -> None:
        """Close a connection whose client does not read (counted, one log line per 10 s)."""
        unread.add(self.client[0] if self.client else "-", why)
        if self.transport.get_write_buffer_size():
            self.transport.abort()  # what is queued would never be read: dropped, the socket closed now
        else:
            self.transport.close()

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
        if waiting_for == "turn":
            return self.give_up(f"a pipelined request not let in within {self.write_seconds:g} s")
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


TURNS = "pipelined"  # the one bucket of the worker's Pipeline


# asyncio's call_later: run a callback after so many seconds (a test hands its own).
Later = Callable[[float, Callable[[], object]], asyncio.TimerHandle]


class Pipeline:
    """The worker's turns for pipelined requests: `per_second` of them, a second's worth (at least
    one) at once after a quiet spell; the others wait in line, first come first served. A request
    sent with the answer to the one before unread is the one kind a client can queue without limit
    (no browser or proxy sends them), and a worker answering all of them spends itself on clients
    that read nothing: 1,000 such clients kept a worker at 75% of a core answering 26,000 of them
    in 30 s, and on a loaded machine a busy process is the last to be given the processor."""

    def __init__(self, per_second: float, clock: Clock = time.monotonic, later: Later | None = None) -> None:
        self.per_second, self.clock = per_second, clock
        self.turns = TokenBuckets(max(per_second, 1.0), per_second, clock)  # one bucket: the worker's
        self.later = later or asyncio.get_running_loop().call_later
        self.line: dict[GuardedH11Protocol, None] = {}  # in order of arrival
        self.next_pass: asyncio.TimerHandle | None = None

    def enter(self, protocol: GuardedH11Protocol) -> bool:
        """True: a turn is the protocol's now. False: it waits in line for take_turn."""
        if not self.line and self.take():
            return True
        self.line[protocol] = None
        self.pass_later()
        return False

    def leave(self, protocol: GuardedH11Protocol) -> None:
        """The protocol no longer waits (closed, or given up)."""
        self.line.pop(protocol, None)

    def take(self) -> bool:
        """Spend a turn if one has come round since the last."""
        try:
            self.turns.spend(TURNS)
        except RateLimited:
            return False
        return True

    def pass_later(self) -> None:
        """Let the next in line in when its turn comes round."""
        if self.next_pass is None and self.line:
            wait = max(1 - self.turns.tokens(TURNS, self.clock()), 0) / self.per_second
            self.next_pass = self.later(wait, self.pass_on)

    def pass_on(self) -> None:
        """Give the turns that have come round to those first in line."""
        self.next_pass = None
        while self.line:
            waiting = next(iter(self.line))
            if waiting.transport.is_closing():
                del self.line[waiting]
                continue
            if not self.take():
                break
            del self.line[waiting]
            waiting.take_turn()
        self.pass_later()


REFUSED = canned(
    "503 Service Unavailable", Refusal("too_many_connections", retry_after=1), "retry-after: 1\r\n"
)
