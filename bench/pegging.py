"""Microseconds to referee a whole recorded six-card play.

    make bench          (or: .venv/bin/python bench/pegging.py)
"""

from __future__ import annotations

import random
from typing import Any

from _common import best_of, header
from _load import pegging_bodies

from rules.cards import Card
from rules.play import PlayEvent, check_play

DEALS = 1000


def record(body: dict[str, Any]) -> tuple[list[PlayEvent], dict[str, list[Card]]]:
    """A pegging request body (from _load) as the library takes it."""
    events = [PlayEvent(e["player"], Card.parse(e["card"]) if "card" in e else None)
              for e in body["plays"]]
    hands = {p: [Card.parse(c) for c in cards] for p, cards in body["hands"].items()}
    return events, hands


def main() -> None:
    header("pegging referee: one whole six-card play")
    rng = random.Random(7)
    records = [record(body) for body in pegging_bodies(rng, DEALS)]
    for label, with_hands in (("without hands", False), ("with hands", True)):
        seconds = best_of(5, lambda w=with_hands: [
            check_play(events, hands=hands if w else None) for events, hands in records])
        print(f"{label}: {seconds / DEALS * 1e6:.1f} µs per deal ({DEALS} random legal deals)")
    findings = sum(len(check_play(e, hands=h).findings) for e, h in records)
    print(f"findings on these legal records (must be 0): {findings}")


if __name__ == "__main__":
    main()
