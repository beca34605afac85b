"""One show scorer timed in a fresh process: run by bench/hands.py, never alone.

    <python of the scorer's environment> bench/scorers.py NAME HANDS_FILE WAY

Reads the hands (card indices 0..51, rank-major, suits S H D C; the starter last),
converts them to the scorer's own cards outside the clock, then times one way of
scoring (``totals``, ``itemised``, ``check_hand``; ``ways`` lists those it offers):
a first pass over every hand (cold: whatever the scorer fills on
first use is paid here) and further passes (warm; their median). CPU time and wall
time are both taken. Prints one JSON document: the timing and (for ``totals``) every
total, by rule.
Imports nothing of the project unless NAME is ``muggins``, so it runs in a peer's
own environment.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

WARM_PASSES = 5
RANKS = "A23456789TJQK"
Scorer = Callable[[Any, Any, bool], object]


def time_passes(deals: list[tuple[Any, Any]], score: Scorer, crib: bool) -> dict[str, float]:
    """Seconds per hand: the first pass, then the median of the warm passes."""
    passes: list[tuple[float, float]] = []
    for _ in range(1 + WARM_PASSES):
        cpu, wall = time.process_time(), time.perf_counter()
        for hand, starter in deals:
            score(hand, starter, crib)
        passes.append((time.process_time() - cpu, time.perf_counter() - wall))
    n = len(deals)
    return {"cold_cpu": passes[0][0] / n, "cold_wall": passes[0][1] / n,
            "warm_cpu": statistics.median(p[0] for p in passes[1:]) / n,
            "warm_wall": statistics.median(p[1] for p in passes[1:]) / n}


def muggins(indices: list[list[int]]) -> tuple[list[tuple[Any, Any]], dict[str, Scorer],
                                                Callable[[Any, Any, bool], int]]:
    from rules import check_hand, count, full_deck, score

    deck = list(full_deck())
    deals = [(tuple(deck[i] for i in d[:-1]), deck[d[-1]]) for d in indices]

    def itemised(hand: Any, starter: Any, crib: bool) -> object:
        shown = count(hand, starter, crib=crib)
        return shown.items, shown.breakdown, shown.call

    def checked(hand: Any, starter: Any, crib: bool) -> object:
        shown = check_hand(hand, starter, crib=crib, claimed=12).show
        return shown.items, shown.breakdown, shown.call

    def total(hand: Any, starter: Any, crib: bool) -> int:
        return score(hand, starter, crib=crib)

    return deals, {"totals": total, "itemised": itemised, "check_hand": checked}, total


def cribbage_scorer(indices: list[list[int]]) -> tuple[list[tuple[Any, Any]], dict[str, Scorer],
                                                        Callable[[Any, Any, bool], int]]:
    from cribbage_scorer import cribbage_scorer as peer  # type: ignore[import-not-found]

    def card(i: int) -> tuple[int, str]:
        return i // 4 + 1, "SHDC"[i % 4]

    deals = [([card(i) for i in d[:-1]], card(d[-1])) for d in indices]

    def explained(hand: Any, starter: Any, crib: bool) -> object:
        return peer.show_calc_score(starter, hand, crib)  # (total, "|"-joined description)

    def total(hand: Any, starter: Any, crib: bool) -> int:
        return int(peer.show_calc_score(starter, hand, crib)[0])

    return deals, {"totals": explained, "itemised": explained}, total


def cribbage(indices: list[list[int]]) -> tuple[list[tuple[Any, Any]], dict[str, Scorer],
                                                 Callable[[Any, Any, bool], int]]:
    from cribbage.card import Card  # type: ignore[import-not-found]
    from cribbage.score import score_hand  # type: ignore[import-not-found]

    def card(i: int) -> Any:
        return Card(i // 4 + 13 * (i % 4))  # its index: rank within suit

    deals = [([card(i) for i in d[:-1]], card(d[-1])) for d in indices]

    def total(hand: Any, starter: Any, crib: bool) -> int:  # it has no crib rule
        return int(score_hand(hand, starter))

    return deals, {"totals": total}, total


def magmacrunch(indices: list[list[int]]) -> tuple[list[tuple[Any, Any]], dict[str, Scorer],
                                                    Callable[[Any, Any, bool], int]]:
    from cribbage.cards import Card, score_hand  # type: ignore[import-not-found]

    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

    def card(i: int) -> Any:
        rank = RANKS[i // 4]
        return Card(suits["SHDC"[i % 4]], "10" if rank == "T" else rank)

    deals = [([card(i) for i in d[:-1]], card(d[-1])) for d in indices]

    def explained(hand: Any, starter: Any, crib: bool) -> object:
        return score_hand(hand, starter, crib)  # points by kind

    def total(hand: Any, starter: Any, crib: bool) -> int:
        return int(score_hand(hand, starter, crib).total)

    return deals, {"totals": total, "itemised": explained}, total


def pycribbage(indices: list[list[int]]) -> tuple[list[tuple[Any, Any]], dict[str, Scorer],
                                                   Callable[[Any, Any, bool], int]]:
    from pycribbage.deck_tools import Card, Hand  # type: ignore[import-not-found]
    from pycribbage.scorer import ScoreTheShow  # type: ignore[import-not-found]

    def hand_of(d: list[int]) -> Any:
        hand = Hand()
        for i in d:  # the starter last, as it requires
            hand.add_card(Card(i % 4, i // 4 + 1))
        return hand

    deals = [(hand_of(d), None) for d in indices]

    def total(hand: Any, starter: Any, crib: bool) -> int:
        return int(ScoreTheShow(hand, is_crib=crib).score)

    return deals, {"totals": total}, total


SCORERS = {"muggins": muggins, "cribbage-scorer": cribbage_scorer, "cribbage": cribbage,
           "magmacrunch-cribbage": magmacrunch, "pycribbage": pycribbage}


def main() -> None:
    name, path, way = sys.argv[1:4]
    with open(path, encoding="utf-8") as file:
        indices = json.load(file)
    deals, ways, total = SCORERS[name](indices)
    if way == "ways":  # which ways this scorer offers
        json.dump(sorted(ways), sys.stdout)
        return
    out: dict[str, Any] = {"timing": time_passes(deals, ways[way], False)}
    if way == "totals":  # after the clock, so that the cold pass was cold
        out["totals"] = {rule: [total(hand, starter, crib) for hand, starter in deals]
                         for rule, crib in (("hand", False), ("crib", True))}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
