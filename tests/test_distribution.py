"""All 12,994,800 (four-card hand, starter) combinations against the published figures."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from rules.cards import full_deck
from rules.show import possible_totals, score

DECK = list(full_deck())
COMBINATIONS = 12_994_800


def distribution(crib: bool) -> Counter[int]:
    tally: Counter[int] = Counter()
    for hand in combinations(DECK, 4):
        starters = [c for c in DECK if c not in hand]
        tally.update(score(hand, s, crib=crib) for s in starters)
    return tally


@pytest.mark.slow
def test_hand_distribution() -> None:
    tally = distribution(crib=False)
    assert sum(tally.values()) == COMBINATIONS
    assert tally[0] == 1_009_008
    assert tally[29] == 4
    assert all(tally[n] == 0 for n in (19, 25, 26, 27))
    assert max(tally) == 29
    mean = sum(points * times for points, times in tally.items()) / COMBINATIONS
    assert round(mean, 6) == 4.769152
    assert set(tally) == possible_totals(4)


@pytest.mark.slow
def test_crib_distribution() -> None:
    tally = distribution(crib=True)
    assert sum(tally.values()) == COMBINATIONS
    assert tally[0] == 1_022_208
    assert tally[29] == 4
    assert set(tally) == possible_totals(4, crib=True)
