"""Writing a record canonically: each section's line, the players in seat order and the
sides in the table's, names quoted where they must be (docs/notation.md). What
:mod:`rules.notation.records` writes reads back to an equal record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core.cards import Card
from rules.core.names import quote_name
from rules.core.table import PARTNERS, Table
from rules.deal.record import DealRecord
from rules.notation.events import event_text

__all__ = ["UNSHOWN", "cards_line", "deal_lines", "scores_line"]


def _by_seat(mapping: Mapping[str, object], seats: Sequence[str]) -> list[str]:
    """The keys in seat order, then any others (no seat: the referee refuses them)."""
    return [p for p in seats if p in mapping] + [p for p in mapping if p not in seats]


def cards_line(keyword: str, mapping: Mapping[str, Sequence[Card]],
                seats: Sequence[str]) -> str:
    groups = [" ".join([quote_name(p), *(c.text for c in mapping[p])])
              for p in _by_seat(mapping, seats)]
    return f"{keyword}: " + "; ".join(groups) if groups else f"{keyword}:"


def _side_text(side: str) -> str:
    parts = side.split(PARTNERS)
    if len(parts) > 1 and all(parts) and all(quote_name(p) == p for p in parts):
        return side
    return quote_name(side)


def scores_line(scores: Mapping[str, int], table: Table) -> str:
    """``scores: pone 50; dealer 60``, the sides in the table's order."""
    sides = [side.name for side in table.sides]
    said = [f"{_side_text(s)} {scores[s]}" for s in _by_seat(scores, sides)]
    return ("scores: " + "; ".join(said)).rstrip()


def deal_lines(record: DealRecord, seats: Sequence[str]) -> list[str]:
    out = [cards_line("dealt", record.dealt, seats)]
    if record.discards is not None:
        out.append(cards_line("discards", record.discards, seats))
    if record.crib_card is not None:
        out.append(f"crib card: {record.crib_card}")
    claims = record.claims
    if record.starter is not None:
        heels = "" if claims is None or claims.heels is None else f" ={claims.heels}"
        out.append(f"starter: {record.starter}{heels}")
    if record.plays is not None:
        out.append(("play: " + ", ".join(event_text(e) for e in record.plays)).rstrip())
    if claims is not None and (claims.hands or claims.crib is not None
                               or claims.heels is None):
        said = [f"{quote_name(p)} ={claims.hands[p]}" for p in _by_seat(claims.hands, seats)]
        if claims.crib is not None:
            said.append(f"crib ={claims.crib}")
        out.append(("show: " + "; ".join(said)).rstrip())
    if record.unshown:
        # Only an imported record says so; the notation has no word for it yet, and read
        # back, the short hands are a misdeal (docs/notation.md#other-formats).
        out.append(UNSHOWN)
    return out


UNSHOWN = "# the cards never laid were never shown: the game was won before the show"
