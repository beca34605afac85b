"""Tables behind the fast show scorer: the packed show key and what it looks up.

Every card has a code, one for a hand card (:data:`HAND_CODE`) and one for a starter
(:data:`STARTER_CODE`). Adding up the codes of a hand and its starter gives a
:data:`ShowKey`, one integer with two fields:

* the rank field (bits :data:`SHIFT` and up) is the rank multiset, as base-5 counts:
  a card of rank order ``o`` (1 = ace .. 13 = king) adds ``5 ** (o - 1)``. Fifteens,
  pairs and runs depend on nothing else.
* the suit field (the low :data:`SHIFT` bits), suits in the order S H D C (0 to 3):
  the hand's cards of each suit in four 3-bit digits (bits 0-11), the starter's suit
  as a number in bits 12-13, and the hand's jacks, one bit a suit (bits 14-17). Flush
  and nobs depend on nothing else.

A worked example, the 29 hand 5H 5C 5S JD with the starter 5D:

* rank field: four fives give digit 5 the count 4, and the jack digit 11 the count 1:
  ``4 * 5**4 + 5**10 = 9_768_125``;
* suit field: one hand card in each suit, ``8**0 + 8**1 + 8**2 + 8**3 = 585``; the
  starter is a diamond, ``2 << 12 = 8_192``; the hand's jack is a diamond,
  ``1 << (14 + 2) = 65_536``; together ``74_313``;
* the key is ``9_768_125 << 18 | 74_313``, and the count is
  ``RANKS[9_768_125] + HAND_SUITS[74_313]`` = 28 + 1.

(``tests/library/test_show.py`` checks these numbers.) Why no field can overflow into the
next: adding codes never carries from one digit to the next as long as every digit
stays below its base. A pack has four cards of a rank, so a rank digit is at most 4
(base 5). The largest hand counted holds five cards (the seven-card game), so a
hand's suit digit is at most 5 (below 8); there is one starter, so its suit number is
added once (below 4); a suit has one jack, so a jack bit is set at most once. The rank
field needs ``13 * log2(5)`` < 31 bits, so a key is under 2**49: one machine word, the
fast integer path of a compiler or numpy, and two 30-bit digits of a Python int where
the old 36-bit suit field made three.

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
_SUITS = 4
_STARTER_BIT = 12  # the starter's suit, a number 0-3
_JACK_BIT = 14  # a bit for each suit's jack
SHIFT = 18
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
        held = _digits(code, _SUITS, _SUIT_BASE)
        starter = code >> _STARTER_BIT & _SUITS - 1
        jacks = _digits(code >> _JACK_BIT, _SUITS, 2)
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
        suit = card.index % _SUITS
        jack = 1 << _JACK_BIT + suit if card.rank is Rank.JACK else 0
        hand.append(rank | (_SUIT_BASE**suit + jack))
        starter.append(rank | suit << _STARTER_BIT)
    return tuple(hand), tuple(starter)


HAND_CODE, STARTER_CODE = _codes()
PATTERNS = _RankPatterns()
RANKS = _RankPoints()
HAND_SUITS = _SuitPoints(crib=False)
CRIB_SUITS = _SuitPoints(crib=True)
