"""The service worker that lets the page open and play without a network (static/sw.js).

It is served from the site root, /sw.js, so its scope is the whole site. The file is a template:
the server fills in ASSETS (every file of the page) and RELEASE (the package version and a hash of
those files), so the worker's cache holds exactly the page that is deployed, and any change to it
installs a new cache on the player's next visit.
"""

import hashlib
import json
from functools import cache
from pathlib import Path

from fastapi.responses import Response

from .. import __version__

TEMPLATE = "sw.js"


def page_files(static: Path) -> list[str]:
    """The URLs of every file of the page, the page itself first."""
    files = sorted(p for p in static.rglob("*") if p.is_file() and p.name != TEMPLATE)
    return ["/"] + [f"/static/{p.relative_to(static).as_posix()}" for p in files]


def release(static: Path) -> str:
    digest = hashlib.sha256()
    for url in page_files(static)[1:]:
        digest.update(url.encode() + b"\0" + (static / url.removeprefix("/static/")).read_bytes())
    return f"{__version__}-{digest.hexdigest()[:12]}"


@cache
def service_worker_source(static: Path) -> str:
    """The worker with its release and file list, made once per server process."""
    text = (static / TEMPLATE).read_text(encoding="utf-8")
    text = text.replace('/*RELEASE*/ "dev"', json.dumps(release(static)))
    return text.replace("/*ASSETS*/ []", json.dumps(page_files(static)))


def service_worker(static: Path) -> Response:
    # no-cache: the browser asks for the worker on every visit, which is how a release reaches it.
    return Response(
        service_worker_source(static),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )
