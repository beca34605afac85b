"""The full enumeration: all 12,994,800 (hand, starter) combinations, timed and checked.

    make bench          (or: .venv/bin/python -m bench.enumerate)
"""

from __future__ import annotations

import time

from bench._common import header
from rules import COMBINATIONS, show_distribution

PUBLISHED = {"hand": {0: 1_009_008, 29: 4}, "crib": {0: 1_022_208, 29: 4}}


def main() -> None:
    header("show distribution: every four-card hand with every starter")
    for name, crib in (("hand", False), ("crib", True)):
        start = time.perf_counter()
        tally = show_distribution(crib=crib)
        seconds = time.perf_counter() - start
        mean = sum(points * n for points, n in tally.items()) / COMBINATIONS
        ok = sum(tally.values()) == COMBINATIONS and all(
            tally.get(points) == n for points, n in PUBLISHED[name].items())
        print(f"{name}: {seconds:.2f} s for {sum(tally.values()):,} combinations; "
              f"0 points {tally.get(0):,} times, 29 points {tally.get(29)} times, "
              f"mean {mean:.6f}; matches the published figures: {ok}")


if __name__ == "__main__":
    main()
