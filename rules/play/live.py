"""Where a deal in progress stands: the phase, whose turn, and what they may do.

A club app that referees as the deal happens sends the record so far and asks what
comes next. In the play the answer comes from the state machine: the player to lay
or say go, the count, and (where that player's cards are known) exactly the cards
they may lay, or that they must say go.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from rules.core.cards import Card, full_deck
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


class Next:
    """What comes next in a deal or play in progress: the phase, who is to act, and in the play
    the count and, where the cards are known, what may be laid.

    Immutable, and equal to another with the same values, as a frozen dataclass would be.
    In the play it is a view on the position (:func:`in_play`): what may be laid and
    what may not are read from the hands when first asked, since a club app that asks
    after every event seldom reads them all (bench/RESULTS.md, issue 31)."""

    __slots__ = ("_count", "_crib", "_go", "_legal", "_not_legal", "_phase", "_player",
                 "_state")
    __match_args__ = ("phase", "player", "count", "legal", "go", "crib", "not_legal")

    _phase: Phase
    _player: str | None
    _count: int | None
    _crib: bool
    _legal: tuple[Card, ...] | None
    _go: bool | None
    _not_legal: tuple[NotLegal, ...] | None
    _state: PlayState | None
    """The position whose moves are still to be read; None once they are (or given)."""

    def __init__(self, phase: Phase, player: str | None = None, count: int | None = None,
                 legal: tuple[Card, ...] | None = None, go: bool | None = None,
                 crib: bool = False, not_legal: tuple[NotLegal, ...] | None = None) -> None:
        self._phase = phase
        self._player = player
        self._count = count
        self._legal = legal
        self._go = go
        self._crib = crib
        self._not_legal = not_legal
        self._state = None

    @property
    def phase(self) -> Phase:
        """The discard, the cut, the play, the show, or over."""
        return self._phase

    @property
    def player(self) -> str | None:
        """In the play, who is to lay or say go; at the cut, the pone; at the show, whose
        hand is counted next; None while everyone discards, when the crib is next, and once
        it is over."""
        if self._state is not None:
            self._read()
        return self._player

    @property
    def count(self) -> int | None:
        """The running count, in the play only."""
        if self._state is not None:
            self._read()
        return self._count

    @property
    def legal(self) -> tuple[Card, ...] | None:
        """The cards the player may lay, in the play and where their cards are known."""
        if self._state is not None:
            self._read()
        return self._legal

    @property
    def go(self) -> bool | None:
        """True when the player can lay nothing and must say go (known cards only)."""
        if self._state is not None:
            self._read()
        return self._go

    @property
    def crib(self) -> bool:
        """At the show: the crib is counted next (by the dealer). A flag of its own, so that
        no player's name can be taken for the crib."""
        if self._state is not None:
            self._read()
        return self._crib

    @property
    def not_legal(self) -> tuple[NotLegal, ...] | None:
        """In the play, where the cards are known: every other move a player could be
        recorded making (the player on turn's first, then the others' in seat order)."""
        if self._state is not None:
            self._read()
        return self._not_legal

    def _read(self) -> None:
        """The play's position read once: who is to act, the count, and the moves."""
        state = self._state
        if state is None:
            return  # read meanwhile (another thread): the position is cleared last
        players, _, turn, _, count, _, _, _, _, hands, _ = state
        assert hands is not None  # in_play keeps a position only with hands
        legal = cards_of(hands[turn] & FITS[THIRTY_ONE - count])
        self._player = players[turn]
        self._count = count
        self._crib = False
        self._legal = legal
        self._go = not legal
        self._not_legal = _not_legal(players, turn, hands, count, bool(legal))
        self._state = None

    def _values(self) -> tuple[object, ...]:
        return (self.phase, self.player, self.count, self.legal, self.go, self.crib,
                self.not_legal)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Next):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = zip(self.__match_args__, self._values(), strict=True)
        return f"Next({', '.join(f'{name}={value!r}' for name, value in fields)})"

    def __reduce__(self) -> tuple[type[Next], tuple[object, ...]]:
        return Next, self._values()


_PLAY = Phase.PLAY
_SHOW = Phase.SHOW
_new_next = object.__new__
"""In the play with the hands known, a :class:`Next` is built with two slots set, its
phase and the position, the rest read from it when first asked: a club app asks after
every event, and ``__init__``'s call and eight stores were half of the answer's cost
(bench/fastest.py's live referee step)."""


def in_play(state: PlayState) -> Next:
    """The play's next move; once it is over, the show begins with the pone."""
    turn = state.turn
    if turn == NO_ONE:
        return Next(_SHOW, state.players[0])
    if state.hands is None:
        return Next(_PLAY, state.players[turn], state.count)
    coming: Next = _new_next(Next)
    coming._phase = _PLAY
    coming._state = state
    return coming


_not_legal_move = object.__new__
_set_player, _set_card, _set_why = (getattr(NotLegal, name).__set__
                                    for name in ("player", "card", "why"))


def _move(player: str, card: Card | None, why: FindingCode) -> NotLegal:
    """A :class:`NotLegal` through its slots' descriptors, without the frozen dataclass's
    ``object.__setattr__`` per field: a play's position lists several."""
    move: NotLegal = _not_legal_move(NotLegal)
    _set_player(move, player)
    _set_card(move, card)
    _set_why(move, why)
    return move


def _not_legal(players: tuple[str, ...], turn: int, hands: tuple[int, ...], count: int,
               can_lay: bool) -> tuple[NotLegal, ...]:
    over, out, renege = _moves_of(players)
    mine = over[turn]
    found = [mine[card.index] for card in cards_of(hands[turn] & ~FITS[THIRTY_ONE - count])]
    if can_lay:
        found.append(renege[turn])
    for seat in range(len(players)):
        if seat != turn:
            theirs = out[seat]
            found.extend([theirs[card.index] for card in cards_of(hands[seat])])
    return tuple(found)


class _Moves(dict[int, NotLegal]):
    """One player's moves of one kind, by card index, each built on first sight."""

    def __init__(self, player: str, why: FindingCode) -> None:
        super().__init__()
        self.player = player
        self.why = why

    def __missing__(self, index: int) -> NotLegal:
        move = self[index] = _move(self.player, _DECK[index], self.why)
        return move


@lru_cache(maxsize=64)
def _moves_of(players: tuple[str, ...]) -> tuple[tuple[_Moves, ...], tuple[_Moves, ...],
                                                 tuple[NotLegal, ...]]:
    """The moves not legal at a table, shared by every position there (they are frozen):
    each seat's cards over 31 and out of turn, by card index, and its renege. A table's
    position lists several at every step, and building them was most of reading it."""
    return (tuple(_Moves(player, _OVER_31) for player in players),
            tuple(_Moves(player, _OUT_OF_TURN) for player in players),
            tuple(_move(player, None, _RENEGE) for player in players))


_OVER_31, _RENEGE, _OUT_OF_TURN = (FindingCode.OVER_31, FindingCode.RENEGE,
                                   FindingCode.OUT_OF_TURN)
_DECK = tuple(full_deck())


def to_show(player: str | None) -> Next:
    """The show, ``player``'s hand to count next, or the crib (None)."""
    return Next(_SHOW, player, crib=player is None)
