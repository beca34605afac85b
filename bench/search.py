"""The double-dummy search alone, two trees alternately (issue 31): CPU per stored
position, and CPU to the exact answer on fixed sets of positions.

    python -m bench.search [--base DIR] [--rounds 5]

Figures, each the least CPU time (``time.process_time``) of ``--runs`` runs after a
warm-up, wall time beside it:

* ``per position``: 20,000 positions stored on the adversarial four-player deals of
  bench/review.py (low cards, both sides 20 short of the target), µs a position;
* ``four racing``: ``Solver.options`` from the lead to the end, no budget, on six
  four-player deals of the low cards, both sides 20 short;
* ``two, no target``: the same on sixty random two-player six-card hands, no target;
* ``mid-play``: forty positions two to six cards into the play (two players with and
  without a target, three players, four players near the target), options and value.

Each set's answers (every option's value) and the positions stored are summed into a
check figure, so that the two trees are seen to answer alike. With ``--base`` each round
measures the base tree, then this one, each in its own interpreter (``DIR/.venv/bin/python``)
with its tree first on the path, and the table gives the medians of the rounds and
their ratios.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

TREE = Path(__file__).resolve().parent.parent


def least(run: Callable[[], Any], runs: int) -> tuple[float, float, Any]:
    answer = run()
    cpu = wall = float("inf")
    for _ in range(runs):
        start, started = time.process_time(), time.perf_counter()
        run()
        cpu = min(cpu, time.process_time() - start)
        wall = min(wall, time.perf_counter() - started)
    return cpu, wall, answer


def measure(runs: int) -> dict[str, float]:
    from rules import full_deck
    from rules.doubledummy import Budget, BudgetSpent, Objective, Position, Solver

    deck = list(full_deck())
    low = [c for c in deck if c.order <= 6]

    def four_low(rng: random.Random) -> list[Any]:
        rng.shuffle(low)
        return [low[i * 4:(i + 1) * 4] for i in range(4)]

    racing = Objective.for_sides((0, 1, 0, 1), 0).with_target((20, 20))

    def spend(positions: int) -> int:
        rng, budget = random.Random(5), Budget(positions)
        try:
            while True:
                Solver(racing, budget=budget).options(Position.start(four_low(rng)), (20, 20))
        except BudgetSpent:
            return positions

    rng = random.Random(31)
    four = [Position.start(four_low(rng)) for _ in range(6)]
    two = [Position.start([cards[:4], cards[4:]]) for cards in
           (rng.sample(deck, 8) for _ in range(60))]
    middle: list[tuple[Position, Objective, tuple[int, ...] | None]] = []
    shapes = (((0, 1), (0, 1), None), ((0, 1), (0, 1), (9, 7)), ((0, 1, 2), (0, 1, 2), None),
              ((0, 1, 0, 1), (0, 1, 0, 1), (12, 14)))
    for number in range(40):
        seats, side, need = shapes[number % 4]
        cards = rng.sample(deck, 4 * len(seats))
        position = Position.start([cards[i * 4:(i + 1) * 4] for i in range(len(seats))])
        for _ in range(rng.randint(2, 6)):
            if position.actor is None or not position.legal():
                break
            position, _ = position.lay(rng.choice(position.legal()))
        objective = Objective.for_sides(side, rng.randrange(len(seats)))
        middle.append((position, objective if need is None else objective.with_target(need),
                       need))

    def solve(cases: list[tuple[Position, Objective, tuple[int, ...] | None]]) -> int:
        check = 0
        for position, objective, need in cases:
            solver = Solver(objective)
            for order, (game, difference) in solver.options(position, need).items():
                check += order * (game * 1000 + difference)
            if position.actor is not None:
                check += sum(solver.value(position, need))
            check += len(solver.table)
        return check

    sets = {
        "four racing": [(p, racing, (20, 20)) for p in four],
        "two, no target": [(p, Objective.for_sides((0, 1), 0), None) for p in two],
        "mid-play": middle,
    }
    found: dict[str, float] = {}
    positions = 20_000
    cpu, wall, _ = least(lambda: spend(positions), runs)
    found["per position, µs"] = cpu / positions * 1e6
    found["per position, µs wall"] = wall / positions * 1e6
    for name, cases in sets.items():
        cpu, wall, check = least(lambda c=cases: solve(c), runs)  # type: ignore[misc]
        found[f"{name}, ms"] = cpu * 1e3
        found[f"{name}, ms wall"] = wall * 1e3
        found[f"{name}, check"] = check
    return found


def in_tree(tree: Path, runs: int) -> dict[str, float]:
    code = (f"import sys, json, importlib.util; sys.path.insert(0, {str(tree)!r}); "
            f"spec = importlib.util.spec_from_file_location('search', {__file__!r}); "
            "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module); "
            f"print(json.dumps(module.measure({runs})))")
    python = tree / ".venv/bin/python"
    done = subprocess.run([str(python if python.exists() else sys.executable), "-c", code],
                          cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"# python -m bench.search{f' --base {args.base}' if args.base else ''} "
          f"--rounds {args.rounds} --runs {args.runs}")
    if args.base is None:
        for name, value in in_tree(TREE, args.runs).items():
            print(f"{name}: {value:.3f}")
        return 0
    seen: dict[str, dict[str, list[float]]] = {"A": {}, "B": {}}
    for _ in range(args.rounds):
        for side, tree in (("A", args.base.resolve()), ("B", TREE)):
            for name, value in in_tree(tree, args.runs).items():
                seen[side].setdefault(name, []).append(value)
    print(f"A = {args.base}, B = {TREE}: each side's median over {args.rounds} rounds of "
          f"its least of {args.runs} runs")
    print(f"{'A':>12} {'B':>12} {'B/A':>7}  figure")
    for name, values in seen["A"].items():
        a, b = statistics.median(values), statistics.median(seen["B"][name])
        print(f"{a:12.3f} {b:12.3f} {b / a:7.3f}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
