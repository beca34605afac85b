"""The play rating (rules.review.skill, docs/rating.md) on hand-worked games: the formula's
sums and parts from the review's own figures, the claims left unmade by the table's value
of a point, pooling over games, the luck-adjusted result and the bands."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import DealClaims, DealRecord, Table, Variant, review_game, shipped_tables
from rules.chances import PONE, ChanceTable
from rules.review import (
    BANDS,
    LUCK_WEIGHT,
    GameRating,
    GameReview,
    PlayRating,
    band_of,
    rate_game,
    rate_games,
    rate_play,
)
from tests.two_deals import PLAYS, deal

ANN_BOB = Table.seat(Variant.SIX_CARD, ("ann", "bob"), dealer="bob")
"""bob deals: ann is the pone."""
FAR = {"ann": 20, "bob": 30}


@pytest.fixture(scope="module")
def tables() -> dict[Variant, ChanceTable]:
    return shipped_tables()


def built(tables: dict[Variant, ChanceTable], *,
          claim: int | None = None) -> tuple[GameReview, list[DealRecord]]:
    """ann's four twos (every card forced) against bob's K Q J T, from 20-30; ann's
    discard given up 0.03, bob's 0.01, the n-th card laid 0.01 × (n + 1); ann claiming
    ``claim`` for her hand (12) when given."""
    record = deal("2S 2H 2D 2C 9H 8H", "KS QS JS TS 4D 3C", "9H 8H", "4D 3C", "AC", PLAYS)
    if claim is not None:
        record = replace(record, claims=DealClaims(hands={"ann": claim}))
    game = review_game(ANN_BOB, [record], scores_before=FAR, tables=tables)
    reviewed = game.deals[0]
    assert reviewed.play is not None
    laid = tuple(replace(c, win_loss=0.01 * (n + 1)) for n, c in enumerate(reviewed.play.cards))
    discards = {"ann": replace(reviewed.discards["ann"], win_loss=0.03),
                "bob": replace(reviewed.discards["bob"], win_loss=0.01)}
    return GameReview(game.check, (replace(reviewed, discards=discards,
                                           play=replace(reviewed.play, cards=laid)),),
                      game.lost), [record]


class TestTheFormula:
    def test_the_discards_and_claims_a_discard_and_the_play_beside(
            self, tables: dict[Variant, ChanceTable]) -> None:
        review, records = built(tables)
        rated = rate_play(review, records, tables)
        assert rated is not None
        # bob: his discard (0.01) over his one discard: 1000 × 0.01 ÷ 1. Beside it the
        # play, the king, queen and jack (0.02, 0.04, 0.07; the ten was his last card):
        # 1000 × 0.13 ÷ 3.
        bob = rated["bob"].play
        assert (bob.decisions, bob.discards_judged, bob.cards) == (4, 1, 3)
        assert bob.rating == pytest.approx(10.0, abs=1e-12)
        assert bob.parts == pytest.approx({"discards": 10.0, "play": 130 / 3, "claims": 0.0},
                                          abs=1e-12)
        # ann: her discard (0.03); every two she laid was forced, so no play part.
        ann = rated["ann"].play
        assert (ann.decisions, ann.discards_judged, ann.cards) == (1, 1, 0)
        assert ann.rating == pytest.approx(30.0, abs=1e-12)
        assert ann.parts["play"] == 0.0

    def test_the_same_decisions_as_the_error_rate(self,
                                                  tables: dict[Variant, ChanceTable]) -> None:
        review, records = built(tables)
        rated, rates = rate_play(review, records, tables), rate_game(review, records, tables)
        assert rated is not None and rates is not None
        for player in ("ann", "bob"):
            play = rated[player].play
            assert play.decisions == rates[player].decisions
            assert (play.discards + play.play) / play.decisions == pytest.approx(
                rates[player].error_rate, abs=1e-15)

    def test_a_claim_left_unmade_is_its_points_at_the_value_of_a_point(
            self, tables: dict[Variant, ChanceTable]) -> None:
        # ann's 2S 2H 2D 2C with the AC: six pairs, 12; she claims 10 and loses 2 (ACC).
        review, records = built(tables, claim=10)
        assert [(c.player, c.loss) for c in review.deals[0].count] == [("ann", 2)]
        table = tables[Variant.SIX_CARD]
        # ann, the pone at 20 (bob 30): her chance 3 points up less 3 down, over 6.
        value = (table.before(23, 30).win[PONE] - table.before(17, 30).win[PONE]) / 6
        rated = rate_play(review, records, tables)
        assert rated is not None
        ann = rated["ann"].play
        assert ann.claims == pytest.approx(2 * value, abs=1e-15)
        assert ann.parts["claims"] == pytest.approx(1000 * 2 * value, abs=1e-9)
        assert ann.rating == pytest.approx(30.0 + 2000 * value, abs=1e-9)
        assert ann.rating == pytest.approx(ann.parts["discards"] + ann.parts["claims"],
                                           abs=1e-12)
        assert rated["bob"].play.claims == 0

    def test_pooled_by_the_sums_not_the_mean_of_games(self) -> None:
        one = PlayRating(4, 1, 0.01, 0.13, 0.0)   # 10 a discard
        other = PlayRating(2, 2, 0.03, 0.0, 0.0)  # 15 a discard
        # 1000 × 0.04 ÷ 3 discards, not the mean of 10 and 15.
        assert (one + other).rating == pytest.approx(40 / 3, abs=1e-12)
        games = [{"x": GameRating(one, 1.0, 0.0, 0.0)}, {"x": GameRating(other, 0.0, 0.0, 0.0)}]
        assert rate_games(games)["x"].rating == pytest.approx(40 / 3, abs=1e-12)

    def test_no_decision_is_nought(self) -> None:
        assert PlayRating(0, 0, 0.0, 0.0, 0.0).rating == 0.0


class TestLuckAdjusted:
    def test_the_result_less_the_net_luck(self, tables: dict[Variant, ChanceTable]) -> None:
        review, records = built(tables)
        rated, rates = rate_play(review, records, tables), rate_game(review, records, tables)
        assert rated is not None and rates is not None
        ann, bob = rated["ann"], rated["bob"]
        # One deal from 20-30 wins nothing: a half each.
        assert ann.result == bob.result == 0.5
        assert ann.net_luck == pytest.approx(rates["ann"].luck - rates["bob"].luck, abs=1e-15)
        assert LUCK_WEIGHT == 0.52
        assert ann.luck_adjusted == pytest.approx(0.5 - 0.52 * ann.net_luck, abs=1e-15)
        assert ann.luck_adjusted + bob.luck_adjusted == pytest.approx(1.0, abs=1e-15)


class TestBands:
    def test_each_bound_opens_the_next_band(self) -> None:
        names = [name for _, name in BANDS]
        assert names == ["engine", "expert", "club", "casual", "novice", "random"]
        for (bound, _), name in zip(BANDS[:-1], names[1:], strict=True):
            assert band_of(bound) == name
            assert band_of(bound - 1e-9) != name
        assert band_of(0.0) == "engine"
        assert PlayRating(1, 1, 1.0, 0.0, 0.0).band == "random"
