"""A small, bounded load generator for the bench scripts and the fault tests.

Loopback only: every connection goes to 127.0.0.1. Every loop is bounded by a count
and a deadline. Each request opens its own connection (gunicorn's sync workers close
it after each answer).
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
DECK = [r + s for r in "A23456789TJQK" for s in "SHDC"]
PIPS = {r: min(i + 1, 10) for i, r in enumerate("A23456789TJQK")}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def request_bytes(method: str, path: str, body: Any | None, port: int) -> bytes:
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    return head.encode() + b"\r\n" + data


# --- bodies ---------------------------------------------------------------------------


def hand_bodies(rng: random.Random, n: int) -> list[dict[str, Any]]:
    bodies = []
    for _ in range(n):
        cards = rng.sample(DECK, 5)
        bodies.append({"hand": cards[:4], "starter": cards[4], "claimed": rng.randrange(0, 24)})
    return bodies


def legal_play(rng: random.Random, hands: Mapping[str, Sequence[str]],
               seats: Sequence[str] = ("pone", "dealer")) -> list[dict[str, Any]]:
    """A random legal two-player play of these hands, gos included."""
    held = {p: list(h) for p, h in hands.items()}
    plays: list[dict[str, Any]] = []
    count, turn, other, last = 0, seats[0], seats[1], seats[0]
    gone: set[str] = set()
    while held[seats[0]] or held[seats[1]]:
        fits = [c for c in held[turn] if PIPS[c[0]] <= 31 - count]
        if fits and turn not in gone:
            card = rng.choice(fits)
            held[turn].remove(card)
            plays.append({"player": turn, "card": card})
            count += PIPS[card[0]]
            last = turn
        elif held[turn] and turn not in gone:
            plays.append({"player": turn, "go": True})
            gone.add(turn)
        can_other = other not in gone and held[other]
        if count == 31 or not (can_other or (turn not in gone and held[turn])):
            count, gone = 0, set()
            turn, other = (other, turn) if last == turn else (turn, other)
        elif can_other:
            turn, other = other, turn
    return plays


def pegging_bodies(rng: random.Random, n: int) -> list[dict[str, Any]]:
    bodies = []
    for _ in range(n):
        cards = rng.sample(DECK, 8)
        hands = {"pone": cards[:4], "dealer": cards[4:]}
        bodies.append({"plays": legal_play(rng, hands), "hands": hands})
    return bodies


def deal_record(rng: random.Random, seats: Sequence[str]) -> dict[str, Any]:
    """A random legal six-card deal, as /v1/deals/check and a game's deals take it."""
    cards = rng.sample(DECK, 13)
    dealt = {seats[0]: cards[:6], seats[1]: cards[6:12]}
    discards = {p: rng.sample(dealt[p], 2) for p in seats}
    kept = {p: [c for c in dealt[p] if c not in discards[p]] for p in seats}
    return {"dealt": dealt, "discards": discards, "starter": cards[12],
            "plays": legal_play(rng, kept, seats)}


def game_body(rng: random.Random, deals: int) -> dict[str, Any]:
    """A game of ``deals`` random deals between ann and bob, ann dealing first."""
    records = []
    for number in range(deals):
        dealer, pone = ("ann", "bob") if number % 2 == 0 else ("bob", "ann")
        records.append(deal_record(rng, (pone, dealer)))
    return {"players": ["ann", "bob"], "first_dealer": "ann", "deals": records}


# --- the server -----------------------------------------------------------------------


def start_server(port: int, app: str = "service:create_app()",
                 extra_env: Mapping[str, str] | None = None, config: str = "gunicorn.conf.py",
                 cwd: Path = ROOT) -> subprocess.Popen[bytes]:
    """gunicorn with ``config`` (the production one unless told) on 127.0.0.1:port, run
    from ``cwd`` (the repository unless told); waits until every worker answers."""
    env = dict(os.environ, BIND=f"{HOST}:{port}", **(extra_env or {}))
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", config, app],
        cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    # The port opens before every worker has booted: wait for all of them too.
    workers = int(env.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1))
    for _ in range(600):
        try:
            with socket.create_connection((HOST, port), timeout=1):
                if len(worker_pids(server.pid)) >= workers:
                    return server
        except OSError:
            pass
        time.sleep(0.05)
    stop_server(server)
    raise RuntimeError("gunicorn did not start")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def worker_pids(master: int) -> list[int]:
    """The live worker processes of a gunicorn master (children, from /proc)."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master and fields[0] != "Z":
            pids.append(int(entry))
    return sorted(pids)


def cpu_seconds(pids: Sequence[int]) -> float:
    """CPU time these processes have used so far (user and system, from the scheduler's
    nanosecond count in /proc, finer than the 10 ms ticks of /proc/PID/stat)."""
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/schedstat", encoding="ascii") as stat:
            total += int(stat.read().split()[0])
    return total / 1e9


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


# --- the clients ----------------------------------------------------------------------


@dataclass
class Tally:
    """What one client saw."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    failures: dict[str, int] = field(default_factory=dict)
    """By kind: refused, reset, timeout, status-NNN."""

    def merge(self, other: Tally) -> None:
        for label, values in other.latencies.items():
            self.latencies.setdefault(label, []).extend(values)
        for kind, n in other.failures.items():
            self.failures[kind] = self.failures.get(kind, 0) + n

    @property
    def served(self) -> int:
        return sum(len(v) for v in self.latencies.values())

    @property
    def failed(self) -> int:
        return sum(self.failures.values())


