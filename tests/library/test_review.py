"""The review in the library: the target during the play, the three-player objective, the
search budget."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Table
from rules.advice.play import advise_play
from rules.core.cards import Card
from rules.core.rulesets import Ruleset
from rules.core.variants import Variant
from rules.deal.check import DealClaims, DealRecord
from rules.play.check import PlayEvent
from rules.review.deal import review_deal
from tests import brute_play
from tests.cards import card, cards
from tests.library import test_records_fuzz as fuzz
from tests.library.test_play import record

# Pone keeps 5H 5C 5S JD, the dealer KH QD 9C 8S; the starter 5D.
DEAL = DealRecord({"pone": cards("5H 5C 5S JD 2C 3C"), "dealer": cards("KH QD 9C 8S 4H AD")},
                  {"pone": cards("2C 3C"), "dealer": cards("4H AD")}, card("5D"),
                  record("pone:5H dealer:KH pone:5C dealer:QD pone:go pone:5S dealer:9C "
                         "pone:JD dealer:8S"))


def test_the_game_won_during_the_play() -> None:
    # The dealer's KH makes 15 for 2: from 119 that is game. Nothing after is judged.
    review = review_deal(DEAL, scores_before={"pone": 100, "dealer": 119})
    assert review.check.winner == "dealer" and review.check.won_during.value == "play"
    play = review.play
    assert play is not None and play.reason == "the game had been won"
    assert [c.loss is None for c in play.cards] == [False, False] + [True] * 6
    # The lead, by the brute force with the target: the dealer needs 2, the pone 21.
    table = brute_play.start([DEAL.dealt["pone"][:4], DEAL.dealt["dealer"][:4]])
    values = brute_play.solve(table, [1, -1], side=(0, 1), need=(21, 2))
    assert all(game == -1 for game, _ in values.values())  # the dealer goes out whatever
    best = max(values.values())
    lead = play.cards[0]
    assert not lead.game and lead.loss == best[1] - values[lead.card][1] == 3
    assert set(lead.best) == {c for c, v in values.items() if v == best}


def test_three_players_each_against_the_other_two() -> None:
    seats = ("ann", "bob", "cy")
    dealt = {"ann": cards("5H 6H 7H 8H 9H"), "bob": cards("5S 6S 7S 8S 9S"),
             "cy": cards("5C 6C 7C 8C 9C")}
    discards = {p: [dealt[p][-1]] for p in seats}
    plays = record("ann:5H bob:5S cy:5C ann:6H bob:6S cy:6C ann:7H bob:7S cy:7C "
                   "ann:8H bob:8S cy:8C")
    deal = DealRecord(dealt, discards, card("KD"), plays, card("KS"))
    review = review_deal(deal, table=Table.seat(Variant.THREE_PLAYER, seats))
    assert review.play is not None and review.play.stopped_at is None
    hands = [dealt[p][:4] for p in seats]
    table = brute_play.start(hands)
    for judged in review.play.cards:
        seat = seats.index(judged.player)
        sign = [1 if s == seat else -1 for s in range(3)]
        values = brute_play.solve(table, sign)
        assert judged.loss == max(v[1] for v in values.values()) - values[judged.card][1]
        table, _ = brute_play.play(table, judged.card, False)


def test_a_spent_budget_stops_the_review_the_same_way_every_time() -> None:
    first = review_deal(DEAL, budget=40)
    assert first.play is not None
    assert first.play.reason == "the request's search budget was spent"
    assert first.play.cards[-1].loss is None
    assert review_deal(DEAL, budget=40) == first
    assert review_deal(DEAL).play.reason is None  # type: ignore[union-attr]


def test_heels_not_pegged_are_a_count_loss_under_acc() -> None:
    deal = DealRecord(DEAL.dealt, DEAL.discards, card("JC"), DEAL.plays,
                      claims=DealClaims(heels=0))
    [heels] = review_deal(deal).count
    assert (heels.what, heels.player, heels.true, heels.pegged, heels.loss) == (
        "heels", "dealer", 2, 0, 2)
    assert review_deal(deal).lost["dealer"].count == 2
    friendly = review_deal(deal, ruleset=Ruleset.FRIENDLY)  # corrected: nothing lost
    assert [c.loss for c in friendly.count] == [0]


# --- arbitrary records: a review or a RecordError, nothing else ------------------------

@settings(max_examples=150, deadline=None)
@given(fuzz.deals, st.one_of(st.none(), st.dictionaries(fuzz.names, st.integers(-5, 200))),
       st.fixed_dictionaries(fuzz.common))
def test_arbitrary_deals_are_reviewed_or_refused(record: DealRecord,
                                                 before: dict[str, int] | None,
                                                 options: dict[str, Any]) -> None:
    variant = options.pop("variant")
    review = fuzz.refused_or(lambda: review_deal(
        record, table=Table.seat(variant, list(record.dealt)), scores_before=before, **options))
    if review is not None:
        assert set(review.lost) == set(review.seats)
        assert all(c.loss is None or c.loss >= 0
                   for c in (review.play.cards if review.play else ()))


@settings(max_examples=150, deadline=None)
@given(fuzz.players, fuzz.names, fuzz.hands_of, fuzz.cards,
       st.one_of(st.none(), fuzz.hands_of), fuzz.events, st.sampled_from(list(Variant)))
def test_arbitrary_advice_requests_are_advised_or_refused(
        seats: list[str] | None, player: str, hand: list[Card], starter: Card,
        discards: list[Card] | None, plays: list[PlayEvent], variant: Variant) -> None:
    advice = fuzz.refused_or(lambda: advise_play(
        table=Table.seat(variant, seats), player=player, hand=hand, starter=starter,
        discards=discards, plays=plays, samples=3))
    if advice is not None:
        assert advice.options and advice.deals >= 1


def test_a_games_loss_is_by_player_in_the_order_given() -> None:
    from rules import review_game
    from tests.library.test_deals import random_game

    first, deals, _, _ = random_game(3, Variant.SIX_CARD, ("ann", "bob"))
    for dealer in ("ann", "bob"):
        table = Table.seat(Variant.SIX_CARD, ["ann", "bob"], dealer=dealer)
        if dealer == first:
            assert list(review_game(table, deals).lost) == ["ann", "bob"]
