"""A whole game: deals chained from the first dealer to the winner (docs/rules.md#game-end).

Each deal is refereed by :func:`rules.deal.check_deal`, starting from the scores the
previous deal left. The deal passes to the left after every deal except a misdeal,
which the same dealer deals again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.deal import DealCheck, DealRecord, check_deal, check_deal_record
from rules.errors import ProblemCode, Problems, RecordError
from rules.play import check_seats
from rules.rulesets import MarginRule, Ruleset
from rules.rulings import Finding
from rules.sides import Sides
from rules.variants import Variant

__all__ = ["LAST_FOR_THREE", "GameCheck", "Margin", "check_game", "margin", "margin_lines"]

LAST_FOR_THREE = 3
SKUNK = 31
DOUBLE_SKUNK = 61


class Margin(StrEnum):
    SINGLE = "single"
    SKUNK = "skunk"
    DOUBLE_SKUNK = "double-skunk"
    LURCH = "lurch"


@dataclass(frozen=True, slots=True)
class GameCheck:
    deals: tuple[DealCheck, ...]
    dealers: tuple[str, ...]
    scores: dict[str, int]
    winner: str | None
    margin: Margin | None
    findings: tuple[Finding, ...]
    target: int
    """The score that wins: the one given, or the variant's."""


def margin_lines(target: int, ruleset: Ruleset) -> dict[Margin, int]:
    """Each margin bigger than a single game, and the line below which the loser's score
    makes the win that margin (the bigger margin first).

    ACC (and friendly play): a skunk is a win by 31 or more, a double skunk by 61 or
    more (under 91 and under 61 in a 121 game). Hoyle and the English laws: a lurch
    when the loser has not reached half the target (under 31 in a 61 game, under 61
    in a 121 game).
    """
    if ruleset.spec.margin is MarginRule.LURCH:
        return {Margin.LURCH: (target + 1) // 2}
    return {Margin.DOUBLE_SKUNK: target - DOUBLE_SKUNK + 1, Margin.SKUNK: target - SKUNK + 1}


def margin(scores: Mapping[str, int], winner: str, target: int, ruleset: Ruleset) -> Margin:
    """How big the win was, against the best of the losers (:func:`margin_lines`)."""
    runner_up = max(score for side, score in scores.items() if side != winner)
    for won_by, line in margin_lines(target, ruleset).items():
        if runner_up < line:
            return won_by
    return Margin.SINGLE


def check_game(
    players: Sequence[str],
    first_dealer: str,
    deals: Sequence[DealRecord],
    *,
    variant: Variant = Variant.SIX_CARD,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    target: int | None = None,
) -> GameCheck:
    """``players`` sit in play order (each one's left-hand neighbour follows them).

    The game seats every deal itself, dealer passing left: leave each record's own
    ``players`` empty (seats that differ are refused)."""
    problems = Problems()
    players = check_seats(problems, players, variant)
    if first_dealer not in players:
        problems.add(("first_dealer",), ProblemCode.UNKNOWN_PLAYER,
                     f"{first_dealer!r} is not one of the players")
    if target is not None and target < 1:
        problems.add(("target",), ProblemCode.OUT_OF_RANGE,
                     f"the target is a positive number of points, not {target}")
    elif target is not None and variant.spec.last_for_three and target <= LAST_FOR_THREE:
        problems.add(("target",), ProblemCode.OUT_OF_RANGE,
                     f"three for last would reach a target of {target} before the first deal")
    problems.raise_any()
    target = target or variant.spec.target
    sides = Sides.for_table(players, variant)
    scores = sides.zero()
    n = len(players)
    dealer = players.index(first_dealer)
    if variant.spec.last_for_three:
        scores[sides.of[players[(dealer + 1) % n]]] += LAST_FOR_THREE

    checked: list[DealCheck] = []
    dealers: list[str] = []
    findings: list[Finding] = []
    winner: str | None = None
    for number, deal in enumerate(deals):
        seats = tuple(players[(dealer + 1 + i) % n] for i in range(n))
        if deal.players and tuple(deal.players) != seats:
            problems.add(("deals", number, "players"), ProblemCode.CONFLICT,
                         "the game seats this deal " + ", ".join(seats))
        record = replace(deal, players=seats)
        if problems:
            # A deal before was refused: check the rest as records, to list every problem.
            found = Problems()
            check_deal_record(found, record, variant)
            problems.extend(problem.under("deals", number) for problem in found.found)
            continue
        if winner is not None:
            problems.add(("deals", number), ProblemCode.AFTER_GAME_OVER,
                         f"the game was over after deal {number}: {winner} had won")
            continue
        try:
            result = check_deal(record, variant=variant, ruleset=ruleset, muggins=muggins,
                                scores_before=scores, target=target, sides=sides)
        except RecordError as error:
            problems.extend(error.under("deals", number).problems)
            continue
        checked.append(result)
        dealers.append(players[dealer])
        findings.extend(replace(finding, deal=number) for finding in result.findings)
        scores = dict(result.scores_after)
        winner = result.winner
        if not result.misdeal:
            dealer = (dealer + 1) % n  # the deal passes to the left
    problems.raise_any()
    won_by = None if winner is None else margin(scores, winner, target, ruleset)
    return GameCheck(tuple(checked), tuple(dealers), scores, winner, won_by, tuple(findings),
                     target)
