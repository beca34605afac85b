"""Hands per second: our show scorer against cribbage-scorer, on the same random hands.

    make bench          (or: .venv/bin/python bench/hands.py)

cribbage-scorer is installed into the bench environment by `make bench`; it is never
a project dependency.
"""

from __future__ import annotations

import random

from _common import best_of, header

from rules.cards import full_deck
from rules.show import score, score_many

HANDS = 50_000
PEER_HANDS = 5_000
DECK = list(full_deck())
PEER_RANK = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def main() -> None:
    header("show scorer: hands per second")
    rng = random.Random(2026)
    deals = [tuple(rng.sample(range(52), 5)) for _ in range(HANDS)]
    cards = [[DECK[i] for i in deal] for deal in deals]

    seconds = best_of(5, lambda: score_many(deals))
    batch = HANDS / seconds
    seconds = best_of(5, lambda: [score(c[:4], c[4]) for c in cards])
    one = HANDS / seconds
    print(f"muggins score_many (card indices): {batch:>12,.0f} hands/s")
    print(f"muggins score (Card objects):      {one:>12,.0f} hands/s")

    try:
        from cribbage_scorer import cribbage_scorer as peer
    except ImportError:
        print("cribbage-scorer is not installed: `make bench` installs it")
        return

    def to_peer(index: int) -> tuple[int, str]:
        text = str(DECK[index])
        return PEER_RANK.get(text[0]) or int(text[0]), text[1]

    peer_deals = [[to_peer(i) for i in deal] for deal in deals[:PEER_HANDS]]
    seconds = best_of(3, lambda: [peer.show_calc_score(d[4], d[:4]) for d in peer_deals])
    theirs = PEER_HANDS / seconds
    print(f"cribbage-scorer show_calc_score:   {theirs:>12,.0f} hands/s")
    print(f"ratio, score_many / cribbage-scorer: {batch / theirs:,.0f}x")
    print(f"ratio, score / cribbage-scorer:      {one / theirs:,.0f}x")

    ours = score_many(deals[:PEER_HANDS])
    disagree = sum(1 for mine, d in zip(ours, peer_deals, strict=True)
                   if mine != peer.show_calc_score(d[4], d[:4])[0])
    print(f"hands where the two disagree: {disagree} of {PEER_HANDS}")


if __name__ == "__main__":
    main()
