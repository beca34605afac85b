"""The double-dummy search made faster (issue 31: the engine part, then the packed
positions of :mod:`rules.doubledummy.packed`) gives the old search's values and stores
the same positions, so that a budget in positions stops at the same place and no
answer changes. The values are checked against a plain minimax written here (no
alpha-beta, no clipping of the need: every line searched to the end, memoised by
position and need), the counts against the old search's own, taken on 29e4c97."""

from __future__ import annotations

import random

from rules.core.cards import Card, full_deck
from rules.doubledummy.position import Objective, Position
from rules.doubledummy.search import GAME, Solver

LOW = [card for card in full_deck() if card.order <= 6]


def minimax(position: Position, need: tuple[int, ...], objective: Objective,
            memo: dict[tuple[Position, tuple[int, ...]], int], single: bool = False) -> int:
    """``game * GAME + difference`` with every seat at its best, the rules' own way: a
    side that reaches the target wins at once. ``single``: the five-card game's one count."""
    if position.actor is None:
        return 0
    key = (position, need)
    if key in memo:
        return memo[key]
    values = [move(position, order, need, objective, memo, single)
              for order in position.legal()]
    best = max(values) if objective.sign[position.actor] > 0 else min(values)
    memo[key] = best
    return best


def move(position: Position, order: int, need: tuple[int, ...], objective: Objective,
         memo: dict[tuple[Position, tuple[int, ...]], int], single: bool = False) -> int:
    after, pegs = position.lay(order, single_count=single)
    left, difference = list(need), 0
    for seat, points in pegs:
        difference += objective.sign[seat] * points
        side = objective.side[seat]
        left[side] -= points
        if left[side] <= 0:
            return (GAME if objective.sign[seat] > 0 else -GAME) + difference
    return difference + minimax(after, tuple(left), objective, memo, single)


def four_player_deals(count: int) -> list[list[list[Card]]]:
    """bench/review.py's adversarial deals: four players, the low cards, the biggest trees."""
    rng, low, deals = random.Random(5), list(LOW), []
    for _ in range(count):
        rng.shuffle(low)
        deals.append([low[i * 4:(i + 1) * 4] for i in range(4)])
    return deals


def test_four_players_racing_for_the_target() -> None:
    objective = Objective.for_sides((0, 1, 0, 1), 0).with_target((20, 20))
    stored = []
    for hands in four_player_deals(3):
        start = Position.start(hands)
        solver = Solver(objective)
        found = solver.options(start, (20, 20))
        memo: dict[tuple[Position, tuple[int, ...]], int] = {}
        for order, (game, difference) in found.items():
            assert game * GAME + difference == move(start, order, (20, 20), objective, memo)
        stored.append(len(solver.table))
    assert stored == [8776, 3134, 6470]  # the old search's, on 29e4c97


def test_two_players_with_and_without_a_target() -> None:
    rng, deck = random.Random(31), list(full_deck())
    stored = []
    for number in range(30):
        cards = rng.sample(deck, 8)
        start = Position.start([cards[:4], cards[4:]])
        need = (rng.randint(3, 12), rng.randint(3, 12)) if number % 2 else ()
        objective = Objective.for_sides((0, 1), number % 2)
        if need:
            objective = objective.with_target(need)
        solver = Solver(objective)
        found = solver.options(start, need or None)
        memo: dict[tuple[Position, tuple[int, ...]], int] = {}
        without = need or (10**6, 10**6)  # out of reach: the difference alone
        for order, (game, difference) in found.items():
            assert game * GAME + difference == move(start, order, without, objective, memo)
        stored.append(len(solver.table))
    assert sum(stored) == 5951  # the old search's, on 29e4c97
