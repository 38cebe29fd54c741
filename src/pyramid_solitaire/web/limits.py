"""Load limits: what one request may cost the server."""

import asyncio

from ..errors import Refusal
from .errors import refused

# A real request is a few kilobytes (a record of a few hundred moves); anything far bigger is junk.
MAX_BODY = 64 * 1024


class BodyLimit:
    """ASGI middleware: refuse a request body over `limit` bytes with 413 before it is parsed,
    whether or not the client announced its length, and one that dribbles in slower than
    `seconds` per chunk with 408, so no request holds the server indefinitely."""

    def __init__(self, app, limit: int, seconds: float = 10.0):
        self.app, self.limit, self.seconds = app, limit, seconds

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        chunks, size = [], 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), self.seconds)
            except TimeoutError:
                return await refused(Refusal("body_too_slow"), 408)(scope, receive, send)
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                return await refused(Refusal("body_too_large", limit=self.limit), 413)(scope, receive, send)
            if not message.get("more_body"):
                break
        body, replayed = b"".join(chunks), False

        async def replay():
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)
