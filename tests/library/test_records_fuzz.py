"""The library alone, driven with arbitrary records: every call ends in a result or a
RecordError naming its problems, never in any other exception."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Table
from rules.advice.discards import advise
from rules.core.cards import Card, full_deck
from rules.core.errors import ProblemCode, RecordError
from rules.core.rulesets import Ruleset
from rules.core.variants import Variant
from rules.deal.check import DealClaims, DealRecord, check_deal
from rules.deal.game import check_game
from rules.play.check import PlayEvent, check_play
from rules.show.hands import check_hand

DECK = list(full_deck())
NAMES = ["pone", "dealer", "crib", "a", "b", "c", "d", "a&c", ""]

names = st.sampled_from(NAMES)
cards = st.sampled_from(DECK)
hands_of = st.lists(cards, max_size=8)
claims = st.one_of(st.none(), st.integers(-5, 1000))
players = st.one_of(st.none(), st.lists(names, min_size=0, max_size=5))
events = st.lists(st.builds(PlayEvent, names, st.one_of(st.none(), cards), claims),
                  max_size=20)
by_player = st.dictionaries(names, hands_of, max_size=5)
common = {"variant": st.sampled_from(list(Variant)), "ruleset": st.sampled_from(list(Ruleset)),
          "muggins": st.booleans()}


def refused_or(call: Any) -> Any:
    try:
        return call()
    except RecordError as error:
        assert error.problems
        for problem in error.problems:
            assert isinstance(problem.code, ProblemCode) and problem.message
            assert isinstance(problem.path, tuple)
        return None


@settings(max_examples=400, deadline=None)
@given(events, players, st.one_of(st.none(), by_player), st.booleans(),
       st.fixed_dictionaries(common))
def test_check_play(plays: list[PlayEvent], seats: list[str] | None,
                    hands: dict[str, list[Card]] | None, in_progress: bool,
                    options: dict[str, Any]) -> None:
    variant = options.pop("variant")
    result = refused_or(lambda: check_play(plays, table=Table.seat(variant, seats), hands=hands,
                                           in_progress=in_progress, **options))
    if result is not None:
        assert len(result.plays) == len(plays)
        assert set(result.pegged) == set(result.totals) == set(result.state.players)
        assert all(points >= 0 for points in result.pegged.values())


deals = st.builds(DealRecord, by_player,
                  st.one_of(st.none(), by_player), st.one_of(st.none(), cards), events,
                  st.one_of(st.none(), cards),
                  st.one_of(st.none(), st.builds(DealClaims, claims,
                                                 st.dictionaries(names, st.integers(0, 40)),
                                                 claims)))


@settings(max_examples=400, deadline=None)
@given(deals, st.one_of(st.none(), st.lists(names, max_size=5)),
       st.one_of(st.none(), st.dictionaries(names, st.integers(-5, 200))),
       st.one_of(st.none(), st.integers(-1, 200)), st.booleans(), st.fixed_dictionaries(common))
def test_check_deal(record: DealRecord, seats: list[str] | None,
                    before: dict[str, int] | None, target: int | None,
                    in_progress: bool, options: dict[str, Any]) -> None:
    variant = options.pop("variant")
    result = refused_or(lambda: check_deal(record,
                                           table=Table.seat(variant, seats, target=target),
                                           scores_before=before, in_progress=in_progress,
                                           **options))
    if result is not None:
        goal = target or variant.spec.target
        assert all(0 <= score <= goal for score in result.scores_after.values())


@settings(max_examples=150, deadline=None)
@given(st.lists(names, max_size=5), names, st.lists(deals, max_size=3),
       st.one_of(st.none(), st.integers(-1, 200)), st.fixed_dictionaries(common))
def test_check_game(seats: list[str], first: str, records: list[DealRecord],
                    target: int | None, options: dict[str, Any]) -> None:
    variant = options.pop("variant")
    refused_or(lambda: check_game(Table.seat(variant, seats, target=target, dealer=first),
                                  records, **options))


@settings(max_examples=300, deadline=None)
@given(hands_of, cards, st.booleans(), claims, st.fixed_dictionaries(common))
def test_check_hand(hand: list[Card], starter: Card, crib: bool, claimed: int | None,
                    options: dict[str, Any]) -> None:
    result = refused_or(lambda: check_hand(hand, starter, crib=crib, claimed=claimed,
                                           **options))
    if result is not None and result.ruling is not None:
        assert result.ruling.player_pegs >= 0 and result.ruling.opponent_pegs >= 0


@settings(max_examples=40, deadline=None)
@given(st.lists(cards, max_size=8), st.booleans(), st.sampled_from(list(Variant)))
def test_advise(dealt: list[Card], dealer: bool, variant: Variant) -> None:
    refused_or(lambda: advise(dealt, dealer=dealer, variant=variant))
