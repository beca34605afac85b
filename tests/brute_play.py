"""A brute-force double-dummy search of the play, written from RULES.md section 4 for the
tests, independently of :mod:`rules.doubledummy.position`: it keeps whole cards (suits and
all), the whole stack of the count, and tries every card, not every rank.

The value is ``(game, difference)`` for the seats of sign +1, compared in that order:
``game`` is the sign of the side that reaches its target first (0 if none does), and
``difference`` what the +1 seats peg minus what the -1 seats peg, up to that moment.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from rules.core.cards import Card
from tests.naive import ORDER, PIPS, rank

Held = tuple[frozenset[Card], ...]


def pips(card: Card) -> int:
    return PIPS[rank(card)]


def card_points(stack: Sequence[Card]) -> int:
    """What the last card of ``stack`` (this count's cards) scores, go point apart."""
    count = sum(pips(c) for c in stack)
    points = 2 if count in (15, 31) else 0
    last = rank(stack[-1])
    same = 0
    for c in reversed(stack):
        if rank(c) != last:
            break
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for n in range(len(stack), 2, -1):
        ranks = sorted(ORDER[rank(c)] for c in stack[-n:])
        if all(b - a == 1 for a, b in itertools.pairwise(ranks)):
            points += n
            break
    return points


@dataclass(frozen=True)
class Table:
    held: Held
    stack: tuple[Card, ...]
    gone: frozenset[int]
    turn: int | None
    last: int | None


def next_seat(held: Held, gone: frozenset[int], seat: int) -> int | None:
    """Clockwise from ``seat``, back round to ``seat`` itself: the first who still plays."""
    n = len(held)
    for step in range(1, n + 1):
        s = (seat + step) % n
        if held[s] and s not in gone:
            return s
    return None


def start(hands: Sequence[Sequence[Card]]) -> Table:
    held = tuple(frozenset(h) for h in hands)
    return Table(held, (), frozenset(), next_seat(held, frozenset(), len(held) - 1), None)


def moves(table: Table) -> list[Card]:
    if table.turn is None:
        return []
    count = sum(pips(c) for c in table.stack)
    return sorted((c for c in table.held[table.turn] if count + pips(c) <= 31),
                  key=lambda c: c.index)


def play(table: Table, card: Card, single: bool) -> tuple[Table, list[tuple[int, int]]]:
    """Lay ``card``, then let everyone who cannot lay say go, until someone can or the
    play ends. Returns the new table and the points pegged, in order."""
    turn = table.turn
    assert turn is not None
    held = tuple(h - {card} if s == turn else h for s, h in enumerate(table.held))
    stack = (*table.stack, card)
    pegs = [(turn, card_points(stack))]
    gone = table.gone
    last = turn
    nxt = None if sum(pips(c) for c in stack) == 31 else next_seat(held, gone, turn)
    while True:
        count = sum(pips(c) for c in stack)
        while nxt is not None and not any(count + pips(c) <= 31 for c in held[nxt]):
            gone = gone | {nxt}
            nxt = next_seat(held, gone, nxt)
        if nxt is not None:
            return Table(held, stack, gone, nxt, last), pegs
        if count != 31:
            pegs.append((last, 1))  # the go, or the last card
        if single or not any(held):
            return Table(held, stack, gone, None, last), pegs
        stack, gone = (), frozenset()
        nxt = next_seat(held, gone, last)


def solve(table: Table, sign: Sequence[int], *, single: bool = False,
          side: Sequence[int] = (), need: Sequence[int] = ()) -> dict[Card, tuple[int, int]]:
    """The value of laying each card the player to move may lay."""
    side_sign = {side[s]: sign[s] for s in range(len(side))}

    def each(t: Table, left: tuple[int, ...]) -> dict[Card, tuple[int, int]]:
        values = {}
        for card in moves(t):
            after, pegs = play(t, card, single)
            diff = 0
            rest = list(left)
            won = 0
            for seat, points in pegs:
                diff += sign[seat] * points
                if rest:
                    rest[side[seat]] -= points
                    if rest[side[seat]] <= 0:
                        won = side_sign[side[seat]]
                        break
            if won:
                values[card] = (won, diff)
                continue
            game, more = best(after, tuple(rest))
            values[card] = (game, diff + more)
        return values

    @cache
    def best(t: Table, left: tuple[int, ...]) -> tuple[int, int]:
        values = list(each(t, left).values())
        if not values:
            return (0, 0)
        assert t.turn is not None
        return max(values) if sign[t.turn] > 0 else min(values)

    return each(table, tuple(need))
