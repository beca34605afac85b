"""Play advice against full enumeration written in the tests: every card deal of the
hidden hands, kept when the recorded play is legal with it (so the gos' meaning is the
brute force's own), each solved by the brute force of tests/brute_play.py."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, product

import pytest

from rules import RecordError, Table
from rules.advice.play import AdviceError, advise_play
from rules.core.cards import Card, full_deck
from rules.core.variants import Variant
from rules.play.check import PlayEvent
from tests import brute_play
from tests.cards import card, cards
from tests.library.test_play import record

DECK = tuple(full_deck())
VARIANTS = {2: Variant.SIX_CARD, 3: Variant.THREE_PLAYER, 4: Variant.FOUR_PLAYER}


def position(rng: random.Random, seats: int, laid: int):  # type: ignore[no-untyped-def]
    """A random deal played ``laid`` cards in, at a moment seat ``me`` is to lay or go."""
    shuffled = list(DECK)
    rng.shuffle(shuffled)
    hands = [shuffled[i * 4:(i + 1) * 4] for i in range(seats)]
    starter = shuffled[seats * 4]
    table = brute_play.start(hands)
    events: list[PlayEvent] = []
    for _ in range(laid):
        choice = rng.choice(brute_play.moves(table))
        assert table.turn is not None
        layer = table.turn
        events.append(PlayEvent(f"p{layer}", choice))
        count = sum(brute_play.pips(c) for c in (*table.stack, choice))
        gone = set(table.gone)
        after, _ = brute_play.play(table, choice, False)
        # Say the gos the players were forced to, as a player at the table would hear.
        seat: int | None = layer
        while count != 31 and seat is not None:
            seat = brute_play.next_seat(after.held, frozenset(gone), seat)
            if seat is None or any(count + brute_play.pips(c) <= 31 for c in after.held[seat]):
                break
            events.append(PlayEvent(f"p{seat}"))
            gone.add(seat)
        table = after
        if table.turn is None:
            return None
    return hands, starter, events, table.turn


def enumerate_exactly(hands: list[list[Card]], starter: Card, events: list[PlayEvent],
                      me: int) -> dict[int, Fraction]:
    seats = len(hands)
    laid = {s: [e.card for e in events if e.player == f"p{s}" and e.card is not None]
            for s in range(seats)}
    unseen = [c for c in DECK if c not in hands[me] and c != starter
              and not any(c in laid[s] for s in range(seats))]
    others = [s for s in range(seats) if s != me]
    sizes = [4 - len(laid[s]) for s in others]
    sign = [1 if (s == me or (seats == 4 and s % 2 == me % 2)) else -1 for s in range(seats)]
    totals: dict[int, Fraction] = {}
    deals = 0
    for choice in product(*(combinations(unseen, n) for n in sizes)):
        chosen = [c for group in choice for c in group]
        if len(set(chosen)) != len(chosen):
            continue
        full = list(hands)
        for s, group in zip(others, choice, strict=True):
            full[s] = [*laid[s], *group]
        table = brute_play.start(full)
        legal = True
        for event in events:
            if event.card is None:
                continue
            if table.turn != int(event.player[1:]) or event.card not in brute_play.moves(table):
                legal = False
                break
            table, _ = brute_play.play(table, event.card, False)
        if not legal or table.turn != me:
            continue
        deals += 1
        by_rank = {c.order: value[1] for c, value in brute_play.solve(table, sign).items()}
        for order, value in by_rank.items():
            totals[order] = totals.get(order, Fraction(0)) + value
    return {order: total / deals for order, total in totals.items()}


def advise(hands, starter, events, me, samples, seed=0):  # type: ignore[no-untyped-def]
    seats = len(hands)
    return advise_play(table=Table.seat(VARIANTS[seats], [f"p{s}" for s in range(seats)]),
                       player=f"p{me}", hand=hands[me], starter=starter, plays=events,
                       samples=samples, seed=seed)


CASES = [(2, 5), (2, 4), (3, 8), (4, 13)]


def positions(seed: int, seats: int, laid: int):  # type: ignore[no-untyped-def]
    """Random positions without end, skipping deals whose play ended first."""
    rng = random.Random(seed)
    while True:
        found = position(rng, seats, laid)
        if found is not None:
            yield found


@pytest.mark.parametrize(("seats", "laid"), CASES)
def test_exact_against_full_enumeration(seats: int, laid: int) -> None:
    done = 0
    for hands, starter, events, me in positions(seats * 100 + laid, seats, laid):
        if done == 6:
            break
        expected = enumerate_exactly(hands, starter, events, me)
        if not expected:
            continue  # the player must say go: checked below
        advice = advise(hands, starter, events, me, samples=100_000)
        assert advice.exact
        got = {o.card.order: o.expected for o in advice.options if o.card is not None}
        assert got == expected
        values = [o.expected for o in advice.options]
        assert values == sorted(values, reverse=True)
        done += 1


@pytest.mark.parametrize(("seats", "laid"), CASES[:3])
def test_samples_fall_within_their_error(seats: int, laid: int) -> None:
    done = 0
    for hands, starter, events, me in positions(seats * 7 + laid, seats, laid):
        if done == 4:
            break
        exact = advise(hands, starter, events, me, samples=100_000)
        if exact.deals <= 40:
            continue
        sampled = advise(hands, starter, events, me, samples=40, seed=done)
        assert not sampled.exact and sampled.deals == 40
        truth = {o.card: o.expected for o in exact.options}
        for option in sampled.options:
            assert option.stderr is not None
            assert abs(float(option.expected - truth[option.card])) <= 4 * option.stderr + 1e-9
        again = advise(hands, starter, events, me, samples=40, seed=done)
        assert again == sampled  # the same request, the same answer
        done += 1


class TestWhatTheGosProve:
    def test_a_go_on_24_leaves_only_cards_worth_8_or_more(self) -> None:
        # The dealer said go on 24 with three cards left: each is worth 8 or more. The
        # unseen such cards are 8S 8H 8D, three nines and sixteen ten-cards: 56 rank
        # patterns of three from the six ranks 8, 9, T, J, Q, K.
        plays = record("pone:7H dealer:8C pone:9D dealer:go")
        advice = advise_play(player="pone", hand=cards("7H 9D 7S AC"), starter=card("2D"),
                             plays=plays, samples=100_000)
        assert advice.exact and advice.deals == 56
        assert [str(o.card) for o in advice.options] == ["7S", "AC"]  # 31 for 2 first

    def test_must_say_go(self) -> None:
        plays = record("pone:5H dealer:TC pone:5D dealer:KS")
        advice = advise_play(player="pone", hand=cards("5H 5D 6C 9S"), starter=card("JH"),
                             plays=plays, samples=100_000)
        assert [o.card for o in advice.options] == [None]

    @pytest.mark.parametrize(("plays", "code", "path"), [
        ("", "not-your-turn", ("player",)),
        ("pone:6C dealer:5H", "card-seen", ("plays", 1, "card")),
        ("pone:KD", "card-not-held", ("plays", 0, "card")),
        ("pone:go", "renege", ("plays", 0)),
    ])
    def test_positions_that_cannot_be_advised(self, plays: str, code: str,
                                              path: tuple[object, ...]) -> None:
        with pytest.raises(AdviceError) as caught:
            advise_play(player="dealer" if code == "not-your-turn" else "pone",
                        hand=cards("5H 5D 6C 9S"), starter=card("JH"), plays=record(plays))
        assert caught.value.code == code and caught.value.path == path


@pytest.mark.parametrize(("change", "code", "path"), [
    ({"players": ["a", "b", "c"]}, "wrong-size", ("players",)),
    ({"players": ["pone", "pone"]}, "duplicate-player", ("players",)),
    ({"players": None, "variant": Variant.THREE_PLAYER}, "required", ("players",)),
    ({"player": "cy"}, "unknown-player", ("player",)),
    ({"plays": record("cy:5H")}, "unknown-player", ("plays", 0, "player")),
    ({"hand": cards("5H 5D 6C")}, "wrong-size", ("hand",)),
    ({"hand": cards("5H 5H 6C 9S")}, "duplicate-card", ("hand", 1)),
    ({"starter": card("9S")}, "duplicate-card", ("starter",)),
    ({"discards": cards("KD")}, "wrong-size", ("discards",)),
    ({"discards": cards("KD JH")}, "duplicate-card", ("discards", 1)),
])
def test_requests_that_describe_no_table(change: dict[str, object], code: str,
                                         path: tuple[object, ...]) -> None:
    request: dict[str, object] = {"players": None, "variant": Variant.SIX_CARD,
                                  "player": "pone", "hand": cards("5H 5D 6C 9S"),
                                  "starter": card("JH"), "plays": [], **change}
    # A table that cannot exist is refused as it is seated; the rest as advice.
    with pytest.raises(RecordError) as caught:
        table = Table.seat(request.pop("variant"),  # type: ignore[arg-type]
                           request.pop("players"))  # type: ignore[arg-type]
        advise_play(table=table, **request)  # type: ignore[arg-type]
    first = caught.value.problems[0]
    assert (first.code, first.path) == (code, path)
    assert isinstance(caught.value, AdviceError) == (path != ("players",))
