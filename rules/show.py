"""The show: counting a hand or the crib with the starter (docs/rules.md#show-order).

Two ways in, one set of rules:

* :func:`score` is the fast path: two table lookups (see :mod:`rules.tables`).
* :func:`count` itemises every scoring combination (for the referee's answer and
  the spoken call). Its total is checked against :func:`score` in the tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations, combinations_with_replacement, product

from rules.cards import Card, Rank
from rules.tables import (
    CRIB_SUITS,
    HAND_CODE,
    HAND_SUITS,
    LOW,
    RANKS,
    SHIFT,
    STARTER_CODE,
    rank_key,
)
from rules.variants import CRIB_SIZE

__all__ = [
    "Item",
    "ItemKind",
    "Show",
    "count",
    "max_total",
    "possible_totals",
    "prepare",
    "rank_points",
    "score",
    "score_indices",
    "score_many",
]

_JACK_ORDER = Rank.JACK.order


class ItemKind(StrEnum):
    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"


@dataclass(frozen=True, slots=True)
class Item:
    """One scoring combination: its kind, the cards that make it, its points."""

    kind: ItemKind
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Show:
    """A hand (or crib) counted with its starter, itemised."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[Item, ...]
    total: int

    @property
    def breakdown(self) -> dict[str, int]:
        points = dict.fromkeys(ItemKind, 0)
        for item in self.items:
            points[item.kind] += item.points
        return {kind.value: value for kind, value in points.items()}

    @property
    def call(self) -> str:
        """The count as a player announces it: "fifteen two, fifteen four, a pair is six"."""
        from rules.call import call
        from rules.rulings import nineteen_means_zero

        return call(self.items, nineteen=nineteen_means_zero(len(self.hand), self.crib))


# --- ranks only: fifteens, pairs, runs -------------------------------------------------


def _fifteens(orders: Sequence[int]) -> int:
    """How many distinct subsets of the cards sum to exactly 15."""
    ways = [1] + [0] * 15
    for order in orders:
        pips = min(order, 10)
        for total in range(15, pips - 1, -1):
            ways[total] += ways[total - pips]
    return ways[15]


def _runs(counts: Counter[int]) -> int:
    """Points for runs: each maximal stretch of three or more consecutive ranks
    scores its length once for every way of picking one card per rank."""
    points = 0
    length = 0
    ways = 1
    for order in range(1, 15):  # 14 closes the last stretch
        copies = counts.get(order, 0)
        if copies:
            length += 1
            ways *= copies
            continue
        if length >= 3:
            points += length * ways
        length, ways = 0, 1
    return points


def rank_points(orders: Sequence[int]) -> int:
    """Fifteens, pairs and runs for cards given by rank order (1 = ace .. 13 = king)."""
    counts = Counter(orders)
    pairs = sum(n * (n - 1) for n in counts.values())  # C(n, 2) pairs at 2 points each
    return 2 * _fifteens(orders) + pairs + _runs(counts)


@cache
def _rank_table(size: int) -> dict[tuple[int, ...], int]:
    return {
        orders: rank_points(orders)
        for orders in combinations_with_replacement(range(1, 14), size)
        if max(Counter(orders).values()) <= 4
    }


# --- the fast path ------------------------------------------------------------------


