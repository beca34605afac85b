"""Bench scripts of two checkouts run side by side: medians, ratios, CPU beside wall.

    python -m bench.sidebyside --base DIR [--tree DIR] [--runs 7] [--no-peers] SCRIPT...
    make sidebyside BASE=/path/to/main [SCRIPTS="bench.pegging bench.hands"] [RUNS=7]

Each SCRIPT (``bench.pegging``, or with its options quoted: ``"bench.hands --rounds
1"``) runs in each checkout with that checkout's own venv (``DIR/.venv/bin/python``)
and code, alternately, A B A B …, ``--runs`` times each: a shared machine's load
drifts, and alternating spreads the drift over both sides alike. Every number a
script prints is a figure, named by its line with the numbers masked (``#``), the
figure itself marked ``[#]``; a figure that never changes (a budget, a count) is left
out. For each figure: the median of A's runs, of B's, the ratio B/A, each side's
spread ((max - min) / median), and the range of B/A over the pairs of runs made one
after the other. Beside them, each run's CPU time (user + system, the
script's children included) and wall time, measured here.

The figures are read from what the scripts print, so any checkout can be compared,
one from before this runner included; a line whose wording differs between the two
checkouts is listed as unmatched. ``--no-peers`` runs bench.hands without the peer
scorers from the package index (only this project's figures).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent

NUMBER = re.compile(r"(?<![\w.#])[-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?"
                    r"(?=$|\W|x(?:$|\W))")
"""A number as the scripts print them (``1,234``, ``22.1``, ``3.4`` in ``3.4x``), not
digits inside a word (``x86_64``, ``six-card``)."""

VERDICT = re.compile(r"\b(?:within|OVER)\b")
"""A budget's verdict: part of a figure's line, but a figure must not change its name
when it crosses its budget."""

SKIPPED = ("# ", "command:", "python ")
"""The header lines (bench/_common.py): the command and the machine, not figures."""

NO_PEERS = "import bench.hands as h; h.PEERS.clear(); h.main()"
"""bench.hands with only our scorer: its peers come from the package index."""


def figures(text: str) -> dict[str, float]:
    """Every number in a script's output, by its line's template and its place."""
    found: dict[str, float] = {}
    seen: defaultdict[str, int] = defaultdict(int)
    for line in text.splitlines():
        if not line.strip() or line.startswith(SKIPPED):
            continue
        # One space for any run of them: tables pad their columns to the numbers' width.
        line = " ".join(line.split())
        numbers = list(NUMBER.finditer(line))
        if not numbers:
            continue
        line = VERDICT.sub("within|OVER", line)
        template = NUMBER.sub("#", line)
        seen[template] += 1
        repeat = f" (line {seen[template]})" if seen[template] > 1 else ""
        for k, match in enumerate(numbers):
            parts = NUMBER.split(line)
            marked = "".join(part + ("" if i == len(numbers) else ("[#]" if i == k else "#"))
                             for i, part in enumerate(parts))
            found[marked + repeat] = float(match.group().replace(",", ""))
    return found


@dataclass
class Side:
    name: str
    tree: Path
    python: str
    runs: list[dict[str, float]] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)


def python_of(tree: Path) -> str:
    venv = tree / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def run(side: Side, script: list[str], no_peers: bool) -> None:
    env = {**os.environ, "PYTHONPATH": str(side.tree)}
    if no_peers and script[0] == "bench.hands":
        command = [side.python, "-c", NO_PEERS, *script[1:]]
    else:
        command = [side.python, "-m", *script]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=side.tree, env=env, capture_output=True, text=True,
                          check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"sidebyside: {' '.join(script)} failed in {side.tree} "
                 f"(exit {done.returncode}):\n{done.stderr[-2000:]}")
    side.runs.append(figures(done.stdout))
    side.cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    side.wall.append(wall)


def spread(values: list[float]) -> str:
    middle = statistics.median(values)
    return "-" if not middle else f"{(max(values) - min(values)) / abs(middle):.0%}"


def ratio(a: float, b: float) -> str:
    return "-" if not a else f"{b / a:.3f}"


def paired(a: list[float], b: list[float]) -> str:
    """The lowest and highest B/A over the runs taken one after the other (run i of A,
    then run i of B): the load drifts less within a pair than over the whole run."""
    ratios = [y / x for x, y in zip(a, b, strict=True) if x]
    return "-" if not ratios else f"{min(ratios):.2f}-{max(ratios):.2f}"


def report(script: str, a: Side, b: Side) -> None:
    print(f"\n## {script}: A = {a.tree}, B = {b.tree}; {len(a.runs)} runs each, alternating")
    print(f"{'A median':>12} {'B median':>12} {'B/A':>7} {'A spread':>9} {'B spread':>9} "
          f"{'paired B/A':>13}  figure")
    rows = [("whole run, CPU s (children included)", a.cpu, b.cpu),
            ("whole run, wall s", a.wall, b.wall)]
    names_a = [n for n in a.runs[0] if all(n in r for r in a.runs)]
    names_b = {n for n in b.runs[0] if all(n in r for r in b.runs)}
    # A line whose wording changes from run to run cannot be followed: say so.
    fleeting = {side.name: sorted({n for r in side.runs for n in r} - set(names))
                for side, names in ((a, names_a), (b, names_b))}
    constant = 0
    for name in names_a:
        if name not in names_b:
            continue
        va = [r[name] for r in a.runs]
        vb = [r[name] for r in b.runs]
        if len(set(va + vb)) == 1:
            constant += 1
            continue
        rows.append((name, va, vb))
    for name, va, vb in rows:
        ma, mb = statistics.median(va), statistics.median(vb)
        print(f"{ma:12.6g} {mb:12.6g} {ratio(ma, mb):>7} {spread(va):>9} {spread(vb):>9} "
              f"{paired(va, vb):>13}  {name}")
    if constant:
        print(f"({constant} figures the same in every run of both, not shown)")
    only_a = [n for n in names_a if n not in names_b]
    only_b = sorted(names_b - set(names_a))
    for label, names in (("A", only_a), ("B", only_b)):
        for name in names:
            print(f"unmatched, only in {label}: {name}")
    for label, names in fleeting.items():
        for name in names:
            print(f"unmatched, in some runs of {label} only: {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.sidebyside",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("scripts", nargs="+", help='e.g. bench.pegging "bench.hands --rounds 1"')
    parser.add_argument("--base", type=Path, required=True, help="checkout A (e.g. main)")
    parser.add_argument("--tree", type=Path, default=TREE, help="checkout B (default: this)")
    parser.add_argument("--runs", type=int, default=7, help="runs of each script per side")
    parser.add_argument("--no-peers", action="store_true",
                        help="bench.hands without the peer scorers from the package index")
    args = parser.parse_args(argv)
    print(f"# side by side: {len(args.scripts)} scripts, {args.runs} runs each per side, "
          f"A B A B …; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the start")
    for text in args.scripts:
        script = shlex.split(text)
        a = Side("A", args.base.resolve(), python_of(args.base.resolve()))
        b = Side("B", args.tree.resolve(), python_of(args.tree.resolve()))
        for i in range(args.runs):
            for side in (a, b):
                run(side, script, args.no_peers)
                print(f"  {text}: run {i + 1} of {side.name} done "
                      f"({side.cpu[-1]:.1f} s CPU, {side.wall[-1]:.1f} s wall)",
                      file=sys.stderr)
        report(text, a, b)
    print(f"\nload {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
