"""The double-dummy solver against a brute force written independently in the tests
(tests/brute_play.py), and against the referee on what is legal."""

from __future__ import annotations

import random

import pytest

from rules import Table
from rules.core.cards import Card, full_deck
from rules.core.variants import Variant
from rules.doubledummy.position import Objective, Position, tail
from rules.doubledummy.search import Solver, within_reach
from rules.play.check import PlayEvent, check_play
from rules.play.pegging import peg_scores
from tests import brute_play
from tests.cards import cards

DECK = tuple(full_deck())


def deal(rng: random.Random, seats: int, size: int) -> list[list[Card]]:
    shuffled = list(DECK)
    rng.shuffle(shuffled)
    return [shuffled[i * size:(i + 1) * size] for i in range(seats)]


def by_rank(values: dict[Card, tuple[int, int]]) -> dict[int, tuple[int, int]]:
    out: dict[int, tuple[int, int]] = {}
    for card, value in values.items():
        assert out.setdefault(card.order, value) == value  # suits never matter in the play
    return out


def advance(rng: random.Random, hands: list[list[Card]], laid: int, single: bool = False,
            ) -> tuple[brute_play.Table, Position]:
    """Lay ``laid`` random legal cards in both models, checking they agree on the turn."""
    table, position = brute_play.start(hands), Position.start(hands)
    for _ in range(laid):
        if table.turn is None:
            break
        assert position.actor == table.turn
        assert position.legal() == tuple(sorted({c.order for c in brute_play.moves(table)}))
        card = rng.choice(brute_play.moves(table))
        table, _ = brute_play.play(table, card, single)
        position, _ = position.lay(card.order, single_count=single)
    assert position.actor == table.turn
    return table, position


def compare(table: brute_play.Table, position: Position, objective: Objective,
            single: bool = False) -> None:
    expected = by_rank(brute_play.solve(table, objective.sign, single=single,
                                        side=objective.side, need=objective.need))
    solver = Solver(objective, single_count=single)
    need = objective.need or None
    assert solver.options(position, need) == expected
    if expected:
        best = max if objective.sign[position.actor or 0] > 0 else min
        assert solver.value(position, need) == best(expected.values())


class TestAgainstBruteForce:
    def test_two_players(self) -> None:
        rng = random.Random(16)
        for _ in range(2000):
            hands = deal(rng, 2, 4)
            table, position = advance(rng, hands, rng.randrange(3))
            compare(table, position, Objective.for_sides((0, 1), rng.randrange(2)))

    def test_two_players_racing_for_the_target(self) -> None:
        rng = random.Random(61)
        for _ in range(500):
            hands = deal(rng, 2, 4)
            table, position = advance(rng, hands, 0)
            need = (rng.randint(1, 12), rng.randint(1, 12))
            objective = Objective.for_sides((0, 1), 0).with_target(need)
            compare(table, position, objective)

    def test_five_card_single_count(self) -> None:
        rng = random.Random(5)
        for _ in range(300):
            hands = deal(rng, 2, 3)
            table, position = advance(rng, hands, rng.randrange(2), single=True)
            compare(table, position, Objective.for_sides((0, 1), 0), single=True)

    def test_three_players_paranoid(self) -> None:
        rng = random.Random(3)
        for _ in range(200):
            hands = deal(rng, 3, 4)
            table, position = advance(rng, hands, rng.randrange(2, 5))
            reviewed = rng.randrange(3)
            objective = Objective.for_sides((0, 1, 2), reviewed)
            assert objective.sign == tuple(1 if s == reviewed else -1 for s in range(3))
            if rng.random() < 0.3:
                objective = objective.with_target([rng.randint(1, 9) for _ in range(3)])
            compare(table, position, objective)

    def test_four_player_partnerships(self) -> None:
        rng = random.Random(4)
        for _ in range(200):
            hands = deal(rng, 4, 4)
            # From part-way through: the brute force's whole tree from the lead is slow.
            table, position = advance(rng, hands, rng.randrange(5, 8))
            objective = Objective.for_sides((0, 1, 0, 1), rng.randrange(4))
            assert objective.sign[0] == objective.sign[2] == -objective.sign[1]
            if rng.random() < 0.3:
                objective = objective.with_target((rng.randint(1, 9),
                                                                 rng.randint(1, 9)))
            compare(table, position, objective)

    def test_four_player_racing_for_the_target_through_the_reach_search(self) -> None:
        # The objective the review uses: the target first pruned by within_reach, whose
        # bounds per position and move order must drop no side that can still get there.
        rng = random.Random(22)
        for _ in range(150):
            hands = deal(rng, 4, 4)
            table, position = advance(rng, hands, rng.randrange(4, 8))
            need = (rng.randint(1, 14), rng.randint(1, 14))
            full = Objective.for_sides((0, 1, 0, 1), rng.randrange(4)).with_target(need)
            pruned = within_reach(full, position)
            expected = by_rank(brute_play.solve(table, full.sign, side=full.side, need=need))
            assert Solver(pruned).options(position, pruned.need or None) == expected

    def test_four_player_whole_deals(self) -> None:
        rng = random.Random(44)
        for _ in range(3):
            hands = deal(rng, 4, 4)
            table, position = advance(rng, hands, 0)
            compare(table, position, Objective.for_sides((0, 1, 0, 1), 0))

    def test_seven_card(self) -> None:
        rng = random.Random(7)
        for _ in range(30):
            hands = deal(rng, 2, 5)
            table, position = advance(rng, hands, rng.randrange(3))
            compare(table, position, Objective.for_sides((0, 1), 1))


