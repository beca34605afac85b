"""Double-dummy play: with every hand known, the best each side can peg from here.

The play's game tree is small enough to search exhaustively when the search is
memoised on a compact state. Three facts keep the state small:

* Suits never matter in the play, so a hand is the sorted tuple of its ranks'
  orders (1 for the ace to 13 for the king), and cards of one rank are one move.
* Of the cards laid in this count only a tail can still score: pairs look at the
  trailing block of one rank, runs at most at the longest tail of distinct ranks
  (any longer tail holds a repeated rank, so no run can reach through it). The
  state keeps that tail (:func:`tail`) and the count.
* A go is forced (a player who cannot lay must say it), so it is no decision: a
  transition lays one card and then applies every go that follows.

Scores come from :func:`rules.pegging.peg_scores`, the referee's own scorer.

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

from rules.cards import Card, Rank, Suit
from rules.pegging import GO_POINT, THIRTY_ONE, peg_scores

__all__ = [
    "Budget",
    "BudgetSpent",
    "Objective",
    "Position",
    "Solver",
    "Value",
    "tail",
]

Hand = tuple[int, ...]
"""The orders of the ranks a player holds, sorted."""
Value = tuple[int, int]
"""``(game, difference)``: see the module's docstring."""
Pegs = tuple[tuple[int, int], ...]
"""Points pegged by a transition, in order: ``(seat, points)``."""

_OUT_OF_REACH = 10**6


class BudgetSpent(Exception):
    """The search has stored as many positions as its budget allows."""


class Budget:
    """How many positions searches may still store: what bounds a request's time and
    memory, counted in positions so that the same request always stops at the same
    place."""

    def __init__(self, positions: int) -> None:
        self.left = positions

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise BudgetSpent

_CARD_OF = {order: Card(Rank.from_order(order), Suit.SPADES) for order in range(1, 14)}
"""A card of each rank, to ask the scorer: suits do not score in the play."""


_PIPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""The counting value of each rank's order."""


def pips(order: int) -> int:
    return _PIPS[order]


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


@dataclass(frozen=True, slots=True)
class Position:
    """The play at one moment. ``actor`` is the seat to lay a card (after every forced go),
    None once the play is over; ``gone`` is a bitmask of the seats that said go in this
    count; ``last`` the seat that laid the last card of this count."""

    hands: tuple[Hand, ...]
    count: int = 0
    stack: tuple[int, ...] = ()
    actor: int | None = 0
    gone: int = 0
    last: int | None = None

    @classmethod
    def start(cls, hands: Sequence[Sequence[Card]]) -> Position:
        """The play about to begin: the seat after the dealer (seat 0) leads."""
        held = tuple(tuple(sorted(card.order for card in hand)) for hand in hands)
        first = next((seat for seat, hand in enumerate(held) if hand), None)
        return cls(held, actor=first)

    @property
    def cards_left(self) -> int:
        return sum(len(hand) for hand in self.hands)

    def legal(self) -> tuple[int, ...]:
        """The ranks the actor may lay, each once, lowest first."""
        if self.actor is None:
            return ()
        room = THIRTY_ONE - self.count
        return tuple(sorted({o for o in self.hands[self.actor] if _PIPS[o] <= room}))

    def lay(self, order: int, *, single_count: bool = False) -> tuple[Position, Pegs]:
        """The actor lays a card of rank ``order`` (which must be legal); then every
        forced go up to the next seat that can lay, or the end of the play."""
        seat = self.actor
        assert seat is not None and _PIPS[order] <= THIRTY_ONE - self.count
        held = self.hands[seat]
        at = held.index(order)
        hands = (*self.hands[:seat], held[:at] + held[at + 1:], *self.hands[seat + 1:])
        count = self.count + _PIPS[order]
        stack, points = _lay_scores(self.stack, order, count)
        pegs = [(seat, points)] if points else []
        actor = None if count == THIRTY_ONE else _next_from(hands, self.gone, seat, len(hands))
        return _settle(hands, count, stack, actor, self.gone, seat, single_count, pegs)

    def go(self, *, single_count: bool = False) -> tuple[Position, Pegs]:
        """The actor, who can lay nothing, says go; then every forced go after it."""
        seat = self.actor
        assert seat is not None and not self.legal()
        gone = self.gone | 1 << seat
        actor = _next_from(self.hands, gone, seat, len(self.hands))
        return _settle(self.hands, self.count, self.stack, actor, gone, self.last,
                       single_count, [])

    @classmethod
    def mid_play(cls, hands: tuple[Hand, ...], count: int, stack: tuple[int, ...], actor: int,
                 gone: int, last: int | None) -> Position:
        """A position in the middle of a count, ``actor`` to lay or say go (the go is not
        applied: ask :meth:`legal`, then :meth:`lay` or :meth:`go`)."""
        return cls(hands, count, tail(stack), actor, gone, last)


