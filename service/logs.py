"""Structured JSON logs for gunicorn: one JSON object per line, access and errors alike."""

from __future__ import annotations

import ipaddress
import json
import logging
import time
from datetime import timedelta
from typing import Any

from gunicorn.glogging import Logger

__all__ = ["ACCESS_FIELDS", "LOGGING", "REQUEST_ID_KEY", "AccessFormatter", "JsonAccessLogger"]

ACCESS_FIELDS = ("method", "path", "status", "bytes", "duration_ms", "request_id",
                 "remote_addr", "user_agent")
"""What each access line carries after time, level, logger and message."""

REQUEST_ID_KEY = "muggins.request_id"
"""Where the middleware keeps a request's id in its environ."""

_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"

LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": _FORMAT,
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
        "access": {"()": "service.logs.AccessFormatter"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "json",
                    "stream": "ext://sys.stdout"},
        "access": {"class": "logging.StreamHandler", "formatter": "access",
                   "stream": "ext://sys.stdout"},
    },
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["console"], "propagate": False},
        "gunicorn.access": {"level": "INFO", "handlers": ["access"], "propagate": False},
        "muggins": {"level": "INFO", "handlers": ["console"], "propagate": False},
    },
}


class AccessFormatter(logging.Formatter):
    """The access line as python-json-logger writes it (the same keys in the same
    order), without its general machinery: every request pays for this line."""

    def __init__(self) -> None:
        super().__init__()
        self.seconds = (-1, "")
        """The second last stamped and its stamp, one tuple: threads that stamp at once
        each read a pair that belongs together."""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return self.stamp_of(record.created, record.msecs)

    def stamp_of(self, created: float, msecs: float) -> str:
        # logging's default format (as python-json-logger writes it), the seconds part
        # worked out once a second
        second = int(created)
        seconds = self.seconds
        if seconds[0] != second:
            seconds = (second, time.strftime(self.default_time_format, self.converter(second)))
            self.seconds = seconds
        return f"{seconds[1]},{int(msecs):03d}"

    def format(self, record: logging.LogRecord) -> str:
        fields = record.__dict__
        return self.line(self.formatTime(record), record.levelname, record.name,
                         record.getMessage(), {name: fields.get(name) for name in ACCESS_FIELDS})

    @staticmethod
    def line(stamp: str, level: str, logger: str, message: str,
             fields: dict[str, Any]) -> str:
        return json.dumps({"time": stamp, "level": level, "logger": logger, "message": message,
                           **fields}, ensure_ascii=False, default=str)


class JsonAccessLogger(Logger):  # type: ignore[misc]  # gunicorn ships no type hints
    """gunicorn's logger, writing each access as fields rather than a formatted line."""

    def client_address(self, environ: dict[str, Any]) -> str | None:
        """The client, as the front (nginx) saw it when the peer is a trusted front
        (``forwarded_allow_ips``, or a Unix socket); else the peer itself."""
        peer = environ.get("REMOTE_ADDR")
        forwarded = environ.get("HTTP_X_FORWARDED_FOR")
        if not forwarded:
            return peer
        try:
            address = ipaddress.ip_address(peer or "")
        except ValueError:  # a Unix socket: only the front can connect to it
            trusted = True
        else:
            allowed = self.cfg.forwarded_allow_ips
            trusted = "*" in allowed or any(
                address in network for network in self.cfg.forwarded_allow_networks())
        # The front adds the address it saw last; anything before it the client wrote.
        return forwarded.rsplit(",", 1)[-1].strip() if trusted else peer

    def access(self, resp: Any, req: Any, environ: dict[str, Any],
               request_time: timedelta) -> None:
        if not (self.cfg.accesslog or self.cfg.logconfig_dict or self.cfg.syslog):
            return
        log = self.access_log
        if not log.isEnabledFor(logging.INFO):
            return
        # The id the answer's headers carry: the middleware's (service/observability.py)
        # is kept in the environ too, which spares reading the headers.
        headers = getattr(resp, "headers", ())
        request_id = environ.get(REQUEST_ID_KEY) if headers else None
        if request_id is None:
            for name, value in headers:
                if name.lower() == "x-request-id":
                    request_id = value
        fields = {
            "method": environ.get("REQUEST_METHOD"),
            "path": environ.get("PATH_INFO"),
            "status": getattr(resp, "status_code", None),
            "bytes": getattr(resp, "sent", None),
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "request_id": request_id,
            "remote_addr": self.client_address(environ),
            "user_agent": environ.get("HTTP_USER_AGENT"),
        }
        streams = _plain_streams(log)
        if streams is None:
            # The record made directly: Logger.info would first walk the stack to name
            # the calling source line, which an access line never shows.
            log.handle(log.makeRecord(log.name, logging.INFO, "", 0, "request", (), None,
                                      extra=fields))
            return
        # As configured (LOGGING): each line written as its handler would write it,
        # without the record, the filters and the calls a record goes through.
        created = time.time()
        msecs = int((created - int(created)) * 1000) + 0.0  # as LogRecord works it out
        for handler, formatter in streams:
            text = formatter.line(formatter.stamp_of(created, msecs), "INFO", log.name,
                                  "request", fields) + handler.terminator
            handler.acquire()
            try:
                handler.stream.write(text)
                handler.flush()
            except Exception:  # as StreamHandler.emit: a broken stream is reported, not raised
                handler.handleError(log.makeRecord(log.name, logging.INFO, "", 0, "request",
                                                   (), None, extra=fields))
            finally:
                handler.release()


def _plain_streams(log: logging.Logger
                   ) -> list[tuple[logging.StreamHandler[Any], AccessFormatter]] | None:
    """The access logger's handlers when each is a stream with the access formatter and
    nothing else would see a record (no filter, no parent's handler): the production
    set-up. Otherwise None, and records go the general way."""
    if log.filters or log.propagate or log.disabled:
        return None
    streams = []
    for handler in log.handlers:
        formatter = handler.formatter
        if (type(handler) is not logging.StreamHandler or handler.filters
                or handler.level > logging.INFO or type(formatter) is not AccessFormatter):
            return None
        streams.append((handler, formatter))
    return streams

logging.getLogger("muggins").setLevel(logging.INFO)
