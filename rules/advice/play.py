"""Play advice: which card to lay now, by expected pegging difference.

The player knows their own cards, the starter, their discards and what has been laid.
The other hands are drawn from the cards the player has not seen, every consistent
assignment equally likely. Consistent means the right number of cards each, and
nothing that fitted for a player who said go (or was passed over, which is the same):
after a go on a count of 24 every card that player still holds is worth 8 or more.

Each possible deal is then played out double-dummy (:mod:`rules.doubledummy.position`): every
hand open, every seat at its best. This is **perfect-information sampling**, as
bridge programs do it; its known bias is that it credits the opponents with knowing
the player's cards. The value of a card is the mean, over the possible deals, of the
play point difference from here (two players: the player against the other; four:
partnership against partnership; three: the player against the other two together).

Where the possible rank assignments (suits never matter in the play) are no more than
``samples``, every one is played, weighted by how many card deals give it: the means
are exact fractions. Otherwise ``samples`` deals are drawn with a seeded generator, so
the same request gets the same answer, and each mean comes with its standard error.

**Playing to the board.** Given a ``by_chance`` (:class:`ByChance`, e.g.
:class:`rules.chances.PlayToWin`, which knows the chance table: it lives above this
module), each deal is valued a second time by the player's chance of winning the
game, and the options are ranked by its mean; the points stay beside it. The deals,
their weights and the budget are the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, sqrt
from typing import Protocol

from rules.advice.position import AdviceError, check_request, replay
from rules.core.cards import PIPS, Card, full_deck
from rules.core.errors import ProblemCode
from rules.core.table import Table
from rules.doubledummy.position import Objective, Position
from rules.doubledummy.search import Budget, BudgetSpent, Solver
from rules.play.check import PlayEvent
from rules.play.state import NO_ONE

__all__ = ["AdviceError", "ByChance", "PlayAdvice", "PlayOption", "advise_play"]

DEFAULT_SAMPLES = 200
ADVICE_POSITIONS = 140_000
"""The positions one piece of advice may store in all, which bounds its time (about 5 µs
a position since issue 31's packed search, with the search by chance of the objective
win sharing it: under 0.75 s of CPU for the worst, bench/budget.py; it was 80,000 at
13 µs): a four-player deal from the lead stores about 4,000, one later in the play a
few hundred or fewer. Playing every deal may take half of it; sampling stops early
where it is spent, and says how many deals it played."""


@dataclass(frozen=True, slots=True)
class PlayOption:
    """One card the player may lay (None: a go), with its expected play points from here."""

    card: Card | None
    """None: the player can lay nothing and must say go."""
    expected: Fraction
    """Mean play point difference from here (exact when the advice is)."""
    stderr: float | None
    """The mean's standard error when sampled; None when exact."""
    win: float | None = None
    """The mean chance of winning the game, from the player's side (with ``by_chance``)."""


class ByChance(Protocol):
    """Values one deal of the play by the chance of winning."""

    scale: int
    """The chance of 1 in the values' fixed point."""

    def options(self, position: Position, pegged: Sequence[int],
                budget: Budget) -> dict[int | None, int]:
        """The player's chance (fixed point) after each rank they may lay, or after their
        go (None); ``pegged`` is what each seat has pegged in the play so far."""
        ...


@dataclass(frozen=True, slots=True)
class PlayAdvice:
    """Which card to lay (:func:`advise_play`): every card the player may lay, valued by the
    play points it wins from here, exactly or by sampling the cards unseen."""

    player: str
    count: int
    options: tuple[PlayOption, ...]
    """Best first; cards of one rank are one option each, with equal values."""
    exact: bool
    deals: int
    """The rank assignments played (exact) or the deals sampled."""