def _settle(hands: tuple[Hand, ...], count: int, stack: tuple[int, ...], actor: int | None,
            gone: int, last: int | None, single_count: bool,
            pegs: list[tuple[int, int]]) -> tuple[Position, Pegs]:
    """From ``actor`` on, every seat that cannot lay says go, up to a seat that can; when
    no one can, the count ends (and the play, if no cards are left or in the five-card
    game)."""
    n = len(hands)
    while True:
        room = THIRTY_ONE - count
        while actor is not None and _PIPS[hands[actor][0]] > room:
            gone |= 1 << actor  # a forced go
            actor = _next_from(hands, gone, actor, n)
        if actor is not None:
            return Position(hands, count, stack, actor, gone, last), tuple(pegs)
        # No one can lay: the go (or the last card) to the last card's player; a card
        # that made 31 has had its two already.
        if last is not None and count != THIRTY_ONE:
            pegs.append((last, GO_POINT))
        if single_count or not any(hands) or last is None:
            return Position(hands, count, stack, None, gone, last), tuple(pegs)
        count, stack, gone = 0, (), 0
        actor = _next_from(hands, 0, last, n)


def _next_from(hands: tuple[Hand, ...], gone: int, seat: int, n: int) -> int | None:
    """The next seat after ``seat`` (ending with ``seat`` itself) that still plays this
    count: it holds cards and has not said go."""
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if hands[candidate] and not gone >> candidate & 1:
            return candidate
    return None


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

    def within_reach(self, position: Position, *, single_count: bool = False,
                     budget: Budget | None = None) -> Objective:
        """The same objective with the target kept only for the sides that could reach it
        in this play at all (with every seat helping them): for the others it is out of
        reach from every later position too, and leaving it out keeps the search small."""
        if not self.need:
            return self
        need = list(self.need)
        for side, wanted in enumerate(self.need):
            mine = sum(1 << seat for seat, s in enumerate(self.side) if s == side)
            if not _can_reach(position, mine, wanted, single_count, {}, budget):
                need[side] = _OUT_OF_REACH
        if all(n == _OUT_OF_REACH for n in need):
            return Objective(self.sign, self.side)
        return Objective(self.sign, self.side, tuple(need))


def _can_reach(position: Position, mine: int, wanted: int, single_count: bool,
               memo: dict[tuple[Position, int], bool], budget: Budget | None) -> bool:
    """Whether the seats in the bitmask ``mine`` could peg ``wanted`` more in this play."""
    if wanted <= 0:
        return True
    if position.actor is None or _most(position, mine) < wanted:
        return False
    key = (position, wanted)
    found = memo.get(key)
    if found is None:
        found = False
        for order in position.legal():
            after, pegs = position.lay(order, single_count=single_count)
            got = sum(points for seat, points in pegs if mine >> seat & 1)
            if _can_reach(after, mine, wanted - got, single_count, memo, budget):
                found = True
                break
        if budget is not None:
            budget.spend()
        memo[key] = found
    return found


_PAIR_GAINS = (0, 2, 6, 12)
"""What the first, second, third and fourth card of one rank in a row add."""


