"""Soak: a mixed workload over every operation, several clients, a fixed time.

    make soak          (or: .venv/bin/python -m bench.soak [--seconds 60] [--clients 4]
                                                         [--direct])

The production stack (nginx in front of gunicorn, deploy/stack.py) runs on free ports on
127.0.0.1, its limits per address lifted (every client here is 127.0.0.1, and the soak
measures the service, not the limiter); --direct soaks gunicorn alone. Clients send a
random mix of every operation (bodies checked valid beforehand) until the time is up.
The script reports requests served, errors (which must be 0), p50/p99 latency per
operation, the workers' memory after warm-up and at the end, and the time the
largest legal requests take. It exits non-zero if any request failed or a worker grew
past the bound.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from contextlib import ExitStack
from multiprocessing import Pool
from typing import Any

from bench._common import header
from bench._load import (
    Tally,
    client,
    free_port,
    game_body,
    hand_bodies,
    one_request,
    pegging_bodies,
    percentile,
    request_bytes,
    rss_mb,
    start_server,
    stop_server,
    worker_pids,
)

GROWTH_BOUND_MB = 10.0
"""How much a worker may grow over the soak: interpreter caches settle, leaks do not."""

NO_RECYCLING = {"GUNICORN_CMD_ARGS": "--max-requests 0"}
"""The soak watches the same workers throughout: recycling would hide a leak."""


def workload(rng: random.Random) -> dict[str, list[tuple[str, Any]]]:
    """Bodies for every operation, each checked valid against the app in-process."""
    from service import create_app

    app = create_app().test_client()
    games = [game_body(rng, 4) for _ in range(30)]
    raw: dict[str, list[tuple[str, Any]]] = {
        "hands/check": [("POST", b) for b in hand_bodies(rng, 500)],
        "hands/batch": [("POST", {"hands": hand_bodies(rng, 20)}) for _ in range(50)],
        "pegging/check": [("POST", b) for b in pegging_bodies(rng, 300)],
        "deals/check": [("POST", {**g["deals"][0], "players": ["bob", "ann"]})
                        for g in games],
        "games/check": [("POST", g) for g in games],
        "discards/advise": [("POST", {"cards": rng.sample(
            [r + s for r in "A23456789TJQK" for s in "SHDC"], 6), "dealer": rng.random() < .5})
            for _ in range(200)],
        "rulesets": [("GET", None)],
        "healthz": [("GET", None)],
    }
    valid: dict[str, list[tuple[str, Any]]] = {}
    for name, items in raw.items():
        path = "/healthz" if name == "healthz" else f"/v1/{name}"
        valid[path] = [(m, b) for m, b in items
                       if app.open(path, method=m, json=b).status_code == 200]
    return valid


def whole_game(rng: random.Random) -> dict[str, Any]:
    """A game played to the end: deals are added until the referee names a winner."""
    from service import create_app

    app = create_app().test_client()
    game = game_body(rng, 1)
    while True:
        answer = app.post("/v1/games/check", json=game).get_json()
        if answer["winner"]:
            return game
        game["deals"].extend(game_body(rng, len(game["deals"]) + 1)["deals"][-1:])


def largest(port: int, rng: random.Random) -> dict[str, float]:
    """Seconds for the largest legal requests: a 1000-hand batch, a whole game."""
    batch = request_bytes("POST", "/v1/hands/batch", {"hands": hand_bodies(rng, 1000)}, port)
    game = whole_game(rng)
    whole = request_bytes("POST", "/v1/games/check", game, port)
    times = {}
    for name, data in (("1000-hand batch", batch),
                       (f"whole game ({len(game['deals'])} deals)", whole)):
        failure, seconds = one_request(port, data)
        times[name] = float("nan") if failure else seconds
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--direct", action="store_true", help="gunicorn alone, no front")
    args = parser.parse_args()
    header("soak: a mixed workload under the production "
           + ("gunicorn config" if args.direct else "stack (nginx + gunicorn)"))

    rng = random.Random(17)
    bodies = workload(rng)
    with ExitStack() as running:
        if args.direct:
            port = free_port()
            server = start_server(port, extra_env=NO_RECYCLING)
            running.callback(stop_server, server)
            master = server.pid
        else:
            port, master = front(running)
        requests = [(path, request_bytes(method, path, body, port))
                    for path, items in bodies.items() for method, body in items]
        tallies, elapsed, before, after, big = soak(args, port, master, requests, rng)
    return report(args, tallies, elapsed, before, after, big)


def front(running: ExitStack) -> tuple[int, int]:
    """The stack, started for this run; its public port and gunicorn's master."""
    import tempfile
    from pathlib import Path

    from bench._front import running_stack

    tmp = running.enter_context(tempfile.TemporaryDirectory())
    stack = running.enter_context(running_stack(Path(tmp) / "stack.log", {
        "MUGGINS_RATE": "100000r/s", "MUGGINS_BURST": "100000", "MUGGINS_CONN": "1000",
        **NO_RECYCLING}))
    for pid in worker_pids(stack.process.pid):
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            if b"gunicorn" in cmdline.read():
                return stack.port, pid
    raise RuntimeError("no gunicorn in the stack")


