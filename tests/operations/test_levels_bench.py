"""bench/levels.py's arithmetic on hand-worked rows: Wilson's interval, the pooled rating
as rules.review.PlayRating counts it, and the luck's fitted weight."""

from __future__ import annotations

import math

import pytest

from bench.levels_figures import _weight, rating, wilson, with_the_play
from rules.review import PlayRating


def row(level: str, opponent: str, **figures: float) -> dict[str, object]:
    base: dict[str, object] = {"level": level, "opponent": opponent, "result": 0.0,
                               "net_luck": 0.0, "luck": 0.0, "decisions": 0, "cards": 0,
                               "discards_judged": 0, "discards": 0.0, "play": 0.0,
                               "claims": 0.0}
    return {**base, **figures}


def test_wilson_by_hand() -> None:
    # 0 of 24: the upper bound is z² ÷ (n + z²) = 3.8416 ÷ 27.8416.
    low, high = wilson(0, 24)
    assert low == pytest.approx(0.0, abs=1e-15) and high == pytest.approx(0.137980, abs=1e-6)
    # 12 of 24: a half ± 1.96 × √(1/96 + 3.8416/2304) ÷ (1 + 3.8416/24).
    half = 1.96 * math.sqrt(1 / 96 + 3.8416 / 2304) / (1 + 3.8416 / 24)
    assert wilson(12, 24) == pytest.approx((0.5 - half, 0.5 + half), abs=1e-12)
    assert half == pytest.approx(0.18573, abs=1e-5)


def test_wilson_stays_within_a_rate() -> None:
    # 0 of 80: z² ÷ (n + z²) = 3.8416 ÷ 83.8416 above; below, 0 exactly, where the
    # centre less the half came out a hair under it and printed "-0.00".
    low, high = wilson(0, 80)
    assert low == 0.0 and f"{low:.2f}" == "0.00"
    assert high == pytest.approx(3.8416 / 83.8416, abs=1e-12)
    low, high = wilson(80, 80)
    assert high == 1.0 and low == pytest.approx(80 / 83.8416, abs=1e-12)


def test_the_bench_pools_as_the_library_does() -> None:
    rows = [row("a", "b", decisions=4, cards=3, discards_judged=1, discards=0.01,
                play=0.13),
            row("a", "b", decisions=2, cards=0, discards_judged=2, discards=0.03,
                claims=0.004)]
    pooled = PlayRating(4, 1, 0.01, 0.13, 0.0) + PlayRating(2, 2, 0.03, 0.0, 0.004)
    # 1000 × (0.04 + 0.004) ÷ 3 discards.
    assert rating(rows) == pytest.approx(pooled.rating, abs=1e-12)
    assert rating(rows) == pytest.approx(44 / 3, abs=1e-12)
    # The first figure: 1000 × 0.174 ÷ 6 decisions.
    assert with_the_play(rows) == pytest.approx(29.0, abs=1e-12)


def test_the_lucks_weight_is_the_slope_within_pairings() -> None:
    # Within one pairing, results 1, 0, 1, 0 on net lucks 0.5, −0.5, 1.5, 0.5 (their mean
    # 0.5): centred, x = 0, −1, 1, 0 and y = 0.5, −0.5, 0.5, −0.5; the slope is
    # Σxy ÷ Σx² = 1 ÷ 2.
    games = [row("a", "b", result=r, net_luck=x)
             for r, x in ((1.0, 0.5), (0.0, -0.5), (1.0, 1.5), (0.0, 0.5))]
    # Another pairing shifted by a constant changes nothing (each is centred on its own).
    games += [row("c", "d", result=r, net_luck=x + 3)
              for r, x in ((1.0, 0.5), (0.0, -0.5), (1.0, 1.5), (0.0, 0.5))]
    assert _weight(games) == pytest.approx(0.5, abs=1e-15)
