"""Production settings for gunicorn. Every number here is deliberate; see README "Operating"."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from typing import Any

from service.logs import LOGGING

_cores = os.cpu_count() or 1

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")

# The work is pure CPU and each request is short, so sync workers, about two per core:
# one computing while the other reads or writes a socket.
workers = int(os.environ.get("WEB_CONCURRENCY", str(2 * _cores)))
worker_class = "sync"

# Load the app (and its scoring tables) once in the master; workers share the pages.
preload_app = True

# The largest legal request (a 1000-hand batch, a whole game) answers in well under a
# second; 30 s only catches a worker that is truly stuck.
timeout = 30
# On SIGTERM, requests in flight get this long to finish before workers are killed.
graceful_timeout = 20
keepalive = 5

# Requests are small JSON documents: refuse oversized request lines and headers before
# the app sees them. (Bodies are limited to 1 MiB by the app: MAX_CONTENT_LENGTH, 413.)
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190

# No max_requests: the soak (bench/soak.py) shows no growth that recycling would cure,
# and every recycle costs a worker its warm tables.

# One JSON object per log line, access and errors alike, to stdout for the platform.
accesslog = "-"
errorlog = "-"
logger_class = "service.logs.JsonAccessLogger"
logconfig_dict = LOGGING

# Prometheus metrics from every worker: each writes its own files in this directory,
# and /metrics adds them up. It must be set before the app imports prometheus_client.
_metrics_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
if not _metrics_dir:
    _metrics_dir = tempfile.mkdtemp(prefix="muggins-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = _metrics_dir


def on_starting(server: Any) -> None:
    # Figures from an earlier run of the same directory would be added in: start empty.
    for entry in os.listdir(_metrics_dir):
        path = os.path.join(_metrics_dir, entry)
        if os.path.isdir(path):
            shutil.rmtree(path)
        else:
            os.remove(path)


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def post_worker_init(worker: Any) -> None:
    """On SIGTERM the worker is no longer ready (for workers that could still answer)."""
    from service.observability import readiness

    graceful = signal.getsignal(signal.SIGTERM)

    def stopping(signum: int, frame: Any) -> None:
        readiness.stopping = True
        if callable(graceful):
            graceful(signum, frame)

    signal.signal(signal.SIGTERM, stopping)
