"""A cold ``muggins count``: a new process each run, as a person at a shell starts it.

Each run is ``python -c "from muggins.cli import main; main()" count …`` in a fresh
process (the ``muggins`` script does no more), timed by its wall clock and by the CPU
time the child used (user + system, from ``os.wait4``). This tree and BASE (another
checkout, default /work/base: the CLI before it answered on the library) are run
alternately with this venv's Python, BASE through ``PYTHONPATH``; the least and the
median of each, the ratios BASE / this tree, and ``python -c pass`` in the same run as
the floor (what the interpreter alone costs on this machine now).

    python -m bench.cli [--runs 7] [--base /work/base]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench._common import header

ROOT = Path(__file__).resolve().parent.parent
COMMAND = ["count", "5H", "5C", "5S", "JD", "--starter", "5D", "--claimed", "28"]
CALL = "import sys; from muggins.cli import main; sys.argv[0] = 'muggins'; main()"


def _once(tree: Path) -> tuple[float, float, str]:
    """One cold run in ``tree``: wall seconds, CPU seconds, what it printed."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", CALL, *COMMAND], cwd=tree, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert child.stdout is not None
    output = child.stdout.read().decode()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):
        raise SystemExit(f"{tree}: exit {child.returncode}\n{output}")
    return wall, usage.ru_utime + usage.ru_stime, output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--base", type=Path, default=Path("/work/base"))
    args = parser.parse_args()
    header("a cold `muggins count`, this tree against BASE")
    print(f"base: {args.base}; {args.runs} runs each, alternately; "
          f"muggins {' '.join(COMMAND)}")
    trees = {"base": args.base.resolve(), "this": ROOT}
    walls: dict[str, list[float]] = {name: [] for name in trees}
    cpus: dict[str, list[float]] = {name: [] for name in trees}
    outputs: dict[str, str] = {}
    for _ in range(args.runs):
        for name, tree in trees.items():
            wall, cpu, outputs[name] = _once(tree)
            walls[name].append(wall)
            cpus[name].append(cpu)
    if outputs["base"] != outputs["this"]:
        raise SystemExit("the two trees print different counts:\n"
                         + outputs["base"] + "\n---\n" + outputs["this"])
    print(f"{'':6} {'wall least':>11} {'wall median':>12} {'cpu least':>10} {'cpu median':>11}")
    for name in trees:
        print(f"{name:6} {min(walls[name]):>10.3f}s {statistics.median(walls[name]):>11.3f}s "
              f"{min(cpus[name]):>9.3f}s {statistics.median(cpus[name]):>10.3f}s")
    print("base / this: "
          f"wall least {min(walls['base']) / min(walls['this']):.1f}x, "
          f"median {statistics.median(walls['base']) / statistics.median(walls['this']):.1f}x; "
          f"cpu least {min(cpus['base']) / min(cpus['this']):.1f}x, "
          f"median {statistics.median(cpus['base']) / statistics.median(cpus['this']):.1f}x")
    floor_wall, floor_cpu = [], []
    for _ in range(args.runs):  # the interpreter alone, the least any command can take
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", "pass"])
        _, _, usage = os.wait4(child.pid, 0)
        floor_wall.append(time.perf_counter() - start)
        floor_cpu.append(usage.ru_utime + usage.ru_stime)
    print(f"{'floor':6} {min(floor_wall):>10.3f}s {statistics.median(floor_wall):>11.3f}s "
          f"{min(floor_cpu):>9.3f}s {statistics.median(floor_cpu):>10.3f}s  (python -c pass)")
    target = statistics.median(walls["this"])
    print(f"target: under 0.5 s wall; this tree's median {target:.3f}s "
          f"({'met' if target < 0.5 else 'NOT met'})")


if __name__ == "__main__":
    main()
