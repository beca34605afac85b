"""Tables behind the fast show scorer.

Every card has a code. Adding up the codes of a hand and its starter gives one
integer with two fields:

* the high field is the rank multiset, as base-5 counts (``5 ** (order - 1)`` a card);
  fifteens, pairs and runs depend on nothing else;
* the low field holds the suits as 3-bit digits (room for a five-card hand in one
  suit): the hand's cards per suit (digits 0-3), the starter's suit (digits 4-7)
  and the hand's jacks per suit (digits 8-11); flush and nobs depend on nothing else.

So a count is two dictionary lookups. The dictionaries fill themselves: a key seen
for the first time is decoded and worked out once with the plain rules.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.cards import Rank, full_deck

__all__ = [
    "CRIB_SUITS",
    "HAND_CODE",
    "HAND_SUITS",
    "LOW",
    "RANKS",
    "SHIFT",
    "STARTER_CODE",
    "rank_key",
]

_RANK_BASE = 5  # at most four cards of a rank
_SUIT_BASE = 8  # up to five hand cards of a suit
_STARTER_DIGIT = 4
_JACK_DIGIT = 8
SHIFT = 36  # 12 suit digits of 3 bits
LOW = (1 << SHIFT) - 1


def _digits(value: int, count: int, base: int) -> list[int]:
    out = []
    for _ in range(count):
        value, digit = divmod(value, base)
        out.append(digit)
    return out


class _RankPoints(dict[int, int]):
    """Rank multiset code -> fifteens + pairs + runs."""

    def __missing__(self, code: int) -> int:
        from rules.show import rank_points

        counts = _digits(code, 13, _RANK_BASE)
        orders = [order + 1 for order, n in enumerate(counts) for _ in range(n)]
        points = self[code] = rank_points(orders)
        return points


class _SuitPoints(dict[int, int]):
    """Suit code -> flush + nobs, for a hand or (``crib``) for the crib."""

    def __init__(self, crib: bool) -> None:
        super().__init__()
        self.crib = crib

    def __missing__(self, code: int) -> int:
        digits = _digits(code, 12, _SUIT_BASE)
        held = digits[:_STARTER_DIGIT]
        starter = digits[_STARTER_DIGIT:_JACK_DIGIT].index(1)
        jacks = digits[_JACK_DIGIT:]
        size = sum(held)
        points = jacks[starter]  # his nob: the jack of the starter's suit
        if size in held:  # every hand card one suit
            if held.index(size) == starter:
                points += size + 1
            elif not self.crib:
                points += size
        self[code] = points
        return points


def rank_key(orders: Iterable[int]) -> int:
    """The rank field of the cards with these rank orders (1 = ace .. 13 = king)."""
    return sum(_RANK_BASE ** (order - 1) for order in orders)


def _codes() -> tuple[tuple[int, ...], tuple[int, ...]]:
    hand, starter = [], []
    for card in full_deck():
        rank = _RANK_BASE ** (card.rank.order - 1) << SHIFT
        suit = card.index % 4
        jack = _SUIT_BASE ** (_JACK_DIGIT + suit) if card.rank is Rank.JACK else 0
        hand.append(rank | (_SUIT_BASE**suit + jack))
        starter.append(rank | _SUIT_BASE ** (_STARTER_DIGIT + suit))
    return tuple(hand), tuple(starter)


HAND_CODE, STARTER_CODE = _codes()
RANKS = _RankPoints()
HAND_SUITS = _SuitPoints(crib=False)
CRIB_SUITS = _SuitPoints(crib=True)
