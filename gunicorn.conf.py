"""Production settings for gunicorn. Every number here is deliberate; see README "Operating"."""

from __future__ import annotations

import gc
import os
import shutil
import signal
import tempfile
from typing import Any

from service import settings
from service.logs import LOGGING

_cores = os.cpu_count() or 1

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")

# The work is pure CPU and each request is short, so sync workers, about two per core:
# one computing while the other reads or writes a socket. Measured against gthread
# behind nginx (bench/slowclients.py): nginx hands over whole requests, so threads
# buy nothing. Sync workers must not face clients directly: see README "Operating".
workers = settings.workers(os.environ.get("WEB_CONCURRENCY", str(2 * _cores)))
worker_class = "sync"

# Checked here, where a refusal is one line; the app checks it again when it is made.
settings.cors(os.environ.get("CORS_ORIGINS", ""))

# gunicorn's control socket (gunicornc) is not used, and in the image its default place
# ($HOME/.gunicorn) is not writable.
control_socket_disable = True

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

# A backstop, not a cure: the soak shows no growth, but a worker that a hostile request
# left large is replaced after this many requests. The jitter keeps the workers from
# recycling together; the tables are built before the fork, so a fresh worker is warm.
max_requests = 10000
max_requests_jitter = 1000

# One JSON object per log line, access and errors alike, to stdout for the platform.
accesslog = "-"
errorlog = "-"
logger_class = "service.logs.JsonAccessLogger"
logconfig_dict = LOGGING

# Prometheus metrics from every worker: each writes its own files in this directory,
# and /metrics adds them up. It must be set before the app imports prometheus_client.
# A directory that is named but missing is made (an emptyDir mounted on /tmp in
# Kubernetes); one that cannot be written stops the start-up, not every request later.
_metrics_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
_own_metrics_dir = not _metrics_dir
if not _metrics_dir:
    _metrics_dir = tempfile.mkdtemp(prefix="muggins-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = _metrics_dir
try:
    os.makedirs(_metrics_dir, exist_ok=True)
    tempfile.TemporaryFile(dir=_metrics_dir).close()
except OSError as error:
    raise SystemExit(f"PROMETHEUS_MULTIPROC_DIR={_metrics_dir!r} cannot be written: "
                     f"{error.strerror}") from None


def on_starting(server: Any) -> None:
    # Figures from an earlier run of the same directory would be added in: start empty.
    for entry in os.listdir(_metrics_dir):
        path = os.path.join(_metrics_dir, entry)
        if os.path.isdir(path):
            shutil.rmtree(path)
        else:
            os.remove(path)


def on_exit(server: Any) -> None:
    if _own_metrics_dir:
        shutil.rmtree(_metrics_dir, ignore_errors=True)


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def post_worker_init(worker: Any) -> None:
    """On SIGTERM the worker is no longer ready, and stops waiting for a request that an
    idle client has not sent (a request being answered is finished first)."""
    from gunicorn.http.errors import NoMoreData
    from gunicorn.workers.sync import SyncWorker

    from service.observability import readiness

    graceful = signal.getsignal(signal.SIGTERM)
    state = {"reading": False, "answering": False}

    def flagging(flag: str, call: Any) -> Any:
        def flagged(*args: Any) -> Any:
            state[flag] = True
            try:
                return call(*args)
            finally:
                state[flag] = False

        return flagged

    # Only a sync worker reads in the thread the signal interrupts.
    sync = isinstance(worker, SyncWorker)
    if sync:
        worker.handle = flagging("reading", worker.handle)
        worker.handle_request = flagging("answering", worker.handle_request)

    def stopping(signum: int, frame: Any) -> None:
        readiness.stopping = True
        if callable(graceful):
            graceful(signum, frame)
        if sync and state["reading"] and not state["answering"]:
            # Read as the client hanging up: the sync worker closes the connection.
            raise NoMoreData(b"")

    signal.signal(signal.SIGTERM, stopping)


def when_ready(server: Any) -> None:
    """The app and its tables are loaded: move them out of the garbage collector's sight.

    Every object made so far lives as long as the process. Left in the collector's
    generations, each full collection in a worker walks all of them (and writes to
    their pages, undoing the sharing with the master); frozen, it never looks again.
    """
    gc.freeze()
