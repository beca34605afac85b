"""The floor for bench/serving.py: a bare WSGI app that answers a constant.

No Flask, no hooks, no logging: what gunicorn itself costs per request under the
project's config. No app can go below it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

_BODY = b'{"status":"ok"}\n'
_HEADERS = [("Content-Type", "application/json"), ("Content-Length", str(len(_BODY)))]


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    body = environ["wsgi.input"]
    body.read()  # a POST's body is read, as any endpoint reads it
    start_response("200 OK", _HEADERS)
    return [_BODY]
