"""A second, deliberately naive implementation of the rules, for checking the library.

Written straight from the rule book (docs/rules.md) with no tables and no cleverness:
enumerate every subset of the cards and test each one against the rule's wording.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rules.cards import Card

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
    cards = [*hand, starter]
    subsets = [s for n in range(1, len(cards) + 1) for s in combinations(cards, n)]
    fifteens = 2 * sum(1 for s in subsets if sum(PIPS[rank(c)] for c in s) == 15)
    pairs = 2 * sum(1 for a, b in combinations(cards, 2) if rank(a) == rank(b))
    runs_found = [s for s in subsets if len(s) >= 3 and is_run(s)]
    longest = max((len(s) for s in runs_found), default=0)
    runs = sum(len(s) for s in runs_found if len(s) == longest)
    flush = 0
    if len({suit(c) for c in hand}) == 1:
        if suit(starter) == suit(hand[0]):
            flush = len(hand) + 1
        elif not crib:
            flush = len(hand)
    nobs = sum(1 for c in hand if rank(c) == "J" and suit(c) == suit(starter))
    return {"fifteen": fifteens, "pair": pairs, "run": runs, "flush": flush, "nobs": nobs}


def naive_total(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    return sum(naive_show(hand, starter, crib).values())
