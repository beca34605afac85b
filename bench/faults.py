"""Faults under load: a worker killed, the master told to stop.

    make soak          (or: .venv/bin/python -m bench.faults)

Loopback only, bounded in time. Reports how many requests failed when one gunicorn
worker was killed with SIGKILL in the middle of a load run (only those in flight on
that worker should), and what clients saw when the master was sent SIGTERM: requests
in flight finish, new connections are refused.
"""

from __future__ import annotations

import random
import sys

from bench._common import header
from bench._load import (
    free_port,
    hand_bodies,
    kill_a_worker,
    pegging_bodies,
    request_bytes,
    start_server,
    stop_server,
    terminate_the_master,
    terminate_under_load,
)


def main() -> int:
    header("faults under load")
    rng = random.Random(9)
    port = free_port()
    requests = [("hands", request_bytes("POST", "/v1/hands/check", b, port))
                for b in hand_bodies(rng, 300)]
    requests += [("pegging", request_bytes("POST", "/v1/pegging/check", b, port))
                 for b in pegging_bodies(rng, 100)]

    server = start_server(port)
    try:
        kill = kill_a_worker(port, server.pid, requests)
    finally:
        stop_server(server)
    print(f"SIGKILL one worker under load: {kill['served']:,} answered, {kill['failed']} failed "
          f"{kill['failures'] or ''}; worker {kill['victim']} replaced: {kill['replaced']}; "
          f"{kill['answered_after']}/20 answered afterwards")

    port = free_port()
    slow = request_bytes("POST", "/v1/hands/batch", {"hands": hand_bodies(rng, 1000)}, port)
    server = start_server(port)
    term = terminate_the_master(port, server, slow)
    failure = term["slow_failure"]
    slow_outcome = "finished" if failure is None else f"FAILED ({failure})"
    print(f"SIGTERM the master during a {term['slow_seconds'] * 1000:.0f} ms request: "
          f"it {slow_outcome}; "
          f"connections after the signal: {term['knocks']}; refused after "
          f"{term['refused_after']:.2f} s; master exit code {term['exit_code']}")

    port = free_port()  # (the Host header still names the old port: gunicorn ignores it)
    server = start_server(port)
    load = terminate_under_load(port, server, requests)
    print(f"SIGTERM the master under load: {load['served']:,} answered; failures by kind "
          f"{load['failures']}; master exit code {load['exit_code']}")
    print("  (refused: the clean refusal of a closed port; reset: a connection that was "
          "waiting in the listen backlog, never read, when the socket closed)")

    ok = kill["failed"] <= 1 and kill["replaced"] and kill["answered_after"] == 20 and \
        term["slow_failure"] is None and "refused" in term["knocks"] and term["exit_code"] == 0
    print("result: " + ("pass" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
