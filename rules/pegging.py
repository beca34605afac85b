"""What one card scores in the play (RULES.md section 4, "Scoring in play")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.cards import Card

__all__ = ["GO_POINT", "THIRTY_ONE", "PegKind", "PegScore", "peg_scores"]

THIRTY_ONE = 31
GO_POINT = 1


class PegKind(StrEnum):
    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    PAIR_ROYAL = "pair-royal"
    DOUBLE_PAIR_ROYAL = "double-pair-royal"
    RUN = "run"
    GO = "go"
    LAST_CARD = "last-card"


@dataclass(frozen=True, slots=True)
class PegScore:
    kind: PegKind
    points: int


_PAIRS = {2: (PegKind.PAIR, 2), 3: (PegKind.PAIR_ROYAL, 6), 4: (PegKind.DOUBLE_PAIR_ROYAL, 12)}


def peg_scores(stack: Sequence[Card], count: int) -> tuple[PegScore, ...]:
    """Scores for the last card of ``stack`` (the cards of this count), the count now ``count``."""
    scores: list[PegScore] = []
    if count == 15:
        scores.append(PegScore(PegKind.FIFTEEN, 2))
    elif count == THIRTY_ONE:
        scores.append(PegScore(PegKind.THIRTY_ONE, 2))

    last = stack[-1]
    size = len(stack)
    same = 1
    while same < size and stack[-1 - same].order == last.order:
        same += 1
    if same >= 2:
        kind, points = _PAIRS[same]
        scores.append(PegScore(kind, points))

    # The longest tail of the count made of distinct consecutive ranks, in any order.
    if size >= 3 and same == 1:  # a pair at the end rules out any run through it
        for length in range(size, 2, -1):
            orders = {card.order for card in stack[-length:]}
            if len(orders) == length and max(orders) - min(orders) == length - 1:
                scores.append(PegScore(PegKind.RUN, length))
                break
    return tuple(scores)
