"""The whole-record reading (issue 28) against the card-by-card reading before it.

    .venv/bin/python -m bench.readings --base /work/base [--rounds 3]

The same records are refereed (``check_play``) by this checkout and by ``--base``, a
checkout of main from before the change (its code, this venv: ``PYTHONPATH``), each
in a fresh process, alternately, A B A B …, ``--rounds`` times: a shared machine's
load drifts, and alternating spreads it over both sides alike. For each set of
records: the median over the rounds of the CPU time (``time.process_time``) per
record, the wall time beside it, each side, and the ratio after/before. The worst
record is the slowest, on this side, of the 52-event four-player records that break a
rule at nearly every event (bench/worst.py's kind), timed alone on both sides.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TREE = Path(__file__).resolve().parent.parent
RUNS = 3
"""Timed passes over each set inside one process (after a warm-up); the median counts."""

Record = dict[str, Any]


def child(path: str) -> None:
    """Time every set in ``path`` with whichever ``rules`` is on the path; print JSON."""
    from rules import Card, PlayEvent, Table, Variant, check_play

    sets = json.loads(Path(path).read_text())

    def parsed(record: Record) -> tuple[list[PlayEvent], Table, dict[str, list[Card]] | None]:
        events = [PlayEvent(p, None if c is None else Card.parse(c)) for p, c in record["plays"]]
        hands = record["hands"]
        known = None if hands is None else {p: [Card.parse(c) for c in cs]
                                            for p, cs in hands.items()}
        return events, Table.seat(Variant(record["variant"]), record["seats"]), known

    out: dict[str, Any] = {}
    for name, records in sets.items():
        items = [parsed(record) for record in records]
        if name == "worst":
            each = []
            for events, table, known in items:
                check_play(events, table=table, hands=known)
                c = time.process_time()
                check_play(events, table=table, hands=known)
                each.append((time.process_time() - c) * 1e6)
            out[name] = each
            continue
        cpu, wall = [], []
        for run in range(RUNS + 1):
            c, w = time.process_time(), time.perf_counter()
            for events, table, known in items:
                check_play(events, table=table, hands=known)
            if run:  # the first pass warms up
                cpu.append((time.process_time() - c) / len(items) * 1e6)
                wall.append((time.perf_counter() - w) / len(items) * 1e6)
        out[name] = [statistics.median(cpu), statistics.median(wall)]
    print(json.dumps(out))


# -- the records, made once on this side ---------------------------------------------


def make_sets() -> dict[str, list[Record]]:
    from rules import Card, PlayState, Table, Variant, full_deck

    deck = [str(card) for card in full_deck()]
    seats = {"six-card": ["pone", "dealer"], "seven-card": ["pone", "dealer"],
             "four-player": ["n", "e", "s", "w"]}

    def legal(rng: random.Random, variant: str) -> tuple[list[list[Any]], dict[str, list[str]]]:
        """A legal play with every go said, as (player, card or None) pairs."""
        names = seats[variant]
        size = Variant(variant).spec.hand_size
        drawn = rng.sample(deck, size * len(names))
        hands = {p: drawn[i * size:(i + 1) * size] for i, p in enumerate(names)}
        state = PlayState.start(Table.seat(Variant(variant), names),
                                {p: [Card.parse(c) for c in cs] for p, cs in hands.items()})
        plays: list[list[Any]] = []
        while not state.over:
            cards = state.legal_cards()
            player = names[state.turn]
            if cards:
                card = rng.choice(cards)
                plays.append([player, str(card)])
                state = state.lay(card)[0]
            else:
                plays.append([player, None])
                state = state.go()[0]
        return plays, hands

    def slipped(rng: random.Random, variant: str, slips: int) -> Record:
        """Gos left out or not, then slips: a card laid early, laid twice, a stray go,
        two events swapped."""
        plays, hands = legal(rng, variant)
        if rng.random() < 0.5:
            plays = [e for e in plays if e[1] is not None]
        names = seats[variant]
        for _ in range(slips):
            at = rng.randrange(len(plays) + 1)
            player = rng.choice(names)
            kind = rng.randrange(4)
            if kind == 0:
                plays.insert(at, [player, rng.choice(hands[player])])
            elif kind == 1:
                plays.insert(at, list(plays[rng.randrange(len(plays))]))
            elif kind == 2:
                plays.insert(at, [player, None])
            else:
                at = min(at, len(plays) - 2)
                plays[at], plays[at + 1] = plays[at + 1], plays[at]
        return {"plays": plays, "hands": hands if rng.random() < 0.5 else None,
                "variant": variant, "seats": names}

    def before_go(rng: random.Random, variant: str) -> Record | None:
        plays, hands = legal(rng, variant)
        held = {p: list(cs) for p, cs in hands.items()}
        spots = []
        for i, (player, card) in enumerate(plays):
            if card is not None:
                held[player].remove(card)
            elif held[player]:
                spots.append((i, player, list(held[player])))
        if not spots:
            return None
        i, player, cards = rng.choice(spots)
        plays.insert(i, [player, rng.choice(cards)])
        return {"plays": plays, "hands": hands, "variant": variant, "seats": seats[variant]}

    def garbage(rng: random.Random) -> Record:
        names = seats["four-player"]
        drawn = rng.sample(deck, 16)
        hands = {p: drawn[4 * i:4 * i + 4] for i, p in enumerate(names)}
        odds = rng.choice((0.1, 0.35))
        plays = []
        for _ in range(52):
            player = rng.choice(names)
            plays.append([player, None if rng.random() < odds else rng.choice(hands[player])])
        return {"plays": plays, "hands": hands if rng.random() < 0.5 else None,
                "variant": "four-player", "seats": names}

    rng = random.Random(28)
    sets: dict[str, list[Record]] = {}
    plain = []
    for _ in range(400):
        plays, hands = legal(rng, "six-card")
        plain.append({"plays": [e for e in plays if e[1] is not None], "hands": hands,
                      "variant": "six-card", "seats": seats["six-card"]})
    sets["legal six-card plays, gos left out"] = plain
    for variant in ("six-card", "four-player"):
        sets[f"{variant} plays with 1 to 3 slips"] = [
            slipped(rng, variant, rng.randrange(1, 4)) for _ in range(150)]
    sets["a card over 31 before its player's go"] = [
        r for r in (before_go(rng, rng.choice(list(seats))) for _ in range(150)) if r]
    sets["worst"] = [garbage(rng) for _ in range(30)]
    return sets


def run_side(tree: Path, path: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", path],
                          env=env, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    sys.path.insert(0, str(TREE))
    from bench._common import header

    parser = argparse.ArgumentParser()
    parser.add_argument("--base", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    header("the whole-record reading against the card-by-card reading (issue 28)")
    sets = make_sets()
    with tempfile.TemporaryDirectory() as scratch:
        path = str(Path(scratch) / "sets.json")
        Path(path).write_text(json.dumps(sets))
        before: list[dict[str, Any]] = []
        after: list[dict[str, Any]] = []
        for _ in range(args.rounds):
            before.append(run_side(args.base.resolve(), path))
            after.append(run_side(TREE, path))
    print(f"{args.rounds} rounds, base then this checkout; µs of CPU (wall) per record")
    for name, records in sets.items():
        if name == "worst":
            continue
        b_cpu = statistics.median(r[name][0] for r in before)
        a_cpu = statistics.median(r[name][0] for r in after)
        b_wall = statistics.median(r[name][1] for r in before)
        a_wall = statistics.median(r[name][1] for r in after)
        print(f"{name} ({len(records)}): before {b_cpu:.0f} ({b_wall:.0f}), "
              f"after {a_cpu:.0f} ({a_wall:.0f}): {a_cpu / b_cpu:.2f}x CPU, "
              f"{a_wall / b_wall:.2f}x wall")
    worst = sets["worst"]
    a_each = [statistics.median(r["worst"][i] for r in after) for i in range(len(worst))]
    b_each = [statistics.median(r["worst"][i] for r in before) for i in range(len(worst))]
    slowest = max(range(len(worst)), key=a_each.__getitem__)
    print(f"52-event four-player records breaking a rule at nearly every event "
          f"({len(worst)}): median before {statistics.median(b_each):.0f}, "
          f"after {statistics.median(a_each):.0f} µs CPU; the worst record: before "
          f"{b_each[slowest]:.0f}, after {a_each[slowest]:.0f} µs CPU: "
          f"{a_each[slowest] / b_each[slowest]:.1f}x")


if __name__ == "__main__":
    main()
