"""The search budgets against issue 22's target: no review or play advice over 1 s of CPU.

    make budget        (or: .venv/bin/python -m bench.budget [--deals 1000] [--runs 3])

Four figures, each CPU time (``time.process_time``) with wall time beside it, medians of
``--runs`` runs:

* the search's CPU per stored position, on the adversarial deals below;
* the worst review: the whole review budget (``REVIEW_POSITIONS``) spent on adversarial
  four-player deals (low cards, the largest trees, both sides 20 short of the target);
* the worst play advice: a four-player lead, where sampling runs until the budget is
  spent; and under the objective win (two players, each deal searched for the points
  and then for the chance of winning), the lead and the reply at 1,000 samples;
* the finish share: of ``--deals`` random four-player deals near the target (seeded;
  "near": each side's score before the deal drawn from 111 to 120, so both sides are
  within 10 of 121), how many reviews of the play finish within the budget a single
  deal may spend (``REVIEW_POSITIONS``). Each deal is reviewed once
  with that budget, and the positions it stored give the share at smaller budgets too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench._common import header
from bench.review import FOUR, four_player_deal, spend_on_adversarial_deals
from rules import (
    ADVICE_POSITIONS,
    REVIEW_POSITIONS,
    Card,
    PlayEvent,
    Table,
    advise_play,
    review_deal,
)
from rules.chances import PlayToWin
from service.v1.chances import load_tables


def timed(run: Callable[[], Any]) -> tuple[float, float, Any]:
    cpu, wall = time.process_time(), time.perf_counter()
    answer = run()
    return time.process_time() - cpu, time.perf_counter() - wall, answer


def medians(runs: list[tuple[float, float, Any]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def per_position(runs: int) -> None:
    positions = 100_000
    found = [timed(lambda s=s: spend_on_adversarial_deals(positions, random.Random(s)))
             for s in range(runs)]
    cpu, wall = medians(found)
    print(f"search: {cpu / positions * 1e6:.2f} µs CPU a stored position "
          f"(wall {wall / positions * 1e6:.2f} µs), median of {runs} runs of "
          f"{positions:,} positions")


def worst_review(runs: int) -> None:
    found = [timed(lambda: spend_on_adversarial_deals(REVIEW_POSITIONS, random.Random(22)))
             for _ in range(runs)]
    cpu, wall = medians(found)
    print(f"worst review: the whole budget ({REVIEW_POSITIONS:,} positions) spent on "
          f"{found[0][2]} adversarial four-player deals: CPU {cpu:.2f} s (wall {wall:.2f} s)")


FORMER_ADVICE_POSITIONS = 80_000
"""ADVICE_POSITIONS before issue 31's faster search bought a larger one (item 4)."""


def worst_advice(runs: int) -> None:
    """The lead, sampled until the budget is spent; with the options' standard errors,
    and theirs at the former budget (the same seed: the same deals, fewer of them)."""
    hand = [Card.parse(c) for c in ("5H", "5D", "6C", "9S")]
    for label, table in (("two players", Table.seat()), ("four players", FOUR)):
        found = [timed(lambda t=table: advise_play(
            table=t, player=t.pone, hand=hand, starter=Card.parse("JH"), plays=()))
            for _ in range(runs)]
        cpu, wall = medians(found)
        advice = found[0][2]
        former = advise_play(table=table, player=table.pone, hand=hand,
                             starter=Card.parse("JH"), plays=(),
                             budget=FORMER_ADVICE_POSITIONS)
        print(f"advice on the lead, {label} (budget {ADVICE_POSITIONS:,}): "
              f"{advice.deals} deals sampled, CPU {cpu:.2f} s (wall {wall:.2f} s)")
        print(f"  standard errors, best first: {errors(advice)}; at "
              f"{FORMER_ADVICE_POSITIONS:,}, {former.deals} deals: {errors(former)}")


def errors(advice: Any) -> str:
    return ", ".join(f"{option.card}: {float(option.expected):+.2f} ± {option.stderr:.2f}"
                     for option in advice.options)


def worst_win_advice(runs: int) -> None:
    """The objective win: each deal searched twice (points, then the chance of winning with
    the table after the play at the leaves), from the lead and after it, with the most
    samples a request may ask for (exact deals first, then sampling on what is left)."""
    table = Table.seat()
    hand = [Card.parse(c) for c in ("5H", "5D", "6C", "9S")]
    after_lead = [PlayEvent("pone", Card.parse("5H"))]
    tables = load_tables()
    for label, player, mine, plays, scores in (
            ("the lead, 0-0", "pone", hand, (), {"pone": 0, "dealer": 0}),
            ("the lead, 110-112", "pone", hand, (), {"pone": 110, "dealer": 112}),
            ("the dealer's reply, 0-0", "dealer", [Card.parse(c) for c in
                                                   ("2H", "3D", "4C", "KS")],
             after_lead, {"pone": 0, "dealer": 0}),
            ("the dealer's reply, 116-119", "dealer", [Card.parse(c) for c in
                                                       ("2H", "3D", "4C", "KS")],
             after_lead, {"pone": 116, "dealer": 119})):
        found = [timed(lambda p=player, m=mine, pl=plays, s=scores: advise_play(
            table=table, player=p, hand=m, starter=Card.parse("JH"), plays=pl,
            samples=1000, by_chance=PlayToWin(table, s, tables, p, hand=m,
                                                starter=Card.parse("JH"))))
            for _ in range(runs)]
        cpu, wall = medians(found)
        advice = found[0][2]
        method = "exact" if advice.exact else "sampled"
        print(f"win advice, {label} (budget {ADVICE_POSITIONS:,}): {advice.deals} deals "
              f"{method}, CPU {cpu:.2f} s (wall {wall:.2f} s)")


def finish_share(deals: int) -> None:
    rng = random.Random(22)
    limit = REVIEW_POSITIONS
    spent: list[int] = []
    unfinished = 0
    cpu: list[float] = []
    for _ in range(deals):
        record = four_player_deal(rng)
        before = {"n&s": rng.randint(111, 120), "e&w": rng.randint(111, 120)}
        took, _, review = timed(lambda r=record, b=before: review_deal(
            r, table=FOUR, scores_before=b))
        cpu.append(took)
        play = review.play
        if play is None:
            spent.append(0)
            continue
        spent.append(play.positions)
        if play.reason == "the request's search budget was spent":
            unfinished += 1
    finished = deals - unfinished
    print(f"finish share: {finished} of {deals} four-player deals near the target "
          f"({finished / deals:.1%}) finish within {limit:,} positions; CPU per review "
          f"median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s")
    done = sorted(s for s in spent if s < limit)
    for share in (0.5, 0.9, 0.99, 0.995):
        at = int(share * deals) - 1
        need = done[at] if at < len(done) else None
        print(f"  {share:.1%} of the deals finish within "
              + (f"{need:,} positions" if need is not None else f"more than {limit:,}"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=("position", "review", "advice", "win", "share"))
    args = parser.parse_args()
    header("the search budgets: CPU per position, the worst review and advice, the "
           "finish share")
    if args.only in (None, "position"):
        per_position(args.runs)
    if args.only in (None, "review"):
        worst_review(args.runs)
    if args.only in (None, "advice"):
        worst_advice(args.runs)
    if args.only in (None, "advice", "win"):
        worst_win_advice(args.runs)
    if args.only in (None, "share"):
        finish_share(args.deals)


if __name__ == "__main__":
    main()
