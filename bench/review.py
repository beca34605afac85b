"""CPU seconds to review a 13-deal two-player game and a four-player deal, and to advise
on a lead (the budgets of issue 16: under 1 s each for the reviews).

    make bench          (or: .venv/bin/python -m bench.review)
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench._common import header
from bench._load import game_body
from rules import (
    REVIEW_POSITIONS,
    Card,
    DealRecord,
    PlayEvent,
    ProblemCode,
    RecordError,
    Table,
    Variant,
    advise_play,
    check_game,
    full_deck,
    review_deal,
    review_game,
)
from rules.doubledummy import Budget, BudgetSpent, Objective, Position, Solver
from service.v1.chances import load_tables

GAMES = 8
FOUR_PLAYER_DEALS = 12



def spend_on_adversarial_deals(positions: int, rng: random.Random) -> int:
    """Search four-player deals of low cards (the largest trees), both sides near the
    target, until ``positions`` are stored: the deals searched in full."""
    low = [c for c in full_deck() if c.order <= 6]
    budget = Budget(positions)
    objective = Objective.for_sides((0, 1, 0, 1), 0).with_target((20, 20))
    searched = 0
    try:
        while True:
            rng.shuffle(low)
            Solver(objective, budget=budget).options(
                Position.start([low[i * 4:(i + 1) * 4] for i in range(4)]), (20, 20))
            searched += 1
    except BudgetSpent:
        return searched

def timed(run: Callable[[], Any]) -> tuple[float, float, Any]:
    """CPU and wall seconds of one run, and its answer."""
    cpu, wall = time.process_time(), time.perf_counter()
    answer = run()
    return time.process_time() - cpu, time.perf_counter() - wall, answer


ANN_BOB = Table.seat(Variant.SIX_CARD, ("ann", "bob"), dealer="ann")
"""The games of bench._load: ann and bob, ann dealing first."""
FOUR = Table.seat(Variant.FOUR_PLAYER, ("n", "e", "s", "w"))


def records(body: dict[str, Any]) -> list[DealRecord]:
    out = []
    for deal in body["deals"]:
        out.append(DealRecord(
            {p: [Card.parse(c) for c in cs] for p, cs in deal["dealt"].items()},
            {p: [Card.parse(c) for c in cs] for p, cs in deal["discards"].items()},
            Card.parse(deal["starter"]),
            [PlayEvent(e["player"], Card.parse(e["card"]) if "card" in e else None)
             for e in deal["plays"]]))
    return out


def thirteen_deal_games(rng: random.Random, wanted: int) -> list[list[DealRecord]]:
    """Random legal games to 121 that take exactly 13 deals."""
    found: list[list[DealRecord]] = []
    while len(found) < wanted:
        deals = records(game_body(rng, 20))
        try:
            check_game(ANN_BOB, deals)
        except RecordError as error:
            # Every deal after the game was won is refused: the first of them says when.
            over = min(int(p.path[1]) for p in error.problems
                       if p.code is ProblemCode.AFTER_GAME_OVER)
            if over == 13:
                found.append(deals[:13])
    return found


def four_player_deal(rng: random.Random) -> DealRecord:
    seats = FOUR.seats
    deck = list(full_deck())
    rng.shuffle(deck)
    dealt = {p: deck[i * 5:(i + 1) * 5] for i, p in enumerate(seats)}
    discards = {p: [rng.choice(dealt[p])] for p in seats}
    kept = [[c for c in dealt[p] if c not in discards[p]] for p in seats]
    position, plays = Position.start(kept), []
    while position.actor is not None:
        seat = position.actor
        order = rng.choice(position.legal())
        card = next(c for c in kept[seat] if c.order == order)
        kept[seat].remove(card)
        plays.append(PlayEvent(seats[seat], card))
        position, _ = position.lay(order)
    return DealRecord(dealt, discards, deck[20], plays)


def main() -> None:
    header("review: a 13-deal two-player game, a four-player deal, and play advice")
    rng = random.Random(16)

    games = thirteen_deal_games(rng, GAMES)
    runs = [timed(lambda g=g: review_game(ANN_BOB, g)) for g in games]
    cpu = [r[0] for r in runs]
    judged = sum(len(r[2].deals[i].play.cards) for r in runs for i in range(13)
                 if r[2].deals[i].play is not None)
    print(f"13-deal two-player game to 121, {GAMES} games ({judged} cards judged): CPU "
          f"median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s; wall median "
          f"{statistics.median(r[1] for r in runs):.3f} s")
    # The same games with the chance tables: each card's win_loss searched too.
    tables = load_tables()
    runs = [timed(lambda g=g: review_game(ANN_BOB, g, tables=tables)) for g in games]
    cpu = [r[0] for r in runs]
    spent = "the request's search budget was spent"
    stopped = sum(1 for r in runs for d in r[2].deals
                  if d.play is not None and d.play.reason == spent)
    judged = sum(1 for r in runs for d in r[2].deals if d.play is not None
                 for c in d.play.cards if c.win_loss is not None)
    print(f"  with the chance tables (win_loss): CPU median {statistics.median(cpu):.3f} s, "
          f"max {max(cpu):.3f} s; {judged} cards with a win_loss, {stopped} plays stopped "
          "by the budget")

    deals = [four_player_deal(rng) for _ in range(FOUR_PLAYER_DEALS)]
    for label, before in (("far from the target", None),
                          ("both sides within 20 of 121", {"n&s": 105, "e&w": 101})):
        runs = [timed(lambda d=d, b=before: review_deal(d, table=FOUR, scores_before=b))
                for d in deals]
        cpu = [r[0] for r in runs]
        print(f"four-player deal, {label}, {FOUR_PLAYER_DEALS} deals: CPU median "
              f"{statistics.median(cpu):.3f} s, max {max(cpu):.3f} s")

    # The worst a review request can cost: its whole search budget spent, on four-player
    # deals of low cards (the largest trees) with both sides near the target.
    cpu = time.process_time()
    searched = spend_on_adversarial_deals(REVIEW_POSITIONS, rng)
    print(f"the whole review budget ({REVIEW_POSITIONS:,} positions) spent on {searched} "
          f"adversarial four-player deals: CPU {time.process_time() - cpu:.2f} s "
          "(the worker timeout is 30 s)")

    hand = [Card.parse(c) for c in ("5H", "5D", "6C", "9S")]
    for label, table in (("two players", Table.seat()), ("four players", FOUR)):
        cpu_s, wall, advice = timed(lambda t=table: advise_play(
            table=t, player=t.pone, hand=hand, starter=Card.parse("JH"), plays=()))
        print(f"advice on the lead, {label}: {advice.deals} deals sampled, CPU {cpu_s:.2f} s "
              f"(wall {wall:.2f} s), best {advice.options[0].card} "
              f"{float(advice.options[0].expected):+.3f} ± {advice.options[0].stderr:.3f}")


if __name__ == "__main__":
    main()
