"""Headers every answer carries: the page's security policy, and no caching of API answers or of
the operator's /metrics, /healthz and /readyz (each must say what is true now)."""

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# The page loads only its own files: no inline script, no eval, no third-party anything. Its
# solver worker compiles its own kernel.wasm: 'wasm-unsafe-eval' allows WebAssembly and not eval.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


NOW_ONLY = ("/metrics", "/healthz", "/readyz")  # answers true only when given: never cached


class SecurityHeaders:
    """ASGI middleware (not Starlette's BaseHTTPMiddleware, which turns a client that hangs up
    mid-request into a 'No response returned' error and a 500)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        api = scope["path"].startswith("/api/") or scope["path"] in NOW_ONLY

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = CSP
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
                if api:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)