class TestTheTail:
    """Only the tail the state keeps can score again: checked against the whole stack."""

    def test_tail_scores_like_the_whole_count(self) -> None:
        rng = random.Random(9)
        for _ in range(3000):
            stack = [rng.randint(1, 13) for _ in range(rng.randint(1, 6))]
            future = [rng.randint(1, 13) for _ in range(3)]
            kept = list(tail(tuple(stack)))
            for k in range(1, len(future) + 1):
                whole = [*stack, *future[:k]]
                short = [*kept, *future[:k]]
                as_cards = [Card.parse("A23456789TJQK"[o - 1] + "S") for o in whole]
                short_cards = [Card.parse("A23456789TJQK"[o - 1] + "S") for o in short]
                assert peg_scores(as_cards, 20) == peg_scores(short_cards, 20)

    def test_examples(self) -> None:
        assert tail((5, 6, 6)) == (6, 6)
        assert tail((3, 9, 4, 5)) == (3, 9, 4, 5)
        assert tail((4, 9, 3, 4, 5)) == (9, 3, 4, 5)
        assert tail((7,)) == (7,)


class TestAgreesWithTheReferee:
    """Random play through the solver's transitions is a legal record to the referee,
    scored the same, in every variant's shape."""

    @pytest.mark.parametrize(("seats", "size", "single"),
                             [(2, 4, False), (2, 3, True), (2, 5, False), (3, 4, False),
                              (4, 4, False)])
    def test_random_games(self, seats: int, size: int, single: bool) -> None:
        from rules.core.variants import Variant
        variant = {(2, 4): Variant.SIX_CARD, (2, 3): Variant.FIVE_CARD,
                   (2, 5): Variant.SEVEN_CARD, (3, 4): Variant.THREE_PLAYER,
                   (4, 4): Variant.FOUR_PLAYER}[seats, size]
        names = [f"p{i}" for i in range(seats)]
        rng = random.Random(seats * 10 + size)
        for _ in range(300):
            hands = deal(rng, seats, size)
            position = Position.start(hands)
            held = [list(h) for h in hands]
            events, pegged = [], dict.fromkeys(names, 0)
            while position.actor is not None:
                seat = position.actor
                order = rng.choice(position.legal())
                card = next(c for c in held[seat] if c.order == order)
                held[seat].remove(card)
                events.append(PlayEvent(names[seat], card))
                position, pegs = position.lay(order, single_count=single)
                for s, points in pegs:
                    pegged[names[s]] += points
            result = check_play(events, table=Table.seat(variant, names),
                                hands=dict(zip(names, hands, strict=True)))
            assert result.findings == ()
            assert result.totals == pegged


def test_a_worked_position() -> None:
    # Pone holds 5H KS, the dealer 5D TC; the pone leads. Worked by hand:
    # K: dealer 5 (15 for 2), pone 5 (pair, 2), dealer T (30), last card 1: -1; or
    #    dealer T (20), pone 5 (25), dealer 5 (30, pair 2), last card 1: -3. Dealer: -3.
    # 5: dealer 5 (pair 2), pone K, dealer T (30), last card: -3; or dealer T (15 for 2),
    #    pone K, dealer 5 (30), last card: -3.
    position = Position.start([cards("5H KS"), cards("5D TC")])
    values = Solver(Objective.for_sides((0, 1), 0)).options(position)
    assert values == {5: (0, -3), 13: (0, -3)}
    dealer_view = Solver(Objective.for_sides((0, 1), 1)).options(position)
    assert dealer_view == {5: (0, 3), 13: (0, 3)}


class TestOutOfReach:
    def test_leaving_out_an_unreachable_target_changes_no_value(self) -> None:
        rng = random.Random(121)
        for seats, size, sides in [(2, 4, (0, 1)), (3, 4, (0, 1, 2)), (4, 4, (0, 1, 0, 1))]:
            for _ in range(60 if seats < 4 else 10):
                _, position = advance(rng, deal(rng, seats, size), rng.randrange(4))
                count = max(sides) + 1
                need = tuple(rng.randint(1, 40) for _ in range(count))
                full = Objective.for_sides(sides, 0).with_target(need)
                pruned = within_reach(full, position)
                assert (Solver(full).options(position, need)
                        == Solver(pruned).options(position, pruned.need or None))


class TestAgreesWithTheStateMachine:
    """Along random games, the compact position and rules.play.state agree on whose turn
    it is, on the legal ranks, and on what everyone pegs (the machine's gos said
    explicitly where the position applies them itself)."""

    @pytest.mark.parametrize("variant", list(Variant))
    def test_random_games(self, variant: Variant) -> None:
        from rules.play.state import PlayState
        spec = variant.spec
        names = [f"p{i}" for i in range(spec.players)]
        rng = random.Random(len(variant.value))
        for _ in range(200):
            hands = deal(rng, spec.players, spec.hand_size)
            state = PlayState.start(Table.seat(variant, names),
                                    dict(zip(names, hands, strict=True)))
            position = Position.start(hands)
            pegged = [0] * spec.players
            while True:
                while not state.over and state.must_go():
                    state = state.go()[0]
                assert position.actor == (None if state.over else state.turn)
                if state.over:
                    break
                assert position.legal() == tuple(sorted({c.order for c in state.legal_cards()}))
                card = rng.choice(state.legal_cards())
                state = state.lay(card)[0]
                position, pegs = position.lay(card.order, single_count=spec.single_count)
                for seat, points in pegs:
                    pegged[seat] += points
            assert tuple(pegged) == state.pegs
