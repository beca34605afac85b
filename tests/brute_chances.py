"""A brute force of the play judged by chances, written apart from the library: its own
pegging scorer and its own rules of the count, independent of rules.play.pegging and of
the Position class, with the review's leaf rule (tests/library/test_chances_play.py,
bench/chances_play.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from rules.chances import SCALE, ChanceTable, PlaySearch, known_show
from rules.core.cards import full_deck
from rules.doubledummy import Position

DECK = tuple(full_deck())


def pip(order: int) -> int:
    return min(order, 10)


def card_points(laid: tuple[int, ...], count: int) -> int:
    """What the last of ``laid`` (this count's ranks, in order) pegs: fifteen, 31, the
    pair royal and the run, counted from scratch."""
    points = 2 if count in (15, 31) else 0
    same = 1
    while same < len(laid) and laid[-1 - same] == laid[-1]:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    run = 0
    for length in range(3, len(laid) + 1):
        tail = laid[-length:]
        if len(set(tail)) == length and max(tail) - min(tail) == length - 1:
            run = length
    return points + run


def shown_leaf(table: ChanceTable, pone: int, dealer: int,
               show: tuple[int, int, int]) -> Callable[[int, int], int]:
    """The review's leaf, written again: the pone's hand, the dealer's, the crib, in
    order; first to the target wins; else the next deal's table, the deal passed."""
    target = table.target

    def leaf(a: int, b: int) -> int:
        p = pone + a + show[0]
        if p >= target:
            return SCALE
        d = dealer + b + show[1] + show[2]
        if d >= target:
            return 0
        return SCALE - int(table.values[d, p, 0])
    return leaf


State = tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...], int, int, int, int, int]
"""(hands, this count's ranks laid, count, turn, who laid last, pone's points, dealer's)."""


class Brute:
    """The value of the play by trying every card, the pone (side 0) maximising: the
    rules of the count written from scratch."""

    def __init__(self, leaf: Callable[[int, int], int], need: tuple[int, int],
                 single_count: bool) -> None:
        self.leaf, self.need, self.single = leaf, need, single_count
        self.value = cache(self._value)

    def peg(self, side: int, points: int, a: int, b: int) -> tuple[int, int, int | None]:
        a, b = (a + points, b) if side == 0 else (a, b + points)
        if a >= self.need[0]:
            return a, b, SCALE
        if b >= self.need[1]:
            return a, b, 0
        return a, b, None

    def settle(self, state: State) -> State | int:
        """Every go up to a player who can lay; the end of a count, of the play."""
        hands, laid, count, turn, last, a, b = state
        for seat in (turn, 1 - turn):
            if any(count + pip(r) <= 31 for r in hands[seat]):
                return hands, laid, count, seat, last, a, b
        if count != 31:
            a, b, won = self.peg(last, 1, a, b)  # the go, or the last card
            if won is not None:
                return won
        if self.single or not (hands[0] or hands[1]):
            return self.leaf(a, b)
        return self.settle((hands, (), 0, 1 - last, last, a, b))

    def moves(self, state: State) -> dict[int, State | int]:
        hands, laid, count, turn, _, a, b = state
        out: dict[int, State | int] = {}
        for rank in sorted({r for r in hands[turn] if count + pip(r) <= 31}):
            held = list(hands[turn])
            held.remove(rank)
            after = (tuple(held), hands[1]) if turn == 0 else (hands[0], tuple(held))
            now = count + pip(rank)
            a2, b2, won = self.peg(turn, card_points((*laid, rank), now), a, b)
            out[rank] = won if won is not None else self.settle(
                (after, (*laid, rank), now, 1 - turn, turn, a2, b2))
        return out

    def worth(self, found: State | int) -> int:
        return found if isinstance(found, int) else self.value(found)

    def _value(self, state: State) -> int:
        values = [self.worth(x) for x in self.moves(state).values()]
        return max(values) if state[3] == 0 else min(values)


def walk(rng: random.Random, table: ChanceTable, size: int, single: bool, low: int,
         high: int) -> tuple[int, int]:
    """One random deal near the target: at every card of a random line of play, each
    rank's value by the library and by the brute force. Returns (options compared,
    disagreements)."""
    dealt = rng.sample(DECK, 2 * size)
    hands = (tuple(sorted(c.order for c in dealt[:size])),
             tuple(sorted(c.order for c in dealt[size:])))
    pone, dealer = rng.randrange(low, high), rng.randrange(low, high)
    show = (rng.randrange(0, 13), rng.randrange(0, 13), rng.randrange(0, 9))
    search = PlaySearch(known_show(table, pone, dealer, show), single_count=single)
    brute = Brute(shown_leaf(table, pone, dealer, show),
                  (table.target - pone, table.target - dealer), single)
    position = Position(hands)
    state: State | int = (hands, (), 0, 0, 1, 0, 0)
    pegged = (0, 0)
    compared = wrong = 0
    while not isinstance(state, int):
        assert position.actor == state[3] and pegged == state[5:]
        ours = search.options(position, pegged)
        theirs = {rank: brute.worth(x) for rank, x in brute.moves(state).items()}
        assert set(ours) == set(theirs)
        compared += len(ours)
        wrong += sum(ours[rank] != theirs[rank] for rank in ours)
        rank = rng.choice(sorted(ours))
        position, pegs = position.lay(rank, single_count=single)
        for seat, points in pegs:
            pegged = (pegged[0] + points, pegged[1]) if seat == 0 else \
                (pegged[0], pegged[1] + points)
        state = brute.moves(state)[rank]
    return compared, wrong
