"""Whole games against the table: one chi-square test over 50 positions.

    .venv/bin/python -m bench.chances_games [--positions 50] [--games 200] [--seed 1]

From each of ``--positions`` positions (seeded at random over the board, both sides short
of 121, each still open enough that 5 of the games are expected to go either way, which a
chi-square test needs), ``--games`` whole games are played to the end by the stated
strategy: each deal by the library's ``play_deal``, the game itself (the scores, pegging
out in the deal's order, the deal passing) by this script's own loop, which shares no code with the
induction. The pone's wins at each position are set against the table's chance: the sum
of ``(wins - n p)^2 / (n p (1 - p))`` over the positions is chi-square with one degree of
freedom a position, if the table is right (its own sampling error is far smaller than a
200-game sample's). Prints each position and the test's p-value; the table is accepted
when p > 0.01. Not a unit test: it takes minutes of CPU.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import rules.advice
from bench._common import header
from rules import Variant
from rules.chances import DEALER, PONE, play_deal
from service.v1.chances import load_tables


def game(rng: random.Random, pone: int, dealer: int, target: int) -> int:
    """Play from ``(pone, dealer)`` to the end: the side of the first pone that wins."""
    scores = {"first pone": pone, "first dealer": dealer}
    seats = ["first pone", "first dealer"]  # [pone, dealer] of the deal being played
    while True:
        for side, points, _ in play_deal(rng).scores:
            who = seats[PONE] if side == PONE else seats[DEALER]
            scores[who] += points
            if scores[who] >= target:
                return PONE if who == "first pone" else DEALER
        seats.reverse()


def survival(statistic: float, freedom: int) -> float:
    """P(chi-square with ``freedom`` degrees > statistic), by Wilson and Hilferty's cube
    root normal approximation (good to a few parts in a thousand at 50 degrees)."""
    z = ((statistic / freedom) ** (1 / 3) - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * math.erfc(z / math.sqrt(2))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    header("chances: whole games from 50 positions against the table")
    rules.advice.prepare()
    table = load_tables()[Variant.SIX_CARD]  # the shipped table, read as the service does
    rng = random.Random(args.seed)
    statistic = 0.0
    cpu = time.process_time()
    print("| pone | dealer | table | games won by the pone | expected |")
    print("|---:|---:|---:|---:|---:|")
    tested = 0
    while tested < args.positions:
        pone, dealer = rng.randrange(0, 121), rng.randrange(0, 121)
        p = table.before(pone, dealer).win[PONE]
        if not 5 <= args.games * p <= args.games - 5:
            continue  # the test needs 5 games expected each way (a decided position: none)
        tested += 1
        won = sum(game(rng, pone, dealer, 121) == PONE for _ in range(args.games))
        expected = args.games * p
        variance = args.games * p * (1 - p)
        if variance > 0:
            statistic += (won - expected) ** 2 / variance
        print(f"| {pone} | {dealer} | {p:.4f} | {won} | {expected:.1f} |")
    value = survival(statistic, args.positions)
    print(f"\nchi-square {statistic:.1f} on {args.positions} degrees of freedom: p = {value:.3f}"
          f" ({'accepted' if value > 0.01 else 'REFUSED'}); "
          f"{args.positions * args.games:,} games, {time.process_time() - cpu:.0f} s of CPU")


if __name__ == "__main__":
    main()
