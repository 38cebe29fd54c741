"""The service worker that lets the page open and play without a network (static/sw.js).

It is served from the site root, /sw.js, so its scope is the whole site. The file is a template:
the server fills in FILES (every file of the page and the hash of its bytes, the same hash as the
file's ETag, assets.content_hash) and RELEASE (the package version and a hash over FILES), so the
worker's cache holds exactly the page that is deployed, any change to it installs a new cache on
the player's next visit, and the worker fetches only the files whose hash changed.
"""

import hashlib
import json
from functools import cached_property
from pathlib import Path

from fastapi.responses import Response
from starlette.types import Scope

from .. import __version__
from .assets import cached_answer, content_hash

TEMPLATE = "sw.js"


def page_files(static: Path) -> dict[str, str]:
    """URL -> content hash of every file of the page, the page itself first."""
    files = sorted(p for p in static.rglob("*") if p.is_file() and p.name != TEMPLATE)
    found = {"/": content_hash((static / "index.html").read_bytes())}
    for path in files:
        found[f"/static/{path.relative_to(static).as_posix()}"] = content_hash(path.read_bytes())
    return found


def release(files: dict[str, str]) -> str:
    """The release's name: the package version and a hash over the page's files."""
    digest = hashlib.sha256(json.dumps(files, sort_keys=True).encode())
    return f"{__version__}-{digest.hexdigest()[:12]}"


def service_worker_source(static: Path) -> str:
    """The worker with its release and file list."""
    files = page_files(static)
    text = (static / TEMPLATE).read_text(encoding="utf-8")
    text = text.replace('/*RELEASE*/ "dev"', json.dumps(release(files)))
    return text.replace("/*FILES*/ {}", json.dumps(files, indent=None))


class ServiceWorker:
    """/sw.js for one app: made once, from the files the app serves when it is first asked."""

    def __init__(self, static: Path):
        self.static = static

    @cached_property
    def source(self) -> str:
        """The worker's text, filled in once."""
        return service_worker_source(self.static)

    def response(self, scope: Scope | None = None) -> Response:
        """The /sw.js answer, revalidated on every visit (no-cache: the browser asks for the worker
        each time, which is how a release reaches it) with its content ETag: unchanged, a 304."""
        return cached_answer(self.source.encode(), scope or {}, "text/javascript")
