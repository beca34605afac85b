"""ann (the pone) and bob's deals written short, for the reviews' tests of the library
and of the service alike (tests/library/test_skill.py, tests/service/test_review_chances.py)."""

from __future__ import annotations

from rules import Card, DealRecord, PlayEvent
from rules.doubledummy import Position


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def deal(ann: str, bob: str, ann_throws: str, bob_throws: str, starter: str,
         plays: str | None = None) -> DealRecord:
    """ann (the pone) and bob's deal; ``plays`` as "ann:2S bob:KS ..." (a go is
    "bob:go"), or laid lowest card first when None."""
    dealt = {"ann": cards(ann), "bob": cards(bob)}
    discards = {"ann": cards(ann_throws), "bob": cards(bob_throws)}
    if plays is not None:
        events = [PlayEvent(p, None if c == "go" else Card.parse(c))
                  for p, c in (e.split(":") for e in plays.split())]
        return DealRecord(dealt, discards, Card.parse(starter), events)
    kept = [[c for c in dealt[p] if c not in discards[p]] for p in ("ann", "bob")]
    position, events = Position.start(kept), []
    while position.actor is not None:
        seat = position.actor
        card = min((c for c in kept[seat] if c.order in position.legal()),
                   key=lambda c: c.order)
        kept[seat].remove(card)
        events.append(PlayEvent(("ann", "bob")[seat], card))
        position, _ = position.lay(card.order)
    return DealRecord(dealt, discards, Card.parse(starter), events)


PLAYS = "ann:2S bob:KS ann:2H bob:QS ann:2D bob:go ann:2C bob:JS bob:TS"
"""ann holds four twos (every card forced); bob K Q J T: the king (4 ranks legal), the
queen (3) and the jack (2) are choices, the ten the last card."""
