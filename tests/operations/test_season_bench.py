"""bench/season.py's arithmetic on hand-worked games: the calibration slope, the Brier
score and the paired difference; and bench/season_ideas.py's feed, which with no margin
is the shipped feed."""

from __future__ import annotations

import math

import pytest

from bench.season import Game, brier, calibration_slope, openskill_predictions, paired_difference
from bench.season import seasons as simulated
from bench.season_ideas import _by_game, predictions
from rules.club import model


def _games(chance: float, won: int, lost: int) -> list[tuple[float, Game]]:
    return ([(chance, ("a", "b", 0.5, True))] * won + [(chance, ("a", "b", 0.5, False))] * lost)


def test_calibration_slope_by_hand() -> None:
    # Predicted 0.6, won 7 of 10; predicted 0.4, won 3 of 10: the slope's likelihood is
    # highest where logistic(a × logit 0.6) = 0.7, a = logit 0.7 ÷ logit 0.6.
    found = _games(0.6, 7, 3) + _games(0.4, 3, 7)
    assert calibration_slope(found) == pytest.approx(math.log(7 / 3) / math.log(6 / 4), abs=1e-9)
    assert calibration_slope(found) == pytest.approx(2.0897, abs=1e-4)
    # Won as often as predicted: 1.
    assert calibration_slope(_games(0.6, 6, 4) + _games(0.4, 4, 6)) == pytest.approx(1.0)


def test_brier_and_the_paired_difference_by_hand() -> None:
    one = _games(0.6, 1, 1)  # (0.4² + 0.6²) ÷ 2 = 0.26
    other = _games(0.5, 1, 1)  # 0.25
    assert brier(one) == pytest.approx(0.26) and brier(other) == pytest.approx(0.25)
    # Every season the same: the interval is the difference itself.
    diff, low, high = paired_difference([one, one], [other, other], resamples=50)
    assert (diff, low, high) == pytest.approx((0.01, 0.01, 0.01))


def test_the_ideas_feed_with_no_margin_is_the_shipped_feed() -> None:
    [season] = simulated(range(3, 4), 6, 3, 4)
    shipped = openskill_predictions(season[0], season[2])
    assert predictions(season, model(), _by_game(weighted=False, repeated=False)) == shipped
    # Six players, four games a night: 12 games a night, the second and third predicted.
    assert len(shipped) == 2 * 12 and all(0 < p < 1 for p, _ in shipped)
