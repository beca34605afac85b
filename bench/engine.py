"""CPU and wall time of the engine's hot workloads (issue 31), this tree against another
checkout measured in the same run, the two taking turns.

    .venv/bin/python -m bench.engine [--base /work/base] [--rounds 3] [--profile WORKLOAD]
        [--base-python PATH]

The workloads: discard advice on 200 random six-card hands (both roles); the opponent's
discard and the one-ply play dealt out for a discard near the end (``discard_chances`` at
118-117, the review's 32 deals an option, 4 hands); a 13-deal game reviewed with chances
(4 games, bench/review.py's seeded games); one of the table's chunks (600 deals dealt by
the strategy); ``games``, issue 31's target figure: bench/chances_review.py's 8 games
reviewed with chances one by one in one process, the median game's CPU and wall time.
Each round runs every workload once in a fresh subprocess of each tree (its own venv,
the tree first on ``sys.path``), base first then this tree, and the figures are the
medians over rounds. ``--profile`` prints the cProfile top lines
(by own time) of one workload in each tree instead. ``--base-python`` runs the base tree
with another interpreter (this tree's, say, when the base's venv lacks a dependency the
workloads import): the tree still comes first on ``sys.path``.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
WORKLOADS = ("advice", "deal_out", "review", "chunk", "games")


def _workload(name: str) -> Callable[[], object]:
    """The workload, set up (tables loaded, hands dealt) so that calling it is the cost."""
    import random

    import rules
    import rules.advice
    from rules import Variant, full_deck, review_game
    # The rank table built before timing: main before issue 29 has ``prepare`` on the
    # library's face, later trees on the advice's.
    prepare = getattr(rules.advice, "prepare", None) or rules.prepare
    prepare()
    deck = list(full_deck())
    rng = random.Random(31)
    if name == "advice":
        from rules import advise
        hands = [rng.sample(deck, 6) for _ in range(200)]
        return lambda: [advise(hand, dealer=dealer) for hand in hands for dealer in (False, True)]
    if name == "chunk":
        from rules.chances import tally_chunk
        return lambda: tally_chunk(Variant.SIX_CARD, 31, 0, 600)
    from service.v1.chances import load_tables
    tables = load_tables()
    if name == "deal_out":
        from rules.chances import discard_chances
        asks = [(rng.sample(deck, 6), rng.random() < 0.5) for _ in range(4)]
        return lambda: [discard_chances(cards, dealer=dealer, tables=tables, samples=32,
                                        scores={"pone": 118, "dealer": 117})
                        for cards, dealer in asks]
    from bench.review import ANN_BOB, thirteen_deal_games
    games = thirteen_deal_games(random.Random(16), 4)
    return lambda: [review_game(ANN_BOB, game, tables=tables) for game in games]


def _games() -> dict[str, float]:
    """bench/chances_review.py's figure: each of its 8 games reviewed with chances, in
    turn; the median game."""
    import random

    from bench.review import ANN_BOB, thirteen_deal_games
    from rules import review_game
    from service.v1.chances import load_tables
    tables = load_tables()
    cpu, wall = [], []
    for game in thirteen_deal_games(random.Random(16), 8):
        started, clock = time.process_time(), time.perf_counter()
        review_game(ANN_BOB, game, tables=tables)
        cpu.append(time.process_time() - started)
        wall.append(time.perf_counter() - clock)
    return {"cpu": statistics.median(cpu), "wall": statistics.median(wall)}


def _worker(name: str) -> None:
    if name == "games":
        print(json.dumps(_games()))
        return
    run = _workload(name)
    cpu, wall = time.process_time(), time.perf_counter()
    run()
    print(json.dumps({"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}))


PYTHON: dict[Path, Path] = {}
"""An interpreter to run a tree with, where not its own venv's (``--base-python``)."""


def _in_tree(tree: Path, call: str) -> str:
    """The output of ``call`` (this module's function, as code) run by ``tree``'s venv
    (or :data:`PYTHON`'s) with ``tree`` first on ``sys.path``."""
    python = PYTHON.get(tree, tree / ".venv" / "bin" / "python")
    code = (f"import sys; sys.path.insert(0, {str(tree)!r}); sys.path.insert(1, {str(HERE)!r}); "
            f"import importlib.util as u; s = u.spec_from_file_location('engine', "
            f"{str(Path(__file__).resolve())!r}); m = u.module_from_spec(s); "
            f"s.loader.exec_module(m); m.{call}")
    return subprocess.run([str(python), "-c", code], cwd=tree, check=True, capture_output=True,
                          text=True).stdout


def _measure(tree: Path, name: str) -> dict[str, float]:
    found: dict[str, float] = json.loads(
        _in_tree(tree, f"_worker({name!r})").strip().splitlines()[-1])
    return found


def _profile(name: str, lines: int) -> None:
    run = _workload(name)
    profile = cProfile.Profile()
    profile.runcall(run)
    pstats.Stats(profile).sort_stats("tottime").print_stats(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", type=Path, default=Path("/work/base"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=WORKLOADS, action="append")
    parser.add_argument("--profile", choices=WORKLOADS[:-1])
    parser.add_argument("--lines", type=int, default=15)
    parser.add_argument("--base-python", type=Path)
    args = parser.parse_args()
    if args.base_python:
        PYTHON[args.base] = args.base_python
    if args.profile:
        for tree in (args.base, HERE):
            print(f"## {args.profile} in {tree}")
            print(_in_tree(tree, f"_profile({args.profile!r}, {args.lines})"))
        return
    from bench._common import header
    header(f"engine workloads: this tree against {args.base}, alternating")
    for name in args.only or WORKLOADS:
        runs: dict[str, list[dict[str, float]]] = {"base": [], "this": []}
        for _ in range(args.rounds):
            runs["base"].append(_measure(args.base, name))
            runs["this"].append(_measure(HERE, name))
        med = {tree: {k: statistics.median(r[k] for r in rs) for k in ("cpu", "wall")}
               for tree, rs in runs.items()}
        print(f"{name:<9} base CPU {med['base']['cpu']:.3f} s wall {med['base']['wall']:.3f} s"
              f" | this CPU {med['this']['cpu']:.3f} s wall {med['this']['wall']:.3f} s"
              f" | CPU {med['base']['cpu'] / med['this']['cpu']:.2f}x"
              f" wall {med['base']['wall'] / med['this']['wall']:.2f}x", flush=True)


if __name__ == "__main__":
    main()
