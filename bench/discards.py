"""Milliseconds for exact discard advice on a dealt hand, crib average included.

    make bench          (or: .venv/bin/python -m bench.discards)
"""

from __future__ import annotations

import random
import time

from bench._common import best_of, header
from rules import Variant, advise, full_deck
from rules.advice import prepare

HANDS = 200
DECK = list(full_deck())


def main() -> None:
    header("discard advice: every option, exact hand and crib averages")
    start = time.perf_counter()
    prepare()
    print(f"one-time rank table: {(time.perf_counter() - start) * 1000:.0f} ms "
          "(built before the server forks)")
    rng = random.Random(3)
    for variant in Variant:
        dealt = variant.spec.dealt
        hands = [rng.sample(DECK, dealt) for _ in range(HANDS)]
        for dealer in (False, True):
            seconds = best_of(3, lambda h=hands, d=dealer, v=variant: [
                advise(hand, dealer=d, variant=v) for hand in h])
            role = "dealer" if dealer else "pone"
            print(f"{variant:<13} {role:<7} {seconds / HANDS * 1000:5.2f} ms per hand "
                  f"({HANDS} random hands)")


if __name__ == "__main__":
    main()
