"""The service under load: requests per second and latency, each operation beside a
trivial endpoint, all under the production gunicorn config.

    make bench          (or: .venv/bin/python bench/service.py [--requests N] [--seconds S])

It starts gunicorn with gunicorn.conf.py on a free port on 127.0.0.1, waits until it
answers, then drives one endpoint at a time from several client processes, each
sending a fixed share of a fixed number of requests (and stopping early at a time
limit). Every request opens a connection, as the sync workers close it after each
answer. Only 127.0.0.1 is ever contacted; the server is stopped at the end.

The app served is the production app plus two reference routes (bench/reference_app.py)
that show the floor: a POST that does nothing, and one that only reads its JSON body.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from multiprocessing import Pool

from _common import header
from _load import (
    Tally,
    client,
    free_port,
    hand_bodies,
    pegging_bodies,
    percentile,
    request_bytes,
    start_server,
    stop_server,
)


def drive(pool: Pool, port: int, requests: list[bytes], total: int, clients: int,  # type: ignore[type-arg]
          seconds: float) -> dict[str, float]:
    deadline = time.monotonic() + seconds
    labelled = [("request", data) for data in requests]
    start = time.perf_counter()
    tallies = pool.map(client, [(port, labelled, total // clients, deadline, seed)
                                for seed in range(clients)])
    elapsed = time.perf_counter() - start
    tally = Tally()
    for part in tallies:
        tally.merge(part)
    latencies = tally.latencies.get("request", [])
    return {
        "requests": len(latencies),
        "failures": tally.failed,
        "rps": len(latencies) / elapsed,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=6000, help="per endpoint")
    parser.add_argument("--seconds", type=float, default=20.0, help="time limit per endpoint")
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    header("service throughput under the production gunicorn config")

    rng = random.Random(5)
    port = free_port()
    hands = hand_bodies(rng, 1000)
    endpoints = {
        "GET /healthz (trivial)": [request_bytes("GET", "/healthz", None, port)],
        "POST, does nothing": [request_bytes("POST", "/bench/nothing", b, port) for b in hands],
        "POST, reads JSON only": [request_bytes("POST", "/bench/read-json", b, port)
                                  for b in hands],
        "POST /v1/hands/check": [request_bytes("POST", "/v1/hands/check", b, port)
                                 for b in hands],
        "POST /v1/pegging/check": [request_bytes("POST", "/v1/pegging/check", b, port)
                                   for b in pegging_bodies(rng, 300)],
    }
    server = start_server(port, "bench.reference_app:app")
    try:
        with Pool(args.clients) as pool:
            # Warm up every worker on every route before measuring.
            for requests in endpoints.values():
                drive(pool, port, requests, 200, args.clients, 10)
            results = {name: drive(pool, port, requests, args.requests, args.clients,
                                   args.seconds)
                       for name, requests in endpoints.items()}
    finally:
        stop_server(server)

    print(f"{args.clients} client processes, {args.requests} requests per endpoint "
          f"(time limit {args.seconds:.0f} s), workers: "
          f"{os.environ.get('WEB_CONCURRENCY', 'gunicorn.conf.py default')}")
    trivial = results["GET /healthz (trivial)"]["rps"]
    for name, r in results.items():
        print(f"{name:<24} {r['rps']:>6,.0f} req/s  p50 {r['p50_ms']:6.2f} ms  "
              f"p99 {r['p99_ms']:6.2f} ms  {int(r['requests'])} sent, "
              f"{int(r['failures'])} failed  ({r['rps'] / trivial:.0%} of trivial)")


if __name__ == "__main__":
    main()
