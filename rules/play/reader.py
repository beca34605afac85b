"""The reading of a whole record (docs/rules.md#ambiguous-record).

Each card that does not simply follow has several readings (:mod:`rules.play.readings`),
and what a card is read as decides what the events after it break: a card read as
leading a new count is a card played twice when the same player lays it again, where
read as taken back over 31 it is an ordinary lead. So the referee weighs whole
readings of the record: the one that breaks the fewest rules in all stands, and on a
tie the one that infers the fewest go calls in all, then the one that infers fewer
at the earliest card where they differ.

The search is dynamic programming over the events. The rules an event breaks depend
on the position it is read on and on the cards laid so far, never on what anyone has
pegged, so readings that reach the same position (:attr:`PlayState.position`) are
merged and only the better is kept: a record of 52 events keeps a few dozen positions
at a time. It starts at the first card with more than one reading: every reading of
the record agrees on the events before it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from rules.play.readings import Kind, card_readings, go_cost, held_cost, read_go
from rules.play.record import PlayEvent
from rules.play.state import PlayState

__all__ = ["Choice", "read_record"]


class Choice(NamedTuple):
    """How one card is read: the reading that stands (its place among the card's
    readings, :func:`rules.play.readings.card_readings`), and the others from which the
    rest of the record reads just as well."""

    reading: int
    tied: tuple[int, ...]


class _Move(NamedTuple):
    reading: int
    cost: int
    gos: int
    state: PlayState
    played: int


class _Node:
    """A position reached after some events, by the best reading of them found so far."""

    __slots__ = ("cost", "gos", "moves", "parent", "played", "rank", "reading", "rest", "state",
                 "step")

    def __init__(self, state: PlayState, played: int, cost: int, gos: int,
                 parent: _Node | None, reading: int, step: int) -> None:
        self.state = state
        self.played = played
        self.cost = cost
        """The rules broken on the way here, by the best reading."""
        self.gos = gos
        """The go calls that reading infers."""
        self.parent = parent
        self.reading = reading
        """Which reading of the event led here from ``parent``."""
        self.step = step
        """The go calls inferred at that event."""
        self.rank = 0
        """Its place in its layer, by the inferred go calls event by event: the earliest
        event with fewer comes first (the last tie-break)."""
        self.moves: list[tuple[int, int, _Node]] = []
        """Every reading of the next event: its number, cost, and where it leads."""
        self.rest = 0
        """The fewest rules the events after this position can break."""


def _moves(state: PlayState, played: int, events: Sequence[PlayEvent], index: int,
           seats: Mapping[str, int]) -> list[_Move]:
    """Every reading of event ``index`` on ``state``, fewest inferred gos first."""
    event = events[index]
    seat = seats[event.player]
    card = event.card
    if card is None:
        before = events[index - 1] if index else None
        if before is not None and before.card is None and before.player == event.player:
            return [_Move(0, 0, 0, state, played)]  # a repeated go changes nothing
        following = events[index + 1] if index + 1 < len(events) else None
        then = following.card if following is not None \
            and following.player == event.player else None
        gos = read_go(state, seat, then)
        if gos is None:
            return [_Move(0, 0, 0, state, played)]
        return [_Move(0, go_cost(gos), len(gos) - 1, gos[-1].after, played)]
    held = held_cost(state, seat, card, played)
    if state.over:
        return [_Move(0, held + 1, 0, state, played)]  # laid after the play had ended
    laid = played if state.hands is not None else played | 1 << card.index
    moves = []
    for number, reading in enumerate(card_readings(state, seat, card)):
        if reading.kind is Kind.OVER_31:
            after, marks = reading.state, played  # taken back
        else:
            after, marks = reading.state.lay(card, seat)[0], laid
        moves.append(_Move(number, held + reading.cost, len(reading.gos), after, marks))
    return moves


def read_record(state: PlayState, played: int, events: Sequence[PlayEvent],
                first: int) -> dict[int, Choice]:
    """The best reading of ``events`` from ``first`` on, starting on ``state`` with the
    cards ``played`` so far (a bit mask; 0 where the hands are known, which tell it):
    a :class:`Choice` for each card read in more than one way."""
    seats = {player: seat for seat, player in enumerate(state.players)}
    layer = [_Node(state, played, 0, 0, None, 0, 0)]
    layers = [layer]
    for index in range(first, len(events)):
        children: dict[object, _Node] = {}
        for node in layer:
            for move in _moves(node.state, node.played, events, index, seats):
                cost, gos = node.cost + move.cost, node.gos + move.gos
                key = (move.state[:-1], move.played)  # the position: pegs apart
                child = children.get(key)
                if child is None:
                    child = children[key] = _Node(move.state, move.played, cost, gos, node,
                                                  move.reading, move.gos)
                else:
                    parent = child.parent
                    assert parent is not None
                    if (cost, gos, node.rank, move.gos) < (child.cost, child.gos,
                                                           parent.rank, child.step):
                        child.state, child.cost, child.gos = move.state, cost, gos
                        child.parent, child.reading, child.step = node, move.reading, move.gos
                node.moves.append((move.reading, move.cost, child))
        layer = list(children.values())
        if len(layer) > 1:
            layer.sort(key=_lexical)
            for rank, child in enumerate(layer):
                child.rank = rank
        layers.append(layer)
    for earlier in reversed(layers[:-1]):
        for node in earlier:
            node.rest = min(cost + child.rest for _, cost, child in node.moves)
    best = min(layer, key=lambda node: (node.cost, node.gos, node.rank))
    choices: dict[int, Choice] = {}
    index = len(events)
    child = best
    while child.parent is not None:
        index -= 1
        node = child.parent
        if len(node.moves) > 1:
            tied = tuple(number for number, cost, after in node.moves
                         if number != child.reading
                         and node.cost + cost + after.rest == best.cost)
            choices[index] = Choice(child.reading, tied)
        child = node
    return choices


def _lexical(node: _Node) -> tuple[int, int]:
    parent = node.parent
    assert parent is not None
    return parent.rank, node.step