def one_request(port: int, data: bytes, timeout: float = 30) -> tuple[str | None, float]:
    """Send one request; the failure kind (None when it was answered 2xx) and the time."""
    start = time.perf_counter()
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as conn:
            conn.sendall(data)
            chunks = []
            while chunk := conn.recv(65536):
                chunks.append(chunk)
    except ConnectionRefusedError:
        return "refused", time.perf_counter() - start
    except ConnectionResetError:
        return "reset", time.perf_counter() - start
    except TimeoutError:
        return "timeout", time.perf_counter() - start
    except OSError as error:
        return type(error).__name__, time.perf_counter() - start
    elapsed = time.perf_counter() - start
    head = b"".join(chunks)[:12]
    if not head:
        return "no-answer", elapsed  # the connection closed before any answer
    if not head.startswith(b"HTTP/1.1 2"):
        return f"status-{head[9:12].decode(errors='replace') or 'none'}", elapsed
    return None, elapsed


def client(job: tuple[int, Sequence[tuple[str, bytes]], int, float, int]) -> Tally:
    """Send up to ``count`` requests (cycling through ``requests``) until ``deadline``."""
    port, requests, count, deadline, seed = job
    rng = random.Random(seed)
    tally = Tally()
    for _ in range(count):
        if time.monotonic() > deadline:
            break
        label, data = requests[rng.randrange(len(requests))]
        failure, elapsed = one_request(port, data)
        if failure is None:
            tally.latencies.setdefault(label, []).append(elapsed)
        else:
            tally.failures[failure] = tally.failures.get(failure, 0) + 1
    return tally


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else 0.0


# --- faults ---------------------------------------------------------------------------


def kill_a_worker(port: int, master: int, requests: Sequence[tuple[str, bytes]],
                  clients: int = 4, seconds: float = 6.0) -> dict[str, Any]:
    """SIGKILL one worker a third of the way through a bounded load run."""
    from multiprocessing import Pool

    before = worker_pids(master)
    deadline = time.monotonic() + seconds
    with Pool(clients) as pool:
        running = pool.map_async(client, [(port, requests, 10**9, deadline, seed)
                                          for seed in range(clients)])
        time.sleep(seconds / 3)
        victim = before[0]
        os.kill(victim, signal.SIGKILL)
        tallies = running.get(timeout=seconds + 60)
    tally = Tally()
    for part in tallies:
        tally.merge(part)
    after: list[int] = []
    for _ in range(200):  # the master notices within a second or so
        after = worker_pids(master)
        if victim not in after and len(after) == len(before):
            break
        time.sleep(0.05)
    answered_after = sum(one_request(port, requests[i % len(requests)][1])[0] is None
                         for i in range(20))
    return {"served": tally.served, "failed": tally.failed, "failures": tally.failures,
            "victim": victim, "workers_before": before, "workers_after": after,
            "replaced": victim not in after and len(after) == len(before),
            "answered_after": answered_after}


def terminate_the_master(port: int, server: subprocess.Popen[bytes], slow: bytes,
                         seconds: float = 10.0) -> dict[str, Any]:
    """SIGTERM the master while a slow request is being answered; then knock until the
    door is closed. The slow request must finish; new connections must be refused."""
    import threading

    outcome: dict[str, Any] = {}

    def send_slow() -> None:
        outcome["slow"] = one_request(port, slow)

    sender = threading.Thread(target=send_slow)
    sender.start()
    time.sleep(0.02)  # accepted by an idle worker, now being counted
    os.kill(server.pid, signal.SIGTERM)
    signalled = time.monotonic()
    knocks: dict[str, int] = {}
    deadline = signalled + seconds
    while time.monotonic() < deadline:
        failure, _ = one_request(port, request_bytes("GET", "/healthz", None, port), timeout=2)
        kind = failure or "answered"
        knocks[kind] = knocks.get(kind, 0) + 1
        if failure == "refused":
            break
        time.sleep(0.01)
    sender.join(timeout=seconds)
    try:
        code = server.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        code = None
    slow_failure, slow_seconds = outcome.get("slow", ("not sent", 0.0))
    return {"slow_failure": slow_failure, "slow_seconds": slow_seconds,
            "knocks": knocks, "refused_after": time.monotonic() - signalled,
            "exit_code": code}


def terminate_under_load(port: int, server: subprocess.Popen[bytes],
                         requests: Sequence[tuple[str, bytes]], clients: int = 4,
                         seconds: float = 6.0) -> dict[str, Any]:
    """SIGTERM the master halfway through a load run; count what the clients saw."""
    from multiprocessing import Pool

    deadline = time.monotonic() + seconds
    with Pool(clients) as pool:
        running = pool.map_async(client, [(port, requests, 10**9, deadline, seed)
                                          for seed in range(clients)])
        time.sleep(seconds / 2)
        os.kill(server.pid, signal.SIGTERM)
        tallies = running.get(timeout=seconds + 60)
    tally = Tally()
    for part in tallies:
        tally.merge(part)
    try:
        code = server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        code = None
    return {"served": tally.served, "failures": tally.failures, "exit_code": code}
