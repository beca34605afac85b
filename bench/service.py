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
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from _common import header

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
DECK = [r + s for r in "A23456789TJQK" for s in "SHDC"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def request_bytes(method: str, path: str, body: dict[str, object] | None, port: int) -> bytes:
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    return head.encode() + b"\r\n" + data


def hand_bodies(rng: random.Random, n: int) -> list[dict[str, object]]:
    bodies = []
    for _ in range(n):
        cards = rng.sample(DECK, 5)
        bodies.append({"hand": cards[:4], "starter": cards[4], "claimed": rng.randrange(0, 24)})
    return bodies


def pegging_bodies(rng: random.Random, n: int) -> list[dict[str, object]]:
    """Random legal six-card plays, each with its hands (so reneges can be proved)."""
    pips = {r: min(i + 1, 10) for i, r in enumerate("A23456789TJQK")}
    bodies = []
    for _ in range(n):
        cards = rng.sample(DECK, 8)
        hands = {"pone": cards[:4], "dealer": cards[4:]}
        held = {p: list(h) for p, h in hands.items()}
        plays: list[dict[str, object]] = []
        count, turn, other, last = 0, "pone", "dealer", "pone"
        gone: set[str] = set()
        while held["pone"] or held["dealer"]:
            fits = [c for c in held[turn] if pips[c[0]] <= 31 - count]
            if fits and turn not in gone:
                card = rng.choice(fits)
                held[turn].remove(card)
                plays.append({"player": turn, "card": card})
                count += pips[card[0]]
                last = turn
            elif held[turn] and turn not in gone:
                plays.append({"player": turn, "go": True})
                gone.add(turn)
            can_other = other not in gone and held[other]
            if count == 31 or not (can_other or (turn not in gone and held[turn])):
                count, gone = 0, set()
                turn, other = ("dealer", "pone") if last == "pone" else ("pone", "dealer")
            elif can_other:
                turn, other = other, turn
        bodies.append({"plays": plays, "hands": hands})
    return bodies


def client(job: tuple[int, list[bytes], int, float]) -> tuple[list[float], int]:
    """Send ``count`` requests in turn; return latencies (s) and how many failed."""
    port, requests, count, deadline = job
    latencies: list[float] = []
    failures = 0
    for i in range(count):
        if time.monotonic() > deadline:
            break
        start = time.perf_counter()
        try:
            with socket.create_connection((HOST, port), timeout=10) as conn:
                conn.sendall(requests[i % len(requests)])
                chunks = []
                while chunk := conn.recv(65536):
                    chunks.append(chunk)
            ok = b"".join(chunks[:1]).startswith(b"HTTP/1.1 200")
        except OSError:
            ok = False
        latencies.append(time.perf_counter() - start)
        failures += not ok
    return latencies, failures


def drive(pool: Pool, port: int, requests: list[bytes], total: int, clients: int,  # type: ignore[type-arg]
          seconds: float) -> dict[str, float]:
    deadline = time.monotonic() + seconds
    share = total // clients
    start = time.perf_counter()
    results = pool.map(client, [(port, requests[i::clients] or requests, share, deadline)
                                for i in range(clients)])
    elapsed = time.perf_counter() - start
    latencies = sorted(t for lat, _ in results for t in lat)
    failures = sum(f for _, f in results)
    return {
        "requests": len(latencies),
        "failures": failures,
        "rps": len(latencies) / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[int(len(latencies) * 0.99) - 1] * 1000,
    }


def start_server(port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, BIND=f"{HOST}:{port}")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py",
         "bench.reference_app:app"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    for _ in range(200):
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise SystemExit("gunicorn did not start")


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
    server = start_server(port)
    try:
        with Pool(args.clients) as pool:
            # Warm up every worker on every route before measuring.
            for requests in endpoints.values():
                drive(pool, port, requests, 200, args.clients, 10)
            results = {name: drive(pool, port, requests, args.requests, args.clients,
                                   args.seconds)
                       for name, requests in endpoints.items()}
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)

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
