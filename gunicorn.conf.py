"""Production settings for gunicorn. Every number here is deliberate; see README "Operating"."""

from __future__ import annotations

import os

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
graceful_timeout = 20
keepalive = 5

# Requests are small JSON documents: refuse oversized request lines and headers early.
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190

# Logs to the console: the platform collects them.
accesslog = "-"
errorlog = "-"
