"""The production stack (nginx in front of gunicorn, ``deploy/stack.py``) for the bench
scripts and the tests, and the slow clients that the front is there to absorb.

Loopback only. The attackers connect from another loopback address (127.0.0.2), so
the limits per client address do not mistake the measuring client for one of them.
Every loop is bounded by a count and a deadline.
"""

from __future__ import annotations

import http.client
import os
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from bench._load import HOST, ROOT, free_port

ATTACKER = "127.0.0.2"
STACK = ROOT / "deploy" / "stack.py"


def nginx_missing() -> str | None:
    """Why the stack cannot run here, or None."""
    if shutil.which("nginx") or os.path.exists("/usr/sbin/nginx"):
        return None
    return "needs Debian's nginx (apt-get install nginx; .ci/run installs it)"


@dataclass
class Stack:
    port: int
    ops_port: int
    process: subprocess.Popen[bytes]
    log: Path
    scheme: str = "http"

    @property
    def url(self) -> str:
        return f"{self.scheme}://{HOST}:{self.port}"

    @property
    def ops_url(self) -> str:
        return f"http://{HOST}:{self.ops_port}"


def start_stack(log: Path, extra_env: Mapping[str, str] | None = None,
                seconds: float = 60) -> Stack:
    """``deploy/stack.py`` on free loopback ports; returns once it says it is ready."""
    port, ops_port = free_port(), free_port()
    env = dict(os.environ, PORT=str(port), OPS_PORT=str(ops_port), **(extra_env or {}))
    out = open(log, "wb")  # noqa: SIM115  # the stack writes it until stopped
    process = subprocess.Popen([sys.executable, str(STACK)], cwd=ROOT, env=env, stdout=out,
                               stderr=subprocess.STDOUT, start_new_session=True)
    out.close()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if b"ready: " in log.read_bytes():
            return Stack(port, ops_port, process, log,
                         "https" if env.get("TLS_CERT") else "http")
        if process.poll() is not None:
            break
        time.sleep(0.05)
    stop_stack(process)
    raise RuntimeError("the stack did not start:\n" + log.read_text(errors="replace"))


def stop_stack(process: subprocess.Popen[bytes], seconds: float = 40) -> int | None:
    if process.poll() is None:
        os.kill(process.pid, signal.SIGTERM)
    try:
        return process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return None


@contextmanager
def running_stack(log: Path, extra_env: Mapping[str, str] | None = None) -> Iterator[Stack]:
    stack = start_stack(log, extra_env)
    try:
        yield stack
    finally:
        stop_stack(stack.process)


# --- slow and idle clients --------------------------------------------------------------

SLOW_REQUEST = b"POST /v1/hands/check HTTP/1.1\r\nHost: muggins\r\nContent-Type: " \
    b"application/json\r\nContent-Length: 2\r\nX-Padding: " + b"x" * 200 + b"\r\n\r\n{}"


@dataclass
class Attack:
    """Idle connections (that never send a byte) and slow ones (a byte a second)."""

    port: int
    idle: int = 200
    slow: int = 50
    source: str = ATTACKER
    sockets: list[socket.socket] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def __enter__(self) -> Attack:
        for _ in range(self.idle + self.slow):
            conn = socket.socket()
            conn.bind((self.source, 0))
            conn.connect((HOST, self.port))
            self.sockets.append(conn)
        self._thread = threading.Thread(target=self._drip, daemon=True)
        self._thread.start()
        return self

    def _drip(self) -> None:
        slow = self.sockets[self.idle:]
        for sent in range(len(SLOW_REQUEST)):
            if self._stop.wait(1.0):
                return
            for conn in slow:
                with suppress(OSError):
                    conn.send(SLOW_REQUEST[sent:sent + 1])

    def closed_by_server(self) -> dict[str, int]:
        """How many idle and slow connections the server has answered or closed by now
        (a connection still open and silent is not readable)."""
        selector = selectors.DefaultSelector()
        for conn in self.sockets:
            selector.register(conn, selectors.EVENT_READ)
        ready = {key.fileobj for key, _ in selector.select(timeout=0.5)}
        selector.close()
        counts = {"idle": 0, "slow": 0}
        for i, conn in enumerate(self.sockets):
            if conn in ready:
                counts["idle" if i < self.idle else "slow"] += 1
        return counts

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        for conn in self.sockets:
            conn.close()


def timed_requests(port: int, count: int, gap: float = 0.1, timeout: float = 5.0,
                   deadline: float = 60.0) -> tuple[list[float], list[str]]:
    """``count`` ordinary requests one after another (health checks and hand checks),
    each on its own connection; their latencies, and what went wrong with the rest."""
    body = b'{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}'
    latencies: list[float] = []
    failures: list[str] = []
    stop = time.monotonic() + deadline
    for i in range(count):
        if time.monotonic() > stop:
            failures.append("deadline")
            break
        start = time.perf_counter()
        conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
        try:
            if i % 2:
                conn.request("POST", "/v1/hands/check", body,
                             {"Content-Type": "application/json"})
            else:
                conn.request("GET", "/healthz")
            status = conn.getresponse().status
        except OSError as error:
            failures.append(type(error).__name__)
        else:
            if status == 200:
                latencies.append(time.perf_counter() - start)
            else:
                failures.append(f"status-{status}")
        finally:
            conn.close()
        time.sleep(gap)
    return latencies, failures
