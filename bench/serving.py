"""Server CPU per request under the production gunicorn config, as ratios to the floor.

    make bench          (or: .venv/bin/python -m bench.serving [--rounds 5]
                             [--requests 1500] [--against REF])
    .venv/bin/python -m bench.serving --profile 2000 [--against REF]
                        (where the CPU goes: bench/serving_profile.py)

Servers on free ports on 127.0.0.1, each under gunicorn.conf.py:

* the floor: bench/floor_app.py, a bare WSGI app answering a constant, with the access
  log off (bench/floor.conf.py). No Flask app can go below it.
* the app: ``service:create_app()`` as in production, access log on (formatted and
  written as in production; the bench sends it to /dev/null).
* for reference, what Flask alone costs: bench/flask_floor.py, one route answering a
  constant, no hooks or metrics, with the access log off and then on.
* with ``--against REF``: the app as committed at REF too (``git archive`` into a
  temporary directory), for a before and after in one run.

Each round drives every endpoint in turn (a hand check, a 1,000-hand batch, a pegging
check, a whole game played to a winner) from several client processes, a new
connection per request (the sync workers close it after each answer), and reads the
workers' CPU time from /proc before and after. So each figure is server CPU per
request: the load generator's cost and most of the machine's noise fall out. Each
ratio is taken within one round, against the floor measured just before that endpoint;
the figures printed are medians over the rounds.
Only 127.0.0.1 is contacted; the servers are stopped at the end.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import tarfile
import tempfile
import time
from collections.abc import Callable
from io import BytesIO
from multiprocessing import Pool
from multiprocessing.pool import Pool as PoolType
from pathlib import Path

from bench._common import header
from bench._load import (
    ROOT,
    Tally,
    client,
    cpu_seconds,
    free_port,
    hand_bodies,
    pegging_bodies,
    request_bytes,
    start_server,
    stop_server,
    worker_pids,
)
from bench.soak import whole_game  # a game played to a winner, as the soak sends

BATCH = 1000
TARGETS = {"healthz": 1.5, "check": 2.0}
BATCH_TARGET = 6.6
"""Hands per floor request: twice the 3.3 measured before this change (issue 15)."""


class Server:
    def __init__(self, name: str, app: str, config: str = "gunicorn.conf.py",
                 cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
        self.name = name
        self.port = free_port()
        # The same workers throughout: their CPU time is what is read.
        env = {"GUNICORN_CMD_ARGS": "--max-requests 0", **(env or {})}
        self.process = start_server(self.port, app, env, config=config, cwd=cwd)
        self.workers = worker_pids(self.process.pid)

    def cpu(self) -> float:
        return cpu_seconds(self.workers)


def drive(pool: PoolType, server: Server, requests: list[bytes], total: int, clients: int,
          seconds: float) -> dict[str, float]:
    """Send ``total`` requests; server CPU per request and requests per second."""
    labelled = [("request", data) for data in requests]
    deadline = time.monotonic() + seconds
    cpu = server.cpu()
    start = time.perf_counter()
    tallies = pool.map(client, [(server.port, labelled, max(1, total // clients), deadline, seed)
                                for seed in range(clients)])
    elapsed = time.perf_counter() - start
    cpu = server.cpu() - cpu
    tally = Tally()
    for part in tallies:
        tally.merge(part)
    if tally.failed:
        raise RuntimeError(f"{server.name}: {tally.failures}")
    return {"cpu_us": cpu / tally.served * 1e6, "rps": tally.served / elapsed}


def checkout(ref: str, into: Path) -> Path:
    """The repository as committed at ``ref``, unpacked into ``into``."""
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=1500, help="per endpoint and round")
    parser.add_argument("--batches", type=int, default=12, help="1000-hand batches a round")
    parser.add_argument("--games", type=int, default=60, help="whole games a round")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--against", metavar="REF", help="also serve the app as at REF")
    parser.add_argument("--profile", type=int, metavar="N",
                        help="instead: N hand checks and N/100 batches through gunicorn with "
                        "every worker under cProfile (bench/profile.conf.py); the top lines "
                        "by own CPU time, and that time by layer")
    args = parser.parse_args()
    if args.profile:
        from bench.serving_profile import profile

        profile(args)
        return
    header("server CPU per request under the production gunicorn config, against the floor")

    rng = random.Random(5)
    hands = hand_bodies(rng, 1000)
    batch = {"hands": hand_bodies(rng, BATCH)}
    plays = pegging_bodies(rng, 300)
    games = [whole_game(rng) for _ in range(20)]

    def endpoints(port: int) -> dict[str, tuple[list[bytes], int]]:
        n = args.requests
        return {
            "healthz": ([request_bytes("GET", "/healthz", None, port)], n),
            "check": ([request_bytes("POST", "/v1/hands/check", b, port) for b in hands], n),
            "batch": ([request_bytes("POST", "/v1/hands/batch", batch, port)], args.batches),
            "pegging": ([request_bytes("POST", "/v1/pegging/check", b, port) for b in plays],
                        n),
            "game": ([request_bytes("POST", "/v1/games/check", g, port) for g in games],
                     args.games),
        }

    with tempfile.TemporaryDirectory(prefix="muggins-bench-") as scratch:
        servers = [Server("floor", "bench.floor_app:app", config="bench/floor.conf.py")]
        try:
            servers.append(Server("flask, no log", "bench.flask_floor:app",
                                  config="bench/floor.conf.py"))
            servers.append(Server("flask, access log", "bench.flask_floor:app"))
            servers.append(Server("app", "service:create_app()"))
            if args.against:
                tree = checkout(args.against, Path(scratch))
                servers.append(Server(args.against, "service:create_app()", cwd=tree,
                                      env={"PYTHONPATH": str(tree)}))
            rounds = run(servers, endpoints, args)
        finally:
            for server in servers:
                stop_server(server.process)

    report(rounds, [s.name for s in servers[3:]], args)


Rounds = list[dict[str, dict[str, float]]]


def run(servers: list[Server],
        endpoints: Callable[[int], dict[str, tuple[list[bytes], int]]],
        args: argparse.Namespace) -> Rounds:
    constants, apps = servers[:3], servers[3:]
    rounds: Rounds = []
    with Pool(args.clients) as pool:
        for server in apps:  # every worker warm on every route before measuring
            for requests, total in endpoints(server.port).values():
                drive(pool, server, requests, min(total, 200), args.clients, 30)
        for server in constants:
            drive(pool, server, [request_bytes("GET", "/", None, server.port)], 200,
                  args.clients, 30)
        floor = constants[0]
        for _ in range(args.rounds):
            figures = {server.name: drive(pool, server,
                                          [request_bytes("GET", "/", None, server.port)],
                                          args.requests, args.clients, 60)
                       for server in constants}
            # Endpoint by endpoint, the floor again just before: what is compared is
            # measured close together in time, as the machine's load drifts.
            for name in endpoints(apps[0].port):
                figures[f"floor@{name}"] = drive(
                    pool, floor, [request_bytes("GET", "/", None, floor.port)],
                    args.requests, args.clients, 60)
                for server in apps:
                    requests, total = endpoints(server.port)[name]
                    figures[f"{server.name} {name}"] = drive(pool, server, requests, total,
                                                             args.clients, 60)
            rounds.append(figures)
    return rounds


def report(rounds: Rounds, apps: list[str], args: argparse.Namespace) -> None:
    def median(pick: Callable[[dict[str, dict[str, float]]], float]) -> float:
        return statistics.median(pick(r) for r in rounds)

    print(f"{args.rounds} rounds; each: {args.requests} requests per endpoint "
          f"({args.batches} batches of {BATCH} hands) from {args.clients} client processes; "
          f"workers: {os.environ.get('WEB_CONCURRENCY', 'gunicorn.conf.py default')}")
    floor = median(lambda r: r["floor"]["cpu_us"])
    print(f"{'floor (bare WSGI, no access log)':<34} {floor:8.0f} µs CPU a request  "
          f"{median(lambda r: r['floor']['rps']):7,.0f} req/s")
    for name in ("flask, no log", "flask, access log"):
        cpu = median(lambda r, k=name: r[k]["cpu_us"])  # type: ignore[misc]
        ratio = median(lambda r, k=name: r[k]["cpu_us"] / r["floor"]["cpu_us"])  # type: ignore[misc]
        print(f"{name + ' (a constant route)':<34} {cpu:8.0f} µs CPU a request  "
              f"{median(lambda r, k=name: r[k]['rps']):7,.0f} req/s  "  # type: ignore[misc]
              f"{ratio:5.2f}x the floor (reference)")
    for app in apps:
        for name in ("healthz", "check", "batch", "pegging", "game"):
            key = f"{app} {name}"
            cpu = median(lambda r, k=key: r[k]["cpu_us"])  # type: ignore[misc]
            ratio = median(lambda r, k=key, n=name: r[k]["cpu_us"]  # type: ignore[misc]
                           / r[f"floor@{n}"]["cpu_us"])
            rps = median(lambda r, k=key: r[k]["rps"])  # type: ignore[misc]
            line = f"{key:<34} {cpu:8.0f} µs CPU a request  {rps:7,.0f} req/s  " \
                   f"{ratio:5.2f}x the floor"
            if name in TARGETS:
                line += f" (target at most {TARGETS[name]}x)"
            if name == "batch":
                per_floor = median(
                    lambda r, k=key: BATCH * r["floor@batch"]["cpu_us"]  # type: ignore[misc]
                    / r[k]["cpu_us"])
                line += f"; {per_floor:.1f} hands per floor request " \
                        f"(target at least {BATCH_TARGET}); " \
                        f"{BATCH / cpu * 1e6:,.0f} hands per CPU second"
            if name == "game":
                line += f"; {1e6 / cpu:,.0f} whole games per CPU second"
            print(line)
    if len(apps) == 2:
        now, before = apps
        for name in ("healthz", "check", "batch", "pegging", "game"):
            gain = median(lambda r, n=name: r[f"{before} {n}"]["cpu_us"]  # type: ignore[misc]
                          / r[f"{now} {n}"]["cpu_us"])
            print(f"{name}: {before} uses {gain:.2f}x the CPU of this tree a request")


if __name__ == "__main__":
    main()
