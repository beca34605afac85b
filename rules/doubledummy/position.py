"""Double-dummy play: with every hand known, the best each side can peg from here.

The play's game tree is small enough to search exhaustively when the search is
keyed on a compact state (:mod:`rules.doubledummy.search`). Three facts keep the
state small:

* Suits never matter in the play, so a hand is the sorted tuple of its ranks'
  orders (1 for the ace to 13 for the king), and cards of one rank are one move.
* Of the cards laid in this count only a tail can still score: pairs look at the
  trailing block of one rank, runs at most at the longest tail of distinct ranks
  (any longer tail holds a repeated rank, so no run can reach through it). The
  state keeps that tail (:func:`tail`) and the count.
* A go is forced (a player who cannot lay must say it), so it is no decision: a
  transition lays one card and then applies every go that follows.

The rules are the referee's own, written once: scores come from
:func:`rules.play.pegging.peg_scores`, and whose turn it is, the go, the end of a
count and of the play from :mod:`rules.play.turns`, which the referee's state machine
(:class:`rules.play.state.PlayState`) calls too. This module only keeps the compact
encoding over them. The search itself is in :mod:`rules.doubledummy.search`.

**The objective.** Each seat plays for a sign: +1 for the reviewed side, -1 for the
others. The value of a position is the pair ``(game, difference)``, compared in that
order: ``game`` is +1 when a side of sign +1 reaches the target first during the
rest of the play, -1 when a side of sign -1 does, 0 when no one does; ``difference``
is what the +1 seats peg minus what the -1 seats peg from here (up to the moment the
game is won, if it is). So reaching the target first ranks above any difference, and
among lines that reach it (or fail to) the difference decides. The +1 seats take the
greatest value, the -1 seats the least.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from rules.core.cards import PIPS, Card, Rank, Suit
from rules.play.pegging import GO_POINT, THIRTY_ONE, peg_scores
from rules.play.turns import NO_ONE, after_go, after_lay, end_count, first_lead

__all__ = ["Hand", "Objective", "Pegs", "Position", "Value", "pips", "tail"]

Hand = tuple[int, ...]
"""The orders of the ranks a player holds, sorted."""
Value = tuple[int, int]
"""``(game, difference)``: see the module's docstring."""
Pegs = tuple[tuple[int, int], ...]
"""Points pegged by a transition, in order: ``(seat, points)``."""

_CARD_OF = {order: Card(Rank.from_order(order), Suit.SPADES) for order in range(1, 14)}
"""A card of each rank, to ask the scorer: suits do not score in the play."""


def pips(order: int) -> int:
    return PIPS[order]


def tail(stack: tuple[int, ...]) -> tuple[int, ...]:
    """The part of this count's ranks that can still score for a later card: the trailing
    block of one rank if it holds a pair, else the longest tail of distinct ranks."""
    if len(stack) >= 2 and stack[-1] == stack[-2]:
        start = len(stack) - 2
        while start > 0 and stack[start - 1] == stack[-1]:
            start -= 1
        return stack[start:]
    seen: set[int] = set()
    start = len(stack)
    while start > 0 and stack[start - 1] not in seen:
        start -= 1
        seen.add(stack[start])
    return stack[start:]


@cache
def _lay_scores(stack: tuple[int, ...], order: int, count: int) -> tuple[tuple[int, ...], int]:
    """The tail after laying ``order`` on ``stack``, the count now ``count``, and what the
    card scores (fifteens, 31, pairs, runs: the go point is the transition's)."""
    full = (*stack, order)
    points = sum(score.points for score in peg_scores([_CARD_OF[o] for o in full], count))
    return tail(full), points


