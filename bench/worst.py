"""The worst legal request of each endpoint: CPU per request, and latency through the
production stack.

    make worst         (or: .venv/bin/python -m bench.worst [--runs 30])

For each endpoint a body at the edge of what the schema accepts: the most cards, events,
deals or items, in the variant that costs most. Where the cost depends on the record
(the play's readings), the slowest of a few dozen random candidates is taken. Each body
is answered ``--runs`` times in-process (CPU time, ``time.process_time``) and then
through nginx and gunicorn on loopback (wall time, one client). Target: under 1 s of CPU.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench._common import header
from bench._front import running_stack
from bench._load import DECK, HOST, one_request, percentile, request_bytes

SEATS = ("e", "s", "w", "n")  # four-player: dealer last


def four_player_play(rng: random.Random, hands: dict[str, list[str]]) -> list[dict[str, Any]]:
    """52 events, in no legal order: cards from the hands (some twice), gos between."""
    events: list[dict[str, Any]] = []
    while len(events) < 52:
        player = rng.choice(SEATS)
        if rng.random() < 0.35:
            events.append({"player": player, "go": True, "claimed": rng.randrange(0, 3)})
        else:
            events.append({"player": player, "card": rng.choice(hands[player]),
                           "claimed": rng.randrange(0, 8)})
    return events


def four_player_deal(rng: random.Random) -> dict[str, Any]:
    cards = rng.sample(DECK, 21)
    dealt = {p: cards[5 * i:5 * i + 5] for i, p in enumerate(SEATS)}
    discards = {p: [dealt[p][0]] for p in SEATS}
    kept = {p: dealt[p][1:] for p in SEATS}
    return {"dealt": dealt, "discards": discards, "starter": cards[20],
            "plays": four_player_play(rng, kept),
            "claims": {"heels": 2, "hands": {p: 29 for p in SEATS}, "crib": 28}}


def candidates(rng: random.Random) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Bodies per endpoint at the schema's edges; several where the record matters."""
    pegging = []
    deals = []
    for _ in range(30):
        deal = four_player_deal(rng)
        kept = {p: [c for c in deal["dealt"][p] if c not in deal["discards"][p]] for p in SEATS}
        pegging.append({"variant": "four-player", "players": list(SEATS),
                        "plays": deal["plays"], "hands": kept})
        deals.append({"variant": "four-player", "players": list(SEATS), **deal})
    # The longest game: to the highest target, with the most deals, each with the most
    # events (cut where the game is won: a deal after the win is refused).
    games = [{"variant": "four-player", "players": list(SEATS), "first_dealer": "n",
              "target": 1000, "deals": [four_player_deal(rng) for _ in range(60)]}
             for _ in range(3)]
    seven = []
    for _ in range(1000):
        *hand, starter = rng.sample(DECK, 6)
        seven.append({"hand": hand, "starter": starter, "claimed": 12, "variant": "seven-card"})
    batch = {"hands": seven}
    return {
        "/v1/hands/check": [("POST", seven[0])],
        "/v1/hands/batch": [("POST", batch)],
        "/v1/pegging/check": [("POST", b) for b in pegging],
        "/v1/deals/check": [("POST", b) for b in deals],
        "/v1/games/check": [("POST", g) for g in games],
        "/v1/discards/advise": [("POST", {"cards": rng.sample(DECK, 7), "dealer": False,
                                          "variant": "seven-card"})],
    }


@dataclass
class Row:
    path: str
    body: int
    status: int
    answer: int
    cpu: list[float]
    wall: list[float] = field(default_factory=list)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    header("the worst legal request of each endpoint")
    from service import create_app

    client = create_app().test_client()
    rng = random.Random(11)
    bodies = candidates(rng)
    for _, game in bodies["/v1/games/check"]:
        problem = client.post("/v1/games/check", json=game).get_json()
        for error in problem.get("errors", []):
            if error["code"] == "after-game-over":  # "#/deals/N": N is one past the win
                del game["deals"][int(error["pointer"].split("/")[2]):]
    worst: dict[str, tuple[str, dict[str, Any]]] = {}
    for path, options in bodies.items():
        timed = []
        for method, body in options:
            start = time.process_time()
            answer = client.open(path, method=method, json=body)
            timed.append((time.process_time() - start, method, body, answer.status_code))
        _, method, body, status = max(timed, key=lambda t: t[0])
        if status not in (200, 422):
            print(f"{path}: the worst candidate answered {status}")
            return 1
        worst[path] = (method, body)

    rows: list[Row] = []
    for path, (method, body) in worst.items():
        cpu = []
        size = 0
        status = 0
        for _ in range(args.runs):
            start = time.process_time()
            answer = client.open(path, method=method, json=body)
            cpu.append(time.process_time() - start)
            size, status = len(answer.data), answer.status_code
        rows.append(Row(path, len(json.dumps(body)), status, size, cpu))

    with tempfile.TemporaryDirectory() as tmp, running_stack(
            Path(tmp) / "stack.log", {"MUGGINS_RATE": "1000r/s", "MUGGINS_BURST": "1000"}) as stack:
        for row in rows:
            method, body = worst[row.path]
            data = request_bytes(method, row.path, body, stack.port)
            for _ in range(args.runs):
                failure, seconds = one_request(stack.port, data)
                if failure not in (None, "status-422"):
                    print(f"{row.path} through the stack: {failure}")
                    return 1
                row.wall.append(seconds)

    print(f"{args.runs} runs each; CPU in-process, wall through nginx + gunicorn on {HOST}")
    print(f"{'endpoint':<22}{'body':>9}{'status':>7}{'answer':>10}"
          f"{'CPU p50':>10}{'CPU p99':>10}{'wall p50':>10}{'wall p99':>10}")
    worst_cpu = 0.0
    for row in rows:
        worst_cpu = max(worst_cpu, percentile(row.cpu, .99))
        print(f"{row.path:<22}{row.body:>9,}{row.status:>7}{row.answer:>10,}"
              f"{percentile(row.cpu, .5) * 1000:>8.0f}ms"
              f"{percentile(row.cpu, .99) * 1000:>8.0f}ms"
              f"{percentile(row.wall, .5) * 1000:>8.0f}ms"
              f"{percentile(row.wall, .99) * 1000:>8.0f}ms")
    # A game is cut where it is won, so no record of 60 deals is legal here; each deal
    # costs the same wherever it falls, so 60 of them cost this much:
    from service.v1.games import MAX_DEALS

    game = worst["/v1/games/check"][1]
    per_deal = percentile(next(r.cpu for r in rows if r.path == "/v1/games/check"), .99) / len(
        game["deals"])
    print(f"games: {len(game['deals'])} deals of 52 events before the win at "
          f"{game['target']}; {per_deal * 1000:.1f} ms CPU a deal, so {MAX_DEALS} deals "
          f"would take {per_deal * MAX_DEALS * 1000:.0f} ms")
    worst_cpu = max(worst_cpu, per_deal * MAX_DEALS)
    ok = worst_cpu < 1.0
    print(f"worst CPU p99 {worst_cpu * 1000:.0f} ms (target under 1000 ms): "
          + ("pass" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