def soak(args: argparse.Namespace, port: int, master: int,
         requests: list[tuple[str, bytes]], rng: random.Random) -> tuple[
             list[Tally], float, dict[int, float], dict[int, float], dict[str, float]]:
    with Pool(args.clients) as pool:
        # Warm every worker, then take the baseline.
        pool.map(client, [(port, requests, 200, time.monotonic() + 20, s)
                          for s in range(args.clients)])
        before = {pid: rss_mb(pid) for pid in worker_pids(master)}
        deadline = time.monotonic() + args.seconds
        started = time.perf_counter()
        tallies = pool.map(client, [(port, requests, 10**9, deadline, 100 + s)
                                    for s in range(args.clients)])
        elapsed = time.perf_counter() - started
        after = {pid: rss_mb(pid) for pid in worker_pids(master)}
    big = largest(port, rng)
    return tallies, elapsed, before, after, big


def report(args: argparse.Namespace, tallies: list[Tally], elapsed: float,
           before: dict[int, float], after: dict[int, float], big: dict[str, float]) -> int:
    tally = Tally()
    for part in tallies:
        tally.merge(part)
    print(f"{args.clients} clients for {elapsed:.0f} s: {tally.served:,} requests served "
          f"({tally.served / elapsed:,.0f}/s), {tally.failed} errors {tally.failures or ''}")
    everything = [t for values in tally.latencies.values() for t in values]
    print(f"{'all':<22} p50 {percentile(everything, .5) * 1000:6.2f} ms  "
          f"p99 {percentile(everything, .99) * 1000:6.2f} ms")
    for path, values in sorted(tally.latencies.items()):
        print(f"{path:<22} p50 {percentile(values, .5) * 1000:6.2f} ms  "
              f"p99 {percentile(values, .99) * 1000:6.2f} ms  ({len(values):,})")
    growth = [after[pid] - before[pid] for pid in before if pid in after]
    print("worker memory (RSS, MB), after warm-up -> end: " + ", ".join(
        f"{before[pid]:.1f} -> {after.get(pid, float('nan')):.1f}" for pid in before))
    print(f"largest growth {max(growth, default=0):.1f} MB (bound {GROWTH_BOUND_MB:.0f} MB); "
          f"workers replaced during the soak: {len(set(before) - set(after))}")
    print("largest legal requests: " + ", ".join(
        f"{name} {seconds * 1000:.0f} ms" for name, seconds in big.items()) +
        " (worker timeout 30 s)")
    ok = tally.failed == 0 and all(g <= GROWTH_BOUND_MB for g in growth) and \
        set(before) == set(after)
    print("result: " + ("pass" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
