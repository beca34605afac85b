"""The show scorer like for like against four scorers from the package index.

    make bench          (or: .venv/bin/python bench/hands.py [--hands 5000])

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
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from _common import header

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
    args = parser.parse_args()
    header("show scorers like for like: hands per second, fresh process each")

    rng = random.Random(2026)
    deals = [rng.sample(range(52), 5) for _ in range(args.hands)]
    pythons: dict[str, Path | str] = {OURS: sys.executable}
    for peer, version in PEERS.items():
        pythons[peer] = environment(peer, version)

    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        hands = Path(scratch) / "hands.json"
        hands.write_text(json.dumps(deals), encoding="utf-8")
        for scorer, python in pythons.items():
            ways = run(python, scorer, hands, "ways")
            results[scorer] = {way: run(python, scorer, hands, way) for way in ways}
    report(results, args.hands)


def report(results: dict[str, dict[str, Any]], hands: int) -> None:
    versions = {OURS: "this tree", **PEERS}
    print(f"{hands:,} random hands (four cards and a starter), the same for every scorer")
    print(f"{'scorer':<22} {'way':<11} {'cold CPU':>10} {'warm CPU':>10} {'warm wall':>10}"
          "   (hands per second)")
    for scorer, ways in results.items():
        for way, result in sorted(ways.items()):
            t = result["timing"]
            print(f"{scorer + ' ' + versions[scorer]:<22} {way:<11} {1 / t['cold_cpu']:>10,.0f} "
                  f"{1 / t['warm_cpu']:>10,.0f} {1 / t['warm_wall']:>10,.0f}")

    ours = results[OURS]
    print("ratios, warm CPU (cold CPU in brackets), ours over the peer, like for like:")
    for peer in PEERS:
        theirs = results[peer]
        for mine, their in (("totals", "totals"), ("itemised", "itemised"),
                            ("check_hand", "itemised")):
            if their not in theirs:
                continue
            a, b = ours[mine]["timing"], theirs[their]["timing"]
            target = {"itemised": " (target 10x)", "check_hand": " (target 6x)"}.get(mine, "")
            print(f"  {mine:<10} / {peer} {their}: {b['warm_cpu'] / a['warm_cpu']:6.1f}x "
                  f"({b['cold_cpu'] / a['cold_cpu']:.1f}x){target}")

    print("disagreements with our totals:")
    for peer in PEERS:
        line = []
        for rule in ("hand", "crib"):
            mine, theirs = ours["totals"]["totals"][rule], results[peer]["totals"]["totals"][rule]
            wrong = sum(1 for a, b in zip(mine, theirs, strict=True) if a != b)
            line.append(f"{rule} rule {wrong} of {hands}")
        note = " (it has no crib rule: its one rule, compared with both)" \
            if peer == "cribbage" else ""
        print(f"  {peer}: " + ", ".join(line) + note)


if __name__ == "__main__":
    main()
