"""The play judged by chances (rules.chances.play), checked against a brute force of the
tests' own (tests/brute_chances.py): its own pegging scorer and rules of the count, the
same leaf rule."""

from __future__ import annotations

import random

import pytest

from rules import Variant
from rules.chances import (
    DEALER,
    PONE,
    SCALE,
    Part,
    PlaySearch,
    after_play,
    known_show,
    shipped_tables,
)
from rules.doubledummy import Budget, BudgetSpent, Position
from rules.review.deal import review_deal
from tests.brute_chances import Brute, State, shown_leaf, walk
from tests.cards import cards
from tests.library.test_review import DEAL

TABLES = shipped_tables()
SIX = TABLES[Variant.SIX_CARD]
FIVE = TABLES[Variant.FIVE_CARD]


class TestAgainstTheBruteForce:
    def test_six_card_deals_near_121(self) -> None:
        rng = random.Random(22)
        deals = compared = wrong = 0
        for _ in range(3000):
            seen, bad = walk(rng, SIX, 4, False, 100, 121)
            deals, compared, wrong = deals + 1, compared + seen, wrong + bad
        assert (deals, wrong) == (3000, 0) and compared > 15_000

    def test_five_card_deals_near_61(self) -> None:
        rng = random.Random(61)
        compared = wrong = 0
        for _ in range(1000):
            seen, bad = walk(rng, FIVE, 3, True, 45, 61)
            compared, wrong = compared + seen, wrong + bad
        assert wrong == 0 and compared > 2000


def ranks(text: str) -> tuple[int, ...]:
    return tuple(sorted(c.order for c in cards(text)))


class TestHandWorked:
    def test_a_dealer_at_120_holding_four_fives_wins_whatever_the_pone_leads(self) -> None:
        # Every lead is a ten-card, and a five on it is fifteen for 2.
        search = PlaySearch(known_show(SIX, 100, 120, (0, 0, 0)))
        position = Position((ranks("KS QH JD TC"), ranks("5S 5H 5D 5C")))
        assert search.options(position) == {10: 0, 11: 0, 12: 0, 13: 0}
        assert search.value(position) == 0

    def test_a_fifteen_and_the_last_card_for_the_dealer(self) -> None:
        # K then 5: fifteen for 2, and 1 for the last card; the show counts nothing.
        search = PlaySearch(known_show(SIX, 50, 50, (0, 0, 0)))
        value = search.value(Position((ranks("KS"), ranks("5H"))))
        assert value == SCALE - int(SIX.values[53, 50, 0]) == 531_261_897

    def test_a_pone_at_119_holding_a_pair_of_threes(self) -> None:
        # After the 3 led, the dealer's 9 lets the pone's second 3 make fifteen and the
        # game; the 8 holds it to 14, and the dealer's 9 then takes the last card.
        board = known_show(SIX, 119, 100, (0, 0, 0))
        search = PlaySearch(board)
        led, pegs = Position((ranks("3S 3H"), ranks("8D 9C"))).lay(3)
        assert pegs == ()
        held_to = board.leaf(0, 1)
        assert held_to == SCALE - int(SIX.values[101, 119, 0])
        assert search.options(led) == {8: held_to, 9: SCALE}
        assert search.value(led) == held_to

    def test_the_pone_counts_first_the_crib_last(self) -> None:
        leaf = known_show(SIX, 110, 118, (11, 5, 0)).leaf
        assert leaf(0, 0) == SCALE  # the pone's 11 reaches 121 before the dealer's 5
        leaf = known_show(SIX, 100, 110, (5, 4, 7)).leaf
        assert leaf(0, 0) == 0  # the crib takes the dealer from 114 to 121
        leaf = known_show(SIX, 100, 110, (5, 4, 6)).leaf
        assert leaf(1, 0) == SCALE - int(SIX.values[120, 106, 0])

    def test_the_table_after_the_play_is_the_chances_with_the_show_to_come(self) -> None:
        leaf = after_play(SIX, 90, 100).leaf
        for a, b in ((0, 0), (3, 5), (12, 0)):
            found = SIX.after(Part.PONE_HAND, 90 + a, 100 + b)
            assert leaf(a, b) / SCALE == found.win[PONE]
            assert abs(found.win[PONE] + found.win[DEALER] - 1) < 1e-9

    def test_the_pones_known_hand_is_counted_first(self) -> None:
        leaf = after_play(SIX, 110, 100, pone_hand=6).leaf
        assert leaf(5, 0) == SCALE  # 110 + 5 in the play + 6 in hand: 121
        for a, b in ((0, 0), (2, 7), (4, 20)):
            found = SIX.after(Part.DEALER_HAND, 110 + a + 6, 100 + b)
            assert leaf(a, b) / SCALE == found.win[PONE]