def score(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """The true count of ``hand`` with ``starter``; ``crib`` applies the crib's flush rule."""
    code = HAND_CODE
    if len(hand) == 4:  # the common case, unrolled
        a, b, c, d = hand
        key = code[a.index] + code[b.index] + code[c.index] + code[d.index]
    else:
        key = sum(code[card.index] for card in hand)
    key += STARTER_CODE[starter.index]
    return RANKS[key >> SHIFT] + (CRIB_SUITS if crib else HAND_SUITS)[key & LOW]


def score_indices(hand: Sequence[int], starter: int, crib: bool = False) -> int:
    """As :func:`score`, for cards given by :attr:`Card.index` (0..51)."""
    key = STARTER_CODE[starter]
    for index in hand:
        key += HAND_CODE[index]
    return RANKS[key >> SHIFT] + (CRIB_SUITS if crib else HAND_SUITS)[key & LOW]


def score_many(deals: Iterable[Sequence[int]], crib: bool = False) -> list[int]:
    """Counts for many hands at once, each given as card indices with the starter last
    (four-card hands and cribs: the common case, unrolled)."""
    hand, start, ranks, shift, low = HAND_CODE, STARTER_CODE, RANKS, SHIFT, LOW
    suits = CRIB_SUITS if crib else HAND_SUITS
    return [
        ranks[(key := hand[a] + hand[b] + hand[c] + hand[d] + start[s]) >> shift] + suits[key & low]
        for a, b, c, d, s in deals
    ]


# --- itemised ------------------------------------------------------------------------


def count(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> Show:
    """Every scoring combination of ``hand`` with ``starter``, in the order players count
    (within a kind, by the cards in rank order)."""
    hand = tuple(hand)
    cards = sorted((*hand, starter), key=_by_index)
    pattern = _pattern(tuple(card.order for card in cards))
    items = [Item(kind, tuple(cards[i] for i in places), points)
             for kind, places, points in pattern]

    suit = hand[0].suit
    if all(card.suit is suit for card in hand):
        if starter.suit is suit:
            items.append(Item(ItemKind.FLUSH, tuple(cards), len(cards)))
        elif not crib:
            items.append(Item(ItemKind.FLUSH, tuple(sorted(hand, key=_by_index)), len(hand)))
    for card in hand:
        if card.rank is Rank.JACK and card.suit is starter.suit:
            items.append(Item(ItemKind.NOBS, (card,), 1))
    return Show(hand, starter, crib, tuple(items), sum(item.points for item in items))


def _by_index(card: Card) -> int:
    return card.index


_Places = tuple[tuple[ItemKind, tuple[int, ...], int], ...]


@cache
def _pattern(orders: tuple[int, ...]) -> _Places:
    """Where the fifteens, pairs and runs lie among cards of these ranks (sorted): the
    same for every hand with the same ranks, so worked out once per rank pattern."""
    positions = range(len(orders))
    places: list[tuple[ItemKind, tuple[int, ...], int]] = []
    for size in range(2, len(orders) + 1):
        for combo in combinations(positions, size):
            if sum(min(orders[i], 10) for i in combo) == 15:
                places.append((ItemKind.FIFTEEN, combo, 2))
    for first, second in combinations(positions, 2):
        if orders[first] == orders[second]:
            places.append((ItemKind.PAIR, (first, second), 2))
    by_order: dict[int, list[int]] = {}
    for i in positions:
        by_order.setdefault(orders[i], []).append(i)
    stretch: list[int] = []
    for order in range(1, 15):
        if order in by_order:
            stretch.append(order)
            continue
        if len(stretch) >= 3:
            for combo in product(*(by_order[o] for o in stretch)):
                places.append((ItemKind.RUN, combo, len(stretch)))
        stretch = []
    return tuple(places)


# --- which totals can exist ------------------------------------------------------------


@cache
def possible_totals(hand_size: int, crib: bool = False) -> frozenset[int]:
    """Every total a hand of ``hand_size`` cards (or a crib) can count with a starter.

    Worked out from the ranks, with the suits chosen to allow or avoid a flush and
    nobs; the tests check it against a card-by-card enumeration.
    """
    if crib:
        hand_size = CRIB_SIZE
    totals: set[int] = set()
    for orders, base in _rank_table(hand_size + 1).items():
        for starter in set(orders):
            held = list(orders)
            held.remove(starter)
            for bonus in _suit_bonuses(held, starter, crib):
                totals.add(base + bonus)
    return frozenset(totals)


def _suit_bonuses(held: list[int], starter: int, crib: bool) -> set[int]:
    jacks = held.count(_JACK_ORDER)
    # Without a flush: nobs is possible with a jack in hand (not a jack starter), and
    # can be avoided unless the hand holds all four jacks.
    bonuses: set[int] = set()
    if starter == _JACK_ORDER or jacks < 4:
        bonuses.add(0)
    if jacks and starter != _JACK_ORDER:
        bonuses.add(1)
    if len(set(held)) == len(held):  # all one suit needs distinct ranks
        nobs = 1 if jacks else 0
        if not crib:
            bonuses.add(len(held))  # starter of another suit: no nobs
        if starter not in held:
            bonuses.add(len(held) + 1 + nobs)
    return bonuses


def max_total(hand_size: int, crib: bool = False) -> int:
    return max(possible_totals(hand_size, crib))


def prepare(hand_sizes: Sequence[int] = (4,)) -> None:
    """Fill the lazy tables for hands of these sizes (with their starter) ahead of use.

    A server calls this once before forking its workers, so that no request pays for
    a table entry and every worker shares the same memory.
    """
    for size in hand_sizes:
        for orders in _rank_table(size + 1):
            _pattern(orders)
            RANKS[rank_key(orders)]
        for crib in (False, True):
            possible_totals(size, crib)
