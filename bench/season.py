"""Club ratings checked on seasons of players of known strength (docs/ratings.md).

    .venv/bin/python -m bench.season [--fit 20] [--seasons 40] [--players 16] [--nights 12]
                                     [--games 8]

Each player has a latent strength, drawn evenly between Cribbage Pro's D level (0) and
its A level; a game's first dealer wins with chance logistic(dealer's edge + the
dealer's strength - the pone's), the first dealer drawn at random. The anchors (Cribbage
Pro, several million games) fix the scale: equal players, the first dealer wins 56.0%,
so the edge is logit(0.560); an A first dealer beats a D 66.8%, a D first dealer an A
44.8%, which put A at logit(0.668) - logit(0.560) = 0.459 above D, or logit(0.560) -
logit(0.448) = 0.450: their mean, 0.454.

Each night is seated by ``rules.club.seat``, its scorecards written, and the season
rated by ``rules.club.rate_season``. Before each night from the second, every game of
the night is predicted from the ratings after the night before, by:

* OpenSkill: the model's chance that one beats the other;
* ACC game points: logistic(k × the difference in game points a game so far), k fitted;
* a coin (0.5), and the truth (the chance the latent strengths give), for scale.

``--fit`` seasons (seeds 0 on) choose OpenSkill's ``beta`` and the game points' ``k``;
the figures are on the ``--seasons`` after them (seeds 1000 on), which fitted nothing.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict

from bench._common import header
from rules.club import BETA, Line, Result, Scorecard, check_night, model, rate_season, seat

EDGE = math.log(0.56 / 0.44)
A_LEVEL = ((math.log(0.668 / 0.332) - EDGE) + (EDGE - math.log(0.448 / 0.552))) / 2
BETAS = (25 / 6, 12.5, 25.0, 50.0, 100.0, 200.0)
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


def openskill_predictions(cards: list[list[Scorecard]], games: list[list[Game]],
                          beta: float) -> list[tuple[float, Game]]:
    season = rate_season(cards, beta=beta)
    rating = model(beta)
    found = []
    for night in range(1, len(cards)):
        before = {r.player: rating.rating(mu=r.mu, sigma=r.sigma)
                  for r in season.nights[night - 1]}
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fit", type=int, default=20)
    parser.add_argument("--seasons", type=int, default=40)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--nights", type=int, default=12)
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args()
    header("club ratings on simulated seasons")
    shape = (args.players, args.nights, args.games)
    fit = [simulate(seed, *shape) for seed in range(args.fit)]
    test = [simulate(1000 + seed, *shape) for seed in range(args.seasons)]

    def over(seasons: list[tuple[list[list[Scorecard]], list[list[Game]]]], predict: object,
             value: float) -> list[tuple[float, Game]]:
        assert callable(predict)
        return [found for cards, games in seasons for found in predict(cards, games, value)]

    betas = {beta: brier(over(fit, openskill_predictions, beta)) for beta in BETAS}
    ks = {k: brier(over(fit, points_predictions, k)) for k in KS}
    best_beta, best_k = min(betas, key=betas.__getitem__), min(ks, key=ks.__getitem__)
    print(f"A level: {A_LEVEL:.3f} logits above D; dealer's edge {EDGE:.3f}")
    print(f"fit ({args.fit} seasons): beta Brier " + ", ".join(
        f"{b:.2f}: {v:.5f}" for b, v in betas.items()) + f" -> {best_beta:g} (shipped {BETA:g})")
    print("fit: game points k Brier " + ", ".join(f"{k:g}: {v:.5f}" for k, v in ks.items())
          + f" -> {best_k:g}")
    skill = over(test, openskill_predictions, BETA)
    default = over(test, openskill_predictions, 25 / 6)
    points = over(test, points_predictions, best_k)
    truth = [(game[2], game) for _, game in skill]
    coin = [(0.5, game) for _, game in skill]
    print(f"test ({args.seasons} seasons of {args.players} players, {args.nights} nights of "
          f"{args.games} games; {len(skill):,} games predicted):")
    for name, found in (("OpenSkill (shipped beta)", skill),
                        ("OpenSkill (default beta 25/6)", default),
                        (f"ACC game points (k={best_k:g})", points), ("coin", coin),
                        ("truth (latent strengths)", truth)):
        print(f"  Brier {name:<32} {brier(found):.5f}")
    by_season = [(openskill_predictions(c, g, BETA), points_predictions(c, g, best_k))
                 for c, g in test]
    diff, low, high = paired_difference([a for a, _ in by_season], [b for _, b in by_season])
    print(f"  OpenSkill less ACC game points, the same games: {diff:+.5f} "
          f"(95% {low:+.5f} to {high:+.5f}, seasons resampled): "
          + ("OpenSkill better" if high < 0 else "game points better" if low > 0
             else "no difference shown"))
    print("calibration of OpenSkill (shipped beta): bin, games, mean predicted, share won")
    for row in curve(skill):
        print(f"  {row[0]}  {row[1]:>6}  {row[2]:.3f}  {row[3]:.3f}")


if __name__ == "__main__":
    main()
