"""Where a deal in progress stands: the phase, whose turn, and what they may do.

A club app that referees as the deal happens sends the record so far and asks what
comes next. In the play the answer comes from the state machine: the player to lay
or say go, the count, and (where that player's cards are known) exactly the cards
they may lay, or that they must say go.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from rules.core.cards import Card
from rules.core.codes import FindingCode
from rules.play.pegging import THIRTY_ONE
from rules.play.state import FITS, NO_ONE, PlayState, cards_of

__all__ = ["Next", "NotLegal", "Phase", "in_play", "to_show"]


class Phase(StrEnum):
    """Where a deal in progress stands: the discard, the cut, the play, the show, or over."""

    DISCARD = "discard"
    CUT = "cut"
    PLAY = "play"
    SHOW = "show"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class NotLegal:
    """A move the rules do not allow now that a player could still be recorded making,
    and why: a card on turn that passes 31 (``over-31``), a go said while a card fits
    (``renege``), a card of another player's (``out-of-turn``). The reason is the move's
    own; the referee, reading the whole record, rules on it (and a later card may change
    how it reads, docs/rules.md#ambiguous-record)."""

    player: str
    card: Card | None
    """None: a go."""
    why: FindingCode


@dataclass(frozen=True, slots=True)
class Next:
    """What comes next in a deal or play in progress: the phase, who is to act, and in the play
    the count and, where the cards are known, what may be laid."""

    phase: Phase
    player: str | None = None
    """In the play, who is to lay or say go; at the cut, the pone; at the show, whose
    hand is counted next; None while everyone discards, when the crib is next, and once
    it is over."""
    count: int | None = None
    """The running count, in the play only."""
    legal: tuple[Card, ...] | None = None
    """The cards the player may lay, in the play and where their cards are known."""
    go: bool | None = None
    """True when the player can lay nothing and must say go (known cards only)."""
    crib: bool = False
    """At the show: the crib is counted next (by the dealer). A flag of its own, so that
    no player's name can be taken for the crib."""
    not_legal: tuple[NotLegal, ...] | None = None
    """In the play, where the cards are known: every other move a player could be
    recorded making (the player on turn's first, then the others' in seat order)."""


def _maker() -> Callable[[Phase, str | None, int | None, tuple[Card, ...] | None, bool | None,
                          bool, tuple[NotLegal, ...] | None], Next]:
    """:class:`Next` without the frozen dataclass's ``object.__setattr__`` per field (most
    of the cost of a live step's answer): the same slots, set once through their
    descriptors, as :func:`rules.show.show.count` builds its answer."""
    new = object.__new__
    phase, player, count, legal, go, crib, not_legal = (
        getattr(Next, name).__set__ for name in ("phase", "player", "count", "legal", "go",
                                                  "crib", "not_legal"))

    def make(stage: Phase, who: str | None, total: int | None, cards: tuple[Card, ...] | None,
             must: bool | None, counts_crib: bool, moves: tuple[NotLegal, ...] | None) -> Next:
        coming = new(Next)
        phase(coming, stage)
        player(coming, who)
        count(coming, total)
        legal(coming, cards)
        go(coming, must)
        crib(coming, counts_crib)
        not_legal(coming, moves)
        return coming

    return make


_next = _maker()


def in_play(state: PlayState) -> Next:
    """The play's next move; once it is over, the show begins with the pone."""
    # Unpacked once: each named field read is a call of its own, and a club app asks
    # this after every event (bench/fastest.py's live referee step).
    players, _, turn, _, count, _, _, _, _, hands, _ = state
    if turn == NO_ONE:
        return _next(Phase.SHOW, players[0], None, None, None, False, None)
    if hands is None:
        return _next(Phase.PLAY, players[turn], count, None, None, False, None)
    legal = cards_of(hands[turn] & FITS[THIRTY_ONE - count])
    return _next(Phase.PLAY, players[turn], count, legal, not legal, False,
                 _not_legal(state, legal))


def _not_legal(state: PlayState, legal: tuple[Card, ...] | None) -> tuple[NotLegal, ...] | None:
    if legal is None:
        return None
    turn = state.turn
    seats = [turn, *(seat for seat in range(len(state.players)) if seat != turn)]
    found: list[NotLegal] = []
    for seat in seats:
        player = state.players[seat]
        if seat == turn:
            found.extend(NotLegal(player, card, FindingCode.OVER_31)
                         for card in state.held(seat) or () if card not in legal)
            if legal:
                found.append(NotLegal(player, None, FindingCode.RENEGE))
        else:
            found.extend(NotLegal(player, card, FindingCode.OUT_OF_TURN)
                         for card in state.held(seat) or ())
    return tuple(found)


def to_show(player: str | None) -> Next:
    """The show, ``player``'s hand to count next, or the crib (None)."""
    return _next(Phase.SHOW, player, None, None, None, player is None, None)
