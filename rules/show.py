"""The show: counting a hand or the crib with the starter (RULES.md section 5).

Two ways in, one set of rules:

* :func:`score` is the fast path. Fifteens, pairs and runs depend only on the
  ranks, so they come from a table keyed by the sorted ranks; flush and nobs are
  two checks on the suits.
* :func:`count` itemises every scoring combination (for the referee's answer and
  the spoken call). Its total is checked against :func:`score` in the tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations, combinations_with_replacement, product

from rules.cards import Card, Rank
from rules.variants import CRIB_SIZE

__all__ = [
    "Item",
    "ItemKind",
    "Show",
    "count",
    "max_total",
    "possible_totals",
    "rank_points",
    "score",
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

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

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

        return call(self.items)


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
    orders = sorted([card.rank.order for card in hand] + [starter.rank.order])
    total = _rank_table(len(orders))[tuple(orders)]
    suit = hand[0].suit
    if all(card.suit is suit for card in hand):
        if starter.suit is suit:
            total += len(hand) + 1
        elif not crib:
            total += len(hand)
    starter_suit = starter.suit
    for card in hand:
        if card.rank is Rank.JACK and card.suit is starter_suit:
            total += 1
    return total


# --- itemised ------------------------------------------------------------------------


def count(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> Show:
    """Every scoring combination of ``hand`` with ``starter``, in the order players count."""
    hand = tuple(hand)
    cards = (*hand, starter)
    items: list[Item] = []

    for size in range(2, len(cards) + 1):
        for combo in combinations(cards, size):
            if sum(card.pips for card in combo) == 15:
                items.append(Item(ItemKind.FIFTEEN, _ordered(combo), 2))

    for first, second in combinations(cards, 2):
        if first.rank is second.rank:
            items.append(Item(ItemKind.PAIR, _ordered((first, second)), 2))

    items.extend(_run_items(cards))

    suit = hand[0].suit
    if all(card.suit is suit for card in hand):
        if starter.suit is suit:
            items.append(Item(ItemKind.FLUSH, _ordered(cards), len(cards)))
        elif not crib:
            items.append(Item(ItemKind.FLUSH, _ordered(hand), len(hand)))

    for card in hand:
        if card.rank is Rank.JACK and card.suit is starter.suit:
            items.append(Item(ItemKind.NOBS, (card,), 1))

    return Show(hand, starter, crib, tuple(items))


def _ordered(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.index))


def _run_items(cards: Sequence[Card]) -> list[Item]:
    by_order: dict[int, list[Card]] = {}
    for card in cards:
        by_order.setdefault(card.rank.order, []).append(card)
    items: list[Item] = []
    stretch: list[int] = []
    for order in range(1, 15):
        if order in by_order:
            stretch.append(order)
            continue
        if len(stretch) >= 3:
            for combo in product(*(by_order[o] for o in stretch)):
                items.append(Item(ItemKind.RUN, _ordered(combo), len(stretch)))
        stretch = []
    return items


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
