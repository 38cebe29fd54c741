"""The server's settings in one object: what `serve` is asked for on its command line or in the
environment, and what the app may spend (limits, the solver's budgets, slots and buckets).

`create_app(settings)` builds everything from one `Settings`, so two apps in one process share
nothing; a test asks for the settings it needs instead of patching module globals. Every field is
also read from the environment as PYRAMID_SOLITAIRE_<FIELD> (PYRAMID_SOLITAIRE_PORT=8412,
PYRAMID_SOLITAIRE_TRUSTED_PROXIES=10.0.0.1,10.0.0.2); an option on the command line wins.
"""

import ipaddress
import os
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from ..solver import budgets
from .limits import MAX_BODY

ENV_PREFIX = "PYRAMID_SOLITAIRE_"
STATIC = Path(__file__).parent.parent / "static"
LogLevel = Literal["critical", "error", "warning", "info", "debug"]
Seconds = Annotated[float, Field(gt=0, allow_inf_nan=False)]


def default_solver_slots() -> int:
    """Solver searches that may run at once: all cores but one, so ordinary moves keep a core."""
    return max((os.cpu_count() or 2) - 1, 1)


class Settings(BaseSettings):
    """The server's settings, from serve's options or PYRAMID_SOLITAIRE_* environment variables."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, frozen=True, extra="forbid")

    # --- where and how it serves (serve's options) ------------------------------------------
    host: str = Field(default="127.0.0.1", min_length=1)
    port: int = Field(default=8000, ge=0, le=65535)
    workers: int = Field(default=1, ge=1, le=256)
    log_level: LogLevel = "info"
    log_format: Literal["combined", "json"] = "combined"
    # Reverse proxies whose X-Forwarded-For names the client (the socket's peer otherwise).
    trusted_proxies: Annotated[tuple[str, ...], NoDecode] = ()
    gzip: bool = True  # compress text answers for browsers (off when a proxy does it)

    # --- what a connection may hold (connections.py, server.py) --------------------------------
    max_connections: int = Field(default=4096, ge=1)  # per worker; lowered to fit the open-files limit
    header_seconds: Seconds = 10.0  # a request's headers must be in within this of its first byte
    request_seconds: Seconds = 30.0  # and the whole request within this
    keep_alive_seconds: Seconds = 5.0  # an idle kept-alive connection is closed after this long
    write_seconds: Seconds = 10.0  # answers the client takes nothing of for this long: closed
    queued_bytes: int = Field(default=256 * 1024, ge=8192)  # the kernel's send buffer per connection
    pipelined_per_second: float = Field(default=50.0, gt=0, allow_inf_nan=False)  # per worker

    # --- what a request may cost (limits.py, fairness.py, solving.py) --------------------------
    max_body: int = Field(default=MAX_BODY, ge=1024)  # a real request is a few kilobytes
    # The solver's budgets and tokens have their defaults in one table (solver/budgets.py).
    solver_burst: float = Field(default=budgets.BURST_TOKENS, gt=0)  # tokens of an address's bucket
    solver_per_second: float = Field(default=budgets.TOKENS_PER_SECOND, gt=0)  # gained back a second
    solver_slots: int = Field(default_factory=default_solver_slots, ge=1)
    solver_slot_wait: float = Field(default=0.1, ge=0)  # how long a request waits for a busy solver's slot
    hint_seconds: Seconds = budgets.HINT.seconds  # a hint's search
    review_seconds: Seconds = budgets.REVIEW.seconds  # a review's
    way_seconds: Seconds = budgets.WAY.seconds  # "Show the way"
    winnable_seconds: Seconds = budgets.WINNABLE_DEAL.seconds  # New game, winnable only

    # --- players' results (results/, docs/results.md) ------------------------------------------
    database: str | None = Field(default=None, min_length=1, max_length=2000)  # None: SQLite, user data

    # --- what it serves ----------------------------------------------------------------------
    static_dir: Path = STATIC  # the page and its files (a test serves a copy to play a release)

    @field_validator("database")
    @classmethod
    def database_url(cls, value: str | None) -> str | None:
        """SQLite or PostgreSQL, told at start-up rather than on the first result."""
        if value is not None:
            from ..results.store import database_url

            database_url(value)
        return value

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def comma_separated(cls, value: object) -> object:
        """The environment gives one string: addresses separated by commas."""
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(",") if part.strip())
        return value

    @field_validator("trusted_proxies")
    @classmethod
    def addresses(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        """Each proxy an IP address or network, as uvicorn reads them: a typo would otherwise
        trust nobody, and every player behind the proxy would share its address's budget. uvicorn's
        "*" is refused: it trusts every client's X-Forwarded-For, so each picks its own budget."""
        for proxy in value:
            if proxy == "*":
                raise ValueError("'*' would let every client name its own address: name the proxies")
            try:
                ipaddress.ip_network(proxy, strict=False)
            except ValueError:
                raise ValueError(f"{proxy!r} is not an IP address or network") from None
        return value


# The options whose name is not their field's (serve's argparse dest).
OPTIONS = {"trusted_proxies": "--trusted-proxy", "gzip": "--no-gzip"}


def problem(err: ValidationError) -> str:
    """The first thing wrong with the settings, as one line that names the option and its variable."""
    first = err.errors()[0]
    field = str(first["loc"][0]) if first["loc"] else "?"
    given = first.get("input")
    shown = "" if isinstance(given, dict) else f" (got {given!r:.40})"
    option = OPTIONS.get(field, "--" + field.replace("_", "-"))
    message = first["msg"].removeprefix("Value error, ")  # pydantic's prefix to a validator's own text
    return f"{option} / {ENV_PREFIX}{field.upper()}: {message}{shown}"