class TestBudget:
    def test_every_position_stored_is_spent_and_a_small_budget_stops_the_search(self) -> None:
        position = Position((ranks("2S 3H 7D 9C"), ranks("4S 5H 8D TC")))
        budget = Budget(100_000)
        search = PlaySearch(known_show(SIX, 110, 112, (4, 6, 2)), budget=budget)
        search.options(position)
        assert 100_000 - budget.left == len(search.memo) > 10
        small = PlaySearch(known_show(SIX, 110, 112, (4, 6, 2)), budget=Budget(10))
        with pytest.raises(BudgetSpent):
            small.options(position)


class TestReviewWinLoss:
    def test_each_card_gives_up_what_the_brute_force_says(self) -> None:
        from rules.show.show import score
        review = review_deal(DEAL, scores_before={"pone": 60, "dealer": 60}, tables=TABLES)
        assert review.play is not None and review.play.stopped_at is None
        starter = DEAL.starter
        assert starter is not None
        kept = [cards("5H 5C 5S JD"), cards("KH QD 9C 8S")]
        show = (score(kept[0], starter), score(kept[1], starter),
                score(cards("2C 3C 4H AD"), starter, crib=True))
        assert show == (29, 4, 7)  # 5555J with nobs; K Q 9 8 5; A 2 3 4 5
        brute = Brute(shown_leaf(SIX, 60, 60, show), (61, 61), False)
        state: State | int = ((ranks("5H 5C 5S JD"), ranks("KH QD 9C 8S")), (), 0, 0, 1, 0, 0)
        losses = []
        for judged in review.play.cards:
            assert not isinstance(state, int)
            values = {rank: brute.worth(x) for rank, x in brute.moves(state).items()}
            mine = values if state[3] == 0 else {r: SCALE - v for r, v in values.items()}
            expected = (max(mine.values()) - mine[judged.card.order]) / SCALE
            assert judged.win_loss == expected
            losses.append(judged.win_loss)
            state = brute.moves(state)[judged.card.order]
        assert len(losses) == 8 and losses[0] == 0.035932046

    def test_the_lead_that_gives_up_a_hand_of_29(self) -> None:
        # The pone at 100 holds 29 with the starter and counts first; the dealer at 117
        # needs 4 in the play. The 5H led lets the KH make fifteen, and the dealer gets
        # there; the points review gives up only 4.
        review = review_deal(DEAL, scores_before={"pone": 100, "dealer": 117}, tables=TABLES)
        assert review.play is not None and review.check.winner == "dealer"
        lead = review.play.cards[0]
        assert (lead.card.text, lead.loss, lead.win_loss) == ("5H", 4, 1.0)

    def test_no_tables_or_no_table_for_the_game_leaves_it_none(self) -> None:
        plain = review_deal(DEAL, scores_before={"pone": 104, "dealer": 108})
        assert plain.play is not None
        assert [c.win_loss for c in plain.play.cards] == [None] * 8
        five_only = {Variant.FIVE_CARD: FIVE}
        other = review_deal(DEAL, scores_before={"pone": 104, "dealer": 108}, tables=five_only)
        assert other.play is not None
        assert [c.win_loss for c in other.play.cards] == [None] * 8
