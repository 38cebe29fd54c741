"""One log line per request, in a standard form, and the request's figures for /metrics.

    combined (default)  the combined log format of Apache and nginx, plus the time taken in seconds:
        203.0.113.9 - - [01/Dec/2026:09:30:00 +0000] "GET /api/codes?x=1 HTTP/1.1" 200 123 "-" "curl" 0.003
    json  one JSON object a line: time, client, method, path, query, protocol, status, bytes,
        seconds, referer, user_agent

The client is the socket's peer, or the address a trusted proxy forwarded (server.py hands uvicorn
the proxies to trust; its middleware puts that address in the scope before this one runs). The path
is logged as it was sent (percent-escapes kept), and every byte outside printable ASCII, quotes and
backslashes included, is written as \\xHH (JSON escapes its own), so no request can write a line
break, a NUL or a terminal escape into the log: no line can be forged.

A client that hung up is one line too (status 499, as nginx writes it), never a traceback or a 500,
and so is a request cut off because its body came too slowly (408, written by connections.py).
"""

import json
import logging
import time
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime

from starlette.routing import BaseRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .connections import TIMED_OUT
from .errors import REFUSAL
from .metrics import Metrics

log = logging.getLogger("pyramid_solitaire.access")
HUNG_UP = 499
PRINTABLE = frozenset(range(0x20, 0x7F)) - {ord('"'), ord("\\")}


def escaped(raw: bytes) -> str:
    """Printable ASCII as it is, every other byte as \\xHH."""
    return "".join(chr(b) if b in PRINTABLE else f"\\x{b:02x}" for b in raw)


def header(scope: Scope, name: bytes) -> bytes | None:
    """The value of a request header, or None when the client did not send it."""
    for key, value in scope.get("headers", ()):
        if key == name:
            found: bytes = value
            return found
    return None


def route_of(scope: Scope, routes: Iterable[BaseRoute]) -> str:
    """The route's template (/api/hint, /static), never the raw path: the metrics' labels stay few.
    A request refused before routing (its body too slow, too large, or never sent) is named by
    the route its path would have taken."""
    # A mount (/static) moved the path into root_path as it routed: match on the path as it came.
    probe = {**scope, "root_path": scope.get("app_root_path", scope.get("root_path", ""))}
    route = scope.get("route") or next((r for r in each_route(routes) if r.matches(probe)[0].value), None)
    return getattr(route, "path", None) or "unmatched"


def each_route(routes: Iterable[BaseRoute]) -> Iterator[BaseRoute]:
    """The app's routes, each router's (routes/) in its place: FastAPI keeps an included router
    as one entry (since 0.13x; before, its routes were copied in), which matches but names no path."""
    for route in routes:
        included = getattr(route, "original_router", None)
        yield from each_route(included.routes) if included is not None else (route,)


Line = Callable[[Scope, int, int, float], str]  # an access line from the scope, status, bytes, seconds


class AccessLog:
    """ASGI middleware, the outermost: it sees every answer the app gives, or that none was given."""

    def __init__(
        self,
        app: ASGIApp,
        log_format: str = "combined",
        metrics: Metrics | None = None,
        routes: Iterable[BaseRoute] = (),
    ) -> None:
        self.app, self.metrics, self.routes = app, metrics, routes
        self.line: Line = json_line if log_format == "json" else combined_line

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started, status, sent = time.perf_counter(), HUNG_UP, 0

        async def send_noting_status(message: Message) -> None:
            nonlocal status, sent
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body" and scope["method"] != "HEAD":
                sent += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, send_noting_status)
        except BaseException:
            status = 500  # a bug: the server's error middleware answers 500 and uvicorn logs it
            raise
        finally:
            seconds = time.perf_counter() - started
            if status == HUNG_UP and TIMED_OUT in scope.get("extensions", {}):
                status = 408
            if self.metrics is not None:
                refusal = scope.get("extensions", {}).get(REFUSAL)
                self.metrics.answered(route_of(scope, self.routes), status, seconds, refusal)
            if log.isEnabledFor(logging.INFO):
                log.info("%s", self.line(scope, status, sent, seconds))


def raw_path(scope: Scope) -> bytes:
    """The request's path as the client sent it (percent-escapes kept)."""
    path: bytes = scope.get("raw_path") or scope["path"].encode("utf-8", "surrogateescape")
    return path


def target(scope: Scope) -> bytes:
    """The request's path and query as the client sent them."""
    path = raw_path(scope)
    query: bytes = scope.get("query_string", b"")
    return path + (b"?" + query if query else b"")


def client_of(scope: Scope) -> str:
    """The client's address as the scope names it, or '-' when unknown."""
    client: str = (scope.get("client") or ("-", 0))[0]
    return client


def combined_line(scope: Scope, status: int, sent: int, seconds: float) -> str:
    """One access-log line in the combined format, plus the seconds taken."""
    stamp = datetime.now(UTC).strftime("%d/%b/%Y:%H:%M:%S %z")
    request = f"{escaped(scope['method'].encode())} {escaped(target(scope))} HTTP/{scope['http_version']}"
    referer = escaped(header(scope, b"referer") or b"-")
    agent = escaped(header(scope, b"user-agent") or b"-")
    client = escaped(client_of(scope).encode())
    return f'{client} - - [{stamp}] "{request}" {status} {sent} "{referer}" "{agent}" {seconds:.3f}'


def text(raw: bytes | None) -> str | None:
    """Bytes as text for a JSON line (what is not UTF-8 as \\xHH), None as null."""
    return raw.decode("utf-8", "backslashreplace") if raw is not None else None


def json_line(scope: Scope, status: int, sent: int, seconds: float) -> str:
    """One access-log line as a JSON object."""
    path = raw_path(scope)
    entry = {
        "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
        "client": client_of(scope),
        "method": scope["method"],
        "path": text(path),
        "query": text(scope.get("query_string", b"")),
        "protocol": f"HTTP/{scope['http_version']}",
        "status": status,
        "bytes": sent,
        "seconds": round(seconds, 6),
        "referer": text(header(scope, b"referer")),
        "user_agent": text(header(scope, b"user-agent")),
    }
    return json.dumps(entry)  # ensure_ascii: every control character and non-ASCII one as \uXXXX
