"""What one card scores in the play (docs/rules.md#play-fifteen and the rules after it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.core.cards import Card

__all__ = ["GO_POINT", "THIRTY_ONE", "PegKind", "PegScore", "peg_scores"]

THIRTY_ONE = 31
GO_POINT = 1


class PegKind(StrEnum):
    """What a card scores for in the play."""

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
    """One score in the play: its kind and its points."""

    kind: PegKind
    points: int


_FIFTEEN = PegScore(PegKind.FIFTEEN, 2)
_THIRTY_ONE = PegScore(PegKind.THIRTY_ONE, 2)
_PAIRS = {2: PegScore(PegKind.PAIR, 2), 3: PegScore(PegKind.PAIR_ROYAL, 6),
          4: PegScore(PegKind.DOUBLE_PAIR_ROYAL, 12)}
_RUNS = {length: PegScore(PegKind.RUN, length) for length in range(3, 14)}
# The scores are shared instances: the referee scores every card, and building a frozen
# dataclass costs more than all the arithmetic here.


def peg_scores(stack: Sequence[Card], count: int) -> tuple[PegScore, ...]:
    """Scores for the last card of ``stack`` (the cards of this count), the count now ``count``."""
    # The pair or run is found inline rather than by helpers: the referee scores every
    # card, and each call was a twentieth of a live step (bench/RESULTS.md, issue 31).
    shape = None
    size = len(stack)
    if size >= 2:
        order = stack[-1].order
        if stack[-2].order == order:
            same = 2
            while same < size and stack[-1 - same].order == order:
                same += 1
            # A pair at the end rules out any run through it. Five of a rank can only
            # come from a card played twice (flagged card-already-played): no rule scores
            # a fifth of a rank, so it adds no pair points.
            shape = _PAIRS.get(same)
        elif size >= 3:
            # The longest tail of the count made of distinct consecutive ranks, in any
            # order: walk back from the last card until a rank repeats, noting each tail
            # whose ranks span exactly its length.
            seen = 1 << order
            low = high = order
            longest = 0
            for length in range(1, size):
                rank = stack[-1 - length].order
                if seen >> rank & 1:
                    break
                seen |= 1 << rank
                if rank < low:
                    low = rank
                elif rank > high:
                    high = rank
                if high - low == length and length >= 2:
                    longest = length + 1
            if longest:
                shape = _RUNS[longest]
    if count == 15:
        return (_FIFTEEN,) if shape is None else (_FIFTEEN, shape)
    if count == THIRTY_ONE:
        return (_THIRTY_ONE,) if shape is None else (_THIRTY_ONE, shape)
    return () if shape is None else (shape,)
