"""Microseconds to referee a whole recorded six-card play.

    make bench          (or: .venv/bin/python bench/pegging.py)
"""

from __future__ import annotations

import random

from _common import best_of, header

from rules.cards import full_deck
from rules.play import PlayEvent, check_play

DEALS = 1000
DECK = list(full_deck())


def legal_record(rng: random.Random) -> tuple[list[PlayEvent], dict[str, list]]:  # type: ignore[type-arg]
    """A random legal six-card play, gos included."""
    drawn = rng.sample(DECK, 8)
    hands = {"pone": drawn[:4], "dealer": drawn[4:]}
    held = {p: list(h) for p, h in hands.items()}
    events: list[PlayEvent] = []
    count, turn, other = 0, "pone", "dealer"
    gone: set[str] = set()
    last = None
    while held["pone"] or held["dealer"]:
        fits = [c for c in held[turn] if c.pips <= 31 - count]
        if fits and turn not in gone:
            card = rng.choice(fits)
            held[turn].remove(card)
            events.append(PlayEvent(turn, card))
            count += card.pips
            last = turn
        elif held[turn] and turn not in gone:
            events.append(PlayEvent(turn, None))
            gone.add(turn)
        can_other = other not in gone and held[other]
        can_turn = turn not in gone and held[turn]
        if count == 31 or not (can_other or can_turn):
            count, gone = 0, set()
            turn, other = ("dealer", "pone") if last == "pone" else ("pone", "dealer")
        elif can_other:
            turn, other = other, turn
    return events, hands


def main() -> None:
    header("pegging referee: one whole six-card play")
    rng = random.Random(7)
    records = [legal_record(rng) for _ in range(DEALS)]
    for label, with_hands in (("without hands", False), ("with hands", True)):
        seconds = best_of(5, lambda w=with_hands: [
            check_play(events, hands=hands if w else None) for events, hands in records])
        print(f"{label}: {seconds / DEALS * 1e6:.1f} µs per deal ({DEALS} random legal deals)")
    findings = sum(len(check_play(e, hands=h).findings) for e, h in records)
    print(f"findings on these legal records (must be 0): {findings}")


if __name__ == "__main__":
    main()
