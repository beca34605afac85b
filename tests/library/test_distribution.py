"""All 12,994,800 (four-card hand, starter) combinations against the published figures."""

from __future__ import annotations

import random

import pytest

from rules.core.cards import full_deck
from rules.show.distribution import COMBINATIONS, all_hands, show_distribution, starter_totals
from rules.show.show import possible_totals, score
from tests.naive import naive_total

DECK = list(full_deck())


class TestPublishedDistribution:
    def test_hands(self) -> None:
        tally = show_distribution()
        assert sum(tally.values()) == COMBINATIONS
        assert tally[0] == 1_009_008
        assert tally[29] == 4
        assert all(n not in tally for n in (19, 25, 26, 27))
        assert max(tally) == 29
        mean = sum(points * times for points, times in tally.items()) / COMBINATIONS
        assert round(mean, 6) == 4.769152
        assert set(tally) == possible_totals(4)

    def test_cribs(self) -> None:
        tally = show_distribution(crib=True)
        assert sum(tally.values()) == COMBINATIONS
        assert tally[0] == 1_022_208
        assert tally[29] == 4
        assert set(tally) == possible_totals(4, crib=True)


@pytest.mark.parametrize("crib", [False, True])
def test_bulk_counts_are_the_scorers_counts(crib: bool) -> None:
    """The bulk path and the one-hand path, and the naive scorer, agree card for card."""
    hands = all_hands()
    rng = random.Random(11)
    for starter, dealt, totals in starter_totals(crib=crib):
        for row in rng.sample(range(len(hands)), 60):
            if not dealt[row]:
                continue
            hand = [DECK[i] for i in hands[row]]
            assert totals[row] == score(hand, DECK[starter], crib=crib)
            assert totals[row] == naive_total(hand, DECK[starter], crib)


@pytest.mark.slow
def test_every_combination_one_by_one() -> None:
    """The whole enumeration again through the one-hand scorer, no numpy."""
    from collections import Counter
    from itertools import combinations

    tally: Counter[int] = Counter()
    for hand in combinations(DECK, 4):
        tally.update(score(hand, s) for s in DECK if s not in hand)
    assert tally == show_distribution()
