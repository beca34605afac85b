"""A discard judged by the chance of winning (docs/chances.md, "Decisions judged by
chances"): the chance the player gave up against the best discard, from what they knew
(their cards and the scores before the deal).

Two ways, said in the answer (:class:`WinBy`):

* **dealt**: near the end of the game (either side within :data:`NEAR_END` of the
  target) the options are dealt out, :data:`REVIEW_SAMPLES` deals each on common random
  numbers (:func:`rules.chances.discard_chances`), and ``win_loss`` is the best
  option's chance less the one thrown. A request deals out at most
  :data:`REVIEW_DEALS` deals in all, spent from the game's last discard backwards:
  the end is where chances and points part.
* **slope**: elsewhere, the net expected points given up times the table's value of a
  point there (:func:`rules.review.value.point_value`): far from the end a point is
  worth about the same whichever way it comes (bench/chances_review.py measures how far
  the two ways differ there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules.advice import Option
from rules.chances import ChanceTable, discard_chances
from rules.core.cards import Card
from rules.core.variants import Variant
from rules.review.value import point_value

__all__ = ["NEAR_END", "REVIEW_DEALS", "REVIEW_SAMPLES", "Ask", "WinBy", "plan", "win_loss"]

NEAR_END = 31
"""Either side this close to the target before the deal: the options are dealt out.
Farther out the slope is within a point of percentage of the dealt-out figure
(bench/chances_review.py)."""
REVIEW_SAMPLES = 32
"""Deals dealt out for each option of a discard reviewed: a six-card discard's fifteen
options cost 480 deals, about 60 ms of CPU when it was set, 30 ms since issue 31 (64
would fit the old time, the intervals a third narrower, but change the answers:
bench/RESULTS.md)."""
REVIEW_DEALS = 8 * 15 * REVIEW_SAMPLES
"""The deals one request may deal out in all: eight six-card discards (the last four
deals of a two-player game), about 0.5 s of CPU when it was set (0.25 s since issue 31),
so that no review passes 1 s."""


class WinBy(StrEnum):
    """How a discard's ``win_loss`` was judged."""

    DEALT = "dealt"
    SLOPE = "slope"


@dataclass(frozen=True, slots=True)
class Ask:
    """One discard to judge: the scores before its deal, and what dealing it out costs."""

    pone: int
    dealer: int
    options: int

    def near_end(self, target: int) -> bool:
        return target - max(self.pone, self.dealer) <= NEAR_END


def plan(asks: Sequence[Ask], target: int, budget: int = REVIEW_DEALS) -> list[WinBy]:
    """How each discard (in the game's order) is judged: dealt out near the end while
    the budget lasts, spent from the last discard backwards; the rest by the slope. The
    same asks always get the same plan."""
    left = budget
    found = [WinBy.SLOPE] * len(asks)
    for i in range(len(asks) - 1, -1, -1):
        cost = asks[i].options * REVIEW_SAMPLES
        if asks[i].near_end(target) and cost <= left:
            found[i] = WinBy.DEALT
            left -= cost
    return found


def win_loss(how: WinBy, chance_table: ChanceTable, tables: Mapping[Variant, ChanceTable],
             *, dealt: Sequence[Card], thrown: Sequence[Card], loss: Fraction, ask: Ask,
             is_dealer: bool, variant: Variant, best_by_net: Option,
             ) -> tuple[float, Option, bool | None]:
    """The chance of winning given up by throwing ``thrown`` from ``dealt`` (``loss``
    the net expected points given up), judged ``how``, and the best discard it was
    judged against: the sample's best when dealt out; by the slope, which keeps the order
    by points, ``best_by_net``; and, when dealt out, whether what was given up is within
    its interval (the sample cannot tell the throw from the best; None by the slope)."""
    if how is WinBy.SLOPE:
        return float(loss) * point_value(chance_table, ask.pone, ask.dealer,
                                         is_dealer=is_dealer), best_by_net, None
    found = discard_chances(dealt, dealer=is_dealer,
                            scores={"pone": ask.pone, "dealer": ask.dealer},
                            tables=tables, variant=variant, samples=REVIEW_SAMPLES)
    away = set(thrown)
    chosen = next(o for o in found.options if set(o.option.discard) == away)
    return chosen.behind, found.best_by_win, chosen.within_interval