def _most(position: Position, mine: int) -> int:
    """A quick upper bound on what the seats in ``mine`` can still peg: each of their
    cards 2 for a fifteen or 31, 1 for a go, and the better of a run (at most 7: eight
    cards in a run pass 31) and the best pair gain left for its rank."""
    held = [0] * 14
    for hand in position.hands:
        for order in hand:
            held[order] += 1
    stack = position.stack
    if stack:
        # The trailing block of one rank on the table counts towards the pairs to come.
        block = len(stack) if len(stack) >= 2 and stack[-1] == stack[-2] else 1
        held[stack[-1]] += block
    total = 0
    for seat, hand in enumerate(position.hands):
        if not mine >> seat & 1:
            continue
        for order in hand:
            total += 3 + max(7, _PAIR_GAINS[min(held[order], 4) - 1])
    return total


class Solver:
    """Exhaustive search of the play, memoised on the position (and, where a side is
    within reach of the target, the points each side still needs)."""

    def __init__(self, objective: Objective, *, single_count: bool = False,
                 budget: Budget | None = None) -> None:
        self.objective = objective
        self.single_count = single_count
        self.budget = budget
        self.memo: dict[object, Value] = {}
        self.side_sign = [0] * (max(objective.side, default=-1) + 1)
        self.side_seats = [0] * len(self.side_sign)
        """Each side's seats, as a bitmask."""
        for seat, side in enumerate(objective.side):
            self.side_sign[side] = objective.sign[seat]
            self.side_seats[side] |= 1 << seat

    def value(self, position: Position, need: tuple[int, ...] | None = None) -> Value:
        """The value of ``position`` with best play by every seat from here."""
        if position.actor is None:
            return (0, 0)
        key: object = position
        if need is not None:
            need = self._clip(position, need)
            if need is not None:
                key = (position, need)
        found = self.memo.get(key)
        if found is not None:
            return found
        values = [self._after(position, order, need) for order in position.legal()]
        best = max(values) if self.objective.sign[position.actor] > 0 else min(values)
        if self.budget is not None:
            self.budget.spend()
        self.memo[key] = best
        return best

    def options(self, position: Position,
                need: tuple[int, ...] | None = None) -> dict[int, Value]:
        """Each rank the actor may lay, with the value of laying it (its own pegs included)."""
        if need is not None:
            need = self._clip(position, need)
        return {order: self._after(position, order, need) for order in position.legal()}

    def step(self, position: Position, order: int,
             need: tuple[int, ...] | None) -> tuple[Position, Pegs, tuple[int, ...] | None]:
        """Lay ``order``: the next position, the pegs, and the points still needed after."""
        after, pegs = position.lay(order, single_count=self.single_count)
        if need is not None:
            left = list(need)
            for seat, points in pegs:
                left[self.objective.side[seat]] -= points
            need = tuple(left)
        return after, pegs, need

    def _after(self, position: Position, order: int, need: tuple[int, ...] | None) -> Value:
        after, pegs = position.lay(order, single_count=self.single_count)
        sign = self.objective.sign
        difference = 0
        if need is not None:
            left = list(need)
            for seat, points in pegs:
                difference += sign[seat] * points
                side = self.objective.side[seat]
                left[side] -= points
                if left[side] <= 0:
                    return (self.side_sign[side], difference)
            need = tuple(left)
        else:
            for seat, points in pegs:
                difference += sign[seat] * points
        game, rest = self.value(after, need)
        return (game, difference + rest)

    def _clip(self, position: Position, need: tuple[int, ...]) -> tuple[int, ...] | None:
        """A side that needs more than it could still peg (:func:`_most`) is out of reach,
        whatever it needs: those needs are all alike, and when every side is out of reach
        the position is valued on the difference alone (and shares its memo entry)."""
        clipped = tuple(n if n <= _most(position, self.side_seats[side]) else _OUT_OF_REACH
                        for side, n in enumerate(need))
        return None if all(n == _OUT_OF_REACH for n in clipped) else clipped
