"""The play judged by chances against the tests' brute force, at more deals than the test
suite runs (tests/library/test_chances_play.py runs 3,000 six-card and 1,000 five-card deals).

    .venv/bin/python -m bench.chances_play [--deals 5000]

Each deal: two random hands, random scores near the target (the six-card game 100 to
120, the five-card 45 to 60) and a random true show; along a random line of play, every
card's value by :class:`rules.chances.PlaySearch` and by the brute force
(tests/brute_chances.py: its own pegging scorer and rules of the count). Prints how many
values agree (exactly: fixed-point integers) and the CPU each side took.
"""

from __future__ import annotations

import argparse
import random
import time

from bench._common import header
from rules import Variant
from service.v1.chances import load_tables
from tests.brute_chances import walk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    args = parser.parse_args()
    header(f"the play by chances against a brute force: {args.deals:,} deals a game")
    tables = load_tables()
    for variant, size, single, low, high in ((Variant.SIX_CARD, 4, False, 100, 121),
                                             (Variant.FIVE_CARD, 3, True, 45, 61)):
        rng = random.Random(2200)
        compared = wrong = 0
        start = time.process_time()
        for _ in range(args.deals):
            seen, bad = walk(rng, tables[variant], size, single, low, high)
            compared, wrong = compared + seen, wrong + bad
        cpu = time.process_time() - start
        print(f"{variant:<10} {args.deals:,} deals: {compared - wrong:,} of {compared:,} "
              f"card values agree exactly; CPU {cpu:.1f} s (library and brute force "
              f"together)")


if __name__ == "__main__":
    main()
