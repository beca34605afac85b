"""A game's chances deal by deal: before each deal, after its play, after its show.

Read off the chance table (:mod:`rules.chances`) at the scores the referee found, so a
game's graph of chances follows the true board, not the claims.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.chances import DEALER, PONE, ChanceTable, Part
from rules.core.table import Table
from rules.core.variants import Variant
from rules.deal.check import DealCheck
from rules.deal.game import GameCheck
from rules.review.value import covered_table

__all__ = ["DealChances", "game_chances"]


@dataclass(frozen=True, slots=True)
class DealChances:
    """Each side's chance of winning the game, by side name, at three moments of a deal
    (None for a misdeal's play and show)."""

    before: dict[str, float]
    after_play: dict[str, float] | None
    after_show: dict[str, float] | None


def game_chances(check: GameCheck, table: Table,
                 tables: Mapping[Variant, ChanceTable]) -> tuple[DealChances, ...] | None:
    """The chances through ``check``'s game, its first deal at ``table``; None where there
    is no table for the game (three or four players, the seven-card game, another
    target)."""
    chance_table = covered_table(tables, table.variant, check.target)
    if chance_table is None:
        return None
    return tuple(_deal(chance_table, deal) for deal in check.deals)


def _deal(chance_table: ChanceTable, deal: DealCheck) -> DealChances:
    at = deal.table
    pone, dealer = at.side_of(at.pone).name, at.side_of(at.dealer).name
    before = deal.scores_before
    found = chance_table.before(before[pone], before[dealer])
    opening = {pone: found.win[PONE], dealer: found.win[DEALER]}
    if deal.misdeal:
        return DealChances(opening, None, None)
    target = chance_table.target
    played = dict(before)
    played[dealer] += 0 if deal.heels is None else deal.heels.pegged
    if deal.play is not None:
        for player, points in deal.play.totals.items():
            played[at.side_of(player).name] += points
    return DealChances(opening, _at(chance_table, played, pone, dealer, Part.PONE_HAND,
                                    target),
                       _at(chance_table, deal.scores_after, pone, dealer, None, target))


def _at(chance_table: ChanceTable, scores: Mapping[str, int], pone: str, dealer: str,
        part: Part | None, target: int) -> dict[str, float]:
    for side, other in ((pone, dealer), (dealer, pone)):
        if scores[side] >= target:
            return {side: 1.0, other: 0.0}
    found = (chance_table.after_deal(scores[pone], scores[dealer]) if part is None
             else chance_table.after(part, scores[pone], scores[dealer]))
    return {pone: found.win[PONE], dealer: found.win[DEALER]}
