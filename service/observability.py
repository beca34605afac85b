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
import uuid
from collections.abc import Iterable

from flask import Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.multiprocess import MultiProcessCollector

from rules.rulings import Finding

__all__ = ["DRAIN_FILE", "REQUEST_ID", "count_findings", "install", "metrics_response",
           "readiness"]

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


def count_findings(findings: Iterable[Finding]) -> None:
    for finding in findings:
        FINDINGS.labels(finding.code.value).inc()


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
            record.request_id = g.get("request_id")
        except RuntimeError:  # outside a request
            record.request_id = None
        return True


def install(app: Flask) -> None:
    @app.before_request
    def _start() -> None:
        given = request.headers.get(REQUEST_ID, "")
        g.request_id = given if _ACCEPTED_ID.fullmatch(given) else uuid.uuid4().hex
        g.started = time.perf_counter()

    @app.after_request
    def _finish(response: Response) -> Response:
        response.headers[REQUEST_ID] = g.get("request_id") or uuid.uuid4().hex
        # Every answer: browsers must not second-guess the content type or leak URLs.
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        route = request.url_rule.rule if request.url_rule is not None else "unmatched"
        method = request.method if request.method in _METHODS else "other"
        REQUESTS.labels(method, route, str(response.status_code)).inc()
        started = g.get("started")
        if started is not None:
            LATENCY.labels(method, route).observe(time.perf_counter() - started)
        return response

    for name in ("muggins", "gunicorn.error"):
        logging.getLogger(name).addFilter(_RequestIdFilter())
