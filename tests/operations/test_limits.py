"""One request cannot cost much: answers to hostile bodies stay small, problems are
capped, objects keyed by players are no bigger than a table, and a worker's memory
comes back after them."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from bench._load import free_port, one_request, request_bytes, rss_mb, start_server, stop_server
from service import MAX_BODY_BYTES

Body = Callable[[int], dict[str, Any]]



def _bogus_dealt(n: int) -> dict[str, Any]:
    return {"dealt": {f"p{i}": ["ZZ"] for i in range(n)}, "discards": {}, "starter": "5H",
            "plays": []}


def _unknown_keys_in_every_deal(n: int) -> dict[str, Any]:
    return {"players": ["a", "b"], "first_dealer": "a",
            "deals": [{f"k{j}": 0 for j in range(n // 40 + 1)}] * 40}


HOSTILE: dict[str, tuple[str, Body]] = {
    "pegging: bogus hands": (
        "/v1/pegging/check", lambda n: {"plays": [], "hands": {f"p{i}": [] for i in range(n)}}),
    "pegging: unknown keys": (
        "/v1/pegging/check", lambda n: {"plays": [], **{f"k{i}": 0 for i in range(n)}}),
    "pegging: bad plays and unknown keys": (
        "/v1/pegging/check", lambda n: {"plays": [{"player": "x" * 64, "card": "ZZ", "b": 1}] * 52,
                                        **{f"k{i}": 0 for i in range(n)}}),
    "deals: bogus dealt": ("/v1/deals/check", _bogus_dealt),
    "games: unknown keys in every deal": ("/v1/games/check", _unknown_keys_in_every_deal),
    "hands/check: unknown keys": (
        "/v1/hands/check", lambda n: {f"k{i}": 0 for i in range(n)}),
    "deals/review: bogus dealt": ("/v1/deals/review", _bogus_dealt),
    "games/review: unknown keys in every deal": ("/v1/games/review", _unknown_keys_in_every_deal),
    "pegging/advise: bad plays and unknown keys": (
        "/v1/pegging/advise", lambda n: {"player": "pone", "hand": ["5H"],
                                         "plays": [{"player": "x", "card": "ZZ", "b": 1}] * 52,
                                         **{f"k{i}": 0 for i in range(n)}}),
}
BATCH: Body = lambda n: {"hands": [  # noqa: E731
    {"hand": ["ZZ"] * 4, "starter": "ZZ", "crib": "x", **{f"k{j}": 0 for j in range(n // 1000)}}
    for _ in range(1000)]}


def fill(make: Body, limit: int = MAX_BODY_BYTES - 1000) -> bytes:
    """The largest body ``make`` builds within the limit: its size grows linearly in n."""
    small, large = len(json.dumps(make(1000))), len(json.dumps(make(2000)))
    n = 1000 + (limit - small) * 1000 // (large - small)
    while len(body := json.dumps(make(n)).encode()) > limit:
        n -= max(1, n // 100)
    return body


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_megabyte_gets_a_small_answer(client: FlaskClient, name: str) -> None:
    path, make = HOSTILE[name]
    body = fill(make)
    assert len(body) > 1_000_000
    answer = client.post(path, data=body, content_type="application/json")
    assert answer.status_code == 422
    assert len(answer.data) < 100_000
    problem = answer.get_json()
    assert len(problem["errors"]) <= 50


def test_a_hostile_batch_lists_fifty_problems_in_all(client: FlaskClient) -> None:
    """Each invalid item is a problem in its slot, but the answer lists at most 50 in
    all: the items past that count theirs in errors_omitted. Such an answer is smaller
    than its request (a valid 1000-hand batch answers far more, by design)."""
    body = fill(BATCH)
    answer = client.post("/v1/hands/batch", data=body, content_type="application/json")
    assert answer.status_code == 200
    assert len(answer.data) < len(body) / 4
    results = answer.get_json()["results"]
    assert len(results) == 1000
    assert sum(len(r["errors"]) for r in results) == 50
    per_item = len(results[0]["errors"]) + results[0].get("errors_omitted", 0)
    assert per_item > 50 and all(
        len(r["errors"]) + r.get("errors_omitted", 0) == per_item for r in results)


def test_errors_past_fifty_are_counted_not_listed(client: FlaskClient) -> None:
    body = {"plays": [], **{f"k{i:02}": 0 for i in range(60)}}
    problem = client.post("/v1/pegging/check", json=body).get_json()
    listed = {e["pointer"] for e in problem["errors"]}
    assert len(listed) == 50 and listed <= {f"#/k{i:02}" for i in range(60)}
    assert problem["errors_omitted"] == 10
    assert problem["detail"] == "the request has 60 invalid fields"
    # Fifty or fewer: nothing omitted, and no errors_omitted.
    body = {"plays": [], **{f"k{i:02}": 0 for i in range(50)}}
    problem = client.post("/v1/pegging/check", json=body).get_json()
    assert len(problem["errors"]) == 50 and "errors_omitted" not in problem


@pytest.mark.parametrize(("path", "body", "pointer"), [
    ("/v1/pegging/check", {"plays": [], "hands": {f"p{i}": [] for i in range(5)}}, "#/hands"),
    ("/v1/deals/check", {"dealt": {f"p{i}": [] for i in range(5)}, "discards": {},
                         "starter": "5H", "plays": []}, "#/dealt"),
    ("/v1/deals/check", {"dealt": {}, "discards": {f"p{i}": [] for i in range(5)},
                         "starter": "5H", "plays": []}, "#/discards"),
    ("/v1/deals/check", {"dealt": {}, "discards": {}, "starter": "5H", "plays": [],
                         "scores_before": {f"p{i}": 0 for i in range(5)}}, "#/scores_before"),
    ("/v1/deals/check", {"dealt": {}, "discards": {}, "starter": "5H", "plays": [],
                         "claims": {"hands": {f"p{i}": 0 for i in range(5)}}},
     "#/claims/hands"),
])
def test_no_more_names_than_seats(client: FlaskClient, path: str, body: dict[str, Any],
                                  pointer: str) -> None:
    problem = client.post(path, json=body).get_json()
    assert {"pointer": pointer, "code": "wrong-size",
            "detail": "at most 4 players here, not 5"} in problem["errors"]


def _chunked(path: str, body: bytes, port: int) -> bytes:
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 65536]), body[i:i + 65536])
                      for i in range(0, len(body), 65536))
    return head + chunks + b"0\r\n\r\n"


def test_a_chunked_body_is_held_to_the_limit_however_framed() -> None:
    """gunicorn alone (make serve): a valid MiB followed by more is a 413, not the
    valid MiB answered; a body of exactly the limit is answered."""
    document = b'{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}'
    exact = document + b" " * (MAX_BODY_BYTES - len(document))
    port = free_port()
    server = start_server(port, extra_env={"WEB_CONCURRENCY": "1"})
    try:
        over = one_request(port, _chunked("/v1/hands/check", exact + b"garbage", port))
        fits = one_request(port, _chunked("/v1/hands/check", exact, port))
    finally:
        stop_server(server)
    assert over[0] == "status-413"
    assert fits[0] is None


@pytest.mark.slow
def test_worker_memory_returns_near_its_baseline() -> None:
    port = free_port()
    bodies = [request_bytes("POST", path, json.loads(fill(make)), port)
              for path, make in HOSTILE.values()]
    bodies.append(request_bytes("POST", "/v1/hands/batch", json.loads(fill(BATCH)), port))
    server = start_server(port, extra_env={"WEB_CONCURRENCY": "1"})
    try:
        from bench._load import worker_pids

        (worker,) = worker_pids(server.pid)
        warm = request_bytes("POST", "/v1/hands/check",
                             {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}, port)
        for _ in range(20):
            assert one_request(port, warm)[0] is None
        # The library loads each part the first time a request needs it (its faces are
        # lazy): every body once first, so that the baseline holds the code and tables
        # and what is measured after is what the requests leave behind.
        for data in bodies:
            assert one_request(port, data)[0] in (None, "status-422")
        baseline = rss_mb(worker)
        rng = random.Random(3)
        for _ in range(3):
            for data in rng.sample(bodies, len(bodies)):
                failure, _ = one_request(port, data)
                assert failure in (None, "status-422")
        after = rss_mb(worker)
    finally:
        stop_server(server)
    assert after - baseline < 40, (baseline, after)


# --- the worst legal request ---------------------------------------------------------


def _game(variant: str, deals: int, target: int | None = None) -> dict[str, Any]:
    from bench._load import game_body

    body = game_body(random.Random(deals), deals)
    body["variant"] = variant
    if target is not None:
        body["target"] = target
    return body


@pytest.mark.parametrize(("variant", "target", "deals", "limit"), [
    ("six-card", None, 41, 40), ("five-card", None, 41, 40), ("six-card", 61, 41, 40),
    ("seven-card", None, 61, 60), ("six-card", 500, 61, 60)])
def test_deals_per_game_by_target(client: FlaskClient, variant: str, target: int | None,
                                  deals: int, limit: int) -> None:
    problem = client.post("/v1/games/check", json=_game(variant, deals, target)).get_json()
    goal = target or {"five-card": 61, "seven-card": 181}.get(variant, 121)
    (error,) = problem["errors"]
    assert (error["pointer"], error["code"]) == ("#/deals", "wrong-size")
    # Past 60 the list is refused before a deal is read, by its size.
    assert error["detail"] in (f"a game to {goal} has at most {limit} deals, not {deals}",
                               f"1 to {limit} deals here, not {deals}")
    # One fewer is no longer refused for its size (whatever else is wrong with it).
    problem = client.post("/v1/games/check", json=_game(variant, deals - 1, target)).get_json()
    assert all(e["code"] != "wrong-size" for e in problem.get("errors", []))


TABLES_UNTOUCHED = """
from rules.show import show, tables
from service import create_app

client = create_app().test_client()
def sizes():
    return (len(tables.RANKS), len(tables.PATTERNS), len(show._COUNTED),
            show.possible_totals.cache_info().currsize)
before = sizes()
hands = {"five-card": ["5H", "5C", "JS"], "six-card": ["5H", "5C", "5S", "JD"],
         "seven-card": ["5H", "5C", "5S", "JD", "4C"]}
for variant, hand in hands.items():
    for crib in (False, True):
        if crib and variant != "six-card":
            continue
        answer = client.post("/v1/hands/check", json={
            "hand": hand, "starter": "5D", "claimed": 12, "crib": crib, "variant": variant})
        assert answer.status_code == 200, answer.get_json()
print(before == sizes(), before, sizes())
"""


def test_no_request_builds_a_table() -> None:
    """Every variant's tables are built before the fork: the first seven-card claim on a
    worker costs nothing extra (it took 0.4-1.3 s)."""
    import subprocess
    import sys

    from bench._load import ROOT

    out = subprocess.run([sys.executable, "-c", TABLES_UNTOUCHED], cwd=ROOT, check=True,
                         capture_output=True, text=True, timeout=120).stdout
    assert out.startswith("True"), out
