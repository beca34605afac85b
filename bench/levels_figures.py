"""The figures of bench/levels.py from its rows (one a player a game): the matrix of win
rates, each level's rating, the bands fitted on the fit set, and on the test set the
order, the prediction, the reliability, the luck and the games needed (docs/rating.md).

Intervals are 95%: Wilson's for a win rate, else the 2.5th and 97.5th percentiles of a
bootstrap over the set's games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import numpy as np

from rules.players import LEVELS

Row = dict[str, Any]
NAMES = [level.name for level in LEVELS]
SAMPLE = 20
"""Games a player in the order and prediction checks."""
DRAWS = 2000
rng = random.Random(32)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # Clamped: at no wins the lower bound is 0 in exact arithmetic but rounds a hair
    # below it, and printed "-0.00".
    return max(0.0, centre - half), min(1.0, centre + half)


def rating(rows: Sequence[Row]) -> float:
    """The pooled rating of ``rows`` (rules.review.PlayRating.rating): 1000 × the discards'
    and the claims' chance given up ÷ the discards judged."""
    judged = sum(_judged(r) for r in rows)
    return 1000 * sum(r["discards"] + r["claims"] for r in rows) / judged if judged else 0.0


def with_the_play(rows: Sequence[Row]) -> float:
    """The figure first defined, which failed the order check: 1000 × everything given
    up, the play's cards too, ÷ every unforced decision."""
    decisions = sum(r["decisions"] for r in rows)
    given_up = sum(r["discards"] + r["play"] + r["claims"] for r in rows)
    return 1000 * given_up / decisions if decisions else 0.0


def _judged(row: Row) -> int:
    return int(row.get("discards_judged", row["decisions"] - row["cards"]))


def by_level(rows: Sequence[Row]) -> dict[str, list[Row]]:
    return {name: [r for r in rows if r["level"] == name] for name in NAMES}


def bootstrap(rows: Sequence[Row], figure: Callable[[Sequence[Row]], float],
              times: int = 400) -> tuple[float, float]:
    found = sorted(figure([rng.choice(rows) for _ in rows]) for _ in range(times))
    return found[int(0.025 * times)], found[int(0.975 * times) - 1]


def matrix(rows: Sequence[Row]) -> None:
    print(f"\nwin rate of the row's level against the column's (both sets, "
          f"{len(rows) // 2} games; Wilson 95%):\n")
    print("| | " + " | ".join(NAMES) + " |")
    print("|---" * (len(NAMES) + 1) + "|")
    for name in NAMES:
        cells = []
        for other in NAMES:
            games = [r for r in rows if r["level"] == name and r["opponent"] == other]
            if not games:
                cells.append("–")
                continue
            wins = sum(r["result"] for r in games)
            low, high = wilson(wins, len(games))
            cells.append(f"{wins / len(games):.2f} ({low:.2f}–{high:.2f}, {len(games)})")
        print(f"| {name} | " + " | ".join(cells) + " |")


def levels_table(fit: Sequence[Row], test: Sequence[Row]) -> list[float]:
    print("\neach level's rating (pooled; bootstrap 95%) and its parts, per set:\n")
    print("| level | fit | test | test: discards / claims (in it); play a card (beside) | "
          "test discards / cards | with the play (first figure), test | test player-games |")
    print("|---|---|---|---|---|---|---|")
    fitted = []
    fit_by, test_by = by_level(fit), by_level(test)
    for name in NAMES:
        rows = test_by[name]
        low, high = bootstrap(rows, rating)
        decisions = sum(_judged(r) for r in rows)
        cards = sum(r["cards"] for r in rows)
        parts = [1000 * sum(r["discards"] for r in rows) / decisions,
                 1000 * sum(r["play"] for r in rows) / cards,
                 1000 * sum(r["claims"] for r in rows) / decisions]
        fitted.append(rating(fit_by[name]))
        print(f"| {name} | {fitted[-1]:.2f} | {rating(rows):.2f} ({low:.2f}–{high:.2f}) | "
              f"{parts[0]:.2f} / {parts[2]:.2f}; {parts[1]:.2f} | {decisions} / {cards} | "
              f"{with_the_play(rows):.2f} | {len(rows)} |")
    return fitted


