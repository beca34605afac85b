"""The search's own encoding of a play position: a few plain ints where
:class:`rules.doubledummy.position.Position` keeps tuples of tuples.

The search hashes, compares and builds positions more than it does anything else
(issue 31), and a nested tuple costs a hash per element each time, a lay three slices.
Here each part is one int, and each encoding is one-to-one with the position's, so the
search's table tells apart exactly the positions it did:

* ``hands``: every seat's cards as counts per rank, three bits a rank, seat ``s`` from
  bit ``SEAT_BITS * s`` on. Laying a card subtracts one number (:data:`DROP`).
* ``tail``: the tail of the count (:func:`rules.doubledummy.position.tail`) as base-16
  digits, the last card laid lowest. Ranks are 1 to 13, so no digit is nought and the
  length is in the number.
* ``held``: a bit mask of the seats that still hold cards, which is all the rules of
  turn (:mod:`rules.play.turns`) read of the hands; :func:`held_tuples` gives them the
  sequence they index.

What a card scores, and the tail after it, still come from
:func:`rules.doubledummy.position._lay_scores` (the referee's scorer), once for each
tail, rank and count met (:data:`LAYS`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.cards import PIPS
from rules.doubledummy.position import Position, _lay_scores

__all__ = ["DROP", "HANDS", "LAYS", "SEAT_BITS", "SEAT_MASK", "encode", "held_tuples",
           "stack_of", "tail_code"]

SEAT_BITS = 42
"""Three bits for each of the ranks 1 to 13 (and the unused nought)."""
SEAT_MASK = (1 << SEAT_BITS) - 1
MOST_HELD = 6
"""The most cards a hand may hold as the play begins (five in every variant): the search
sums a hand's counts by their remainder by 7 (:func:`rules.doubledummy.search._most_each`)."""

Move = tuple[int, int, int]
"""A rank the seat may lay: its order, its pips, and what laying it takes from the
seat's code."""


class _Hands(dict[int, tuple[tuple[int, ...], tuple[Move, ...]]]):
    """A seat's code: its ranks sorted (as :class:`Position` keeps them) and its moves,
    one a rank, lowest first. Filled as codes are met: a deal has a few hundred."""

    def __missing__(self, code: int) -> tuple[tuple[int, ...], tuple[Move, ...]]:
        ranks: list[int] = []
        moves: list[Move] = []
        for order in range(1, 14):
            many = code >> 3 * order & 7
            if many:
                ranks.extend([order] * many)
                moves.append((order, PIPS[order], 1 << 3 * order))
        found = (tuple(ranks), tuple(moves))
        self[code] = found
        return found


HANDS = _Hands()


class _Lays(dict[int, tuple[int, int]]):
    """``tail << 9 | order << 5 | count`` (the count after the card): the tail after
    laying ``order`` and what the card scores (:func:`_lay_scores`)."""

    def __missing__(self, key: int) -> tuple[int, int]:
        after, points = _lay_scores(stack_of(key >> 9), key >> 5 & 15, key & 31)
        found = (tail_code(after), points)
        self[key] = found
        return found


LAYS = _Lays()

DROP = tuple(tuple(1 << SEAT_BITS * seat + 3 * order for order in range(14))
             for seat in range(4))
"""What laying a card of rank ``order`` takes from ``hands``, by seat."""


def tail_code(stack: Sequence[int]) -> int:
    code = 0
    for order in stack:
        code = code << 4 | order
    return code


def stack_of(code: int) -> tuple[int, ...]:
    out: list[int] = []
    while code:
        out.append(code & 15)
        code >>= 4
    return tuple(reversed(out))


def hand_code(hand: Sequence[int]) -> int:
    return sum(1 << 3 * order for order in hand)


def encode(position: Position) -> tuple[int, int, int]:
    """``(hands, tail, held)`` of a position."""
    hands = held = 0
    for seat, hand in enumerate(position.hands):
        if len(hand) > MOST_HELD:
            raise ValueError(f"a hand of {len(hand)} cards in the play: at most {MOST_HELD}")
        hands |= hand_code(hand) << SEAT_BITS * seat
        if hand:
            held |= 1 << seat
    return hands, tail_code(position.stack), held


def held_tuples(seats: int) -> tuple[tuple[bool, ...], ...]:
    """For each mask of ``held``, the per-seat sequence the rules of turn read."""
    return tuple(tuple(bool(mask >> seat & 1) for seat in range(seats))
                 for mask in range(1 << seats))
