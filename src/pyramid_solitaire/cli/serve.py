"""The serve command: the browser game and its JSON API."""


def add_commands(sub) -> None:
    """This group's subcommands, on the parser's subparsers."""
    p = sub.add_parser("serve", help="serve the browser game on http://HOST:PORT/")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument(
        "--log-level",
        choices=["critical", "error", "warning", "info", "debug"],
        default="info",
        help="info logs one line per request (default); warning only what went wrong",
    )
    p.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For names the client (repeatable; default: none)",
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=4096,
        help="open connections per worker, past which new ones are refused (default 4096, "
        "lowered to fit the open-files limit)",
    )
    p.set_defaults(func=cmd_serve)


def cmd_serve(args, out) -> int:
    """Serve the browser game (and its JSON API) until interrupted."""
    from ..web import serve  # the web stack loads only for this command

    print(f"Pyramid solitaire on http://{args.host}:{args.port}/", file=out, flush=True)
    serve(
        args.host,
        args.port,
        args.workers,
        log_level=args.log_level,
        trusted_proxies=args.trusted_proxy,
        max_connections=args.max_connections,
    )
    return 0
