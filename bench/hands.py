"""The show scorer like for like against four scorers from the package index.

    make bench          (or: .venv/bin/python -m bench.hands [--hands 5000])

Every scorer is timed in a fresh process of its own (bench/scorers.py) on the same
random hands, each way it offers: ``totals`` (a number per hand) and ``itemised`` (a
number with its explanation: ours gives the items with their cards, the breakdown by
kind and the spoken call; cribbage-scorer a description of each kind, magmacrunch's
the points by kind). Ours also runs ``check_hand`` (the count, its items, breakdown and
call, and a ruling on a claim), what /v1/hands/check computes. Cold is the first pass
in the process (tables that fill themselves fill here), warm the median of five more.
CPU and wall clocks both. Each peer's totals are compared with ours, hand by hand,
under the hand rule and the crib rule.

The peers are installed here only, never as project dependencies: each in its own
virtual environment under bench/.peers/ (two of them are both called ``cribbage``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench._common import header

HERE = Path(__file__).resolve().parent
PEERS = {"cribbage-scorer": "0.2.5", "cribbage": "1.3.2", "magmacrunch-cribbage": "0.1.1",
         "pycribbage": "1.0.0"}
OURS = "muggins"


def environment(peer: str, version: str) -> Path:
    """The peer's own virtual environment, made and filled on first use."""
    home = HERE / ".peers" / peer
    python = home / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(home)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", f"{peer}=={version}"],
                       check=True, capture_output=True)
    return python


def run(python: Path | str, scorer: str, hands: Path, way: str) -> Any:
    done = subprocess.run([str(python), str(HERE / "scorers.py"), scorer, str(hands), way],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3,
                        help="every scorer's processes once a round, in turn")
    args = parser.parse_args()
    header("show scorers like for like: hands per second, fresh process each")

    rng = random.Random(2026)
    deals = [rng.sample(range(52), 5) for _ in range(args.hands)]
    pythons: dict[str, Path | str] = {OURS: sys.executable}
    for peer, version in PEERS.items():
        pythons[peer] = environment(peer, version)

    rounds: list[dict[str, dict[str, Any]]] = []
    with tempfile.TemporaryDirectory() as scratch:
        hands = Path(scratch) / "hands.json"
        hands.write_text(json.dumps(deals), encoding="utf-8")
        ways = {scorer: run(python, scorer, hands, "ways") for scorer, python in pythons.items()}
        for _ in range(args.rounds):  # the machine's load drifts: every scorer each round
            rounds.append({scorer: {way: run(python, scorer, hands, way) for way in ways[scorer]}
                           for scorer, python in pythons.items()})
    report(rounds, args.hands)


def report(rounds: list[dict[str, dict[str, Any]]], hands: int) -> None:
    versions = {OURS: "this tree", **PEERS}

    def median(scorer: str, way: str, clock: str) -> float:
        """Hands per second, the median over the rounds."""
        return float(statistics.median(1 / r[scorer][way]["timing"][clock] for r in rounds))

    print(f"{hands:,} random hands (four cards and a starter), the same for every scorer; "
          f"{len(rounds)} rounds, medians")
    print(f"{'scorer':<28} {'way':<11} {'cold CPU':>10} {'warm CPU':>10} {'warm wall':>10}"
          "   (hands per second)")
    for scorer, ways in rounds[0].items():
        for way in sorted(ways):
            print(f"{scorer + ' ' + versions[scorer]:<28} {way:<11} "
                  f"{median(scorer, way, 'cold_cpu'):>10,.0f} "
                  f"{median(scorer, way, 'warm_cpu'):>10,.0f} "
                  f"{median(scorer, way, 'warm_wall'):>10,.0f}")

    print("ratios, warm CPU (cold CPU in brackets), ours over the peer, like for like, "
          "each taken within a round:")
    for peer in PEERS:
        for mine, their in (("totals", "totals"), ("itemised", "itemised"),
                            ("check_hand", "itemised")):
            if their not in rounds[0][peer]:
                continue
            ratio = {clock: statistics.median(
                r[peer][their]["timing"][clock] / r[OURS][mine]["timing"][clock] for r in rounds)
                for clock in ("warm_cpu", "cold_cpu")}
            target = {"itemised": " (target 10x)", "check_hand": " (target 6x)"}.get(mine, "")
            print(f"  {mine:<10} / {peer} {their}: {ratio['warm_cpu']:6.1f}x "
                  f"({ratio['cold_cpu']:.1f}x){target}")

    print("disagreements with our totals:")
    ours = rounds[0][OURS]["totals"]["totals"]
    for peer in PEERS:
        line = []
        for rule in ("hand", "crib"):
            theirs = rounds[0][peer]["totals"]["totals"][rule]
            wrong = sum(1 for a, b in zip(ours[rule], theirs, strict=True) if a != b)
            line.append(f"{rule} rule {wrong} of {hands}")
        note = " (it has no crib rule: its one rule, compared with both)" \
            if peer == "cribbage" else ""
        print(f"  {peer}: " + ", ".join(line) + note)


if __name__ == "__main__":
    main()
