"""The packed search (issue 31) against the plain minimax of test_search_same, on seeded
random deals of every variant, with and without a target, from the lead and in the
middle of the play: each option's value, the best value, and the options in the order
the search gives them. And its packed parts: one-to-one with the position's, and the
reach bound by arithmetic the same as the one card by card."""

from __future__ import annotations

import random

import pytest

from rules.core.cards import full_deck
from rules.core.variants import Variant
from rules.doubledummy.packed import HANDS, SEAT_BITS, SEAT_MASK, encode, stack_of
from rules.doubledummy.position import Objective, Position
from rules.doubledummy.search import GAME, Solver, _most, _most_each
from tests.library.test_search_same import minimax, move

DECK = tuple(full_deck())
OUT_OF_REACH = (10**6,) * 4


def random_position(rng: random.Random, variant: Variant) -> Position:
    """A deal of ``variant``'s hands, then up to a few random legal cards laid."""
    spec = variant.spec
    cards = rng.sample(DECK, spec.players * spec.hand_size)
    size = spec.hand_size
    position = Position.start([cards[i * size:(i + 1) * size] for i in range(spec.players)])
    for _ in range(rng.choice((0, 0, 1, 2, 3, 5))):
        if position.actor is None:
            break
        position, _ = position.lay(rng.choice(position.legal()),
                                   single_count=spec.single_count)
    return position


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("targeted", [False, True])
def test_every_option_as_the_plain_minimax(variant: Variant, targeted: bool) -> None:
    rng = random.Random(f"{variant}-{targeted}")
    spec = variant.spec
    side = (0, 1, 0, 1) if spec.players == 4 else tuple(range(spec.players))
    sides = max(side) + 1
    single = spec.single_count
    deals = 12 if spec.players == 4 else 40
    checked = 0
    for _ in range(deals):
        position = random_position(rng, variant)
        if position.actor is None:
            continue
        reviewed = rng.randrange(spec.players)
        objective = Objective.for_sides(side, reviewed)
        need: tuple[int, ...] = ()
        if targeted:
            need = tuple(rng.randint(1, 14) for _ in range(sides))
            objective = objective.with_target(need)
        solver = Solver(objective, single_count=single)
        found = solver.options(position, need or None)
        assert list(found) == list(position.legal())  # lowest rank first, as they come
        memo: dict[tuple[Position, tuple[int, ...]], int] = {}
        plain = need or OUT_OF_REACH[:sides]
        expected = {order: move(position, order, plain, objective, memo, single)
                    for order in position.legal()}
        assert {o: g * GAME + d for o, (g, d) in found.items()} == expected
        game, difference = solver.value(position, need or None)
        assert game * GAME + difference == minimax(position, plain, objective, memo, single)
        checked += 1
    assert checked >= deals * 3 // 4


def test_the_packed_parts_are_one_to_one_with_the_position() -> None:
    rng = random.Random(3131)
    for variant in Variant:
        for _ in range(30):
            position = random_position(rng, variant)
            hands, tail, held = encode(position)
            assert stack_of(tail) == position.stack
            assert held == sum(1 << seat for seat, hand in enumerate(position.hands) if hand)
            for seat, hand in enumerate(position.hands):
                assert HANDS[hands >> SEAT_BITS * seat & SEAT_MASK][0] == hand


def test_the_reach_bound_by_arithmetic_is_the_bound_card_by_card() -> None:
    """_most_each on the packed counts against _most on the position, seat by seat: four
    of a rank in play (the low-card deals have every one) make a card worth 15."""
    rng = random.Random(22)
    low = [card for card in DECK if card.order <= 4]
    for number in range(200):
        if number % 2:
            rng.shuffle(low)
            position = Position.start([low[i * 4:(i + 1) * 4] for i in range(4)])
        else:
            position = random_position(rng, Variant.FOUR_PLAYER)
        for _ in range(rng.randrange(6)):
            if position.actor is None:
                break
            position, _ = position.lay(rng.choice(position.legal()))
        hands, tail, _ = encode(position)
        block = tail if tail >> 4 & 15 == tail & 15 else tail & 15
        most = _most_each(hands, block, (0, 1, 2, 3), 4)
        assert most == tuple(_most(position, 1 << seat) for seat in range(4))


def test_a_hand_too_large_to_pack_is_refused() -> None:
    with pytest.raises(ValueError, match="at most 6"):
        encode(Position(((1, 2, 3, 4, 5, 6, 7), (8,))))
