"""``muggins archive`` measured: games reviewed per core-minute, and the speed-up from
one worker to two (docs/archive.md).

    .venv/bin/python -m bench.archive [--games 40]

The games are the open corpus's (bench/open_corpus.py: the sample's 30 read from the
repository, any more played first, about 0.7 s a game, outside the times), written to a
temporary file and reviewed into a fresh folder on a local cluster of one worker, then
of two. The time is the wall time of the whole run, the cluster's start included; a
core-minute is a worker busy for a minute. 2,000 games take about 2,000 / the rate of
one worker, in minutes.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bench._common import header
from bench.open_corpus import corpus_games
from muggins.archive import review_archive


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    header("whole archives on Dask")
    with tempfile.TemporaryDirectory() as folder:
        games = Path(folder) / "games.txt"
        games.write_text(corpus_games(args.games), encoding="utf-8")
        seconds = {}
        for workers in (1, 2):
            started = time.perf_counter()
            summary = review_archive([str(games)], Path(folder) / f"out-{workers}",
                                     workers=workers, progress=False)
            seconds[workers] = time.perf_counter() - started
            assert summary.reviewed == args.games
            rate = args.games / (seconds[workers] * workers / 60)
            print(f"{workers} worker(s): {args.games} games in {seconds[workers]:.1f} s: "
                  f"{rate:.0f} games per core-minute")
        same = all((Path(folder) / "out-1" / name).read_bytes()
                   == (Path(folder) / "out-2" / name).read_bytes()
                   for name in ("reviews.jsonl", "players.csv", "players.parquet"))
        print(f"speed-up from 1 worker to 2: {seconds[1] / seconds[2]:.2f}x; "
              f"the outputs the same bytes: {same}")
        print(f"2,000 games at one worker's rate: about {2000 * seconds[1] / args.games / 60:.0f} "
              f"minutes (extrapolated from {args.games})")


if __name__ == "__main__":
    main()
