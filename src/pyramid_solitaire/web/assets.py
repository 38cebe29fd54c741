"""The page and its files, with caching that never shows a player a stale release.

Every file's ETag is a hash of its bytes (`content_etag`), so the same release gives the same
ETags on every install, host and process, and any edit changes it, whatever the file's time or
size. Under its plain URL a file is revalidated on use (Cache-Control: no-cache: an unchanged file
costs a 304 and no body). Under its versioned URL, `?v=` and its content hash (what the service
worker fetches, offline.py), the bytes can never change, so it is cached for a year, immutable.
"""

import hashlib
import mimetypes
import os
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers, QueryParams
from starlette.types import Scope

from .settings import STATIC

REVALIDATE = "no-cache"
IMMUTABLE = "public, max-age=31536000, immutable"  # a versioned URL: these bytes for good


def content_hash(body: bytes) -> str:
    """A short hash of the bytes: the file's ETag and the `?v=` of its versioned URL."""
    return hashlib.sha256(body).hexdigest()[:20]


def cached_answer(body: bytes, scope: Scope, media_type: str) -> Response:
    """The file's bytes with their content ETag, or a 304 when the client holds them already."""
    digest = content_hash(body)
    headers = {"ETag": f'"{digest}"', "Cache-Control": REVALIDATE}
    if QueryParams(scope.get("query_string", b"").decode("latin-1")).get("v") == digest:
        headers["Cache-Control"] = IMMUTABLE
    asked = Headers(scope=scope).get("if-none-match", "")
    # A proxy that compressed the answer weakens its ETag (W/"..."): the same bytes all the same.
    if digest in {tag.strip().removeprefix("W/").strip('"') for tag in asked.split(",")}:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


class ContentStatic(StaticFiles):
    """Starlette's static files (its path checks and lookups) answered with content ETags."""

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        """The file's bytes with their content ETag (or a 304), with a charset for text."""
        media_type = mimetypes.guess_type(str(full_path))[0] or "application/octet-stream"
        if media_type.startswith("text/") or media_type.endswith(("javascript", "json", "+xml")):
            media_type += "; charset=utf-8"
        return cached_answer(Path(full_path).read_bytes(), scope, media_type)


def add_page_and_assets(app: FastAPI, root: Path = STATIC) -> None:
    """Serve the page at / and its files under /static, with content ETags."""
    page = root / "index.html"

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def index(request: Request) -> Response:
        return cached_answer(page.read_bytes(), request.scope, "text/html; charset=utf-8")

    app.mount("/static", ContentStatic(directory=root), name="static")
