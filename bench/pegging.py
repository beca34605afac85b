"""CPU time to referee a six-card play and a whole game, against the speed budget.

    make bench          (or: .venv/bin/python -m bench.pegging)

The budget (issue 15): a six-card play refereed in under 50 µs of CPU, a whole
13-deal game in under 2 ms. Each figure is the median over several runs of the CPU
time (``time.process_time``) per item, with the wall time beside it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench._common import header
from bench._load import game_body, pegging_bodies
from rules import Card, DealRecord, PlayEvent, Table, Variant, check_game, check_play

DEALS = 1000
GAMES = 50
GAME_DEALS = 13
RUNS = 7
PLAY_BUDGET_US = 50.0
GAME_BUDGET_US = 2000.0


def record(body: dict[str, Any]) -> tuple[list[PlayEvent], dict[str, list[Card]]]:
    """A pegging request body (from _load) as the library takes it."""
    return events(body["plays"]), cards_by_player(body["hands"])


def events(plays: Sequence[dict[str, Any]]) -> list[PlayEvent]:
    return [PlayEvent(e["player"], Card.parse(e["card"]) if "card" in e else None)
            for e in plays]


def cards_by_player(hands: dict[str, Sequence[str]]) -> dict[str, list[Card]]:
    return {p: [Card.parse(c) for c in cards] for p, cards in hands.items()}


def game(body: dict[str, Any]) -> list[DealRecord]:
    return [DealRecord(cards_by_player(d["dealt"]), cards_by_player(d["discards"]),
                       Card.parse(d["starter"]), events(d["plays"])) for d in body["deals"]]


def per_item(items: int, run: Callable[[], object]) -> tuple[float, float]:
    """Median CPU and wall microseconds per item over ``RUNS`` runs (after one warm-up)."""
    run()
    cpu, wall = [], []
    for _ in range(RUNS):
        c, w = time.process_time(), time.perf_counter()
        run()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return (statistics.median(cpu) / items * 1e6, statistics.median(wall) / items * 1e6)


def verdict(cpu: float, budget: float) -> str:
    return f"within the {budget:g} µs budget" if cpu < budget else f"OVER the {budget:g} µs budget"


def main() -> None:
    header("pegging referee: a six-card play, and a whole game")
    rng = random.Random(7)
    records = [record(body) for body in pegging_bodies(rng, DEALS)]
    for label, with_hands in (("without hands", False), ("with hands", True)):
        cpu, wall = per_item(DEALS, lambda w=with_hands: [  # type: ignore[misc]
            check_play(e, hands=h if w else None) for e, h in records])
        print(f"six-card play {label}: {cpu:.1f} µs CPU ({wall:.1f} µs wall) per play, "
              f"{verdict(cpu, PLAY_BUDGET_US)}")
    findings = sum(len(check_play(e, hands=h).findings) for e, h in records)
    print(f"findings on these {DEALS} random legal plays (must be 0): {findings}")

    # A target out of reach, so that every one of the 13 deals is refereed.
    games = [game(game_body(rng, GAME_DEALS)) for _ in range(GAMES)]
    table = Table.seat(Variant.SIX_CARD, ("ann", "bob"), target=1000, dealer="ann")
    cpu, wall = per_item(GAMES, lambda: [
        check_game(table, deals) for deals in games])
    print(f"whole {GAME_DEALS}-deal game (deals, heels, play, show): {cpu:.0f} µs CPU "
          f"({wall:.0f} µs wall) per game, {verdict(cpu, GAME_BUDGET_US)}")


if __name__ == "__main__":
    main()
