"""Club ratings checked on seasons of players of known strength (docs/ratings.md).

    .venv/bin/python -m bench.season [--fit 100] [--seasons 400] [--players 16]
                                     [--nights 12] [--games 8]

Each player has a latent strength, drawn evenly between Cribbage Pro's D level (0) and
its A level; a game's first dealer wins with chance logistic(dealer's edge + the
dealer's strength - the pone's), the first dealer drawn at random. The anchors (Cribbage
Pro, several million games) fix the scale: equal players, the first dealer wins 56.0%,
so the edge is logit(0.560); an A first dealer beats a D 66.8%, a D first dealer an A
44.8%, which put A at logit(0.668) - logit(0.560) = 0.459 above D, or logit(0.560) -
logit(0.448) = 0.450: their mean, 0.454.

Each night is seated by ``rules.club.seat``, its scorecards written, and the season
rated by ``rules.club.rate_season_games`` (what ``rate_season`` does, the season's games
read once for every model the fit tries). Before each night from the second, every game of
the night is predicted from the ratings after the night before, by:

* OpenSkill: the model's chance that one beats the other;
* ACC game points: logistic(k × the difference in game points a game so far), k fitted;
* a coin (0.5), and the truth (the chance the latent strengths give), for scale.

``--fit`` seasons (seeds 0 on) choose OpenSkill's ``beta`` and ``tau`` together, and the
game points' ``k``; the figures are on the ``--seasons`` after them (seeds 1000 on),
which fitted nothing: each Brier score, OpenSkill's less game points' on the same games
with its interval (whole seasons resampled), the calibration slope and curve. About two
minutes of CPU with the defaults. Other feeds of the results: ``bench.season_ideas``.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict

from bench._common import header
from rules.club import (
    BETA,
    Line,
    Result,
    Scorecard,
    SeasonGames,
    check_night,
    model,
    rate_season_games,
    season_games,
    seat,
)

TAU = model().tau
"""The shipped model's tau (OpenSkill's default, rules.club.season)."""

EDGE = math.log(0.56 / 0.44)
A_LEVEL = ((math.log(0.668 / 0.332) - EDGE) + (EDGE - math.log(0.448 / 0.552))) / 2
BETAS = (25 / 6, 12.5, 25.0, 40.0, 50.0, 60.0, 70.0, 80.0, 100.0, 200.0)
TAUS = (0.0, 25 / 300, 0.25)
BEFORE = 100.0
"""The beta shipped before this fit (20 fit seasons, a coarser grid)."""
KS = (0.05, 0.1, 0.2, 0.4, 0.8, 1.6)

Game = tuple[str, str, float, bool]
"""One game: the first player, the second, the true chance the first wins, the result."""


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def simulate(seed: int, players: int, nights: int, games: int
             ) -> tuple[list[list[Scorecard]], list[list[Game]]]:
    """A season: each night's scorecards, and each night's games."""
    rng = random.Random(seed)
    names = [f"p{n:02d}" for n in range(players)]
    strength = {name: rng.uniform(0, A_LEVEL) for name in names}
    cards_by_night, games_by_night = [], []
    for night in range(nights):
        plan = seat(names, games, seed * 1000 + night)
        lines: dict[str, list[Line]] = {name: [] for name in names}
        played: list[Game] = []
        for number, (tables, byes) in enumerate(zip(plan.rounds, plan.byes, strict=True), 1):
            for a, b in tables:
                truth = (_logistic(EDGE + strength[a] - strength[b])
                         + 1 - _logistic(EDGE + strength[b] - strength[a])) / 2
                a_deals = rng.random() < 0.5
                dealer, pone = (a, b) if a_deals else (b, a)
                dealer_wins = rng.random() < _logistic(EDGE + strength[dealer] - strength[pone])
                a_won = dealer_wins == a_deals
                spread = rng.choice([rng.randint(1, 30)] * 5 + [rng.randint(31, 60)])
                lines[a].append(Line(b, Result.WIN if a_won else Result.LOSS, spread,
                                     round=number))
                lines[b].append(Line(a, Result.LOSS if a_won else Result.WIN, spread,
                                     round=number))
                played.append((a, b, truth, a_won))
            for name in byes:
                lines[name].append(Line(None, round=number))
        cards_by_night.append([Scorecard(name, tuple(lines[name])) for name in names])
        games_by_night.append(played)
    return cards_by_night, games_by_night


def openskill_predictions(season: SeasonGames, games: list[list[Game]], beta: float = BETA,
                          tau: float = TAU) -> list[tuple[float, Game]]:
    """Each night's games from the second, predicted by the model's chance on the ratings
    after the night before (``rules.club.rate_season_games``, the shipped feed)."""
    rating = model(beta, tau)
    rated = rate_season_games(season, rating)
    found = []
    for night in range(1, len(games)):
        before = {r.player: rating.rating(mu=r.mu, sigma=r.sigma)
                  for r in rated.nights[night - 1]}
        for game in games[night]:
            a, b = game[0], game[1]
            found.append((rating.predict_win([[before[a]], [before[b]]])[0], game))
    return found


def points_predictions(cards: list[list[Scorecard]], games: list[list[Game]],
                       k: float) -> list[tuple[float, Game]]:
    points: dict[str, int] = defaultdict(int)
    played: dict[str, int] = defaultdict(int)
    found = []
    for night, night_cards in enumerate(cards):
        if night:
            rate = {p: points[p] / played[p] if played[p] else 0.0 for p in points}
            found += [(_logistic(k * (rate[g[0]] - rate[g[1]])), g) for g in games[night]]
        for standing in check_night(night_cards).standings:
            points[standing.player] += standing.tally.game_points
            played[standing.player] += standing.tally.wins + standing.tally.losses
    return found


def paired_difference(one: list[list[tuple[float, Game]]], other: list[list[tuple[float, Game]]],
                      resamples: int = 2000, seed: int = 0) -> tuple[float, float, float]:
    """The Brier score of ``one`` less ``other`` on the same games, each a list a season,
    and its 95% interval by resampling whole seasons (a season's games are not
    independent: they share its players)."""
    seasons = []
    for a, b in zip(one, other, strict=True):
        assert [g for _, g in a] == [g for _, g in b]
        seasons.append((sum((p - g[3]) ** 2 - (q - g[3]) ** 2
                            for (p, g), (q, _) in zip(a, b, strict=True)), len(a)))
    total = sum(d for d, _ in seasons) / sum(n for _, n in seasons)
    rng = random.Random(seed)
    means = sorted(sum(d for d, _ in drawn) / sum(n for _, n in drawn)
                   for drawn in ([rng.choice(seasons) for _ in seasons]
                                 for _ in range(resamples)))
    return total, means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


def brier(found: list[tuple[float, Game]]) -> float:
    return sum((p - game[3]) ** 2 for p, game in found) / len(found)


def curve(found: list[tuple[float, Game]], bins: int = 50) -> list[tuple[str, int, float, float]]:
    """Per bin of the predicted chance (each game counted from both sides): the games, the
    mean prediction, and the share won."""
    sums: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for p, game in found:
        for chance, won in ((p, game[3]), (1 - p, not game[3])):
            b = min(int(chance * bins), bins - 1)
            sums[b][0] += 1
            sums[b][1] += chance
            sums[b][2] += won
    return [(f"{b / bins:.2f}-{(b + 1) / bins:.2f}", int(n), mean / n, won / n)
            for b, (n, mean, won) in sorted(sums.items())]


Season = tuple[SeasonGames, list[list[Scorecard]], list[list[Game]]]
"""A simulated season: what the rating reads of it, its scorecards, and its games."""


def seasons(seeds: range, players: int, nights: int, games: int) -> list[Season]:
    found = []
    for seed in seeds:
        cards, played = simulate(seed, players, nights, games)
        found.append((season_games(cards), cards, played))
    return found


def calibration_slope(found: list[tuple[float, Game]]) -> float:
    """The slope a of the logistic fit P(won) = logistic(a × logit(predicted)), by Newton's
    method: 1 for predictions as sure as they should be, above 1 for under-confident."""
    xs = [(math.log(p / (1 - p)), game[3]) for p, game in found]
    a = 1.0
    for _ in range(20):
        grad = sum(x * (won - _logistic(a * x)) for x, won in xs)
        hess = sum(x * x * _logistic(a * x) * (1 - _logistic(a * x)) for x, won in xs)
        if not hess:
            break
        a += grad / hess
    return a


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fit", type=int, default=100)
    parser.add_argument("--seasons", type=int, default=400)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--nights", type=int, default=12)
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args()
    header("club ratings on simulated seasons")
    shape = (args.players, args.nights, args.games)
    fit = seasons(range(args.fit), *shape)
    test = seasons(range(1000, 1000 + args.seasons), *shape)
    fitted = {(beta, tau): brier([found for rated, _, games in fit
                                  for found in openskill_predictions(rated, games, beta, tau)])
              for beta in BETAS for tau in TAUS}
    ks = {k: brier([found for _, cards, games in fit
                    for found in points_predictions(cards, games, k)]) for k in KS}
    best_beta, best_tau = min(fitted, key=fitted.__getitem__)
    best_k = min(ks, key=ks.__getitem__)
    print(f"A level: {A_LEVEL:.3f} logits above D; dealer's edge {EDGE:.3f}")
    print(f"fit ({args.fit} seasons): Brier by beta (rows) and tau (" + ", ".join(
        f"{tau:.3f}" for tau in TAUS) + ")")
    for beta in BETAS:
        print(f"  {beta:6.2f}  " + "  ".join(f"{fitted[beta, tau]:.6f}" for tau in TAUS))
    print(f"  -> beta {best_beta:g}, tau {best_tau:.3f} (shipped beta {BETA:g}, tau {TAU:.3f}); "
          f"tau {TAU:.3f} at beta {best_beta:g}: "
          f"{fitted[best_beta, TAU] - fitted[best_beta, best_tau]:+.7f} (the simulated players "
          "do not change: tau kept at OpenSkill's default)")
    print("fit: game points k Brier " + ", ".join(f"{k:g}: {v:.5f}" for k, v in ks.items())
          + f" -> {best_k:g}")
    by_season = [(openskill_predictions(rated, games), points_predictions(cards, games, best_k))
                 for rated, cards, games in test]
    skill = [found for shipped, _ in by_season for found in shipped]
    points = [found for _, scored in by_season for found in scored]
    before = [found for rated, _, games in test
              for found in openskill_predictions(rated, games, BEFORE)]
    default = [found for rated, _, games in test
               for found in openskill_predictions(rated, games, 25 / 6)]
    truth = [(game[2], game) for _, game in skill]
    coin = [(0.5, game) for _, game in skill]
    print(f"test ({args.seasons} seasons of {args.players} players, {args.nights} nights of "
          f"{args.games} games; {len(skill):,} games predicted):")
    for name, found in ((f"OpenSkill (shipped beta {BETA:g})", skill),
                        (f"OpenSkill (beta {BEFORE:g}, before)", before),
                        ("OpenSkill (default beta 25/6)", default),
                        (f"ACC game points (k={best_k:g})", points), ("coin", coin),
                        ("truth (latent strengths)", truth)):
        print(f"  Brier {name:<32} {brier(found):.5f}")
    diff, low, high = paired_difference([a for a, _ in by_season], [b for _, b in by_season])
    print(f"  OpenSkill less ACC game points, the same games: {diff:+.5f} "
          f"(95% {low:+.5f} to {high:+.5f}, seasons resampled): "
          + ("OpenSkill better" if high < 0 else "game points better" if low > 0
             else "no difference shown"))
    print(f"  calibration slope (1: as sure as it should be): OpenSkill shipped "
          f"{calibration_slope(skill):.2f}, beta {BEFORE:g} {calibration_slope(before):.2f}, "
          f"game points {calibration_slope(points):.2f}")
    print("calibration of OpenSkill (shipped beta): bin, games, mean predicted, share won")
    for row in curve(skill):
        print(f"  {row[0]}  {row[1]:>6}  {row[2]:.3f}  {row[3]:.3f}")


if __name__ == "__main__":
    main()