def bands(fitted: Sequence[float]) -> None:
    print("\nbands fitted on the fit set (geometric midpoints between adjacent levels):")
    for (name, low), high in zip(zip(NAMES, fitted, strict=True), fitted[1:], strict=False):
        print(f"  below {name} / above the next: {math.sqrt(low * high):.2f}")


FIGURES: dict[str, Callable[[Sequence[Row]], float]] = {
    "rating": rating, "with the play (first figure)": with_the_play}


def order(test: Sequence[Row], n: int = SAMPLE) -> None:
    print(f"\norder: samples of {n} games of each of two adjacent levels (test set, "
          f"{DRAWS // 4} draws); the stronger ranked better (bootstrap 95%):\n")
    print("| weaker | stronger | " + " | ".join(f"by {k}" for k in FIGURES) +
          " | by win rate |")
    print("|---|---|" + "---|" * (len(FIGURES) + 1))
    test_by = by_level(test)
    for weak, strong in pairwise(NAMES):
        a, b = test_by[weak], test_by[strong]
        cells = []
        for figure in [*FIGURES.values(), None]:
            found = _order_rate(a, b, n, DRAWS // 4, figure)
            span = _order_span(a, b, n, figure)
            cells.append(f"{found:.3f} ({span[0]:.2f}–{span[1]:.2f})")
        print(f"| {weak} | {strong} | " + " | ".join(cells) + " |")


def _order_rate(weak: Sequence[Row], strong: Sequence[Row], n: int, draws: int,
                figure: Callable[[Sequence[Row]], float] | None) -> float:
    """How often ``n`` games of each rank the stronger better (lower) by ``figure``, or
    by more wins (None); a tie counts half."""
    right = 0.0
    for _ in range(draws):
        one, other = _sample(weak, n), _sample(strong, n)
        if figure is not None:
            a, b = figure(other), figure(one)
        else:
            a, b = -sum(r["result"] for r in other), -sum(r["result"] for r in one)
        right += 1.0 if a < b else 0.5 if a == b else 0.0
    return right / draws


def _order_span(weak: Sequence[Row], strong: Sequence[Row], n: int,
                figure: Callable[[Sequence[Row]], float] | None) -> tuple[float, float]:
    found = sorted(_order_rate([rng.choice(weak) for _ in weak],
                               [rng.choice(strong) for _ in strong], n, 100, figure)
                   for _ in range(100))
    return found[2], found[97]


def _sample(rows: Sequence[Row], n: int) -> list[Row]:
    return rng.sample(list(rows), n) if n <= len(rows) else [rng.choice(rows) for _ in range(n)]


def _predictors(rows: Sequence[Row],
                draws: int) -> list[tuple[float, float, float, float]]:
    """(rating difference, win-rate difference, the first figure's difference, result) for
    each game between two levels
    of ``rows``, the histories ``SAMPLE`` other games of each level, ``draws`` times."""
    pools = by_level(rows)
    found = []
    for row in rows:
        if NAMES.index(row["level"]) > NAMES.index(row["opponent"]):
            continue  # each game once, from the weaker level's side
        mine = [r for r in pools[row["level"]] if r["seed"] != row["seed"]]
        theirs = [r for r in pools[row["opponent"]] if r["seed"] != row["seed"]]
        for _ in range(draws):
            one, other = _sample(mine, SAMPLE), _sample(theirs, SAMPLE)
            by_rating = rating(other) - rating(one)
            by_wins = (sum(r["result"] for r in one) - sum(r["result"] for r in other)) / SAMPLE
            by_first = with_the_play(other) - with_the_play(one)
            # From both sides, so that the calibration is symmetric (the Brier score is
            # the same either way).
            found.append((by_rating, by_wins, by_first, row["result"]))
            found.append((-by_rating, -by_wins, -by_first, 1 - row["result"]))
    return found


def _fit_slope(xs: np.ndarray, ys: np.ndarray) -> float:
    slopes = np.logspace(-3, 2, 400)
    with np.errstate(over="ignore"):
        losses = [_log_loss(1 / (1 + np.exp(-s * xs)), ys) for s in slopes]
    return float(slopes[int(np.argmin(losses))])


def _log_loss(p: np.ndarray, ys: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(ys * np.log(p) + (1 - ys) * np.log(1 - p)))


def prediction(fit: Sequence[Row], test: Sequence[Row], draws: int = 10) -> None:
    learned = np.array(_predictors(fit, draws))
    slopes = [_fit_slope(learned[:, i], learned[:, 3]) for i in range(3)]
    tried = np.array(_predictors(test, draws))
    ys = tried[:, 3]
    with np.errstate(over="ignore"):
        predicted = [1 / (1 + np.exp(-k * tried[:, i])) for i, k in enumerate(slopes)]
    by_rating = predicted[0]
    games = len(tried) // (2 * draws)
    print(f"\nprediction: P(win) = σ(k·difference), k fitted on the fit set (rating "
          f"{slopes[0]:.3f} a thousandth, win rate {slopes[1]:.2f}, the first figure "
          f"{slopes[2]:.3f}); on the test set's {games} games between two levels, each "
          f"with {draws} draws of {SAMPLE}-game histories of each level:")
    labels = ("rating difference", "win-rate difference", "first figure's difference")
    for label, p in zip(labels, predicted, strict=True):
        scores = (p - ys) ** 2
        spread = _game_bootstrap(scores, draws)
        print(f"  Brier by {label}: {scores.mean():.4f} ({spread[0]:.4f}–{spread[1]:.4f})")
    print(f"  Brier of 0.5 every time: {np.mean((0.5 - ys) ** 2):.4f}")
    # Paired on the same games, so the two predictors' common noise cancels; its own
    # generator, so that the figures after it draw as they did before it was added.
    gain = (predicted[0] - ys) ** 2 - (predicted[1] - ys) ** 2
    low, high = _game_bootstrap(gain, draws, random.Random(32))
    print(f"  rating less win rate, the same games: {gain.mean():+.4f} ({low:+.4f} to "
          f"{high:+.4f}, games resampled): "
          + ("the rating predicts better" if high < 0 else
             "the win rate predicts better" if low > 0 else "no difference shown"))
    print("\ncalibration of the rating's prediction (test set):\n")
    print("| predicted | mean predicted | observed | predictions |")
    print("|---|---|---|---|")
    edges = np.linspace(0, 1, 11)
    for low, high in pairwise(edges):
        inside = (by_rating >= low) & (by_rating < high if high < 1 else by_rating <= high)
        if inside.sum():
            print(f"| {low:.1f}–{high:.1f} | {by_rating[inside].mean():.3f} | "
                  f"{ys[inside].mean():.3f} | {int(inside.sum())} |")


def _game_bootstrap(scores: np.ndarray, draws: int,
                    draw: random.Random | None = None) -> tuple[float, float]:
    draw = draw or rng
    per_game = scores.reshape(-1, 2 * draws).mean(axis=1)
    found = sorted(float(np.mean([per_game[draw.randrange(len(per_game))]
                                  for _ in per_game])) for _ in range(400))
    return found[10], found[389]


def reliability(rows: Sequence[Row], names: Sequence[str], label: str) -> None:
    pools = by_level(rows)
    most = min(len(pools[name]) for name in names) // 2
    print(f"\nreliability, {label}: split-half correlation across the levels' ratings "
          f"(each level's 2n games drawn from {2 * most}; 500 draws), and Spearman-Brown:")
    for n in (10, 50, 200):
        if n > most:
            r10 = _split_half(pools, names, most)
            k = n / most
            print(f"  {n} games: not measured (the sets hold {most} a half); projected "
                  f"from {most}: {k * r10 / (1 + (k - 1) * r10):.3f}")
            continue
        print(f"  {n} games: {_split_half(pools, names, n):.3f}")


def _split_half(pools: dict[str, list[Row]], names: Sequence[str], n: int) -> float:
    found = []
    for _ in range(500):
        halves = []
        for name in names:
            drawn = rng.sample(pools[name], 2 * n)
            halves.append((rating(drawn[:n]), rating(drawn[n:])))
        a, b = np.array(halves).T
        found.append(float(np.corrcoef(a, b)[0, 1]))
    return float(np.mean(found))


def _once(rows: Sequence[Row]) -> list[Row]:
    """Each game once, from the weaker level's side."""
    return [r for r in rows if NAMES.index(r["level"]) < NAMES.index(r["opponent"])]


def luck(fit: Sequence[Row], test: Sequence[Row]) -> None:
    weight = _weight(_once(fit))
    games = [{**r, "weighted": weight * r["net_luck"]} for r in _once(test)]
    print(f"\nluck (test set, {len(games)} games between two levels): the variance of the "
          "result about its pairing's mean, raw and less the luck (bootstrap 95% of the "
          f"reduction); the weight of the net luck fitted on the fit set: {weight:.3f} "
          "(rules.review.LUCK_WEIGHT):")
    for label, key in ((f"{weight:.2f} × net luck (the figure)", "weighted"),
                       ("the net luck, own less the opponent's (first figure)", "net_luck"),
                       ("own luck alone", "luck")):
        found = _reduction(games, key)
        spread = sorted(_reduction([rng.choice(games) for _ in games], key)[2]
                        for _ in range(400))
        print(f"  less {label}: variance {found[0]:.4f} raw, {found[1]:.4f} adjusted: "
              f"{found[2]:.1%} less ({spread[10]:.1%} to {spread[389]:.1%})")


def _weight(games: Sequence[Row]) -> float:
    """The least-squares slope of the result on the net luck, within each pairing."""
    xs: list[float] = []
    ys: list[float] = []
    for pairing in {(r["level"], r["opponent"]) for r in games}:
        rows = [r for r in games if (r["level"], r["opponent"]) == pairing]
        luck = np.array([r["net_luck"] for r in rows])
        results = np.array([r["result"] for r in rows])
        xs.extend(luck - luck.mean())
        ys.extend(results - results.mean())
    x, y = np.array(xs), np.array(ys)
    return float((x * y).sum() / (x * x).sum())


def _reduction(games: Sequence[Row], key: str) -> tuple[float, float, float]:
    raw, adjusted = [], []
    for pairing in {(r["level"], r["opponent"]) for r in games}:
        rows = [r for r in games if (r["level"], r["opponent"]) == pairing]
        results = np.array([r["result"] for r in rows])
        less = results - np.array([r[key] for r in rows])
        raw.extend(results - results.mean())
        adjusted.extend(less - less.mean())
    a, b = float(np.var(raw)), float(np.var(adjusted))
    return a, b, 1 - b / a


def needed(fit: Sequence[Row], test: Sequence[Row], both: Sequence[Row]) -> None:
    weight = _weight(_once(fit))
    print("\ngames needed to separate adjacent levels 95% of the time: the rating "
          "(each level's own games, test set resampled), the raw result and the "
          "luck-adjusted result (head to head, both sets, one-sided normal):\n")
    print("| weaker | stronger | rating | raw result | luck-adjusted | head-to-head games |")
    print("|---|---|---|---|---|---|")
    test_by = by_level(test)
    for weak, strong in pairwise(NAMES):
        grid = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200)
        by_rating = next((str(n) for n in grid
                          if _order_rate(test_by[weak], test_by[strong], n, 400,
                                         rating) >= 0.95), "over 200")
        head = [r for r in both if r["level"] == strong and r["opponent"] == weak]
        cells = []
        for values in ([r["result"] for r in head],
                       [r["result"] - weight * r["net_luck"] for r in head]):
            mean, sd = float(np.mean(values)), float(np.std(values, ddof=1))
            cells.append(f"{math.ceil((1.645 * sd / (mean - 0.5)) ** 2)} "
                         f"(edge {mean - 0.5:+.3f})" if mean > 0.5 else
                         f"never (edge {mean - 0.5:+.3f})")
        print(f"| {weak} | {strong} | {by_rating} | {cells[0]} | {cells[1]} | {len(head)} |")


def cost(rows: Sequence[Row]) -> None:
    games = _once(rows)
    play = sum(r["seconds"]["play"] for r in games)
    review = sum(r["seconds"]["review"] for r in rows) / 2
    deals = sum(r["deals"] for r in games)
    print(f"\ncost: {len(games)} games, {deals} deals: playing {play / len(games):.2f} s "
          f"of CPU a game, reviewing {review / len(games):.2f} s")


def figures(fit: Sequence[Row], test: Sequence[Row]) -> None:
    both = [*fit, *test]
    cost(both)
    matrix(both)
    fitted = levels_table(fit, test)
    bands(fitted)
    order(test)
    prediction(fit, test)
    reliability(both, NAMES, "all six levels, both sets")
    reliability(both, NAMES[3:], "club, expert and engine, both sets")
    luck(fit, test)
    needed(fit, test, both)
