"""CPU for discard advice judged by the chance of winning (``/v1/discards/advise`` with
``scores``): every option played out on the same deals, the table for what follows.

    .venv/bin/python -m bench.chances_advice

The budget: the worst request (the six-card game, fifteen options) under about 300 ms of
CPU. The cost hardly depends on the scores (a deal ends early only when a side pegs out),
so the hands and the scores are spread over the board, both seats.
"""

from __future__ import annotations

import random
import statistics
import time

from bench._common import header
from rules import Variant, full_deck
from rules.advice import prepare
from rules.chances import DISCARD_SAMPLES, discard_chances
from service.v1.chances import load_tables

HANDS = 12
SCORES = ((0, 0), (60, 60), (100, 110), (115, 100), (119, 119))
DECK = list(full_deck())


def main() -> None:
    header(f"discard advice by the chance of winning: {DISCARD_SAMPLES} deals for each option")
    prepare()
    tables = load_tables()  # the shipped files, read as the service reads them

    rng = random.Random(22)
    for variant in (Variant.SIX_CARD, Variant.FIVE_CARD):
        target = tables[variant].target
        cpu: list[float] = []
        wall: list[float] = []
        for hand in range(-1, HANDS):  # -1: a first request, its caches cold
            cards = rng.sample(DECK, variant.spec.dealt)
            pone, dealer = SCORES[hand % len(SCORES)]
            scores = {"pone": min(pone * target // 121, target - 1),
                      "dealer": min(dealer * target // 121, target - 1)}
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            discard_chances(cards, dealer=hand % 2 == 1, scores=scores, tables=tables,
                            variant=variant)
            if hand < 0:
                if variant is Variant.SIX_CARD:
                    cold = (time.process_time() - start_cpu) * 1000
                    print(f"first request (caches cold) {cold:6.1f} ms of CPU")
                continue
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start_wall)
        print(f"{variant:<10} CPU median {statistics.median(cpu) * 1000:6.1f} ms, "
              f"max {max(cpu) * 1000:6.1f} ms; wall median "
              f"{statistics.median(wall) * 1000:6.1f} ms ({HANDS} hands)")


if __name__ == "__main__":
    main()
