"""The chances: what a request costs, and the build on 1 and 2 workers.

    .venv/bin/python -m bench.chances [--runs 200] [--deals 6000] [--skip-build]

Requests are answered in-process through the app (the Flask test client), CPU time
(``time.process_time``) beside wall time, medians of ``--runs``: from the scores alone,
after a part of a deal, and with cards seen (six cards dealt; a hand kept and the starter).
The build: the same plan (``--deals`` six-card deals in chunks of 250) built by
``python -m tools.chances`` on a local cluster of 1 worker, then of 2; wall time, and the
CPU of the build's processes (its children's, as the system counts them).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench._common import header

ROOT = Path(__file__).resolve().parent.parent

BODIES: dict[str, dict[str, Any]] = {
    "scores alone (six-card)": {"scores": {"pone": 96, "dealer": 101}},
    "scores alone (five-card)": {"variant": "five-card", "scores": {"pone": 40, "dealer": 45}},
    "after the play": {"scores": {"pone": 110, "dealer": 104}, "after": "play"},
    "after the pone's hand": {"scores": {"pone": 110, "dealer": 104}, "after": "pone_hand"},
    "six cards seen (256 deals)": {"scores": {"pone": 96, "dealer": 101},
                                   "seen": {"player": "pone",
                                            "cards": ["5H", "6D", "7C", "8S", "JH", "KD"]}},
    "hand kept and starter seen (256 deals)": {
        "scores": {"pone": 96, "dealer": 101},
        "seen": {"player": "dealer", "kept": ["5H", "6D", "7C", "8S"], "discard": ["JH", "KD"],
                 "starter": "4C"}},
}
BUDGET_MS = {"scores alone (six-card)": 1.0, "scores alone (five-card)": 1.0,
             "after the play": 2.0, "after the pone's hand": 2.0,
             "six cards seen (256 deals)": 400.0,
             "hand kept and starter seen (256 deals)": 400.0}


def requests(runs: int) -> None:
    from service import create_app

    client = create_app().test_client()
    print("\n## A request's CPU, in-process (medians)")
    print("| request | runs | CPU ms | wall ms | budget ms |")
    print("|---|---:|---:|---:|---:|")
    for name, body in BODIES.items():
        many = runs if "seen" not in body else max(5, runs // 40)
        cpu, wall = [], []
        for _ in range(many):
            c, w = time.process_time(), time.perf_counter()
            answer = client.post("/v1/chances", json=body)
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - w)
            assert answer.status_code == 200, answer.get_json()
        print(f"| {name} | {many} | {statistics.median(cpu) * 1000:.3f} | "
              f"{statistics.median(wall) * 1000:.3f} | {BUDGET_MS[name]:g} |")


def build(deals: int, workers: int, out: Path) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tools.chances", "--variant", "six-card",
                    "--deals", str(deals), "--chunk", "250", "--groups", "8",
                    "--workers", str(workers), "--out", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def builds(deals: int) -> None:
    print(f"\n## The build: {deals:,} six-card deals in chunks of 250, local cluster")
    print("| workers | wall s | CPU s (all processes) |")
    print("|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        walls = {}
        files = {}
        for workers in (1, 2):
            out = Path(tmp) / f"{workers}.chances"
            wall, cpu = build(deals, workers, out)
            walls[workers] = wall
            files[workers] = out.read_bytes()
            print(f"| {workers} | {wall:.1f} | {cpu:.1f} |")
        print(f"\nspeed-up from 1 to 2 workers: {walls[1] / walls[2]:.2f}x "
              f"(the same file: {files[1] == files[2]}); {os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--deals", type=int, default=6000)
    parser.add_argument("--skip-build", action="store_true")
    args = parser.parse_args()
    header("chances: requests and the build")
    requests(args.runs)
    if not args.skip_build:
        builds(args.deals)


if __name__ == "__main__":
    main()
