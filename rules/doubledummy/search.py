"""The double-dummy search: the value of a play position (:mod:`rules.doubledummy.position`) with
every hand known and every seat at its best.

An alpha-beta search with a transposition table: each position stored with the
bounds proved for it, so that what one search proved serves the next (the review asks
for every option at every card of a deal, from one table). Values are searched as one
integer, ``game * GAME + difference``, which orders them exactly as the pairs
``(game, difference)`` do: no difference in one play comes near ``GAME`` (sixteen
cards of at most 15 points each).

Where a side is within reach of the target, what each side still needs is part of
the table's key, but only for a side that could still peg it (:func:`_most`): the
others are out of reach from there on, whatever they need.

The search takes and answers :class:`Position` objects, and inside keeps each position
packed into a few ints (:mod:`rules.doubledummy.packed`), one-to-one with them: the
same positions are stored, in the same order, as when it searched the objects
themselves, at 0.5 to 0.7 of the cost (issue 31; bench/RESULTS.md).
"""

from __future__ import annotations

from operator import itemgetter

from rules.doubledummy.packed import HANDS, LAYS, SEAT_BITS, SEAT_MASK, encode, held_tuples
from rules.doubledummy.position import Objective, Pegs, Position, Value
from rules.play.pegging import GO_POINT, THIRTY_ONE
from rules.play.turns import NO_ONE, after_go, after_lay, end_count

__all__ = ["Budget", "BudgetSpent", "Solver", "within_reach"]

GAME = 1000
_INFINITY = 10**9
_OUT_OF_REACH = 10**6
_PAIR_GAINS = (0, 2, 6, 12)
"""What the first, second, third and fourth card of one rank in a row add."""

Need = tuple[int, ...] | None
"""What each side still needs to reach the target; None when no side can reach it."""


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


