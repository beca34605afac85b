"""Where a deal in progress stands: the phase, whose turn, and what they may do.

A club app that referees as the deal happens sends the record so far and asks what
comes next. In the play the answer comes from the state machine: the player to lay
or say go, the count, and (where that player's cards are known) exactly the cards
they may lay, or that they must say go.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.core.cards import Card
from rules.play.state import PlayState

__all__ = ["CRIB", "Next", "Phase", "in_play", "to_show"]

CRIB = "crib"
"""Who counts last at the show: the crib (the dealer counts it)."""


class Phase(StrEnum):
    DISCARD = "discard"
    CUT = "cut"
    PLAY = "play"
    SHOW = "show"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Next:
    phase: Phase
    player: str | None = None
    """In the play, who is to lay or say go; at the cut, the pone; at the show, who
    counts next (``"crib"`` last); None while everyone discards, and once it is over."""
    count: int | None = None
    """The running count, in the play only."""
    legal: tuple[Card, ...] | None = None
    """The cards the player may lay, in the play and where their cards are known."""
    go: bool | None = None
    """True when the player can lay nothing and must say go (known cards only)."""


def in_play(state: PlayState) -> Next:
    """The play's next move; once it is over, the show begins with the pone."""
    if state.over:
        return to_show(state.players[0])
    legal = state.legal_cards() if state.hands is not None else None
    return Next(Phase.PLAY, state.player, state.count, legal,
                None if legal is None else not legal)


def to_show(counter: str | None) -> Next:
    """The show, ``counter`` to count next; None when everything has been counted."""
    return Next(Phase.OVER) if counter is None else Next(Phase.SHOW, counter)
