"""The serve command: the browser game and its JSON API.

Every option is also read from the environment (PYRAMID_SOLITAIRE_PORT, ..._TRUSTED_PROXIES as
addresses separated by commas; web/settings.py); an option given on the command line wins.
"""

import argparse
import sys
from typing import IO, Any

from .common import EXIT_USAGE, UsageError, add_command

EXIT_CANNOT_BIND = 3  # uvicorn's own status for a start-up failure
EXIT_WORKER_FAILED = 3  # the same for a worker that could not start: the service manager restarts


def add_serve(sub: Any) -> None:
    """The serve command, on the parser's subparsers."""
    p = add_command(
        sub,
        "serve",
        "serve the browser game on http://HOST:PORT/",
        "The page, its files and the JSON API the page plays through (docs/hosting.md).\n"
        "Each option can be set in the environment too: --max-connections as\n"
        "PYRAMID_SOLITAIRE_MAX_CONNECTIONS, and so on; an option given here wins.",
        [
            "pyramid-solitaire serve",
            "pyramid-solitaire serve --host 0.0.0.0 --port 8412 --workers 4",
            "pyramid-solitaire serve --trusted-proxy 10.0.0.1 --log-format json --no-gzip",
        ],
    )
    # No defaults here: what is not given comes from the environment, else from web/settings.py.
    unset = argparse.SUPPRESS
    p.add_argument("--host", default=unset, help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=unset, help="port (default 8000)")
    p.add_argument("--workers", type=int, default=unset, help="worker processes (default 1)")
    p.add_argument(
        "--log-level",
        choices=["critical", "error", "warning", "info", "debug"],
        default=unset,
        help="info logs one line per request (default); warning only what went wrong",
    )
    p.add_argument(
        "--log-format",
        choices=["combined", "json"],
        default=unset,
        help="access lines in the combined log format (default), or every line as a JSON object",
    )
    p.add_argument(
        "--trusted-proxy",
        action="append",
        dest="trusted_proxies",
        default=unset,
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For names the client (repeatable; default: none)",
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=unset,
        help="open connections per worker, past which new ones are refused (default 4096, "
        "lowered to fit the open-files limit)",
    )
    p.add_argument(
        "--keep-alive-seconds",
        type=float,
        default=unset,
        help="an idle kept-alive connection is closed after this long (default 5)",
    )
    p.add_argument(
        "--database",
        default=unset,
        metavar="URL",
        help="players' results: sqlite:///PATH or postgresql://... "
        "(default: SQLite in the user's data folder)",
    )
    p.add_argument(
        "--no-gzip",
        dest="gzip",
        action="store_false",
        default=unset,
        help="do not compress answers (when a proxy in front compresses them)",
    )
    p.set_defaults(func=cmd_serve)


def add_site(sub: Any) -> None:
    """The site command, on the parser's subparsers."""
    p = add_command(
        sub,
        "site",
        "write the browser game as a static site into DIR (no server needed)",
        "The page, its files, the solver's WebAssembly kernel, the service worker and the variant "
        "list as plain files for any static host or CDN (docs/hosting.md). DIR must be new or empty.",
        ["pyramid-solitaire site public/", "pyramid-solitaire site /var/www/cards"],
    )
    p.add_argument("dir", metavar="DIR", help="a new or empty folder")
    p.set_defaults(func=cmd_site)


def cmd_serve(args: argparse.Namespace, out: IO[str]) -> int:
    """Serve the browser game (and its JSON API) until interrupted."""
    from pydantic import ValidationError

    from ..web import serve  # the web stack loads only for this command
    from ..web.listener import CannotBind
    from ..web.logs import error_line
    from ..web.server import WorkerCannotStart
    from ..web.settings import Settings, problem

    given = {k: v for k, v in vars(args).items() if k not in ("command", "func")}
    try:
        settings = Settings(**given)
    except ValidationError as err:
        raise UsageError("cli_usage", detail=problem(err)) from None
    try:
        serve(settings)
    except (CannotBind, WorkerCannotStart) as err:
        print(
            error_line(settings.log_format, f"pyramid-solitaire serve: error: {err}"),
            flush=True,
            file=sys.stderr,
        )
        return EXIT_CANNOT_BIND if isinstance(err, CannotBind) else EXIT_WORKER_FAILED
    return 0


def cmd_site(args: argparse.Namespace, out: IO[str]) -> int:
    """Write the page as plain files for any static host (web/site.py); see docs/hosting.md."""
    from pathlib import Path

    from ..web.site import SiteError, write_site

    try:
        files = write_site(Path(args.dir))
    except SiteError as err:  # on standard error, as every command's errors (issue 52)
        print(f"pyramid-solitaire site: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    size = sum(p.stat().st_size for p in files)
    print(f"wrote {len(files)} files ({size / 1024:.0f} KiB) into {args.dir}", file=out)
    print(f"try it: python -m http.server --bind 127.0.0.1 --directory {args.dir} 8080", file=out)
    return 0


__all__ = ["EXIT_USAGE", "add_serve", "add_site", "cmd_serve", "cmd_site"]