def _decode(value: int) -> Value:
    game = (value + GAME // 2) // GAME
    return (game, value - game * GAME)


_Child = tuple[int, bool, int, int, int, int, int, int, int, Need]
"""A move's outcome: the points it pegs (the whole value, if it wins the game), whether
it wins it, the position after (packed: hands, tail, count, actor, gone, last, held; see
:mod:`rules.doubledummy.packed`), and what each side still needs there. A flat tuple,
because the search builds one for every move it looks at."""


class Solver:
    """Searches positions for one objective, keeping what it proves."""

    def __init__(self, objective: Objective, *, single_count: bool = False,
                 budget: Budget | None = None) -> None:
        self.objective = objective
        self.single_count = single_count
        self.budget = budget
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}
        """Each position's proved bounds: (lower, upper), by its packed key (the parts of
        :class:`Position` as ints, then what each side needs, if any side can reach it)."""
        sides = max(objective.side, default=-1) + 1
        self.side_sign = [0] * sides
        self.side_seats = [0] * sides
        """Each side's seats, as a bitmask."""
        self._sign, self._side = objective.sign, objective.side
        """The objective's, read at every move."""
        for seat, side in enumerate(objective.side):
            self.side_sign[side] = objective.sign[seat]
            self.side_seats[side] |= 1 << seat
        self._reach: dict[tuple[int, int], tuple[int, ...]] = {}
        """:func:`_most` for every side, by what it depends on (see :meth:`_clip`)."""
        self._held = held_tuples(len(objective.sign))

    def value(self, position: Position, need: Need = None) -> Value:
        """The value of ``position`` with best play by every seat from here."""
        actor = position.actor
        if actor is None:
            return (0, 0)
        hands, tail, held = encode(position)
        return _decode(self._search(hands, tail, position.count, actor, position.gone,
                                    _seat(position.last), held, need, -_INFINITY, _INFINITY))

    def options(self, position: Position, need: Need = None) -> dict[int, Value]:
        """Each rank the actor may lay, with the value of laying it (its own pegs included)."""
        actor = position.actor
        if actor is None:
            return {}
        hands, tail, held = encode(position)
        need = self._clip(hands, tail, need)
        count, gone, last = position.count, position.gone, _seat(position.last)
        code = hands >> SEAT_BITS * actor & SEAT_MASK
        out = {}
        for order, pips, drop in HANDS[code][1]:
            if pips > THIRTY_ONE - count:
                break
            value, won, cards, top, total, turn, said, by, holding, left = self._child(
                hands, tail, count, actor, gone, last, held, code, order, pips, drop, need)
            if not won:
                value += self._search(cards, top, total, turn, said, by, holding, left,
                                      -_INFINITY, _INFINITY)
            out[order] = _decode(value)
        return out

    def step(self, position: Position, order: int,
             need: Need) -> tuple[Position, Pegs, Need]:
        """Lay ``order``: the next position, the pegs, and the points still needed after."""
        after, pegs = position.lay(order, single_count=self.single_count)
        if need is not None:
            left = list(need)
            for seat, points in pegs:
                left[self.objective.side[seat]] -= points
            need = tuple(left)
        return after, pegs, need

    def _child(self, hands: int, tail: int, count: int, actor: int, gone: int, last: int,
               held: int, code: int, order: int, pips: int, drop: int, need: Need) -> _Child:
        """``actor`` lays ``order`` (``drop`` off their ``code``): the rules of
        :meth:`Position.lay`, on the packed parts."""
        hands -= drop << SEAT_BITS * actor
        count += pips
        tail, points = LAYS[tail << 9 | order << 5 | count]
        if code == drop:  # the actor's last card
            held &= ~(1 << actor)
        seats = self._held[held]
        last = actor
        turn = after_lay(seats, gone, actor, count)
        go_to = NO_ONE
        room = THIRTY_ONE - count
        while turn != NO_ONE and HANDS[hands >> SEAT_BITS * turn & SEAT_MASK][1][0][1] > room:
            gone, turn = after_go(seats, gone, turn)  # a forced go
        if turn == NO_ONE:
            go_to, over, turn = end_count(seats, count, last, 0, self.single_count)
            if not over:
                count, tail, gone = 0, 0, 0
        sign = self._sign
        if need is None:
            difference = sign[actor] * points if points else 0
            if go_to != NO_ONE:
                difference += sign[go_to] * GO_POINT
            return difference, False, hands, tail, count, turn, gone, last, held, None
        if not points and go_to == NO_ONE:
            return 0, False, hands, tail, count, turn, gone, last, held, need
        difference = 0
        left = list(need)
        side_of = self._side
        if points:
            difference = sign[actor] * points
            side = side_of[actor]
            left[side] -= points
            if left[side] <= 0:
                return (self.side_sign[side] * GAME + difference, True, hands, tail, count,
                        turn, gone, last, held, None)
        if go_to != NO_ONE:
            difference += sign[go_to] * GO_POINT
            side = side_of[go_to]
            left[side] -= GO_POINT
            if left[side] <= 0:
                return (self.side_sign[side] * GAME + difference, True, hands, tail, count,
                        turn, gone, last, held, None)
        return difference, False, hands, tail, count, turn, gone, last, held, tuple(left)

    def _search(self, hands: int, tail: int, count: int, actor: int, gone: int, last: int,
                held: int, need: Need, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta: the exact value when it lies between ``alpha`` and
        ``beta``, else a bound on the side it fell."""
        if actor == NO_ONE:
            return 0
        key: tuple[object, ...]
        if need is None:
            key = (hands, tail, count, actor, gone, last)
        else:
            need = self._clip(hands, tail, need)
            key = (hands, tail, count, actor, gone, last) if need is None else \
                (hands, tail, count, actor, gone, last, need)
        stored = self.table.get(key)
        if stored is None:
            low, high = -_INFINITY, _INFINITY
        else:
            low, high = stored
            if low == high or low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        maximise = self._sign[actor] > 0
        child = self._child
        code = hands >> SEAT_BITS * actor & SEAT_MASK
        room = THIRTY_ONE - count
        children = []
        for order, pips, drop in HANDS[code][1]:
            if pips > room:
                break
            children.append(child(hands, tail, count, actor, gone, last, held, code, order,
                                  pips, drop, need))
        # The moves that peg most for the side to move first: the cut-offs come sooner.
        # (The sort is stable: equal moves keep their order, lowest rank first.)
        if len(children) > 1:
            children.sort(key=_POINTS, reverse=maximise)
        lower, upper = alpha, beta
        search = self._search
        if maximise:
            best = -_INFINITY
            for value, won, cards, top, total, turn, said, by, holding, left in children:
                if not won and turn != NO_ONE:
                    value += search(cards, top, total, turn, said, by, holding, left,
                                    lower - value, upper - value)
                if value > best:
                    best = value
                    if best > lower:
                        lower = best
                        if lower >= upper:
                            break
        else:
            best = _INFINITY
            for value, won, cards, top, total, turn, said, by, holding, left in children:
                if not won and turn != NO_ONE:
                    value += search(cards, top, total, turn, said, by, holding, left,
                                    lower - value, upper - value)
                if value < best:
                    best = value
                    if best < upper:
                        upper = best
                        if lower >= upper:
                            break
        if best <= alpha:
            if best < high:
                high = best
        elif best >= beta:
            if best > low:
                low = best
        else:
            low = high = best
        if stored is None and self.budget is not None:
            self.budget.spend()
        self.table[key] = (low, high)
        return best

    def _clip(self, hands: int, tail: int, need: Need) -> Need:
        """A side that needs more than it could still peg is out of reach, whatever it
        needs: those needs are all alike, and when every side is out of reach the
        position is valued on the difference alone (and shares its table entry)."""
        if need is None:
            return None
        # What a side can still peg depends on the hands and the block of one rank on
        # top of the table alone (see _most), which many positions share: the tail when
        # it is a pair's block, else its last card.
        key = (hands, tail if tail >> 4 & 15 == tail & 15 else tail & 15)
        most = self._reach.get(key)
        if most is None:
            most = _most_each(key[0], key[1], self._side, len(self.side_seats))
            self._reach[key] = most
        if len(need) == 2:  # two sides, the common case, unrolled
            first, second = need
            if first > most[0]:
                return None if second > most[1] else (_OUT_OF_REACH, second)
            return (first, _OUT_OF_REACH) if second > most[1] else need
        clipped = tuple(n if n <= m else _OUT_OF_REACH for n, m in zip(need, most, strict=True))
        return None if all(n == _OUT_OF_REACH for n in clipped) else clipped


def _seat(seat: int | None) -> int:
    return NO_ONE if seat is None else seat


_POINTS = itemgetter(0)
"""A child's points (:data:`_Child`), read in C by the sort."""


def within_reach(objective: Objective, position: Position, *, single_count: bool = False,
                 budget: Budget | None = None) -> Objective:
    """The same objective with the target kept only for the sides that could reach it
    in this play at all (with every seat helping them): for the others it is out of
    reach from every later position too, and leaving it out keeps the search small."""
    if not objective.need:
        return objective
    need = list(objective.need)
    for side, wanted in enumerate(objective.need):
        mine = sum(1 << seat for seat, s in enumerate(objective.side) if s == side)
        if not _can_reach(position, mine, wanted, single_count, {}, budget):
            need[side] = _OUT_OF_REACH
    if all(n == _OUT_OF_REACH for n in need):
        return Objective(objective.sign, objective.side)
    return objective.with_target(need)


def _can_reach(position: Position, mine: int, wanted: int, single_count: bool,
               memo: dict[Position, tuple[int, int]], budget: Budget | None) -> bool:
    """Whether the seats in the bitmask ``mine`` could peg ``wanted`` more in this play.

    ``memo`` keeps, for each position searched, bounds on the most those seats can peg
    from there: (at least, at most). One position is met needing many amounts, and every
    answer narrows the bounds that serve the next. The moves that peg most for ``mine``
    are tried first: a line that gets there is found sooner."""
    if wanted <= 0:
        return True
    if position[3] is None:
        return False
    stored = memo.get(position)
    if stored is None:
        low, high = 0, _most(position, mine)
    else:
        low, high = stored
    if low >= wanted:
        return True
    if high < wanted:
        return False
    moves = []
    for order in position.legal():
        after, pegs = position.lay(order, single_count=single_count)
        moves.append((sum(points for seat, points in pegs if mine >> seat & 1), after))
    moves.sort(key=_points_got, reverse=True)
    found = False
    for got, after in moves:
        if _can_reach(after, mine, wanted - got, single_count, memo, budget):
            found = True
            break
    if stored is None and budget is not None:
        budget.spend()
    memo[position] = (wanted, high) if found else (low, wanted - 1)
    return found


def _points_got(move: tuple[int, Position]) -> int:
    return move[0]


def _most_each(hands: int, block: int, side_of: tuple[int, ...], sides: int) -> tuple[int, ...]:
    """:func:`_most` for every side at once, on the packed hands and the block of one rank
    on top of the table (see :meth:`Solver._clip`), by arithmetic on the counts per rank:
    a card's bound there is 3 + max(7, its rank's pair gain), which is 10, or 15 when all
    four of its rank are in play (in hands, or the block counting towards the pairs)."""
    seats = [hands >> SEAT_BITS * seat & SEAT_MASK for seat in range(len(side_of))]
    total = sum(seats)  # counts per rank over every hand: four fit in a rank's 3 bits
    if block:
        top = block & 15
        while block:  # a digit for each card of the block
            total += 1 << 3 * top
            block >>= 4
    fours = (total & _FOURS) >> 2  # the ranks with four in play: a field of 4 sets its bit 2
    most = [0] * sides
    for seat, code in enumerate(seats):
        # A field's digits summed by the remainder by 7 (8 is 1 more than 7): a hand holds
        # at most six cards (packed.encode), so the sum is below 7 and exact.
        most[side_of[seat]] += 10 * (code % 7) + 5 * ((code & fours * 7) % 7)
    return tuple(most)


_FOURS = sum(4 << 3 * order for order in range(14))
"""Bit 2 of every rank's field."""


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
