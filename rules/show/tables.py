"""Tables behind the fast show scorer: the packed show key and what it looks up.

Every card has a code, one for a hand card (:data:`HAND_CODE`) and one for a starter
(:data:`STARTER_CODE`). Adding up the codes of a hand and its starter gives a
:data:`ShowKey`, one integer with two fields:

* the rank field (bits :data:`SHIFT` and up) is the rank multiset, as base-5 counts:
  a card of rank order ``o`` (1 = ace .. 13 = king) adds ``5 ** (o - 1)``. Fifteens,
  pairs and runs depend on nothing else.
* the suit field (the low :data:`SHIFT` bits) holds twelve 3-bit digits, suits in the
  order S H D C: the hand's cards of each suit (digits 0-3), the starter's suit
  (digits 4-7) and the hand's jacks of each suit (digits 8-11). Flush and nobs depend
  on nothing else.

A worked example, the 29 hand 5H 5C 5S JD with the starter 5D:

* rank field: four fives give digit 5 the count 4, and the jack digit 11 the count 1:
  ``4 * 5**4 + 5**10 = 9_768_125``;
* suit field: one hand card in each suit, ``8**0 + 8**1 + 8**2 + 8**3 = 585``; the
  starter is a diamond, ``8**(4 + 2) = 262_144``; the hand's jack is a diamond,
  ``8**(8 + 2) = 1_073_741_824``; together ``1_074_004_553``;
* the key is ``9_768_125 << 36 | 1_074_004_553``, and the count is
  ``RANKS[9_768_125] + HAND_SUITS[1_074_004_553]`` = 28 + 1.

(``tests/library/test_show.py`` checks these numbers.) Why no field can overflow into the
next: adding codes never carries from one digit to the next as long as every digit
stays below its base. A pack has four cards of a rank, so a rank digit is at most 4
(base 5). The largest hand counted holds five cards (the seven-card game), so a
hand's suit digit is at most 5; there is one starter, so its digits are 0 or 1; a
suit has one jack, so a jack digit is 0 or 1: all below 8. The rank field needs
``13 * log2(5)`` < 31 bits, so a key is under 2**67 (a Python int; numpy code splits
the fields first, see :mod:`rules.show.distribution`).

So a count is two dictionary lookups. The dictionaries fill themselves: a field seen
for the first time is decoded and worked out once from the rules in :mod:`rules.show.items`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.core.cards import Card, Rank, full_deck
from rules.show.items import NOBS, RankPattern, flush_points, rank_pattern, rank_points

__all__ = [
    "CRIB_SUITS",
    "HAND_CODE",
    "HAND_SUITS",
    "LOW",
    "PATTERNS",
    "RANKS",
    "SHIFT",
    "STARTER_CODE",
    "ShowKey",
    "rank_key",
    "show_key",
]

ShowKey = int
"""A hand and its starter packed into one integer (see the module's docstring)."""

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


def _orders(code: int) -> list[int]:
    counts = _digits(code, 13, _RANK_BASE)
    return [order + 1 for order, n in enumerate(counts) for _ in range(n)]


class _RankPatterns(dict[int, RankPattern]):
    """Rank field -> where fifteens, pairs and runs lie among the sorted cards."""

    def __missing__(self, code: int) -> RankPattern:
        pattern = self[code] = rank_pattern(_orders(code))
        return pattern


class _RankPoints(dict[int, int]):
    """Rank field -> fifteens + pairs + runs."""

    def __missing__(self, code: int) -> int:
        pattern = PATTERNS.get(code)  # already itemised: its points; else only count
        points = self[code] = pattern.points if pattern else rank_points(_orders(code))
        return points


class _SuitPoints(dict[int, int]):
    """Suit field -> flush + nobs, for a hand or (``crib``) for the crib."""

    def __init__(self, crib: bool) -> None:
        super().__init__()
        self.crib = crib

    def __missing__(self, code: int) -> int:
        digits = _digits(code, 12, _SUIT_BASE)
        held = digits[:_STARTER_DIGIT]
        starter = digits[_STARTER_DIGIT:_JACK_DIGIT].index(1)
        jacks = digits[_JACK_DIGIT:]
        size = sum(held)
        points = NOBS * jacks[starter]
        if size in held:  # every hand card one suit
            points += flush_points(size, starter_matches=held.index(size) == starter,
                                   crib=self.crib)
        self[code] = points
        return points


def show_key(hand: Sequence[Card], starter: Card) -> ShowKey:
    """The packed key of ``hand`` with ``starter``."""
    code = HAND_CODE
    if len(hand) == 4:  # the common case, unrolled
        a, b, c, d = hand
        return (code[a.index] + code[b.index] + code[c.index] + code[d.index]
                + STARTER_CODE[starter.index])
    return sum(code[card.index] for card in hand) + STARTER_CODE[starter.index]


def rank_key(orders: Iterable[int]) -> int:
    """The rank field of the cards with these rank orders (1 = ace .. 13 = king)."""
    return sum(_RANK_BASE ** (order - 1) for order in orders)


def _codes() -> tuple[tuple[ShowKey, ...], tuple[ShowKey, ...]]:
    hand, starter = [], []
    for card in full_deck():
        rank = _RANK_BASE ** (card.rank.order - 1) << SHIFT
        suit = card.index % 4
        jack = _SUIT_BASE ** (_JACK_DIGIT + suit) if card.rank is Rank.JACK else 0
        hand.append(rank | (_SUIT_BASE**suit + jack))
        starter.append(rank | _SUIT_BASE ** (_STARTER_DIGIT + suit))
    return tuple(hand), tuple(starter)


HAND_CODE, STARTER_CODE = _codes()
PATTERNS = _RankPatterns()
RANKS = _RankPoints()
HAND_SUITS = _SuitPoints(crib=False)
CRIB_SUITS = _SuitPoints(crib=True)