def advise_play(
    *,
    table: Table | None = None,
    player: str,
    hand: Sequence[Card],
    starter: Card,
    plays: Sequence[PlayEvent] = (),
    discards: Sequence[Card] | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    budget: int = ADVICE_POSITIONS,
    by_chance: ByChance | None = None,
) -> PlayAdvice:
    """Rank what ``player`` may do now at ``table`` (the six-card game's ``pone`` and
    ``dealer`` by default). ``hand`` is their cards as the play began. With
    ``by_chance`` the options are ranked by the chance of winning. Raises
    :class:`AdviceError` for a request that describes no position to advise on."""
    if table is None:
        table = Table.seat()
    check_request(table, player, hand, starter, discards, plays)
    seats = table.seats
    me = table.number(player)
    size = table.variant.spec.hand_size
    single = table.variant.spec.single_count
    seen = {*hand, *(discards or ()), starter}
    laid: list[list[Card]] = [[] for _ in seats]
    floor = [0] * len(seats)  # a card still held is worth more than this
    state = replay(table, me, hand, seen, plays, laid, floor)
    if state.turn != me:
        whose = "nobody's" if state.over else f"{seats[state.turn]}'s"
        raise AdviceError.one(("player",), ProblemCode.NOT_YOUR_TURN,
                          f"it is {whose} turn, not {player}'s")

    mine = tuple(sorted(c.order for c in hand if c not in laid[me]))
    unseen = [c for c in full_deck() if c not in seen and all(c not in cs for cs in laid)]
    others = sorted((s for s in range(len(seats)) if s != me), key=lambda s: -floor[s])
    wanted = {s: size - len(laid[s]) for s in others}
    for s in others:
        if sum(1 for c in unseen if c.pips > floor[s]) < wanted[s]:
            raise AdviceError.one(("plays",), ProblemCode.INCONSISTENT_RECORD,
                              f"{seats[s]}'s gos leave too few cards they could hold")

    objective = Objective.for_sides(table.side_numbers, me)
    spend = Budget(budget)
    stack = tuple(card.order for card in state.stack)
    last = None if state.last == NO_ONE else state.last

    def points(position: Position, spend: Budget) -> dict[int | None, int]:
        solver = Solver(objective, single_count=single, budget=spend)
        if not position.legal():
            after, pegs = position.go(single_count=single)
            return {None: _diff(objective, pegs) + solver.value(after)[1]}
        return {order: v[1] for order, v in solver.options(position).items()}

    def values(deal: _Deal, spend: Budget) -> dict[int | None, tuple[int, int]]:
        hands = tuple(mine if s == me else deal[s] for s in range(len(seats)))
        position = Position.mid_play(hands, state.count, stack, me, state.gone, last)
        found = points(position, spend)
        if by_chance is None:
            return {key: (value, 0) for key, value in found.items()}
        wins = by_chance.options(position, state.pegs, spend)
        return {key: (value, wins[key]) for key, value in found.items()}

    assignments = _assignments(unseen, others, wanted, floor, limit=samples)
    if assignments is not None:
        # Every deal, if they fit in half the budget; else sample with what is left, so
        # that the two together never store more than the budget.
        whole = Budget(budget // 2)
        try:
            return _exact(player, state.count, hand, laid[me], lambda d: values(d, whole),
                          assignments, by_chance)
        except BudgetSpent:
            spend.left = budget - budget // 2

    rng = random.Random(seed)
    runs: dict[int | None, list[int]] = {}
    wins: dict[int | None, int] = {}
    played = 0
    for _ in range(samples):
        deal = _sample(rng, unseen, others, wanted, floor)
        try:
            found = values(deal, spend)
        except BudgetSpent:
            break
        played += 1
        for key, (value, win) in found.items():
            runs.setdefault(key, []).append(value)
            wins[key] = wins.get(key, 0) + win
    if not played:
        raise AdviceError.one(("plays",), ProblemCode.TOO_COSTLY,
                          "this position is too costly to advise on within the service's "
                          "limits")
    sampled = {k: (Fraction(sum(v), len(v)), _stderr(v)) for k, v in runs.items()}
    chances = None if by_chance is None else \
        {k: Fraction(v, played * by_chance.scale) for k, v in wins.items()}
    return _advice(player, state.count, hand, laid[me], sampled, False, played, chances)


_Deal = Mapping[int, tuple[int, ...]]
"""The ranks each other seat holds, in one possible deal."""
_Values = Callable[[_Deal], dict[int | None, tuple[int, int]]]
"""Per deal, each option's (points, chance of winning in fixed point: 0 without one)."""


def _exact(player: str, count: int, hand: Sequence[Card], laid: Sequence[Card],
           values: _Values, assignments: Sequence[tuple[_Deal, int]],
           by_chance: ByChance | None) -> PlayAdvice:
    totals: dict[int | None, int] = {}
    wins: dict[int | None, int] = {}
    weight_sum = 0
    for deal, weight in assignments:
        for key, (value, win) in values(deal).items():
            totals[key] = totals.get(key, 0) + weight * value
            wins[key] = wins.get(key, 0) + weight * win
        weight_sum += weight
    means = {k: (Fraction(v, weight_sum), None) for k, v in totals.items()}
    chances = None if by_chance is None else \
        {k: Fraction(v, weight_sum * by_chance.scale) for k, v in wins.items()}
    return _advice(player, count, hand, laid, means, True, len(assignments), chances)


def _diff(objective: Objective, pegs: Sequence[tuple[int, int]]) -> int:
    return sum(objective.sign[seat] * points for seat, points in pegs)


def _stderr(values: Sequence[int]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return sqrt(variance / n)


def _advice(player: str, count: int, hand: Sequence[Card], laid: Sequence[Card],
            means: Mapping[int | None, tuple[Fraction, float | None]], exact: bool,
            deals: int, chances: Mapping[int | None, Fraction] | None = None) -> PlayAdvice:
    def win(key: int | None) -> float | None:
        return None if chances is None else float(chances[key])

    if None in means:
        expected, error = means[None]
        options = [PlayOption(None, expected, error, win(None))]
    else:
        options = [PlayOption(card, *means[card.order], win(card.order)) for card in hand
                   if card not in laid and card.order in means]
    # By the chance of winning when it is asked for (the points break its ties), else
    # by the points; then the card's index, so that the order is the same every time.
    def exact_win(option: PlayOption) -> Fraction:
        key = None if option.card is None else option.card.order
        return Fraction(0) if chances is None else chances[key]

    options.sort(key=lambda o: (-exact_win(o), -o.expected,
                                -1 if o.card is None else o.card.index))
    return PlayAdvice(player, count, tuple(options), exact, deals)


class _TooMany(Exception):
    pass


def _assignments(unseen: Sequence[Card], others: Sequence[int], wanted: Mapping[int, int],
                 floor: Sequence[int], *, limit: int) -> list[tuple[_Deal, int]] | None:
    """Every assignment of ranks to the other seats, with how many card deals give it;
    None when there are more than ``limit``."""
    left = [0] * 14
    for card in unseen:
        left[card.order] += 1
    found: list[tuple[_Deal, int]] = []

    def seat_hands(seat: int, i: int, orders: list[int], start: int, weight: int,
                   deal: dict[int, tuple[int, ...]]) -> None:
        if len(orders) == wanted[seat]:
            deal[seat] = tuple(orders)
            assign(i + 1, weight, deal)
            del deal[seat]
            return
        for order in range(start, 14):
            if left[order] == 0 or PIPS[order] <= floor[seat]:
                continue
            # Take ``take`` cards of this rank at once, so that each multiset comes once.
            for take in range(1, min(left[order], wanted[seat] - len(orders)) + 1):
                left[order] -= take
                seat_hands(seat, i, orders + [order] * take, order + 1,
                           weight * comb(left[order] + take, take), deal)
                left[order] += take

    def assign(i: int, weight: int, deal: dict[int, tuple[int, ...]]) -> None:
        if i == len(others):
            found.append((dict(deal), weight))
            if len(found) > limit:
                raise _TooMany
            return
        seat_hands(others[i], i, [], 1, weight, deal)

    try:
        assign(0, 1, {})
    except _TooMany:
        return None
    return found


def _sample(rng: random.Random, unseen: Sequence[Card], others: Sequence[int],
            wanted: Mapping[int, int], floor: Sequence[int]) -> _Deal:
    """One deal of the other hands, uniform among the consistent ones: the seats whose gos
    prove the most draw first, each from what fits them (those sets are nested, so the
    order keeps every deal equally likely)."""
    pool = list(unseen)
    deal: dict[int, tuple[int, ...]] = {}
    for seat in others:
        fits = [c for c in pool if c.pips > floor[seat]]
        drawn = rng.sample(fits, wanted[seat])
        deal[seat] = tuple(sorted(c.order for c in drawn))
        taken = set(drawn)
        pool = [c for c in pool if c not in taken]
    return deal
