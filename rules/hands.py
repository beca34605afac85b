"""Checking one hand or crib: the true count, and a ruling on its claim if one was made.

This is what ``/v1/hands/check`` answers, and what a deal does for each hand and
the crib at the show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import Card, ensure_distinct
from rules.rulesets import Ruleset
from rules.rulings import ClaimRuling, rule_on_claim
from rules.show import Show, count, possible_totals
from rules.variants import CRIB_SIZE, Variant

__all__ = ["HandCheck", "HandSizeError", "check_hand", "expected_size"]


class HandSizeError(ValueError):
    """A hand with the wrong number of cards for its variant: illegal here, not badly written."""

    def __init__(self, size: int, expected: int, what: str) -> None:
        self.size = size
        self.expected = expected
        super().__init__(f"{what} has {size} cards; it must have {expected}")


@dataclass(frozen=True, slots=True)
class HandCheck:
    show: Show
    ruling: ClaimRuling | None


def expected_size(variant: Variant, crib: bool) -> int:
    return CRIB_SIZE if crib else variant.spec.hand_size


def check_hand(
    hand: Sequence[Card],
    starter: Card,
    *,
    crib: bool = False,
    claimed: int | None = None,
    variant: Variant = Variant.SIX_CARD,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    player: str = "player",
) -> HandCheck:
    """Count ``hand`` with ``starter`` and, given a claim, rule on it."""
    what = "the crib" if crib else "the hand"
    size = expected_size(variant, crib)
    if len(hand) != size:
        raise HandSizeError(len(hand), size, what)
    ensure_distinct((*hand, starter))

    show = count(hand, starter, crib=crib)
    if claimed is None:
        return HandCheck(show, None)
    ruling = rule_on_claim(
        claimed,
        show.total,
        ruleset=ruleset,
        muggins=muggins,
        player=player,
        what=what,
        possible=possible_totals(size, crib),
    )
    return HandCheck(show, ruling)
