"""The fastest of many runs, in CPU time (wall time beside it), of the referee's hot paths,
the reviews and the search, in this checkout or another one; for comparing two trees on
a machine that others load.

    python -m bench.fastest [--base DIR] [--rounds 4] [--python PY] [--only live,play,count]
    python -m bench.fastest --profile live|play|count [--base DIR]

The least CPU time of N runs is what the code costs when nothing else takes the core, so
it drifts far less with a shared machine's load than a median does (bench/sidebyside.py
gives medians and their spread). Each round runs this script's own measure in each
checkout, alternately (``DIR/.venv/bin/python``, or this interpreter where that tree has
no venv; that tree first on ``sys.path``); it reads the tree's own API (before issue 19's
``Table`` or after), so any checkout since issue 15 can be measured. Figures: a six-card
play refereed without and with the hands (1,000 random legal plays, the least of 15
runs), a whole 13-deal game (50 games, the least of 9), the six-card dealer's discard
advice (60 hands, the least of 5); per item; a live referee step (each event of the
1,000 plays applied to the play's state with the hands known, then ``in_play``, the
least of 15; issue 31). Where the tree has them (issue 16 on), a
13-deal game reviewed (two games, the least of 5) and the double-dummy search on
adversarial four-player deals (20,000 positions stored, the least of 5, per position).
Each figure is the least CPU time of its runs, and ``wall`` the least wall time.
``--only`` measures some of them: ``play`` (with and without the hands), ``game``,
``advice``, ``live``, ``review``, ``search``, ``count``. ``--profile live`` (or ``play``,
``count``) prints that workload's cProfile by own time instead, in the base tree and then
in this one.

The itemised count (issue 31): bench/hands.py's random hands (5,000, seed 2026, four
cards and a starter), counted as its ``itemised`` way reads them (``count`` and its
items, breakdown and call) and as ``check_hand`` with a claim of 12, per hand, the least
of 15. ``--only count`` measures these alone (seconds, not minutes); ``--profile``
prints cProfile's top lines of the itemised count in each tree instead.
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


def fastest(run: Callable[[], object], runs: int) -> tuple[float, float]:
    """bench._common.best_of in CPU time, and the least wall time, after a warm-up. Not
    that helper with a clock argument: :func:`measure` runs with the other checkout's
    ``bench`` package first on the path, whose ``_common`` may not have it."""
    run()
    best = wall = float("inf")
    for _ in range(runs):
        start, started = time.process_time(), time.perf_counter()
        run()
        best = min(best, time.process_time() - start)
        wall = min(wall, time.perf_counter() - started)
    return best, wall


def count_hands() -> list[tuple[tuple[Any, ...], Any]]:
    """bench/hands.py's hands, as its scorers.py makes them for ours."""
    from rules import full_deck

    deck = list(full_deck())
    rng = random.Random(2026)
    return [(tuple(deck[i] for i in d[:-1]), deck[d[-1]])
            for d in (rng.sample(range(52), 5) for _ in range(5000))]


def itemised(deals: list[tuple[tuple[Any, ...], Any]]) -> None:
    from rules import count

    for hand, starter in deals:
        shown = count(hand, starter, crib=False)
        shown.items, shown.breakdown, shown.call  # noqa: B018  # read as an answer reads them


def measure_count() -> dict[str, tuple[float, float]]:
    from rules import check_hand

    deals = count_hands()
    return {
        "itemised count, µs": per(fastest(lambda: itemised(deals), 15), len(deals) / 1e6),
        "check_hand with a claim, µs": per(fastest(
            lambda: [check_hand(h, s, claimed=12) for h, s in deals], 15), len(deals) / 1e6),
    }


def profile_count() -> str:
    """cProfile's top lines (own time) of the itemised count over the hands, three times."""
    import cProfile
    import io
    import pstats

    deals = count_hands()
    itemised(deals)  # the tables filled first
    profiler = cProfile.Profile()
    profiler.runcall(lambda: [itemised(deals) for _ in range(3)])
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(8)
    return out.getvalue()


GROUPS = ("play", "game", "advice", "live", "review", "search", "count")


def measure(only: frozenset[str] = frozenset(GROUPS)) -> dict[str, float]:
    from bench import pegging
    from bench._load import game_body, pegging_bodies

    try:
        from rules import Table, Variant, advise, check_game, full_deck
        table = Table.seat(Variant.SIX_CARD, ("ann", "bob"), target=1000, dealer="ann")

        def game(deals: object) -> object:
            return check_game(table, deals)  # type: ignore[arg-type]
    except ImportError:  # a tree from before the Table
        # Imported by name: this tree's own modules are the faces (tests/operations/test_layers.py).
        from importlib import import_module
        full_deck = import_module("rules.cards").full_deck
        advise = import_module("rules.discards").advise
        check_game = import_module("rules.game").check_game
        Variant = import_module("rules.variants").Variant

        def game(deals: object) -> object:
            return check_game(("ann", "bob"), "ann", deals, target=1000)  # type: ignore[call-arg,arg-type]

    rng = random.Random(7)
    plays = [pegging.record(body) for body in pegging_bodies(rng, 1000)]
    games = [pegging.game(game_body(rng, 13)) for _ in range(50)]
    deck = list(full_deck())
    hands = [random.Random(3).sample(deck, 6) for _ in range(60)]
    found: dict[str, tuple[float, float]] = {}
    if "count" in only:
        found.update(measure_count())
    if "play" in only:
        found["play without hands, µs"] = per(fastest(
            lambda: [pegging.check_play(e) for e, _ in plays], 15), len(plays) / 1e6)
        found["play with hands, µs"] = per(fastest(
            lambda: [pegging.check_play(e, hands=h) for e, h in plays], 15),
            len(plays) / 1e6)
    if "game" in only:
        found["13-deal game, µs"] = per(fastest(lambda: [game(d) for d in games], 9),
                                        len(games) / 1e6)
    if "advice" in only:
        found["six-card dealer's advice, ms"] = per(fastest(
            lambda: [advise(h, dealer=True, variant=Variant.SIX_CARD) for h in hands], 5),
            len(hands) / 1e3)
    if "live" in only:
        found.update(live(plays))
    if only & {"review", "search"}:
        found.update(engine(only))
    return flatten(found)


def live(plays: list[tuple[Any, Any]]) -> dict[str, tuple[float, float]]:
    """The live referee step, and the step with its answer read whole (what may and may
    not be laid: what the live endpoint answers), where the tree has it."""
    try:
        from rules import Table, Variant, in_play
        from rules.play import PlayState
    except ImportError:  # a tree from before the live referee
        return {}
    table = Table.seat(Variant.SIX_CARD, ("pone", "dealer"), dealer="dealer")
    steps = [(PlayState.start(table, h), [e.card for e in e_]) for e_, h in plays]
    count = sum(len(e) for _, e in steps) / 1e6

    def read_whole(state: Any) -> object:
        coming = in_play(state)
        # getattr: a tree from before the moves not legal (issue 28) has no such field.
        return (coming.player, coming.count, coming.legal, coming.go,
                getattr(coming, "not_legal", None))

    return {"live referee step, µs": per(fastest(lambda: live_steps(steps, in_play), 15), count),
            "live step, answer read whole, µs": per(fastest(
                lambda: live_steps(steps, read_whole), 15), count)}


def engine(only: frozenset[str]) -> dict[str, tuple[float, float]]:
    """The review and the search, where the tree has them (issue 16 on)."""
    try:
        from bench.review import ANN_BOB, spend_on_adversarial_deals, thirteen_deal_games
        from rules import review_game
    except ImportError:  # a tree from before the reviews (issue 16)
        return {}
    found = {}
    if "review" in only:
        reviewed = thirteen_deal_games(random.Random(16), 2)
        found["13-deal game reviewed, ms"] = per(fastest(
            lambda: [review_game(ANN_BOB, g) for g in reviewed], 5), len(reviewed) / 1e3)
    if "search" in only:
        positions = 20_000
        found["search, µs a stored position"] = per(fastest(
            lambda: spend_on_adversarial_deals(positions, random.Random(5)), 5),
            positions / 1e6)
    return found


def profile(group: str, lines: int = 16) -> None:
    """The cProfile of one workload, by own time: the live step (``live``, the steps of
    :func:`live_steps`) or the play without the hands (``play``), on the plays
    :func:`measure` times; or the itemised count (``count``, :func:`profile_count`)."""
    import cProfile
    import pstats

    if group == "count":
        print(profile_count())
        return
    from bench import pegging
    from bench._load import pegging_bodies
    from rules import Table, Variant, in_play
    from rules.play import PlayState

    plays = [pegging.record(body) for body in pegging_bodies(random.Random(7), 1000)]
    if group == "live":
        table = Table.seat(Variant.SIX_CARD, ("pone", "dealer"), dealer="dealer")
        steps = [(PlayState.start(table, h), [e.card for e in e_]) for e_, h in plays]

        def run() -> object:
            return live_steps(steps, in_play)
    else:
        def run() -> object:
            return [pegging.check_play(e) for e, _ in plays]
    run()
    profiler = cProfile.Profile()
    profiler.runcall(run)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(lines)


