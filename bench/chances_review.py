"""CPU seconds of a game review with chances (issue 22: a 13-deal two-player game under
1 s; no review over 1 s), how far the slope is from dealt-out figures, and the seats'
mean best net value that luck is measured against.

    .venv/bin/python -m bench.chances_review [--hands 2000]

``--hands 20000`` measures the seats' means as rules.review.SEAT_MEAN was measured (the same
seeded hands, the shipped figures rounded).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench._common import header
from bench.review import ANN_BOB, thirteen_deal_games
from rules import Variant, advise, full_deck, review_game
from rules.chances import discard_chances
from rules.review import NEAR_END, REVIEW_DEALS, REVIEW_SAMPLES, SEAT_MEAN, point_value
from service.v1.chances import load_tables

GAMES = 8
HANDS = 24
"""Hands a band of distances for the slope's comparison, dealt out at 128 deals."""
BANDS = ((1, 15), (16, NEAR_END), (NEAR_END + 1, 60), (61, 120))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000,
                        help="hands a seat for the seats' mean best net value")
    hands = parser.parse_args().hands
    header("reviews with chances: CPU, the slope against dealt-out figures")
    tables = load_tables()
    games = thirteen_deal_games(random.Random(16), GAMES)
    runs, bare = [], []
    for game in games:
        cpu = time.process_time()
        review_game(ANN_BOB, game, tables=tables)
        runs.append(time.process_time() - cpu)
        cpu = time.process_time()
        review_game(ANN_BOB, game)
        bare.append(time.process_time() - cpu)
    print(f"13-deal game reviewed with chances, {GAMES} games: CPU median "
          f"{statistics.median(runs):.3f} s, max {max(runs):.3f} s (without chances: "
          f"median {statistics.median(bare):.3f} s, max {max(bare):.3f} s)")

    # The worst: the whole deal-out budget spent near the end, on top of the slowest
    # review without chances (a longer game's slope judgements cost microseconds each).
    rng = random.Random(22)
    deck = list(full_deck())
    cpu = time.process_time()
    for _ in range(REVIEW_DEALS // (15 * REVIEW_SAMPLES)):
        discard_chances(rng.sample(deck, 6), dealer=rng.random() < 0.5,
                        scores={"pone": 118, "dealer": 117}, tables=tables,
                        samples=REVIEW_SAMPLES)
    spent = time.process_time() - cpu
    print(f"the whole budget ({REVIEW_DEALS:,} deals dealt) spent at 118-117: CPU "
          f"{spent:.3f} s; with the slowest review above: {spent + max(bare):.3f} s")

    chance_table = tables[Variant.SIX_CARD]
    print(f"slope against dealt out (128 deals), {HANDS} hands a band, every option:")
    for low, high in BANDS:
        gaps, dealt_mean = [], []
        for _ in range(HANDS):
            need = rng.randint(low, high)
            dealer = rng.random() < 0.5
            own, other = 121 - need, rng.randint(max(0, 121 - high - 20), 120)
            pone, dealer_score = (other, own) if dealer else (own, other)
            if rng.random() < 0.5:  # the nearer side is as often the opponent
                pone, dealer_score = dealer_score, pone
            found = discard_chances(rng.sample(deck, 6), dealer=dealer,
                                    scores={"pone": pone, "dealer": dealer_score},
                                    tables=tables)
            value = point_value(chance_table, pone, dealer_score, is_dealer=dealer)
            best = found.best_by_net.net
            for option in found.options:
                by_slope = float(best - option.option.net) * value
                by_net_best = next(o for o in found.options if o.option == found.best_by_net)
                dealt = option.behind - by_net_best.behind  # against the same option
                gaps.append(abs(by_slope - dealt))
                dealt_mean.append(abs(dealt))
        print(f"  nearer side needs {low:>3}-{high:<3}: |slope - dealt| mean "
              f"{statistics.fmean(gaps):.4f}, median {statistics.median(gaps):.4f} "
              f"(|dealt| mean {statistics.fmean(dealt_mean):.4f})")

    for (variant, dealer), mean in SEAT_MEAN.items():
        nets = [float(advise(random.Random(f"{variant}{dealer}{i}").sample(
            deck, variant.spec.dealt), dealer=dealer, variant=variant).options[0].net)
            for i in range(hands)]
        print(f"best net value, {variant} {'dealer' if dealer else 'pone'}: {hands:,} hands "
              f"{statistics.fmean(nets):.3f} (shipped {mean})")


if __name__ == "__main__":
    main()
