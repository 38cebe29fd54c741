"""Server start-up: uvicorn in this process, or several workers sharing one listening socket."""

import socket


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> None:
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    if workers <= 1:
        uvicorn.run("pyramid_solitaire.web:app", host=host, port=port, log_level="info")
        return
    # uvicorn's own --workers path binds its socket without naming IPPROTO_TCP, so accepted
    # connections miss TCP_NODELAY and every keep-alive request waits ~40 ms for a delayed ACK
    # (uvicorn issue 3149). Bind the socket here, protocol named, and hand it to the workers.
    config = uvicorn.Config(
        "pyramid_solitaire.web:app", host=host, port=port, workers=workers, log_level="info"
    )
    Multiprocess(config, sockets=[listening_socket(host, port)]).run()


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound for the workers to share, protocol named so accepted connections
    get TCP_NODELAY from asyncio."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock
