"""Build a chance table on Dask: the deals dealt in chunks, the induction, the file.

    make chances                       (both shipped tables, on a local cluster)
    python -m tools.chances --variant six-card --deals 400000 --workers 2
    python -m tools.chances --scheduler tcp://10.0.0.5:8786 ...   (many machines)

Each chunk is dealt from its own seed (:func:`rules.chances.chunk_seed`: the build's seed
and the chunk's number), so a chunk is the same wherever it runs; chunks are summed as
integer counts, so the table is the same for any number of workers. The chunks fall into
``--groups`` groups (chunk number modulo the groups) that are induced on their own too:
the spread between them is each figure's interval (batch means). The file records the
command, the seed, the strategy, the sample sizes and every chunk's digest, so a few
chunks can be dealt again and checked against it (``--check``).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import rules.advice
from muggins.cluster import dask_client
from rules.chances import (
    STRATEGY,
    ChanceTable,
    Tally,
    from_bytes,
    half_widths,
    induce,
    shipped_table,
    tally_chunk,
    to_bytes,
)
from rules.core import Variant

SHIPPED = Path(__file__).resolve().parents[2] / "rules" / "chances" / "data"
"""Where a build writes the tables the library ships (package data of ``rules.chances``,
read by :func:`rules.chances.shipped_table`): this source tree's."""


@dataclass(frozen=True)
class Plan:
    variant: Variant
    deals: int
    chunk: int
    seed: int
    groups: int

    @property
    def chunks(self) -> int:
        return -(-self.deals // self.chunk)

    def chunk_deals(self, number: int) -> int:
        return min(self.chunk, self.deals - number * self.chunk)


def _chunk(variant: str, seed: int, number: int, deals: int) -> tuple[int, str, Tally]:
    rules.advice.prepare()
    tally = tally_chunk(Variant(variant), seed, number, deals)
    return number, tally.digest(), tally


def build(plan: Plan, *, scheduler: str | None = None, workers: int = 2,
          command: str = "") -> ChanceTable:
    """Deal the plan's chunks on a Dask cluster and induce the table."""
    from dask.distributed import as_completed

    started, cpu = time.perf_counter(), time.process_time()
    with dask_client(workers, scheduler) as client:
        futures = [client.submit(_chunk, str(plan.variant), plan.seed, number,
                                 plan.chunk_deals(number), pure=False)
                   for number in range(plan.chunks)]
        groups = [Tally.empty(plan.variant) for _ in range(plan.groups)]
        digests = [""] * plan.chunks
        for future in as_completed(futures):
            number, digest, tally = future.result()
            digests[number] = digest
            groups[number % plan.groups] += tally
            future.release()
        total = sum(groups[1:], groups[0])
        induced = client.gather(client.map(induce, [total, *groups], pure=False))
        workers_seen = len(client.scheduler_info()["workers"])
    values, *group_values = induced
    provenance = {
        "command": command,
        "seed": plan.seed,
        "deals": plan.deals,
        "chunk": plan.chunk,
        "groups": plan.groups,
        "strategy": STRATEGY,
        "version": rules.__version__,
        "chunk_digests": hashlib.sha256("".join(digests).encode()).hexdigest(),
        "digests": digests,
    }
    # How it ran is not part of the file, which must not depend on it.
    print(f"{plan.variant}: {plan.deals:,} deals in {plan.chunks} chunks on {workers_seen} "
          f"workers: {time.perf_counter() - started:.1f} s, "
          f"{time.process_time() - cpu:.1f} s of this process's CPU", file=sys.stderr)
    return ChanceTable(total, values, half_widths(group_values), provenance)


def check(table: ChanceTable, chunks: Sequence[int]) -> list[str]:
    """Deal the given chunks of a table again: the problems found (none: each chunk's
    counts match the file's digest, byte for byte)."""
    plan = plan_of(table)
    problems = []
    for number in chunks:
        _, digest, _ = _chunk(str(plan.variant), plan.seed, number, plan.chunk_deals(number))
        if digest != table.provenance["digests"][number]:
            problems.append(f"chunk {number}: dealt again, its counts differ from the file's")
    return problems


def plan_of(table: ChanceTable) -> Plan:
    p = table.provenance
    return Plan(table.tally.variant, int(p["deals"]), int(p["chunk"]), int(p["seed"]),
                int(p["groups"]))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.chances", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", type=Variant, default=Variant.SIX_CARD,
                        choices=[Variant.SIX_CARD, Variant.FIVE_CARD])
    parser.add_argument("--deals", type=int, default=400_000)
    parser.add_argument("--chunk", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--groups", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", help="a Dask scheduler's address (default: a local "
                        "cluster of --workers processes)")
    parser.add_argument("--out", type=Path,
                        help="default: rules/chances/data/<variant>.chances")
    parser.add_argument("--check", type=int, nargs="*", metavar="CHUNK",
                        help="deal these chunks of the table at --out again and compare "
                        "(default: of the table the library ships)")
    args = parser.parse_args(argv)
    out = args.out or SHIPPED / f"{args.variant}.chances"
    if args.check is not None:
        # Without --out, the table the library loads, wherever it is installed from.
        table = from_bytes(args.out.read_bytes()) if args.out else shipped_table(args.variant)
        problems = check(table, args.check)
        for problem in problems:
            print(problem, file=sys.stderr)
        print(f"{args.out or args.variant}: {len(args.check)} chunks dealt again, "
              f"{len(problems)} differ")
        return 1 if problems else 0
    plan = Plan(args.variant, args.deals, args.chunk, args.seed, args.groups)
    command = "python -m tools.chances " + " ".join(
        f"--{name} {value}" for name, value in (("variant", plan.variant),
                                               ("deals", plan.deals), ("chunk", plan.chunk),
                                               ("seed", plan.seed), ("groups", plan.groups)))
    table = build(plan, scheduler=args.scheduler, workers=args.workers, command=command)
    out.write_bytes(to_bytes(table))
    print(f"{out}: written")
    return 0
