"""A flood of made-up methods and paths: what it costs the metrics.

    make flood         (or: .venv/bin/python -m bench.flood [--requests 15000])

gunicorn alone (two workers, the production config) on a free loopback port gets
``--requests`` requests, each with a random 13-letter method and a random path, from 4
client processes. The script reports the workers' memory before and after, the size of
the metrics files, and the size and time of one /metrics answer. Before the label sets
were closed, 15,000 such requests took a worker from 49 MB to 248 MB and /metrics to
21 MB and 13 s.
"""

from __future__ import annotations

import argparse
import os
import random
import string
import sys
import tempfile
import time
from multiprocessing import Pool

from bench._common import header
from bench._load import (
    HOST,
    Tally,
    client,
    free_port,
    one_request,
    request_bytes,
    rss_mb,
    start_server,
    stop_server,
    worker_pids,
)


def flood_requests(port: int, count: int) -> list[tuple[str, bytes]]:
    rng = random.Random(9)
    requests = []
    for _ in range(count):
        method = "".join(rng.choices(string.ascii_uppercase, k=13))
        path = "/" + "".join(rng.choices(string.ascii_lowercase + "/", k=20))
        requests.append(("flood", request_bytes(method, path, None, port)))
    return requests


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=15_000)
    args = parser.parse_args()
    header("a flood of made-up methods and paths")
    port = free_port()
    with tempfile.TemporaryDirectory() as metrics:
        server = start_server(port, extra_env={"WEB_CONCURRENCY": "2",
                                               "PROMETHEUS_MULTIPROC_DIR": metrics})
        try:
            workers = worker_pids(server.pid)
            before = [rss_mb(pid) for pid in workers]
            requests = flood_requests(port, args.requests)
            share = args.requests // 4
            deadline = time.monotonic() + 300
            with Pool(4) as pool:
                # Each client draws from its own quarter of the made-up requests.
                tallies = pool.map(client, [(port, requests[i * share:(i + 1) * share], share,
                                             deadline, i) for i in range(4)])
            tally = Tally()
            for part in tallies:
                tally.merge(part)
            after = [rss_mb(pid) for pid in workers]
            files = sum(os.path.getsize(os.path.join(metrics, f)) for f in os.listdir(metrics))
            start = time.perf_counter()
            conn_failure, _ = one_request(port, request_bytes("GET", "/metrics", None, port))
            seconds = time.perf_counter() - start
            import urllib.request

            with urllib.request.urlopen(f"http://{HOST}:{port}/metrics", timeout=60) as answer:
                size = len(answer.read())
        finally:
            stop_server(server)
    print(f"{tally.failed + tally.served:,} requests sent ({tally.failures or 'all answered'}; "
          "404 and 405 count as failures here)")
    print("worker memory (RSS, MB): " + ", ".join(
        f"{b:.0f} -> {a:.0f}" for b, a in zip(before, after, strict=True)))
    print(f"metrics files {files / 1024:,.0f} KB; /metrics {size / 1024:,.1f} KB "
          f"in {seconds * 1000:.0f} ms ({conn_failure or 'answered'})")
    ok = size < 100_000 and max(a - b for a, b in zip(after, before, strict=True)) < 20
    print("result: " + ("pass" if ok else "FAIL") + " (bound: /metrics under 100 KB, "
          "a worker grows under 20 MB)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
