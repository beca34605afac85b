"""The show: counting a hand or a crib, item by item, and ruling on its claim."""

from typing import TYPE_CHECKING

from rules.core.face import lazy

if TYPE_CHECKING:
    from rules.show.distribution import COMBINATIONS, show_distribution
    from rules.show.hands import HandCheck, check_hand, validate_hand
    from rules.show.show import (
        Item,
        ItemKind,
        Show,
        count,
        nineteen_means_zero,
        possible_totals,
        prepare,
        score,
        score_many,
    )

__all__ = [
    "COMBINATIONS",
    "HandCheck",
    "Item",
    "ItemKind",
    "Show",
    "check_hand",
    "count",
    "nineteen_means_zero",
    "possible_totals",
    "prepare",
    "score",
    "score_many",
    "show_distribution",
    "validate_hand",
]

__getattr__, __dir__ = lazy(__name__)  # each name loaded when first used
