"""The show, rule by rule (docs/rules.md#show-order on), with exact expected values."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.cards import full_deck
from rules.show.call import call
from rules.show.show import (
    ItemKind,
    count,
    enumerated_totals,
    max_total,
    nineteen_means_zero,
    possible_totals,
    score,
)
from rules.show.tables import HAND_CODE, HAND_SUITS, LOW, RANKS, SHIFT, STARTER_CODE, show_key
from tests.cards import card, cards
from tests.naive import naive_items, naive_show, naive_total

DECK = list(full_deck())


def total(hand: str, starter: str, crib: bool = False) -> int:
    shown = count(cards(hand), card(starter), crib=crib)
    assert shown.total == score(cards(hand), card(starter), crib=crib)
    return shown.total


def breakdown(hand: str, starter: str, crib: bool = False) -> dict[str, int]:
    return count(cards(hand), card(starter), crib=crib).breakdown


class TestFifteens:
    def test_each_combination_scores_two(self) -> None:
        assert breakdown("KH QS 8C 4D", "AD")["fifteen"] == 4  # K+4+A, Q+4+A
        assert breakdown("7H 8S 2C 3D", "9C")["fifteen"] == 2  # 7+8 only

    def test_five_card_fifteen(self) -> None:
        # A+2+3+4+5 = 15, and no smaller subset reaches 15 (2+3+4+5 = 14)
        shown = count(cards("AH 2S 3C 4D"), card("5H"))
        fifteens = [i.cards for i in shown.items if i.kind is ItemKind.FIFTEEN]
        assert [[str(c) for c in f] for f in fifteens] == [["AH", "2S", "3C", "4D", "5H"]]

    def test_face_cards_count_ten(self) -> None:
        assert breakdown("JH QH KH 4S", "5C")["fifteen"] == 6  # J+5, Q+5, K+5


class TestPairs:
    @pytest.mark.parametrize(
        ("hand", "starter", "points"),
        [("5H 5C 2S 9D", "KC", 2), ("5H 5C 5S 9D", "KC", 6), ("5H 5C 5S 5D", "KC", 12),
         ("5H 5C 9S 9D", "KC", 4), ("KH JH 2S 4D", "8C", 0)],
    )
    def test_pairs(self, hand: str, starter: str, points: int) -> None:
        assert breakdown(hand, starter)["pair"] == points


class TestRuns:
    @pytest.mark.parametrize(
        ("hand", "starter", "run", "pair"),
        [
            ("3H 4C 5S 9D", "KC", 3, 0),
            ("3H 4C 5S 6D", "KC", 4, 0),
            ("3H 4C 5S 6D", "7C", 5, 0),
            ("3H 3C 4S 5D", "KC", 6, 2),        # double run of three = 8 with its pair
            ("3H 3C 3S 4D", "5C", 9, 6),        # triple run = 15
            ("3H 3C 4S 4D", "5C", 12, 4),       # double-double run = 16
            ("3H 3C 4S 5D", "6C", 8, 2),        # double run of four = 10
            ("QH KC AS 2D", "8C", 0, 0),        # Q-K-A is not a run
            ("JH QC KS 9D", "TC", 5, 0),        # 9-T-J-Q-K
        ],
    )
    def test_longest_only_multiplied(self, hand: str, starter: str, run: int, pair: int) -> None:
        b = breakdown(hand, starter)
        assert (b["run"], b["pair"]) == (run, pair)

    def test_combined_totals(self) -> None:
        assert breakdown("3H 3C 4S 5D", "KC")["run"] + breakdown("3H 3C 4S 5D", "KC")["pair"] == 8
        assert total("3H 3C 3S 4D", "5C") - breakdown("3H 3C 3S 4D", "5C")["fifteen"] == 15
        assert total("3H 3C 4S 4D", "5C") - breakdown("3H 3C 4S 4D", "5C")["fifteen"] == 16

    def test_two_separate_runs_in_a_seven_card_hand(self) -> None:
        assert breakdown("AH 2C 3S 7D 8C", "9H")["run"] == 6


class TestFlush:
    def test_hand_four_card_flush(self) -> None:
        assert breakdown("2H 4H 6H 8H", "KC")["flush"] == 4

    def test_hand_five_card_flush(self) -> None:
        assert breakdown("2H 4H 6H 8H", "KH")["flush"] == 5

    def test_crib_needs_all_five(self) -> None:
        assert breakdown("2H 4H 6H 8H", "KC", crib=True)["flush"] == 0
        assert breakdown("2H 4H 6H 8H", "KH", crib=True)["flush"] == 5

    def test_starter_alone_matching_is_no_flush(self) -> None:
        assert breakdown("2H 4H 6H 8S", "KH")["flush"] == 0

    def test_five_card_game_three_card_hand(self) -> None:
        assert breakdown("2H 4H 8H", "KC")["flush"] == 3
        assert breakdown("2H 4H 8H", "KH")["flush"] == 4

    def test_seven_card_game_five_card_hand(self) -> None:
        assert breakdown("2H 4H 8H TH QH", "KC")["flush"] == 5
        assert breakdown("2H 4H 8H TH QH", "KH")["flush"] == 6


class TestNobs:
    def test_jack_of_starter_suit(self) -> None:
        assert breakdown("JH 2C 4S 8D", "KH")["nobs"] == 1
        assert breakdown("JC 2C 4S 8D", "KH")["nobs"] == 0

    def test_jack_starter_is_heels_never_nobs(self) -> None:
        assert breakdown("JH 2C 4S 8D", "JC")["nobs"] == 0
        assert breakdown("2H 2C 4S 8D", "JC")["nobs"] == 0

    def test_nobs_in_the_crib(self) -> None:
        assert breakdown("JH 2C 4S 8D", "KH", crib=True)["nobs"] == 1


class TestFamousHands:
    def test_twenty_nine(self) -> None:
        assert total("5H 5C 5S JD", "5D") == 29
        assert total("5H 5C 5S JD", "5D", crib=True) == 29

    def test_twenty_eight(self) -> None:
        assert total("5H 5C 5S 5D", "JD") == 28

    def test_zero_is_nineteen(self) -> None:
        shown = count(cards("2H 4C 6S 8D"), card("KC"))
        assert shown.total == 0 and shown.call == "nineteen"

    def test_call(self) -> None:
        shown = count(cards("4H 5H 6H 6C"), card("JH"))
        assert shown.call == (
            "fifteen two, fifteen four, fifteen six, a pair is eight, two runs of three is fourteen"
        )
        assert count(cards("5H 5C 5S JD"), card("5D")).call.endswith(
            "fifteen sixteen, a double pair royal is twenty-eight, one for his nob is twenty-nine")
        # 6+9 and 2+3+K, then the flush
        assert count(cards("2H 3H 6H 9H"), card("KH")).call == (
            "fifteen two, fifteen four, a five-card flush is nine")


class TestImpossibleTotals:
    def test_four_card_hands_and_cribs(self) -> None:
        for crib in (False, True):
            totals = possible_totals(4, crib)
            assert set(range(30)) - totals == {19, 25, 26, 27}
            assert max_total(4, crib) == 29
            # The published totals given as known are the ones the enumeration finds.
            assert enumerated_totals(4, crib) == totals

    def test_three_card_hands_by_enumeration(self) -> None:
        seen = set()
        for i, a in enumerate(DECK):
            for j in range(i + 1, 52):
                for k in range(j + 1, 52):
                    hand = (a, DECK[j], DECK[k])
                    for s in DECK:
                        if s not in hand:
                            seen.add(score(hand, s))
        assert seen == set(possible_totals(3))
        assert max_total(3) == 20

    def test_five_card_hands_sampled(self) -> None:
        rng = random.Random(7)
        totals = possible_totals(5)
        for _ in range(20000):
            drawn = rng.sample(DECK, 6)
            assert score(drawn[:5], drawn[5]) in totals
        # the maximum is reached by a real hand: 8 fifteens, 3 pairs, 8 runs of three
        assert total("4H 4C 5S 5D 6H", "6C") == 16 + 6 + 24 == max_total(5)


class TestAgainstNaive:
    @settings(max_examples=3000, deadline=None)
    @given(st.permutations(DECK), st.sampled_from([3, 4, 5]), st.booleans())
    def test_itemised_and_fast_agree_with_naive(
        self, deck: list, size: int, crib: bool  # type: ignore[type-arg]
    ) -> None:
        if crib:
            size = 4
        hand, starter = deck[:size], deck[size]
        shown = count(hand, starter, crib=crib)
        assert shown.breakdown == naive_show(hand, starter, crib)
        assert shown.total == score(hand, starter, crib=crib) == naive_total(hand, starter, crib)
        assert sum(item.points for item in shown.items) == shown.total


class TestItemised:
    """The precomputed items (rank patterns filled with a hand's cards) against a naive
    itemisation subset by subset, and the spoken call against the one built from items."""

    def test_items_equal_a_naive_itemisation(self) -> None:
        rng = random.Random(15)
        order = list(ItemKind)
        for n in range(4000):
            size, crib = ((4, n % 2 == 0) if n % 4 else (rng.choice((3, 5)), False))
            drawn = rng.sample(DECK, size + 1)
            hand, starter = drawn[:size], drawn[size]
            shown = count(hand, starter, crib=crib)
            mine = Counter((item.kind.value, frozenset(str(c) for c in item.cards), item.points)
                           for item in shown.items)
            assert mine == naive_items(hand, starter, crib), (hand, starter, crib)
            # counted kind by kind, each item's cards in rank order
            kinds = [order.index(item.kind) for item in shown.items]
            assert kinds == sorted(kinds)
            assert all([c.index for c in item.cards] == sorted(c.index for c in item.cards)
                       for item in shown.items)
            assert shown.call == call(shown.items, nineteen=nineteen_means_zero(size, crib))
            assert shown.breakdown == naive_show(hand, starter, crib)

    def test_flush_and_nobs_items(self) -> None:
        shown = count(cards("2H 4H 6H JH"), card("KH"))
        assert [(i.kind, [str(c) for c in i.cards], i.points) for i in shown.items[-2:]] == [
            (ItemKind.FLUSH, ["2H", "4H", "6H", "JH", "KH"], 5), (ItemKind.NOBS, ["JH"], 1)]
        shown = count(cards("2H 4H 6H JH"), card("KC"))
        assert [(i.kind, [str(c) for c in i.cards]) for i in shown.items] == [
            (ItemKind.FLUSH, ["2H", "4H", "6H", "JH"])]
        assert count(cards("2H 4H 6H JH"), card("KC"), crib=True).items == ()


class TestPackedKey:
    def test_the_worked_example_in_tables(self) -> None:
        hand, starter = cards("5H 5C 5S JD"), card("5D")
        key = show_key(hand, starter)
        assert key == sum(HAND_CODE[c.index] for c in hand) + STARTER_CODE[starter.index]
        assert key >> SHIFT == 9_768_125 == 4 * 5**4 + 5**10
        assert key & LOW == 74_313 == 585 + (2 << 12) + (1 << 16)
        assert key == 9_768_125 << 18 | 74_313 == 2_560_655_434_313
        assert RANKS[key >> SHIFT] == 28 and HAND_SUITS[key & LOW] == 1
