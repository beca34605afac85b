"""The table's value of a point: what one more point of a player's own is worth in their
chance of winning, before a deal (docs/chances.md, "Decisions judged by chances").

A discard's net expected value and a deal's luck are points; the review turns them into
chance with this slope wherever it does not deal the options out.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.chances import COVERED, DEALER, PONE, ChanceTable
from rules.core.variants import Variant

__all__ = ["SLOPE_SPAN", "covered_table", "point_value"]

SLOPE_SPAN = 3
"""The slope is a centred difference over this many points each way: one point's step
is within the table's sampling error in the middle of the board, three are not."""


def covered_table(tables: Mapping[Variant, ChanceTable] | None, variant: Variant,
                  target: int) -> ChanceTable | None:
    """The chance table for a game of ``variant`` to ``target``, or None where none
    covers it (three or four players, the seven-card game, another target)."""
    if tables is None or variant not in COVERED:
        return None
    found = tables.get(variant)
    return found if found is not None and found.target == target else None


def point_value(chance_table: ChanceTable, pone: int, dealer: int, *, is_dealer: bool) -> float:
    """The player's chance of winning gained by one more point of their own, before the
    deal at ``(pone, dealer)``: the centred difference of their chance in their own
    score (a score at the target counts as won), never below 0 (the table's chance
    rises with one's own score; a dip is its sampling error)."""
    own = dealer if is_dealer else pone
    low = max(own - SLOPE_SPAN, 0)
    high = min(own + SLOPE_SPAN, chance_table.target)
    return max((_own_chance(chance_table, pone, dealer, is_dealer, high)
                - _own_chance(chance_table, pone, dealer, is_dealer, low)) / (high - low), 0.0)


def _own_chance(chance_table: ChanceTable, pone: int, dealer: int, is_dealer: bool,
                own: int) -> float:
    if own >= chance_table.target:
        return 1.0
    if is_dealer:
        return chance_table.before(pone, own).win[DEALER]
    return chance_table.before(own, dealer).win[PONE]
