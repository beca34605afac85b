"""A second, deliberately naive implementation of the rules, for checking the library.

Written straight from the rule book (docs/rules.md) with no tables and no cleverness:
enumerate every subset of the cards and test each one against the rule's wording.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from rules.core.cards import Card

PIPS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
        "T": 10, "J": 10, "Q": 10, "K": 10}
ORDER = {rank: i + 1 for i, rank in enumerate("A23456789TJQK")}


def rank(card: Card) -> str:
    return str(card)[0]


def suit(card: Card) -> str:
    return str(card)[1]


def is_run(cards: Sequence[Card]) -> bool:
    orders = sorted(ORDER[rank(c)] for c in cards)
    return len(set(orders)) == len(orders) and orders[-1] - orders[0] == len(orders) - 1


def naive_show(hand: Sequence[Card], starter: Card, crib: bool = False) -> dict[str, int]:
    points = dict.fromkeys(("fifteen", "pair", "run", "flush", "nobs"), 0)
    for (kind, _, value), times in naive_items(hand, starter, crib).items():
        points[kind] += value * times
    return points


def naive_total(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    return sum(naive_show(hand, starter, crib).values())


def naive_items(hand: Sequence[Card], starter: Card,
                crib: bool = False) -> Counter[tuple[str, frozenset[str], int]]:
    """Every scoring combination as (kind, its cards, points), found subset by subset."""
    cards = [*hand, starter]
    subsets = [s for n in range(1, len(cards) + 1) for s in combinations(cards, n)]
    items: Counter[tuple[str, frozenset[str], int]] = Counter()

    def found(kind: str, group: Sequence[Card], points: int) -> None:
        items[kind, frozenset(str(c) for c in group), points] += 1

    for s in subsets:
        if sum(PIPS[rank(c)] for c in s) == 15:
            found("fifteen", s, 2)
    for a, b in combinations(cards, 2):
        if rank(a) == rank(b):
            found("pair", (a, b), 2)
    runs = [s for s in subsets if len(s) >= 3 and is_run(s)]
    longest = max((len(s) for s in runs), default=0)
    for s in runs:
        if len(s) == longest:
            found("run", s, len(s))
    if len({suit(c) for c in hand}) == 1:
        if suit(starter) == suit(hand[0]):
            found("flush", cards, len(cards))
        elif not crib:
            found("flush", hand, len(hand))
    for c in hand:
        if rank(c) == "J" and suit(c) == suit(starter):
            found("nobs", (c,), 1)
    return items
