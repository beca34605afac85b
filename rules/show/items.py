"""The scoring combinations of the show (RULES.md section 5), each rule written once.

* Fifteens, pairs and runs depend only on the ranks. :func:`rank_pattern` finds them
  for a rank multiset as places among the cards sorted by index (rank-major), so one
  pattern serves every hand with those ranks: the cards are put in at the end.
* Flush and nobs depend only on the suits: :func:`flush_points` and :data:`NOBS`.

Everything else (the packed tables, the itemised count, the spoken call, discard
averages, which totals can exist) is derived from these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations, product
from operator import itemgetter
from typing import Any, NamedTuple

from rules.core.cards import PIPS, Card, Rank

__all__ = [
    "NOBS",
    "Item",
    "ItemKind",
    "Places",
    "RankPattern",
    "Shape",
    "flush_points",
    "rank_pattern",
    "rank_places",
    "rank_points",
]


class ItemKind(StrEnum):
    """What a combination scores for in the show."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"


class Item(NamedTuple):
    """One scoring combination: its kind, the cards that make it, its points.

    A named tuple rather than a frozen dataclass: a count makes a few of these per
    hand, and a tuple is built in a fifth of the time (see bench/RESULTS.md).
    """

    kind: ItemKind
    cards: tuple[Card, ...]
    points: int


NOBS = 1
"""His nob: a jack in the hand (or crib) of the starter's suit scores one."""

_FIFTEEN = 15
_PAIR = 2


def flush_points(size: int, *, starter_matches: bool, crib: bool) -> int:
    """The flush of a hand (or crib) of ``size`` cards all of one suit: one a card, one
    more if the starter matches; a crib scores only when the starter matches too."""
    if starter_matches:
        return size + 1
    return 0 if crib else size


Shape = tuple[tuple[ItemKind, int, str], ...]
"""What the spoken call depends on: each item's kind, points and (for a pair) rank."""


@dataclass(frozen=True, slots=True)
class RankPattern:
    """Fifteens, pairs and runs of one rank multiset, as places among the sorted cards."""

    places: tuple[tuple[ItemKind, Any, int], ...]
    """(kind, an ``itemgetter`` of the item's cards from the sorted cards, points)."""
    points: int
    breakdown: dict[str, int]
    """Points by kind, flush and nobs at 0 (never handed out: copied by the caller)."""
    shape: Shape


Places = tuple[tuple[ItemKind, tuple[int, ...], int], ...]
"""Items as (kind, positions among the cards sorted by rank, points)."""


def rank_places(orders: Sequence[int]) -> Places:
    """Where the fifteens, pairs and runs lie among cards of these rank orders
    (1 = ace .. 13 = king), sorted; within a kind, in the order players count them."""
    orders = sorted(orders)
    positions = range(len(orders))
    # Every subset summing to at most 15, grown one card at a time.
    sums: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    for i in positions:
        pips = PIPS[orders[i]]
        sums += [(total + pips, (*combo, i)) for total, combo in sums if total + pips <= _FIFTEEN]
    fifteens = sorted((combo for total, combo in sums if total == _FIFTEEN),
                      key=lambda combo: (len(combo), combo))
    found = [(ItemKind.FIFTEEN, combo, 2) for combo in fifteens]
    for first, second in combinations(positions, 2):
        if orders[first] == orders[second]:
            found.append((ItemKind.PAIR, (first, second), _PAIR))
    by_order: dict[int, list[int]] = {}
    for i in positions:
        by_order.setdefault(orders[i], []).append(i)
    stretch: list[int] = []
    for order in range(1, 15):  # 14 closes the last stretch
        if order in by_order:
            stretch.append(order)
            continue
        if len(stretch) >= 3:  # a run scores its length once per way of picking its cards
            for combo in product(*(by_order[o] for o in stretch)):
                found.append((ItemKind.RUN, combo, len(stretch)))
        stretch = []
    return tuple(found)


def rank_points(orders: Sequence[int]) -> int:
    """Fifteens, pairs and runs of cards of these rank orders, in points."""
    return sum(points for _, _, points in rank_places(orders))


def rank_pattern(orders: Sequence[int]) -> RankPattern:
    """:func:`rank_places`, ready to fill with a hand's cards and to be said."""
    orders = sorted(orders)
    found = rank_places(orders)
    points = dict.fromkeys(ItemKind, 0)
    for kind, _, value in found:
        points[kind] += value
    shape = tuple(_shared((kind, value, Rank.from_order(orders[combo[0]]).value
                           if kind is ItemKind.PAIR else "")) for kind, combo, value in found)
    places = tuple(_shared((kind, _shared(itemgetter(*combo), combo), value))
                   for kind, combo, value in found)
    breakdown = {kind.value: value for kind, value in points.items()}
    return RankPattern(places, sum(breakdown.values()),
                       _shared(breakdown, tuple(breakdown.values())), shape)


_SHARED: dict[object, Any] = {}


def _shared(value: Any, key: object = None) -> Any:
    """One object for every equal part of the patterns (there are tens of thousands of
    patterns, made of a few hundred distinct places, getters and breakdowns): the
    tables stay small, and are shared by the server's workers."""
    key = value if key is None else (type(value), key)
    return _SHARED.setdefault(key, value)
