"""Slow and idle clients against gunicorn alone and against the production stack, and
the worker class decided by measurement.

    make slowclients   (or: .venv/bin/python -m bench.slowclients [--seconds 8])

For each setup: 200 idle connections and 50 clients sending their headers a byte a
second (from 127.0.0.2), while one client (127.0.0.1) sends ordinary requests one
after another with a 5 s timeout; then, with no attack, 4 client processes send hand
checks for ``--seconds`` (the throughput the worker class gives). Loopback only,
bounded in count and time; every server is stopped at the end.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing import Pool
from pathlib import Path

from bench._common import header
from bench._front import Attack, running_stack, timed_requests
from bench._load import (
    Tally,
    client,
    free_port,
    hand_bodies,
    percentile,
    request_bytes,
    start_server,
    stop_server,
)

# The limits per client address are the stack's defaults; the throughput run comes from
# one address, so it lifts them (it measures the workers, not the limiter).
UNLIMITED = {"MUGGINS_RATE": "100000r/s", "MUGGINS_BURST": "100000", "MUGGINS_CONN": "1000"}


@contextmanager
def gunicorn_alone() -> Iterator[int]:
    port = free_port()
    server = start_server(port, extra_env={"WEB_CONCURRENCY": "4"})
    try:
        yield port
    finally:
        stop_server(server)


@contextmanager
def stack(worker_args: str) -> Iterator[int]:
    with tempfile.TemporaryDirectory() as tmp, running_stack(
            Path(tmp) / "stack.log", {**UNLIMITED, "WEB_CONCURRENCY": "4",
                                      "GUNICORN_CMD_ARGS": worker_args}) as running:
        yield running.port


def under_attack(port: int, count: int) -> str:
    with Attack(port, idle=200, slow=50):
        time.sleep(0.5)
        latencies, failures = timed_requests(port, count, gap=0.05, timeout=5.0, deadline=40)
    everything = latencies + [5.0] * len(failures)
    return (f"{len(latencies)}/{count} answered, p50 {percentile(everything, .5) * 1000:.0f} ms, "
            f"p99 {percentile(everything, .99) * 1000:.0f} ms, "
            f"max {max(everything, default=0) * 1000:.0f} ms, failures {sorted(set(failures))}")


def throughput(port: int, seconds: float) -> str:
    rng = random.Random(5)
    requests = [("hands", request_bytes("POST", "/v1/hands/check", b, port))
                for b in hand_bodies(rng, 200)]
    deadline = time.monotonic() + seconds
    started = time.perf_counter()
    with Pool(4) as pool:
        tallies = pool.map(client, [(port, requests, 10**9, deadline, s) for s in range(4)])
    elapsed = time.perf_counter() - started
    tally = Tally()
    for part in tallies:
        tally.merge(part)
    values = tally.latencies.get("hands", [])
    return (f"{tally.served / elapsed:,.0f} hand checks/s, p99 "
            f"{percentile(values, .99) * 1000:.1f} ms, errors {tally.failed}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    header("slow and idle clients; the worker class")
    setups = [
        ("gunicorn alone, 4 sync workers", gunicorn_alone, None),
        ("nginx + 4 sync workers", stack, ""),
        ("nginx + 4 gthread workers x 4 threads", stack, "--worker-class gthread --threads 4"),
    ]
    for name, start, worker_args in setups:
        with start() if worker_args is None else start(worker_args) as port:  # type: ignore[operator]
            attacked = under_attack(port, 20 if worker_args is None else 100)
            plain = throughput(port, args.seconds)
        print(f"{name}:\n  under attack: {attacked}\n  no attack: {plain}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
