"""The page, its files under /static and its service worker at /sw.js (none in /openapi.json). A
mount is no router's route, so the page is added to the app itself, last: its files never shadow
an API route."""

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response

from ..assets import add_page_and_assets
from ..offline import ServiceWorker


def add_page(app: FastAPI, static_dir: Path) -> None:
    """/sw.js, the page at / and its files, from `static_dir`."""
    worker = ServiceWorker(static_dir)

    @app.get("/sw.js", include_in_schema=False)
    def offline_worker(request: Request) -> Response:
        """The service worker with this release's files (offline.py)."""
        return worker.response(request.scope)

    add_page_and_assets(app, static_dir)
