"""The page and its files, with caching that never shows a player a stale release.

Every file is revalidated on use (Cache-Control: no-cache, with an ETag: an unchanged file costs
a 304 and no body). Files are not cached for long under fixed URLs: the service worker (sw.js,
offline.py) fetches a new release's files through the HTTP cache, and the page's modules and
card images are named by unversioned URLs, so a long-cached file would outlive its release.
"""

import hashlib
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent.parent / "static"
REVALIDATE = "no-cache"


class RevalidatedStatic(StaticFiles):
    """Starlette's static files (path checks, ETag, 304) with Cache-Control: no-cache."""

    async def get_response(self, path: str, scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            response.headers["Cache-Control"] = REVALIDATE
        return response


def add_page_and_assets(app: FastAPI, root: Path = STATIC) -> None:
    page = (root / "index.html").read_bytes()
    etag = f'"{hashlib.sha256(page).hexdigest()[:16]}"'

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def index(request: Request):
        headers = {"Cache-Control": REVALIDATE, "ETag": etag}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return HTMLResponse(page, headers=headers)

    app.mount("/static", RevalidatedStatic(directory=root), name="static")
