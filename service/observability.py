"""What operators see: a request id on every request, Prometheus metrics, readiness.

Metrics work under several gunicorn workers through prometheus-client's multiprocess
mode: gunicorn.conf.py points ``PROMETHEUS_MULTIPROC_DIR`` at a fresh directory before
the app is imported, and ``/metrics`` aggregates every worker's files.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, Response, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.multiprocess import MultiProcessCollector

from rules import Finding
from service.logs import REQUEST_ID_KEY

__all__ = ["DRAIN_FILE", "HEALTHZ", "HEALTHZ_BODY", "REQUEST_ID", "Lane", "add_lane",
           "count_findings", "install",
           "metrics_response", "readiness"]

REQUEST_ID = "X-Request-ID"
# A client's id is echoed only if it is plainly an id: nothing that could forge a log line.
_ACCEPTED_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")

REQUESTS = Counter("muggins_http_requests_total", "HTTP requests answered.",
                   ["method", "route", "status"])
LATENCY = Histogram("muggins_http_request_duration_seconds", "Time to answer a request.",
                    ["method", "route"],
                    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0))
FINDINGS = Counter("muggins_findings_total", "Findings reported, by code.", ["code"])

# Labels come from closed sets, never from what a client typed: a label value is a time
# series kept for ever, in every worker's file.
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


DRAIN_FILE = "MUGGINS_DRAIN_FILE"
"""Names a file whose presence means: drain, stop taking traffic (see deploy/)."""


class _Readiness:
    """Ready until told to drain (the drain file exists) or to stop (SIGTERM); then
    /readyz answers 503, while /healthz still answers 200.

    A sync worker takes no new request once sent SIGTERM, so the drain file is what
    makes the 503 visible: Kubernetes' preStop hook creates it, waits for the probe
    to notice, and only then is SIGTERM sent.
    """

    def __init__(self) -> None:
        self.stopping = False

    @property
    def shutting_down(self) -> bool:
        drain = os.environ.get(DRAIN_FILE)
        return self.stopping or bool(drain and os.path.exists(drain))


readiness = _Readiness()


_FINDING_COUNTERS: dict[str, Any] = {}


def count_findings(findings: Iterable[Finding]) -> None:
    """Count findings by code, one metric update per code (a batch has many)."""
    counts: dict[str, int] = {}
    for finding in findings:
        code = finding.code.value
        counts[code] = counts.get(code, 0) + 1
    for code, n in counts.items():
        counter = _FINDING_COUNTERS.get(code)
        if counter is None:  # codes are a closed set: every child can be kept
            counter = _FINDING_COUNTERS[code] = FINDINGS.labels(code)
        counter.inc(n)


def metrics_response() -> Response:
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    else:
        registry = REGISTRY
    return Response(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)


class _RequestIdFilter(logging.Filter):
    """Adds the request id to every log record made while answering a request."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            record.request_id = request.environ.get(_ID_KEY)
        except RuntimeError:  # outside a request
            record.request_id = None
        return True


_ID_KEY = REQUEST_ID_KEY
_SECURITY_HEADERS = (
    # Every answer: browsers must not second-guess the content type or leak URLs.
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)


HEALTHZ = "/healthz"
HEALTHZ_BODY = b'{"status":"ok"}\n'
"""What ``GET /healthz`` answers, as ``jsonify({"status": "ok"})`` writes it (a test holds
the two the same)."""
_HEALTHZ_HEADERS = (("Content-Type", "application/json"),
                    ("Content-Length", str(len(HEALTHZ_BODY))))


Lane = Callable[[dict[str, Any]], "bytes | None"]
"""A route's answer ahead of Flask: the body of a 200 JSON answer, or None (and the
request unchanged) for Flask to answer."""


class _Observed:
    """WSGI middleware around the Flask app: the request id, the headers every answer
    carries, and the request metrics.

    Middleware rather than Flask's before/after hooks: it adds headers to the list
    handed to the server instead of going through werkzeug's header objects, keeps
    the labelled metric children instead of asking prometheus-client for them on every
    request, and so costs a fraction of the hooks (bench/serving.py). The route label
    comes from the rule Flask matched (``unmatched`` when none). Every label comes
    from a closed set, so every child is kept.
    """

    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.wsgi_app = wsgi_app
        self.lanes: dict[str, Lane] = {}
        self.counted: dict[tuple[str, str, str], Any] = {}
        self.timed: dict[tuple[str, str], Any] = {}

    def __call__(self, environ: dict[str, Any],
                 start_response: Callable[..., Any]) -> Iterable[bytes]:
        started = time.perf_counter()
        given = environ.get("HTTP_X_REQUEST_ID", "")
        # A new id: 128 random bits in hex, as uuid4().hex without the UUID object.
        request_id = environ[_ID_KEY] = (given if _ACCEPTED_ID.fullmatch(given)
                                         else os.urandom(16).hex())

        if environ.get("PATH_INFO") == HEALTHZ and environ.get("REQUEST_METHOD") == "GET":
            # The liveness probe, answered here: the route's own answer (meta.healthz,
            # which HEAD and the contract still use) without Flask's dispatch, which
            # costs the probe more than the bare server does (bench/serving.py).
            start_response("200 OK", [*_HEALTHZ_HEADERS, (REQUEST_ID, request_id),
                                      *_SECURITY_HEADERS])
            self.observe(environ, "200", time.perf_counter() - started, HEALTHZ)
            return [HEALTHZ_BODY]

        lane = self.lanes.get(environ.get("PATH_INFO", ""))
        if lane is not None and environ.get("REQUEST_METHOD") == "POST":
            # A valid request of the busiest route, answered without Flask's dispatch
            # (which costs it as much as the answer does: bench/serving.py); every
            # other request goes on to Flask.
            answer = lane(environ)
            if answer is not None:
                start_response("200 OK", [("Content-Type", "application/json"),
                                          ("Content-Length", str(len(answer))),
                                          (REQUEST_ID, request_id), *_SECURITY_HEADERS])
                self.observe(environ, "200", time.perf_counter() - started,
                             environ["PATH_INFO"])
                return [answer]

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            headers.append((REQUEST_ID, request_id))
            headers.extend(_SECURITY_HEADERS)
            self.observe(environ, status[:3], time.perf_counter() - started)
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)

    def observe(self, environ: dict[str, Any], status: str, seconds: float,
                route: str | None = None) -> None:
        method = environ.get("REQUEST_METHOD", "")
        if method not in _METHODS:
            method = "other"
        if route is None:
            rule = getattr(environ.get("werkzeug.request"), "url_rule", None)
            route = rule.rule if rule is not None else "unmatched"
        counter = self.counted.get((method, route, status))
        if counter is None:
            counter = self.counted[method, route, status] = REQUESTS.labels(method, route,
                                                                            status)
        counter.inc()
        timer = self.timed.get((method, route))
        if timer is None:
            timer = self.timed[method, route] = LATENCY.labels(method, route)
        timer.observe(seconds)


def add_lane(app: Flask, path: str, lane: Lane) -> None:
    """Answer POSTs to ``path`` with ``lane`` where it can (see :data:`Lane`). Only for a
    route whose answer Flask would not touch: no request hooks, and no CORS (whose
    headers Flask's after-request hook adds)."""
    observed = app.wsgi_app
    assert isinstance(observed, _Observed), "observability.install first"
    observed.lanes[path] = lane


def install(app: Flask) -> None:
    app.wsgi_app = _Observed(app.wsgi_app)  # type: ignore[method-assign]
    for name in ("muggins", "gunicorn.error"):
        logging.getLogger(name).addFilter(_RequestIdFilter())
