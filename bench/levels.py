"""The computer players' levels against each other, and the play rating proved on them
(docs/rating.md, issue 32).

Two seeded sets of games, each every pair of the six levels (rules.players.LEVELS) on
``--pairs`` duplicate deals (the same deals twice, the seats swapped): the **fit** set
(seeds from 1,000) calibrates the bands and the prediction's slope; the **test** set
(seeds from 2,000) is where every figure is measured. Each game is reviewed by
rules.review_game with the shipped chance tables (what /v1/games/review answers) and
rated by rules.review.rate_play; one row a player a game is kept as JSON Lines.

    .venv/bin/python -m bench.levels --pairs 6                  (both sets, then the figures)
    .venv/bin/python -m bench.levels --pairs 6 --set fit --rows fit.jsonl   (one set, kept)
    .venv/bin/python -m bench.levels --figures fit.jsonl test.jsonl        (figures only)

The figures in docs/rating.md: the fit set on 6 pairs, the test set on 34 (every level's
200-game split halves measured), its pairs split between two processes and joined:

    .venv/bin/python -m bench.levels --set fit --pairs 6 --rows fit.jsonl
    .venv/bin/python -m bench.levels --set test --pairs 17 --rows test-a.jsonl
    .venv/bin/python -m bench.levels --set test --first 17 --pairs 34 --rows test-b.jsonl
    cat test-a.jsonl test-b.jsonl > test.jsonl

A pair's games depend only on its seed, so a split gives the rows one process would. A
set of 6 pairs is 180 games, about 3.5 minutes of CPU (0.82 s to play a game, 0.23 s to
review it); 34 pairs are 1,020 games, about 18 minutes; the figures take seconds. The
fit set stops at 10 pairs: its seeds would reach the test set's.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

from bench._common import header
from rules import review_game, shipped_tables
from rules.players import LEVELS, play_duplicate
from rules.review import rate_play

SEEDS = {"fit": 1000, "test": 2000}


def rows(set_name: str, pairs: int, first: int = 0) -> Iterator[dict[str, Any]]:
    """One row a player a game of the set (its duplicate pairs ``first`` to ``pairs`` - 1),
    with the seconds each game took to play and to review."""
    tables = shipped_tables()
    base = SEEDS[set_name]
    for number in range(first, pairs):
        for (i, one), (j, other) in combinations(enumerate(LEVELS), 2):
            seed = base + number * 100 + i * 10 + j
            started = time.process_time()
            games = play_duplicate((one.name, one), (other.name, other), seed=seed,
                                   tables=tables)
            played = time.process_time()
            for swapped, game in enumerate(games):
                review = review_game(game.table, game.deals, tables=tables)
                rated = rate_play(review, game.deals, tables)
                assert rated is not None
                for name, found in rated.items():
                    play = found.play
                    cards = [card for deal in review.deals if deal.play is not None
                             for card in deal.play.cards if card.player == name
                             and card.win_loss is not None and card.choices > 1]
                    yield {"set": set_name, "seed": seed, "swapped": swapped,
                           "level": name, "opponent": other.name if name == one.name
                           else one.name, "result": found.result, "luck": found.luck,
                           "net_luck": found.net_luck, "decisions": play.decisions,
                           "discards_judged": play.discards_judged,
                           "discards": play.discards, "play": play.play,
                           "claims": play.claims, "deals": len(game.deals),
                           "cards": len(cards),
                           "card_points": sum(card.loss or 0 for card in cards),
                           "seconds": {"play": (played - started) / 2,
                                       "review": time.process_time() - played}}
                played = time.process_time()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=6, help="duplicate pairs a pairing")
    parser.add_argument("--first", type=int, default=0,
                        help="the first pair to play (to split a set between processes)")
    parser.add_argument("--set", choices=sorted(SEEDS), help="play one set only")
    parser.add_argument("--rows", type=Path, help="write the rows here (JSON Lines)")
    parser.add_argument("--figures", type=Path, nargs=2, metavar=("FIT", "TEST"),
                        help="the figures from two sets' rows, playing nothing")
    args = parser.parse_args()
    from bench.levels_figures import figures

    if args.figures:
        header("levels: the figures from rows played before")
        loaded = [[json.loads(line) for line in path.open()] for path in args.figures]
        figures(loaded[0], loaded[1])
        return
    header(f"levels: every pair of levels on {args.pairs} duplicate pairs a set")
    found: dict[str, list[dict[str, Any]]] = {}
    for set_name in [args.set] if args.set else sorted(SEEDS):
        started = time.perf_counter()
        found[set_name] = list(rows(set_name, args.pairs, args.first))
        games = len(found[set_name]) // 2
        print(f"{set_name}: {games} games in {time.perf_counter() - started:.0f} s")
        if args.rows:
            with args.rows.open("w") as out:
                out.writelines(json.dumps(row) + "\n" for row in found[set_name])
    if len(found) == 2:
        figures(found["fit"], found["test"])


if __name__ == "__main__":
    main()
