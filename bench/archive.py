"""``muggins archive`` measured: games reviewed per core-minute, and the speed-up from one
worker to two, on generated games (docs/archive.md#measured).

    .venv/bin/python -m bench.archive [--games 2000] [--seed 1] [--rounds 1]

The games are two-player six-card games the uniform level plays (bench/_archive_games.py:
about 25 ms a game, kept in a cache folder, played outside the times), written as one
archive in the notation. Each round reviews them into a fresh folder on a local cluster
of one worker, then of two (``muggins.cluster.dask_client``, the cluster ``muggins
archive`` starts), through ``muggins.archive.review_archive``, the command's own code,
given the cluster's address.

* **wall**: the review alone, on a cluster already started whose workers have already
  reviewed one game each (their imports and the chance tables' load are a worker's
  fixed cost, not a game's: the cluster's start is printed apart);
* **worker CPU**: each worker process's ``time.process_time`` asked before and after the
  review (``Client.run``), summed: the reviews and whatever else the workers did meanwhile
  (Dask's own bookkeeping), every thread;
* **games per core-minute**: games ÷ (worker CPU in minutes), the rate a busy core
  reviews at; the asking process's CPU (the scheduler, the client writing the parts and
  joining them) is printed beside it, not counted;
* **cores busy**: worker CPU ÷ wall, near 1 and 2 on a quiet machine; well below, the
  workers waited for cores other work held, and the wall times (and the speed-up) say
  more about that work than about the archive;
* **speed-up**: the one-worker review's wall time ÷ the two workers', each round's and
  their median;
* **the same bytes**: every output of every run compared with the first run's.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench._archive_games import CACHE, archive_games
from bench._common import header
from muggins.archive import review_archive
from muggins.archive_read import read_archive, review_record
from muggins.cluster import dask_client

OUTPUTS = ("reviews.jsonl", "players.csv", "players.parquet", "unreadable.csv")
WORKERS = (1, 2)


@dataclass(frozen=True, slots=True)
class Run:
    """One review of the archive: how many workers, and what it took."""

    workers: int
    games: int
    start: float
    """Seconds to start the cluster and warm its workers (not counted in ``wall``)."""
    wall: float
    worker_cpu: float
    """Seconds of CPU of the worker processes, summed."""
    asking_cpu: float
    """Seconds of CPU of the process that asked (scheduler and client)."""

    @property
    def per_core_minute(self) -> float:
        return self.games / (self.worker_cpu / 60)


def _warm(archive: str) -> None:
    """On a worker: the first game reviewed, so that its imports and tables are loaded."""
    first = next(iter(read_archive([archive])))
    if not isinstance(first, Exception):
        review_record(first)


def review_once(archive: Path, out: Path, workers: int) -> Run:
    """``archive`` reviewed into ``out`` (fresh) on a local cluster of ``workers``."""
    started = time.perf_counter()
    with dask_client(workers) as client:
        client.wait_for_workers(workers)
        client.run(_warm, str(archive))
        address = str(client.scheduler_info()["address"])
        before = client.run(time.process_time)
        start = time.perf_counter() - started
        asking, wall = time.process_time(), time.perf_counter()
        summary = review_archive([str(archive)], out, workers=workers, scheduler=address,
                                 progress=False)
        wall, asking = time.perf_counter() - wall, time.process_time() - asking
        after = client.run(time.process_time)
    if summary.unreadable or summary.resumed:
        raise RuntimeError(f"{out}: {summary}: every game read and reviewed afresh expected")
    worker_cpu = sum(after[worker] - before[worker] for worker in after)
    return Run(workers, summary.reviewed, start, wall, worker_cpu, asking)


def same_bytes(one: Path, other: Path) -> bool:
    return all((one / name).read_bytes() == (other / name).read_bytes() for name in OUTPUTS)


def line(run: Run) -> str:
    return (f"{run.workers} worker(s): {run.games} games, wall {run.wall:.1f} s "
            f"(cluster start {run.start:.1f} s apart), worker CPU {run.worker_cpu:.1f} s "
            f"({run.worker_cpu / run.wall:.2f} cores busy), {run.per_core_minute:.0f} games "
            f"per core-minute (asking process CPU {run.asking_cpu:.1f} s)")


def measure(games: int, seed: int, rounds: int, cache: Path) -> tuple[list[Run], bool]:
    """Print the figures (the module's docstring) and return the runs and whether all
    their outputs were the same bytes."""
    clock = time.perf_counter()
    archive, played = archive_games(games, seed, cache)
    text = archive.read_bytes()
    deals = text.count(b"\ndeal: ")
    print(f"archive: {games} games, {deals} deals ({deals / games:.1f} a game), "
          f"{len(text):,} bytes, sha256 {hashlib.sha256(text).hexdigest()[:16]}; "
          + (f"played in {time.perf_counter() - clock:.1f} s" if played
             else f"read from {archive}"))
    runs: list[Run] = []
    same = True
    with tempfile.TemporaryDirectory() as folder:
        for round_ in range(rounds):
            for workers in WORKERS:
                out = Path(folder) / f"out-{round_}-{workers}"
                runs.append(review_once(archive, out, workers))
                print(line(runs[-1]), flush=True)
                same = same and same_bytes(Path(folder) / "out-0-1", out)
    ratios = [one.wall / two.wall for one, two in zip(runs[::2], runs[1::2], strict=True)]
    cpu = sum(run.worker_cpu for run in runs) / len(runs)
    print(f"games per core-minute (all runs' worker CPU): {games / (cpu / 60):.0f}; "
          f"deals per core-minute: {deals / (cpu / 60):.0f}")
    print(f"speed-up from 1 worker to 2 (wall): "
          f"{', '.join(f'{r:.2f}x' for r in ratios)}; median {statistics.median(ratios):.2f}x")
    print(f"the outputs the same bytes (1 and 2 workers, every round): {same}")
    return runs, same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1,
                        help="Rounds of one worker then two, each into fresh folders.")
    parser.add_argument("--cache", type=Path, default=CACHE,
                        help="Where the generated games are kept between runs.")
    args = parser.parse_args()
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds are at least 1")
    header("whole archives on Dask: generated games")
    measure(args.games, args.seed, args.rounds, args.cache)


if __name__ == "__main__":
    main()
