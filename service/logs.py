"""Structured JSON logs for gunicorn: one JSON object per line, access and errors alike."""

from __future__ import annotations

import ipaddress
import logging
from datetime import timedelta
from typing import Any

from gunicorn.glogging import Logger

__all__ = ["LOGGING", "JsonAccessLogger"]

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
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "json",
                    "stream": "ext://sys.stdout"},
    },
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["console"], "propagate": False},
        "gunicorn.access": {"level": "INFO", "handlers": ["console"], "propagate": False},
        "muggins": {"level": "INFO", "handlers": ["console"], "propagate": False},
    },
}


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
        headers = dict(resp.headers) if hasattr(resp, "headers") else {}
        request_id = next((v for k, v in headers.items() if k.lower() == "x-request-id"), None)
        self.access_log.info("request", extra={
            "method": environ.get("REQUEST_METHOD"),
            "path": environ.get("PATH_INFO"),
            "status": getattr(resp, "status_code", None),
            "bytes": getattr(resp, "sent", None),
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "request_id": request_id,
            "remote_addr": self.client_address(environ),
            "user_agent": environ.get("HTTP_USER_AGENT"),
        })


logging.getLogger("muggins").setLevel(logging.INFO)
