"""One log line per request: client, method, path, status and time; a client that hung up is one
line too (status 499, as nginx writes it), never a traceback or a 500, and so is a request cut off
because its body came too slowly (408, written by connections.py)."""

import logging
import time

from .connections import TIMED_OUT

log = logging.getLogger("pyramid_solitaire.access")
HUNG_UP = 499


class AccessLog:
    """ASGI middleware, the outermost: it sees every answer the app gives, or that none was given."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started, status = time.perf_counter(), HUNG_UP

        async def send_noting_status(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_noting_status)
        except BaseException:
            status = 500  # a bug: the server's error middleware answers 500 and uvicorn logs it
            raise
        finally:
            if log.isEnabledFor(logging.INFO):
                client = scope.get("client") or ("-", 0)
                ms = (time.perf_counter() - started) * 1000
                if status == HUNG_UP and TIMED_OUT in scope.get("extensions", {}):
                    status = 408
                note = " (client hung up)" if status == HUNG_UP else ""
                log.info(
                    '%s "%s %s" %d %.1f ms%s', client[0], scope["method"], scope["path"], status, ms, note
                )
