"""A big night cross-checked: 200 players, 22 games, in under a second of CPU.

    .venv/bin/python -m bench.club [--players 200] [--games 22] [--errors 0.02] [--runs 7]

The night is seated by ``rules.club.seat`` (no repeated opponent), its games decided
at random, and a share of the card lines (``--errors``) written wrong in one of the
ways Rule 12.2 rules on. Timed: ``check_night`` in the library, and the same night as
``POST /v1/tournaments/check`` through the app in-process (JSON in and out). Median
and worst of the runs, CPU time beside wall time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from bench._common import header
from rules.club import Column, Event, Line, Result, Scorecard, check_night, seat


def night(players: int, games: int, errors: float, seed: int) -> list[Scorecard]:
    rng = random.Random(seed)
    names = [f"Player {n:03d}" for n in range(players)]
    plan = seat(names, games, seed)
    lines: dict[str, list[Line]] = {name: [] for name in names}
    for number, (tables, byes) in enumerate(zip(plan.rounds, plan.byes, strict=True), 1):
        for a, b in tables:
            spread = rng.choice([rng.randint(1, 30)] * 3 + [rng.randint(31, 121)])
            lines[a].append(Line(b, Result.WIN, spread, round=number))
            lines[b].append(Line(a, Result.LOSS, spread, round=number))
        for name in byes:
            lines[name].append(Line(None, round=number))
    for name in names:
        for i, line in enumerate(lines[name]):
            if line.bye or rng.random() >= errors:
                continue
            kind = rng.randrange(4)
            lines[name][i] = (
                replace(line, spread=max(1, (line.spread or 1) - rng.randint(1, 5))) if kind == 0
                else replace(line, spread=None) if kind == 1
                else replace(line, column=Column.PLUS if not line.won else Column.MINUS)
                if kind == 2 else replace(line, result=Result.WIN, column=Column.MINUS
                                          if not line.won else Column.PLUS))
    return [Scorecard(name, tuple(lines[name])) for name in names]


def body(cards: list[Scorecard]) -> dict[str, object]:
    from muggins.cli_night import cards_body
    return {"event": "sanctioned", "cards": cards_body(cards)}


def timed(run: object, runs: int) -> tuple[list[float], list[float]]:
    assert callable(run)
    cpu, wall = [], []
    for _ in range(runs):
        c, w = time.process_time(), time.perf_counter()
        run()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--games", type=int, default=22)
    parser.add_argument("--errors", type=float, default=0.02)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    header("club night cross-check")
    cards = night(args.players, args.games, args.errors, seed=23)
    result = check_night(cards, event=Event.SANCTIONED)
    print(f"{args.players} players, {args.games} games, {sum(len(c.lines) for c in cards)} "
          f"card lines, {args.errors:.0%} written wrong: {len(result.findings)} findings, "
          f"{result.cut.places} qualify, {len(result.bracket.byes) if result.bracket else 0} byes")

    from service import create_app
    client = create_app().test_client()
    request = body(cards)
    for name, run in (("check_night (library)", lambda: check_night(cards,
                                                                    event=Event.SANCTIONED)),
                      ("POST /v1/tournaments/check (in-process)",
                       lambda: client.post("/v1/tournaments/check", json=request))):
        cpu, wall = timed(run, args.runs)
        print(f"{name:<42} CPU median {statistics.median(cpu):.3f} s (worst {max(cpu):.3f}),"
              f" wall median {statistics.median(wall):.3f} s (worst {max(wall):.3f}),"
              f" {args.runs} runs")


if __name__ == "__main__":
    main()
