"""The discard advice's crib rank totals (issue 31): each set of drawn ranks taken once,
times its orders, in floating point, against the crib counted over every draw of the
unseen cards, and against the ordered tensor in integers that they replaced."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest

from rules.advice import discards as discards_module
from rules.core.cards import full_deck
from rules.core.variants import CRIB_SIZE, Variant
from rules.show.tables import RANKS, rank_key

DECK = tuple(full_deck())
THIRTEEN = 13


def tensor_weights(counts: npt.NDArray[np.int64], draws: int) -> npt.NDArray[np.int64]:
    """The weights as they were: every ordered pattern, each factor clipped at 0."""
    eye = np.eye(THIRTEEN, dtype=np.int64)
    weights = counts.copy()
    for axis in range(1, draws):
        available = counts.reshape([1] * axis + [THIRTEEN]).copy()
        for earlier in range(axis):
            available = available - eye.reshape(
                [THIRTEEN if i in (earlier, axis) else 1 for i in range(axis + 1)])
        weights = weights[..., None] * np.clip(available, 0, None)
    return weights


def tensor_totals(discards: list[list[int]], ranks: list[int], draws: int) -> list[int]:
    weights = tensor_weights(np.array(ranks, dtype=np.int64), draws)
    orders = np.array(discards)
    sub = discards_module._rank_points_dense()[tuple(orders.T)]
    return [int(x) for x in sub.reshape(len(discards), -1) @ weights.reshape(-1)]


def hand_of(rng: random.Random, variant: Variant) -> tuple[list[list[int]], list[int], int]:
    spec = variant.spec
    cards = rng.sample(DECK, spec.dealt)
    ranks = [4] * THIRTEEN
    for card in cards:
        ranks[card.order - 1] -= 1
    discards = [[card.order - 1 for card in away] for away in combinations(cards,
                                                                          spec.to_crib)]
    return discards, ranks, CRIB_SIZE - spec.to_crib + 1


@pytest.mark.parametrize("variant", list(Variant))
def test_the_totals_are_the_tensor_s(variant: Variant) -> None:
    rng = random.Random(f"crib totals {variant}")
    for _ in range(300):
        discards, ranks, draws = hand_of(rng, variant)
        assert discards_module._crib_rank_totals(discards, ranks, draws) == tensor_totals(
            discards, ranks, draws)


def test_the_weights_are_the_clipped_ones() -> None:
    rng = random.Random("weights")
    for draws in (3, 4):
        for _ in range(50):
            counts = np.array([rng.randint(0, 4) for _ in range(THIRTEEN)], dtype=np.int64)
            assert (discards_module._draw_weights(counts, draws)
                    == tensor_weights(counts, draws)).all()


def test_the_totals_are_the_cribs_counted_draw_by_draw() -> None:
    # Six cards with a pair, one discard of each kind; the rest of the deck drawn every
    # way: two more crib cards (each pair in both orders) and the starter.
    hand = [card for card in DECK if card.text in ("5H", "5S", "6C", "9D", "JC", "KH")]
    unseen = [card.order for card in DECK if card not in hand]
    ranks = [4] * THIRTEEN
    for card in hand:
        ranks[card.order - 1] -= 1
    discards = [[4, 4], [4, 5], [8, 10], [10, 12]]  # 5-5, 5-6, 9-J, J-K
    found = discards_module._crib_rank_totals(discards, ranks, 3)
    for discard, total in zip(discards, found, strict=True):
        counted = 0
        for i, j in combinations(range(len(unseen)), 2):
            for k in range(len(unseen)):
                if k not in (i, j):
                    counted += 2 * RANKS[rank_key([discard[0] + 1, discard[1] + 1,
                                                  unseen[i], unseen[j], unseen[k]])]
        assert total == counted
