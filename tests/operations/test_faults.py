"""Faults under load, against a real gunicorn (loopback, bounded in time and count)."""

from __future__ import annotations

import random

import pytest

from bench._load import (
    free_port,
    hand_bodies,
    kill_a_worker,
    request_bytes,
    start_server,
    stop_server,
    terminate_the_master,
)


@pytest.fixture
def port() -> int:
    return free_port()


def test_a_killed_worker_costs_only_its_request_in_flight(port: int) -> None:
    rng = random.Random(1)
    requests = [("hands", request_bytes("POST", "/v1/hands/check", b, port))
                for b in hand_bodies(rng, 100)]
    server = start_server(port, extra_env={"WEB_CONCURRENCY": "2"})
    try:
        result = kill_a_worker(port, server.pid, requests, clients=3, seconds=3.0)
    finally:
        stop_server(server)
    assert result["served"] > 100
    # A sync worker answers one request at a time: at most that one is lost.
    assert result["failed"] <= 1, result["failures"]
    assert result["replaced"], (result["workers_before"], result["workers_after"])
    assert result["answered_after"] == 20


def test_sigterm_finishes_the_request_in_flight_then_refuses(port: int) -> None:
    rng = random.Random(2)
    slow = request_bytes("POST", "/v1/hands/batch", {"hands": hand_bodies(rng, 1000)}, port)
    server = start_server(port, extra_env={"WEB_CONCURRENCY": "2"})
    try:
        result = terminate_the_master(port, server, slow)
    finally:
        stop_server(server)
    assert result["slow_failure"] is None  # the 1000-hand batch was answered in full
    assert "refused" in result["knocks"]
    # After the signal a connection is answered, or refused once the port is closed (or
    # reset if it was caught waiting in the backlog as the port closed): never an error.
    assert set(result["knocks"]) <= {"answered", "refused", "reset"}
    assert result["exit_code"] == 0
