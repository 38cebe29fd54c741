"""What the server writes, and in which form (`--log-format`): the banner, uvicorn's own lines,
the app's, Python's warnings, and the access lines (access.py makes those).

    combined (default)  the banner as plain text and the access lines in the combined format on
        standard output; everything else on standard error, stamped with its time and level
    json  every line the server writes is one JSON object: {time, level, logger, message}, plus
        `exception` (the traceback as one string) when there is one, and the banner's `url`; the
        access lines have their own fields (access.py). A log collector reads every line alike.
"""

import copy
import json
import logging
from datetime import UTC, datetime
from typing import Any

from uvicorn.config import LOGGING_CONFIG

BANNER = "pyramid_solitaire.banner"  # the start-up line naming the URL to open
# A LogRecord's own attributes: whatever else a record holds was passed as `extra`.
OWN = set(logging.makeLogRecord({}).__dict__) | {
    "message",
    "asctime",
    "color_message",
}  # uvicorn's coloured copy


class JsonLines(logging.Formatter):
    """A log record as one JSON object on one line (json.dumps escapes every line break)."""

    def format(self, record: logging.LogRecord) -> str:
        """{time, level, logger, message}, any `extra` fields, and the traceback when there is one."""
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry |= {key: value for key, value in record.__dict__.items() if key not in OWN}
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str)


def logging_config(level: str, log_format: str = "combined") -> dict[str, Any]:
    """uvicorn's logging, plus the app's loggers and the banner's: access lines and the banner on
    standard output, the rest on standard error; in json every formatter but the access line's
    (already JSON) writes JsonLines."""
    config = copy.deepcopy(LOGGING_CONFIG)
    formatters = config["formatters"]
    formatters["stamped"] = {
        "()": "uvicorn.logging.DefaultFormatter",
        "fmt": "%(asctime)s %(levelprefix)s %(message)s",
    }
    formatters["access_line"] = {"format": "%(message)s"}  # an access line carries its own time (access.py)
    formatters["banner"] = {"format": "%(message)s"}
    if log_format == "json":
        for name in ("default", "access", "stamped", "banner"):
            formatters[name] = {"()": f"{__name__}.JsonLines"}
    out = {"class": "logging.StreamHandler", "stream": "ext://sys.stdout"}
    handlers = config["handlers"]
    handlers["stamped_out"] = {**out, "formatter": "stamped"}
    handlers["stamped_err"] = {**out, "formatter": "stamped", "stream": "ext://sys.stderr"}
    handlers["access_out"] = {**out, "formatter": "access_line"}
    handlers["banner_out"] = {**out, "formatter": "banner"}
    upper = level.upper()
    loggers = config["loggers"]
    loggers["pyramid_solitaire.access"] = {"handlers": ["access_out"], "level": upper, "propagate": False}
    loggers["pyramid_solitaire.web"] = {"handlers": ["stamped_err"], "level": upper, "propagate": False}
    loggers[BANNER] = {"handlers": ["banner_out"], "level": "INFO", "propagate": False}  # at any level
    # Every other logger (asyncio's, py.warnings: Python's warnings, captured) in the same form.
    config["root"] = {"handlers": ["stamped_err"], "level": "WARNING"}
    return config


def say_started(url: str) -> None:
    """The banner: where the server listens, as a browser opens it."""
    logging.getLogger(BANNER).info("Pyramid solitaire on %s", url, extra={"url": url})


def error_line(log_format: str, message: str) -> str:
    """A start-up error of the serve command (the address taken, a worker that failed), as a line in
    the log's form: printed by the command, after the logging that would carry it has stopped."""
    if log_format != "json":
        return message
    record = logging.makeLogRecord(
        {"name": "pyramid_solitaire.serve", "levelno": logging.ERROR, "msg": message}
    )
    record.levelname = "ERROR"
    return JsonLines().format(record)