def live_steps(steps: list[tuple[Any, list[Any]]], in_play: Callable[[Any], object]) -> None:
    """The live referee, an event at a time: each card laid (or go said) on the play's
    state, then what comes next, as a club app asks after every event with the hands
    known."""
    for state, cards in steps:
        for card in cards:
            state = (state.go() if card is None else state.lay(card))[0]
            in_play(state)


def per(times: tuple[float, float], items: float) -> tuple[float, float]:
    return times[0] / items, times[1] / items


def flatten(found: dict[str, tuple[float, float]]) -> dict[str, float]:
    """Each figure's CPU time, and its wall time as ``<figure> wall``."""
    out = {}
    for name, (cpu, wall) in found.items():
        out[name] = cpu
        out[f"{name} wall"] = wall
    return out


def in_tree(tree: Path, python: Path | None = None,
            only: frozenset[str] = frozenset(GROUPS), call: str | None = None) -> Any:
    """:func:`measure` in ``tree``, with ``python`` (default: the tree's venv, else this
    interpreter); or ``call``, another of this module's functions, whose printed output
    is returned."""
    # The tree's own library and bench helpers; this file's measure, loaded by its path.
    code = (f"import sys, json, importlib.util; sys.path.insert(0, {str(tree)!r}); "
            f"spec = importlib.util.spec_from_file_location('fastest', {__file__!r}); "
            "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module); "
            + (f"module.{call}" if call else
               f"print(json.dumps(module.measure(frozenset({sorted(only)!r}))))"))
    if python is None:
        python = tree / ".venv/bin/python"
        if not python.exists():
            python = Path(sys.executable)
    done = subprocess.run([str(python), "-c", code], cwd=tree, capture_output=True, text=True,
                          check=True)
    if call:
        return done.stdout
    return json.loads(done.stdout.splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--python", type=Path,
                        help="the interpreter for both trees (default: each tree's venv)")
    parser.add_argument("--profile", choices=("live", "play", "count"),
                        help="print this workload's profile by own time instead")
    parser.add_argument("--only", default=",".join(GROUPS),
                        help=f"the figures to measure, some of {','.join(GROUPS)}")
    args = parser.parse_args(argv)
    if args.profile:
        for tree in (args.base, TREE) if args.base else (TREE,):
            print(f"# {tree}")
            print(in_tree(tree.resolve(), args.python and args.python.absolute(),
                          call=f"profile({args.profile!r})"))
        return 0
    only = frozenset(args.only.split(","))
    if not only <= set(GROUPS):
        unknown = ",".join(sorted(only - set(GROUPS)))
        parser.error(f"--only: {unknown} is not one of {','.join(GROUPS)}")
    print(f"# python -m bench.fastest{f' --base {args.base}' if args.base else ''} "
          f"--rounds {args.rounds}{f' --only {args.only}' if args.only != ','.join(GROUPS) else ''}"
          ": the least CPU time of many runs, per item")
    if args.base is None:
        for name, value in measure(only).items():
            print(f"{name}: {value:.2f}")
        return 0
    seen: dict[str, dict[str, list[float]]] = {"A": {}, "B": {}}
    for _ in range(args.rounds):
        for side, tree in (("A", args.base.resolve()), ("B", TREE)):
            for name, value in in_tree(tree, args.python and args.python.absolute(), only).items():
                seen[side].setdefault(name, []).append(value)
    print(f"A = {args.base}, B = {TREE}; each side's median over {args.rounds} rounds of "
          "its least, and the least of all")
    print(f"{'A':>10} {'B':>10} {'B/A':>7} {'A least':>10} {'B least':>10} {'B/A':>7}  figure")
    for name, values in seen["A"].items():
        a, b = statistics.median(values), statistics.median(seen["B"][name])
        a_least, b_least = min(values), min(seen["B"][name])
        print(f"{a:10.2f} {b:10.2f} {b / a:7.3f} {a_least:10.2f} {b_least:10.2f} "
              f"{b_least / a_least:7.3f}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
