"""Other ways to feed a season's results to OpenSkill, judged by bench/season.py's check
(docs/ratings.md): each fitted on the fit seasons (β from 40, 60, 80; the night's one
ranking from 10, 20, 30, 40), then on the held-out seasons its Brier score less ranking by
ACC game points, and less the shipped rating, the same games.

    .venv/bin/python -m bench.season_ideas [--fit 100] [--seasons 400]

* **margin as weight**: each game updated with weight = its ACC game points / 2 (a win 1,
  a skunk 1.5), OpenSkill's ``weights`` (through ``weight_bounds``: below);
* **margin as repeat**: a skunk fed twice, as two wins;
* **the night as one ranking**: one Plackett-Luce update a night, the players ranked by
  the night's game points (OpenSkill's ``scores``), not game by game;
* **Thurstone-Mosteller**: OpenSkill's ``ThurstoneMostellerFull``, whose update reads a
  game by the same normal curve its ``predict_win`` answers with (Plackett-Luce's update
  reads it by a logistic one);
* **calibrated**: the shipped chance put through logistic(a × logit(chance)), a fitted.

The update is always the ``openskill`` package's; only what is fed to it changes.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any

from openskill.models import PlackettLuce, ThurstoneMostellerFull

from bench._common import header
from bench.season import (
    KS,
    Game,
    Season,
    _logistic,
    brier,
    calibration_slope,
    openskill_predictions,
    paired_difference,
    points_predictions,
    seasons,
)
from rules.club import check_night, model

_SHIPPED = model()
MU, SIGMA, TAU = _SHIPPED.mu, _SHIPPED.sigma, _SHIPPED.tau

Model = PlackettLuce | ThurstoneMostellerFull
Feed = Callable[[Model, dict[str, Any], Season, int], None]
BETAS = (40.0, 60.0, 80.0)
NIGHT_BETAS = (10.0, 20.0, 30.0, 40.0)
"""A night's one ranking moves the ratings less than its games one by one: its fit is lower."""


def _skunks(season: Season, night: int) -> dict[tuple[str, str], bool]:
    """Each game of the night, (winner, loser): whether it was a skunk (31 or more)."""
    return {(card.player, line.opponent): line.spread is not None and line.spread >= 31
            for card in season[1][night] for line in card.lines
            if line.opponent is not None and line.won}


def _by_game(weighted: bool, repeated: bool) -> Feed:
    def feed(rating: Model, players: dict[str, Any], season: Season, night: int) -> None:
        skunk = _skunks(season, night)
        # OpenSkill scales the weights within a team to its weight_bounds, and a team of
        # one gets the upper bound whatever its weight: a skunk's 1.5 is that bound.
        heavy = PlackettLuce(mu=rating.mu, sigma=rating.sigma, beta=rating.beta,
                             tau=rating.tau, weight_bounds=(1.5, 1.5))
        for winner, loser in season[0].games[night]:
            big = skunk[winner, loser]
            for _ in range(2 if repeated and big else 1):
                pair = [[players[winner]], [players[loser]]]
                [[won], [lost]] = (heavy.rate(pair, ranks=[0, 1], weights=[[1.0], [1.0]])
                                   if weighted and big else rating.rate(pair, ranks=[0, 1]))
                players[winner], players[loser] = won, lost
    return feed


def _by_night(rating: Model, players: dict[str, Any], season: Season, night: int) -> None:
    points = {s.player: s.tally.game_points for s in check_night(season[1][night]).standings}
    names = sorted(points)
    teams: list[list[Any]] = rating.rate([[players[n]] for n in names],
                                         scores=[points[n] for n in names])
    for name, team in zip(names, teams, strict=True):
        players[name] = team[0]


def predictions(season: Season, rating: Model, feed: Feed) -> list[tuple[float, Game]]:
    """The games of each night from the second, predicted on the ratings after the night
    before; the nights fed by ``feed``."""
    players: dict[str, Any] = {}
    found = []
    for night, names in enumerate(season[0].players):
        if night:
            found += [(rating.predict_win([[players[g[0]]], [players[g[1]]]])[0], g)
                      for g in season[2][night]]
        for name in names:
            players.setdefault(name, rating.rating(name=name))
        feed(rating, players, season, night)
    return found


def _plackett_luce(beta: float) -> Model:
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=beta, tau=TAU)


def _thurstone(beta: float) -> Model:
    return ThurstoneMostellerFull(mu=MU, sigma=SIGMA, beta=beta, tau=TAU)


IDEAS: dict[str, tuple[Callable[[float], Model], Feed, tuple[float, ...]]] = {
    "margin as weight": (_plackett_luce, _by_game(weighted=True, repeated=False), BETAS),
    "margin as repeat": (_plackett_luce, _by_game(weighted=False, repeated=True), BETAS),
    "the night as one ranking": (_plackett_luce, _by_night, NIGHT_BETAS),
    "Thurstone-Mosteller": (_thurstone, _by_game(weighted=False, repeated=False), BETAS),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fit", type=int, default=100)
    parser.add_argument("--seasons", type=int, default=400)
    args = parser.parse_args()
    header("club ratings: other feeds judged")
    fit = seasons(range(args.fit), 16, 12, 8)
    test = seasons(range(1000, 1000 + args.seasons), 16, 12, 8)
    ks = {k: brier([f for _, cards, games in fit for f in points_predictions(cards, games, k)])
          for k in KS}
    k = min(ks, key=ks.__getitem__)
    points = [points_predictions(cards, games, k) for _, cards, games in test]
    shipped_fit = [f for rated, _, games in fit for f in openskill_predictions(rated, games)]
    shipped = [openskill_predictions(rated, games) for rated, _, games in test]
    print(f"fit {args.fit} seasons, test {args.seasons}; game points k={k:g}")
    print(f"  {'shipped (Plackett-Luce, game by game)':<40} test Brier "
          f"{brier([f for s in shipped for f in s]):.6f}")

    def judge(name: str, found: list[list[tuple[float, Game]]]) -> None:
        flat = [f for s in found for f in s]
        line = f"  {name:<40} test Brier {brier(flat):.6f}"
        for against, other in (("game points", points), ("shipped", shipped)):
            diff, low, high = paired_difference(found, other)
            line += f"; less {against} {diff:+.5f} ({low:+.5f} to {high:+.5f})"
        print(line + f"; slope {calibration_slope(flat):.2f}")

    for name, (make, feed, betas) in IDEAS.items():
        fitted = {beta: brier([f for s in fit for f in predictions(s, make(beta), feed)])
                  for beta in betas}
        beta = min(fitted, key=fitted.__getitem__)
        rating = make(beta)
        judge(f"{name} (beta {beta:g})", [predictions(s, rating, feed) for s in test])
    a = calibration_slope(shipped_fit)

    def calibrated(found: list[tuple[float, Game]]) -> list[tuple[float, Game]]:
        return [(_logistic(a * math.log(p / (1 - p))), g) for p, g in found]

    judge(f"calibrated (a = {a:.2f})", [calibrated(s) for s in shipped])


if __name__ == "__main__":
    main()
