"""A whole game: deals chained from the first dealer to the winner (docs/rules.md#game-end).

Each deal is refereed by :func:`rules.deal.check.check_deal`, starting from the scores the
previous deal left. The deal passes to the left after every deal except a misdeal,
which the same dealer deals again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.core.errors import ProblemCode, Problems, RecordError
from rules.core.findings import Finding
from rules.core.rulesets import MarginRule, Ruleset
from rules.core.table import Table
from rules.core.variants import LAST_FOR_THREE
from rules.deal.check import DealCheck, DealRecord, check_deal, check_deal_record
from rules.deal.record import check_scores

__all__ = ["LAST_FOR_THREE", "GameCheck", "Margin", "check_game", "margin", "margin_lines"]

SKUNK = 31
DOUBLE_SKUNK = 61


class Margin(StrEnum):
    """How big a win was: a single game, a skunk or a double skunk (the ACC), or a lurch (Hoyle,
    the English laws)."""

    SINGLE = "single"
    SKUNK = "skunk"
    DOUBLE_SKUNK = "double-skunk"
    LURCH = "lurch"


@dataclass(frozen=True, slots=True)
class GameCheck:
    """A game refereed (:func:`check_game`): each deal, who dealt it, the final scores, the
    winner and the margin, and every finding."""

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
    table: Table,
    deals: Sequence[DealRecord],
    *,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    scores_before: Mapping[str, int] | None = None,
) -> GameCheck:
    """Referee a game whose first deal is played at ``table``. The deal passes to the
    left after every deal but a misdeal (:meth:`rules.core.table.Table.next_deal`); the
    sides, and their names, stay those of the table.

    ``scores_before`` are the scores the game was joined at, by side, as for a deal
    (:func:`rules.deal.check.check_deal`): the first deal given is played from them,
    and the five-card game's three for last is already in them. Without them the game
    is played from its start (docs/rules.md#joined-game)."""
    problems = Problems()
    scores = _starting_scores(problems, table, scores_before)

    checked: list[DealCheck] = []
    dealers: list[str] = []
    findings: list[Finding] = []
    winner: str | None = None
    for number, deal in enumerate(deals):
        if problems:
            # A deal before was refused: check the rest as records, to list every problem.
            found = Problems()
            check_deal_record(found, deal, table)
            problems.extend(problem.under("deals", number) for problem in found.found)
            continue
        if winner is not None:
            problems.add(("deals", number), ProblemCode.AFTER_GAME_OVER,
                         f"the game was over after deal {number}: {winner} had won")
            continue
        try:
            result = check_deal(deal, table=table, ruleset=ruleset, muggins=muggins,
                                scores_before=scores)
        except RecordError as error:
            problems.extend(error.under("deals", number).problems)
            continue
        checked.append(result)
        dealers.append(table.dealer)
        findings.extend(replace(finding, deal=number) for finding in result.findings)
        scores = dict(result.scores_after)
        winner = result.winner
        if not result.misdeal:
            table = table.next_deal()
    problems.raise_any()
    won_by = None if winner is None else margin(scores, winner, table.target, ruleset)
    return GameCheck(tuple(checked), tuple(dealers), scores, winner, won_by, tuple(findings),
                     table.target)


def _starting_scores(problems: Problems, table: Table,
                     scores_before: Mapping[str, int] | None) -> dict[str, int]:
    """The scores before the first deal given: those the game was joined at, or the
    start of the game (nothing, and the five-card game's three for last to its first
    pone)."""
    scores = dict.fromkeys((side.name for side in table.sides), 0)
    if scores_before is not None:
        check_scores(problems, scores_before, table)
        return scores | {side: score for side, score in scores_before.items() if side in scores}
    if table.variant.spec.last_for_three:
        scores[table.side_of(table.pone).name] += LAST_FOR_THREE
    return scores
