"""Every four-card hand with every starter: the distribution of the show.

All 12,994,800 (hand, starter) combinations, scored through the same tables as
:func:`rules.show.show.score`, with numpy doing the arithmetic in bulk. Each of the
270,725 hands is reduced to two small indices (its rank multiset and its suit
pattern); a table per starter then gives every count at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import numpy as np
import numpy.typing as npt

from rules.show.tables import CRIB_SUITS, HAND_CODE, HAND_SUITS, LOW, RANKS, SHIFT, STARTER_CODE

__all__ = ["COMBINATIONS", "all_hands", "show_distribution", "starter_totals"]

COMBINATIONS = 12_994_800
_DECK = 52


def all_hands() -> npt.NDArray[np.int64]:
    """The 270,725 four-card hands as rows of card indices."""
    return np.array(list(combinations(range(_DECK), 4)), dtype=np.int64)


def starter_totals(
    *, crib: bool = False
) -> Iterator[tuple[int, npt.NDArray[np.bool_], npt.NDArray[np.int64]]]:
    """For each starter: which hands it can join (not holding it), and every hand's
    count with it, in the order of :func:`all_hands`."""
    hands = all_hands()
    # The two fields apart: each looks up its own table.
    rank_codes = np.array([code >> SHIFT for code in HAND_CODE], dtype=np.int64)
    suit_codes = np.array([code & LOW for code in HAND_CODE], dtype=np.int64)
    ranks, rank_of = np.unique(rank_codes[hands].sum(axis=1), return_inverse=True)
    suits, suit_of = np.unique(suit_codes[hands].sum(axis=1), return_inverse=True)
    suit_table = CRIB_SUITS if crib else HAND_SUITS
    for starter in range(_DECK):
        code = STARTER_CODE[starter]
        # Points for every distinct rank multiset and suit pattern with this starter.
        # (A hand holding the starter gives a meaningless key; it is masked out.)
        rank_points = np.array([RANKS[int(r) + (code >> SHIFT)] for r in ranks])
        suit_points = np.array([suit_table[int(s) + (code & LOW)] for s in suits])
        yield starter, (hands != starter).all(axis=1), rank_points[rank_of] + suit_points[suit_of]


def show_distribution(*, crib: bool = False) -> dict[int, int]:
    """How many (hand, starter) combinations count each total."""
    tally = np.zeros(64, dtype=np.int64)
    for _, dealt, totals in starter_totals(crib=crib):
        tally += np.bincount(totals[dealt], minlength=64)
    return {total: int(n) for total, n in enumerate(tally) if n}
