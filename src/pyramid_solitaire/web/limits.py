"""Load limits: what one request may cost the server."""

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..engine.errors import Refusal
from .errors import refused

# A real request is a few kilobytes (a record of a few hundred moves); anything far bigger is junk.
MAX_BODY = 64 * 1024
CLOSE = {"connection": "close"}  # a refused body is never read: the connection cannot go on
CHUNK_SECONDS = 10.0  # the longest pause between two parts of a body (connections.py bounds the whole)


class BodyLimit:
    """ASGI middleware: refuse a request body over `limit` bytes with 413 before it is parsed,
    whether or not the client announced its length (when it did, before `100 Continue` invites
    the body), and one that pauses longer than `seconds` between chunks with 408. Both answers
    close the connection: the rest of the body is never read."""

    def __init__(self, app: ASGIApp, limit: int, seconds: float = CHUNK_SECONDS) -> None:
        self.app, self.limit, self.seconds = app, limit, seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if self.declared_length(scope) > self.limit:
            return await self.too_large(scope, receive, send)  # before the first receive()
        chunks: list[bytes] = []
        size = 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), self.seconds)
            except TimeoutError:
                return await refused(Refusal("body_too_slow"), 408, CLOSE)(scope, receive, send)
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                return await self.too_large(scope, receive, send)
            if not message.get("more_body"):
                break
        body, replayed = b"".join(chunks), False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    @staticmethod
    def declared_length(scope: Scope) -> int:
        """The body length the request's Content-Length announces, 0 when none."""
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                return int(value) if value.isdigit() else 0  # h11 refuses a malformed one before this
        return 0

    async def too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer 413 and close the connection: the body is over the limit."""
        await refused(Refusal("body_too_large", limit=self.limit), 413, CLOSE)(scope, receive, send)
