"""Reading a record where go calls are missing (docs/rules.md#ambiguous-record).

Players often lay a card without anyone having said go. The referee then considers
every reading of the card: the players on turn said go one after another (none,
one, two...), and then the card was a normal play, a play out of turn, or an
illegal play over 31. Each reading costs the rules it breaks. A renege nobody
recorded costs more than an error in the record (2 against 1), so the referee never
presumes one where a recorded error explains the record. Which reading of each card
stands is decided over the whole record (:mod:`rules.play.reader`); this module
reads one event on one position.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from rules.core.cards import Card
from rules.play.state import NO_ONE, PlayState, Scored

__all__ = ["CardReading", "Inferred", "Kind", "card_readings", "explicit_go", "go_cost",
           "held_cost", "passes", "read_go"]

_INFERRED_RENEGE = 2
_RECORDED_ERROR = 1
"""Over 31, out of turn, a card not held or played twice, a go said holding a card
that fits: what the record shows costs 1, a renege the referee would have to presume
costs 2."""


class Kind(StrEnum):
    """How a card stands in a reading."""

    PLAY = "play"
    OUT_OF_TURN = "out-of-turn"
    OVER_31 = "over-31"


class Inferred(NamedTuple):
    """A go the referee took to have been said: the position before it, and what it made."""

    before: PlayState
    scored: Scored
    after: PlayState


_new = tuple.__new__
"""Inferred gos are built by the tuple constructor itself, skipping the named tuple's
keyword-friendly ``__new__``: the referee reads one for every go in a record."""


@dataclass(frozen=True, slots=True)
class CardReading:
    gos: tuple[Inferred, ...]
    """The go calls inferred before the card, in order."""
    state: PlayState
    """The position the card is laid on (or taken back from, over 31)."""
    kind: Kind
    cost: int

    @property
    def new_count(self) -> bool:
        return any(go.scored.ended for go in self.gos)

    def outcome(self, seat: int, card: Card) -> tuple[tuple[int, ...], frozenset[int]]:
        """What the reading pegs for each seat, and who it says passed: two readings that
        agree on both score the same."""
        pegs = self.state.pegs
        if self.kind is not Kind.OVER_31:
            pegs = self.state.lay(card, seat)[0].pegs
        return pegs, frozenset(go.scored.seat for go in self.gos)

    def describe(self, player: str) -> str:
        parts = [f"{self.state.players[go.scored.seat]} said go" for go in self.gos]
        if self.new_count:
            parts.append("the count ended")
        parts.append({
            Kind.PLAY: f"{player} played the card",
            Kind.OUT_OF_TURN: f"{player} played the card out of turn",
            Kind.OVER_31: f"{player}'s card went over 31",
        }[self.kind])
        return ", ".join(parts)


def passes(state: PlayState, seat: int, card: Card | None = None) -> Iterator[Inferred]:
    """The gos a record leaves out: each player on turn from ``state`` says go, until
    ``seat`` is on turn (and, given a ``card``, it fits) or the play is over; two rounds
    of the table at most."""
    for _ in range(2 * len(state.players)):
        if state.turn == NO_ONE or (state.turn == seat
                                    and (card is None or state.fits(card))):
            return
        after, scored = state.go()
        yield _new(Inferred, (state, scored, after))
        state = after


def _go_cost(state: PlayState, own_card: Card | None) -> int:
    """The cost of inferring that the player on turn said go here: nothing, unless it
    would be a renege the referee can already see."""
    fits = state.could_play(state.turn, () if own_card is None else (own_card,))
    return _INFERRED_RENEGE if fits else 0


def _readings(state: PlayState, seat: int, card: Card,
              limit: int = 1 << 30) -> list[tuple[int, CardReading]]:
    """The readings that break at most ``limit`` rules, each with its place among all."""
    found: list[tuple[PlayState, tuple[Inferred, ...], int]] = [(state, (), 0)]
    gos: tuple[Inferred, ...] = ()
    cost = 0
    # Until the card is a legal play here: no reason to infer more.
    for go in passes(state, seat, card):
        before = go.before
        cost += _go_cost(before, card if before.turn == seat else None)
        if cost > limit:
            break  # every reading after this one infers this go too
        gos = (*gos, go)
        if not go.after.over:  # a card cannot be read as laid after the play has ended
            found.append((go.after, gos, cost))
    options = []
    for number, (position, inferred, spent) in enumerate(found):
        fits = position.fits(card)
        in_turn = position.turn == seat
        spent += (not in_turn) + (not fits)
        if spent <= limit:
            kind = Kind.OVER_31 if not fits else (Kind.PLAY if in_turn else Kind.OUT_OF_TURN)
            options.append((number, CardReading(inferred, position, kind, spent)))
    return options


def card_readings(state: PlayState, seat: int, card: Card,
                  limit: int = 1 << 30) -> list[tuple[int, CardReading]]:
    """The readings of ``seat`` laying ``card`` on ``state`` (the play not over) that break
    at most ``limit`` rules, fewest inferred gos first, each with its place among all."""
    if state.turn == seat and state.fits(card):
        # The common case, the player on turn laying a card that fits: one reading.
        return [(0, CardReading((), state, Kind.PLAY, 0))]
    return _readings(state, seat, card, limit)


def held_cost(state: PlayState, seat: int, card: Card, played: int) -> int:
    """A card the player did not hold, or laid a second time (``played``: the cards laid
    so far as a bit mask, which decides it where the hands are not known)."""
    if state.left[seat] <= 0:
        return _RECORDED_ERROR
    if state.hands is None:
        return _RECORDED_ERROR if played >> card.index & 1 else 0
    return 0 if state.hands[seat] >> card.index & 1 else _RECORDED_ERROR


def read_go(state: PlayState, seat: int, then: Card | None) -> tuple[Inferred, ...] | None:
    """A go said by ``seat``: the gos to apply (the players on turn before them inferred,
    their own go last), or None when it changes nothing or is taken back. ``then``: the
    same player's card straight after it in the record, if any (ACC 7.3: a go taken back
    by that card before anyone pegs or plays is no go at all)."""
    if state.turn == seat:
        # The common case, the player on turn saying go: nothing to infer before it.
        after, scored = state.go()
        if not scored.ended and then is not None and state.fits(then):
            return None
        return (_new(Inferred, (state, scored, after)),)
    gos = explicit_go(state, seat)
    if gos is None:
        return None
    if then is not None and gos[-1].before.fits(then) \
            and not any(go.scored.ended for go in gos):
        return None
    return gos


def go_cost(gos: tuple[Inferred, ...]) -> int:
    """What a go said (the last of ``gos``) costs with the gos inferred before it: a
    renege the referee can already see, inferred or said."""
    said = gos[-1].before
    cost = _RECORDED_ERROR if said.could_play(said.turn) else 0
    for go in gos[:-1]:
        cost += _go_cost(go.before, None)
    return cost


def explicit_go(state: PlayState, seat: int) -> tuple[Inferred, ...] | None:
    """A recorded go by ``seat``: the gos to infer before it (the players on turn before
    this one), then the go itself, each with its position. None when the go changes
    nothing: the play is over, the player already went or has no cards, the player
    laid the last card while others may still play, or the turn never reaches them."""
    if (state.over or state.gone >> seat & 1 or state.left[seat] <= 0
            or (seat == state.last and seat != state.turn)):
        return None
    gos = list(passes(state, seat))
    if gos:
        state = gos[-1].after
    if state.turn != seat or len(gos) > len(state.players):
        return None
    after, scored = state.go()
    gos.append(_new(Inferred, (state, scored, after)))
    return tuple(gos)
