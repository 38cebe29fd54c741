"""The game as a static site: the page and its files as plain files any static host or CDN serves,
with no Python behind it (`pyramid-solitaire site DIR`).

The page plays in the browser (static/js/rules/) and its solver runs there too (static/js/solver/,
the C kernel as WebAssembly in a Web Worker): hints, the review, Show the way, winnable-only and
daily deals need no server. What the server would answer besides is written as files: the variant
list (/api/variants, a JSON file) and the service worker (/sw.js) with its release and asset list
filled in. `_headers` gives hosts that read it (Netlify, Cloudflare Pages) the server's security
headers. The site must be served from the root of its host name: the page's URLs are absolute.
"""

import json
import shutil
from pathlib import Path

from .application import variants_answer
from .assets import STATIC
from .headers import CSP
from .offline import TEMPLATE, service_worker_source

HEADERS = f"""/*
  Content-Security-Policy: {CSP}
  X-Content-Type-Options: nosniff
  Referrer-Policy: no-referrer
  Cache-Control: no-cache
/static/js/solver/kernel.wasm
  Content-Type: application/wasm
"""


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
    (target / "_headers").write_text(HEADERS, encoding="utf-8")
    return sorted(p for p in target.rglob("*") if p.is_file())
