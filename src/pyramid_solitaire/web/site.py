"""The game as a static site: the page and its files as plain files any static host or CDN serves,
with no Python behind it (`pyramid-solitaire site DIR`).

The page plays in the browser (static/js/rules/) and its solver runs there too (static/js/solver/,
the C kernel as WebAssembly in a Web Worker): hints, the review, Show the way, winnable-only and
daily deals need no server. What the server would answer besides is written as files: the variant
list (/api/variants, a JSON file) and the service worker (/sw.js) with its release and asset list
filled in. `_headers` gives hosts that read it (Netlify, Cloudflare Pages) the server's security
headers. The site must be served from the root of its host name: the page's URLs are absolute.
Beside each text file and kernel.wasm go FILE.br and FILE.gz (`precompress`), for hosts that send
them as they are (nginx's gzip_static and brotli_static, Caddy's precompressed: deploy/).
"""

import gzip
import json
import shutil
from pathlib import Path

import brotli

from .headers import CSP
from .offline import TEMPLATE, service_worker_source
from .routes.about import api_version, variants_answer
from .settings import STATIC

HEADERS = f"""/*
  Content-Security-Policy: {CSP}
  X-Content-Type-Options: nosniff
  Referrer-Policy: no-referrer
  Cache-Control: no-cache
/static/js/solver/kernel.wasm
  Content-Type: application/wasm
"""


# What compresses (text and the kernel; the card images are compressed already), and the least
# worth it: below that a compressed copy saves less than a packet.
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".wasm", ".txt")
COMPRESS_MINIMUM = 500


class SiteError(ValueError):
    """The site cannot be written where asked."""


def write_site(target: Path, static: Path = STATIC) -> list[Path]:
    """Write the static site into `target` (a new or empty folder); returns the files written."""
    target = Path(target)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise SiteError(f"{target} is not an empty folder: the site is written into a new or empty one")
    target.mkdir(parents=True, exist_ok=True)
    shutil.copytree(static, target / "static", ignore=shutil.ignore_patterns(TEMPLATE), dirs_exist_ok=True)
    shutil.copyfile(static / "index.html", target / "index.html")
    (target / "sw.js").write_text(service_worker_source(static), encoding="utf-8")
    (target / "api").mkdir()
    (target / "api" / "variants").write_text(json.dumps(variants_answer()), encoding="utf-8")
    # The version, marked as a static site's: the page asks it to learn whether a game server is
    # behind it (no server hints, no results store), and a 404 per finished game would fill a log.
    (target / "api" / "version").write_text(json.dumps({**api_version(), "site": True}), encoding="utf-8")
    (target / "_headers").write_text(HEADERS, encoding="utf-8")
    precompress(target)
    return sorted(p for p in target.rglob("*") if p.is_file())


def precompress(target: Path) -> list[Path]:
    """FILE.br and FILE.gz beside every file of the site worth compressing; the same bytes on every
    run (gzip's time stamp 0), so a rerun changes only what changed. Returns the files written."""
    written = []
    for path in sorted(p for p in target.rglob("*") if p.is_file()):
        named = path.suffix in COMPRESSED or path.relative_to(target).as_posix() == "api/variants"
        body = path.read_bytes()
        if not named or len(body) < COMPRESS_MINIMUM:
            continue
        for suffix, packed in (
            (".br", brotli.compress(body, quality=11)),
            (".gz", gzip.compress(body, 9, mtime=0)),
        ):
            out = path.with_name(path.name + suffix)
            out.write_bytes(packed)
            written.append(out)
    return written