class Position(NamedTuple):
    """The play at one moment. ``actor`` is the seat to lay a card (after every forced go),
    None once the play is over; ``gone`` is a bitmask of the seats that said go in this
    count; ``last`` the seat that laid the last card of this count.

    A named tuple rather than a dataclass: the search hashes, compares and builds
    positions more than it does anything else, and a tuple does all three in C."""

    hands: tuple[Hand, ...]
    count: int = 0  # type: ignore[assignment]  # the count of the play, over tuple.count
    stack: tuple[int, ...] = ()
    actor: int | None = 0
    gone: int = 0
    last: int | None = None

    @classmethod
    def start(cls, hands: Sequence[Sequence[Card]]) -> Position:
        """The play about to begin: the seat after the dealer (seat 0) leads."""
        held = tuple(tuple(sorted(card.order for card in hand)) for hand in hands)
        first = first_lead(held)
        return cls(held, actor=None if first == NO_ONE else first)

    @property
    def cards_left(self) -> int:
        return sum(len(hand) for hand in self.hands)

    def legal(self) -> tuple[int, ...]:
        """The ranks the actor may lay, each once, lowest first."""
        actor = self[3]
        if actor is None:
            return ()
        return _legal(self[0][actor], THIRTY_ONE - self[1])

    def lay(self, order: int, *, single_count: bool = False) -> tuple[Position, Pegs]:
        """The actor lays a card of rank ``order`` (which must be legal); then every
        forced go up to the next seat that can lay, or the end of the play."""
        hands, count, stack, seat, gone, _ = self
        assert seat is not None and PIPS[order] <= THIRTY_ONE - count
        held = hands[seat]
        at = held.index(order)
        hands = (*hands[:seat], held[:at] + held[at + 1:], *hands[seat + 1:])
        count += PIPS[order]
        stack, points = _lay_scores(stack, order, count)
        pegs = [(seat, points)] if points else []
        actor = after_lay(hands, gone, seat, count)
        return _settle(hands, count, stack, actor, gone, seat, single_count, pegs)

    def go(self, *, single_count: bool = False) -> tuple[Position, Pegs]:
        """The actor, who can lay nothing, says go; then every forced go after it."""
        seat = self.actor
        assert seat is not None and not self.legal()
        gone, actor = after_go(self.hands, self.gone, seat)
        return _settle(self.hands, self.count, self.stack, actor, gone, self.last,
                       single_count, [])

    @classmethod
    def mid_play(cls, hands: tuple[Hand, ...], count: int, stack: tuple[int, ...], actor: int,
                 gone: int, last: int | None) -> Position:
        """A position in the middle of a count, ``actor`` to lay or say go (the go is not
        applied: ask :meth:`legal`, then :meth:`lay` or :meth:`go`)."""
        return cls(hands, count, tail(stack), actor, gone, last)


def _legal(held: Hand, room: int) -> tuple[int, ...]:
    """The distinct ranks of ``held`` (sorted) worth at most ``room``: pips never fall as
    the rank rises, so the first that does not fit ends the list."""
    out: list[int] = []
    for order in held:
        if PIPS[order] > room:
            break
        if not out or out[-1] != order:
            out.append(order)
    return tuple(out)


_new = tuple.__new__


def _settle(hands: tuple[Hand, ...], count: int, stack: tuple[int, ...], actor: int,
            gone: int, last: int | None, single_count: bool,
            pegs: list[tuple[int, int]]) -> tuple[Position, Pegs]:
    """From ``actor`` on (``NO_ONE``: no one can play on), every seat that cannot lay
    says go, up to a seat that can; when no one can, the count ends
    (:func:`rules.play.turns.end_count`): the go or the last card, then the next count
    or the end of the play."""
    while True:
        room = THIRTY_ONE - count
        while actor != NO_ONE and PIPS[hands[actor][0]] > room:
            gone, actor = after_go(hands, gone, actor)  # a forced go
        if actor != NO_ONE:
            return _new(Position, (hands, count, stack, actor, gone, last)), tuple(pegs)
        # Every count here has a card laid (a count opens at nought, where any card
        # fits), so ``last`` is None here only when no one held a card at all. Unlike
        # the referee's, it is kept across counts: positions that differ in it stay
        # apart in the search's tables, whose size the budgets count.
        go_to, over, actor = end_count(hands, count, NO_ONE if last is None else last, 0,
                                       single_count)
        if go_to != NO_ONE:
            pegs.append((go_to, GO_POINT))
        if over:
            return _new(Position, (hands, count, stack, None, gone, last)), tuple(pegs)
        count, stack, gone = 0, (), 0


@dataclass(frozen=True, slots=True)
class Objective:
    sign: tuple[int, ...]
    """Per seat: +1 for the side whose value is taken, -1 for the others."""
    side: tuple[int, ...]
    """Per seat: the side that keeps its score (partners share one)."""
    need: tuple[int, ...] = ()
    """Per side: points still needed to reach the target as the play begins (empty: no
    target)."""

    @classmethod
    def for_sides(cls, side: Sequence[int], reviewed: int) -> Objective:
        """The reviewed seat's side against every other seat. With two sides (two players,
        or partnerships) that is the game itself; with three players the other two are
        taken to play together against the reviewed one (the "paranoid" assumption)."""
        return cls(tuple(1 if s == side[reviewed] else -1 for s in side), tuple(side))

    def with_target(self, need: Sequence[int]) -> Objective:
        return Objective(self.sign, self.side, tuple(need))
