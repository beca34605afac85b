"""The reading of a whole record (docs/rules.md#ambiguous-record).

Each card that does not simply follow has several readings (:mod:`rules.play.readings`),
and what a card is read as decides what the events after it break: a card read as
leading a new count is a card played twice when the same player lays it again, where
read as taken back over 31 it is an ordinary lead. So the referee weighs whole
readings of the record: the one that breaks the fewest rules in all stands, and on a
tie the one that infers the fewest go calls in all, then the one that infers fewer
at the earliest event where they differ.

The search is dynamic programming over the events. The rules an event breaks depend
on the position it is read on and on the cards laid so far, never on what anyone has
pegged or on the cards of the count (which only score), so readings that reach the
same position are merged and only the better is kept. It is bounded: by the rules the
cards read alone break (the referee's first replay), which the best reading cannot
exceed, and from below by the cards laid more than once, each time but one of which
breaks a rule whatever the reading. It starts at the first card with more than one
reading (every reading agrees on the events before it), and only when the cards read
alone break a rule after it: else that reading is the only one that breaks none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from rules.play.pegging import THIRTY_ONE
from rules.play.readings import Kind, card_readings, go_cost, held_cost, read_go
from rules.play.record import PlayEvent
from rules.play.state import PlayState

__all__ = ["Choice", "Fork", "read_record"]

_WIDE = 8
"""Positions alive after an event past which the search looks for a tighter bound."""
_MOST = 24
"""The most positions kept after an event (docs/rules.md#ambiguous-record)."""
_UNREACHED = 1 << 30


class Choice(NamedTuple):
    """How one card is read: the reading that stands (its place among the card's
    readings, :func:`rules.play.readings.card_readings`), and the others from which the
    rest of the record reads just as well."""

    reading: int
    tied: tuple[int, ...]


class Fork(NamedTuple):
    """Where a record could first be read in more than one way."""

    at: int
    """The event."""
    state: PlayState
    played: int
    """The cards laid before it as a bit mask, where the hands are not known (else 0)."""
    spent: int
    """The rules broken before it."""


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
        self.rest = _UNREACHED
        """The fewest rules the events after this position can break (unreached: the
        search dropped it)."""


def _moves(state: PlayState, played: int, events: Sequence[PlayEvent], index: int,
           seats: Mapping[str, int], limit: int = _UNREACHED) -> list[_Move]:
    """Every reading of event ``index`` on ``state`` that breaks at most ``limit`` rules,
    fewest inferred gos first."""
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
    if state.turn == seat and card.pips <= THIRTY_ONE - state.count:
        # The common case, the player on turn laying a card that fits: one reading.
        return [_Move(0, held, 0, state.lay(card, seat)[0], laid)]
    moves = []
    for number, reading in card_readings(state, seat, card, limit - held):
        if reading.kind is Kind.OVER_31:
            after, marks = reading.state, played  # taken back
        else:
            after, marks = reading.state.lay(card, seat)[0], laid
        moves.append(_Move(number, held + reading.cost, len(reading.gos), after, marks))
    return moves


def read_record(fork: Fork, events: Sequence[PlayEvent], bound: int) -> dict[int, Choice]:
    """The best reading of ``events`` from the ``fork`` on, where some reading of them is
    known to break ``bound`` rules: a :class:`Choice` for each event."""
    state, played, first = fork.state, fork.played, fork.at
    seats = {player: seat for seat, player in enumerate(state.players)}
    floor = _floor(state, played, events, first, seats)
    layer = [_Node(state, played, 0, 0, None, 0, 0)]
    layers = [layer]
    for index in range(first, len(events)):
        if len(layer) == 1:
            node = layer[0]
            moves = _moves(node.state, node.played, events, index, seats)
            if len(moves) == 1:
                # One position, one reading: nothing to weigh or merge.
                move = moves[0]
                child = _Node(move.state, move.played, node.cost + move.cost,
                              node.gos + move.gos, node, 0, move.gos)
                node.moves.append((0, move.cost, child))
                layer = [child]
                layers.append(layer)
                continue
        children: dict[object, _Node] = {}
        ahead = floor[index + 1 - first]
        for node in layer:
            # What cannot end as cheaply as a reading already found is not read on.
            for move in _moves(node.state, node.played, events, index, seats,
                               bound - ahead - node.cost):
                cost, gos = node.cost + move.cost, node.gos + move.gos
                if cost + ahead > bound:
                    continue
                after = move.state
                # The position as far as the rules broken from here go: what anyone
                # pegged and the cards of the count (which only score) aside.
                key = (after.turn, after.leader, after.count, after.last, after.gone,
                       after.left, after.hands, move.played)
                found = children.get(key)
                if found is None:
                    child = children[key] = _Node(after, move.played, cost, gos, node,
                                                  move.reading, move.gos)
                else:
                    child = found
                    parent = child.parent
                    assert parent is not None
                    if (cost, gos, node.rank, move.gos) < (child.cost, child.gos,
                                                           parent.rank, child.step):
                        child.state, child.cost, child.gos = after, cost, gos
                        child.parent, child.reading, child.step = node, move.reading, move.gos
                node.moves.append((move.reading, move.cost, child))
        layer = list(children.values())
        if len(layer) > _WIDE and bound < _UNREACHED:
            # Many positions alive: a reading of the rest completed from the cheapest
            # may tighten the bound.
            cheapest = min(layer, key=lambda node: node.cost)
            bound = min(bound, cheapest.cost + _greedy(cheapest.state, cheapest.played,
                                                       events, index + 1, seats))
            layer = [node for node in layer if node.cost + ahead <= bound]
        if len(layer) > 1:
            layer.sort(key=_lexical)
            if len(layer) > _MOST:
                # A record that breaks a rule at nearly every card: keep the cheapest, and
                # no bound after that, which what was dropped may have been needed to meet.
                layer.sort(key=lambda node: (node.cost, node.gos))
                del layer[_MOST:]
                bound = _UNREACHED
                layer.sort(key=_lexical)
            for rank, child in enumerate(layer):
                child.rank = rank
        layers.append(layer)
    for node in layer:
        node.rest = 0
    for earlier in reversed(layers[:-1]):
        for node in earlier:
            node.rest = min((cost + child.rest for _, cost, child in node.moves),
                            default=_UNREACHED)
    best = min(layer, key=lambda node: (node.cost, node.gos, node.rank))
    choices: dict[int, Choice] = {}
    index = len(events)
    child = best
    while child.parent is not None:
        index -= 1
        node = child.parent
        tied = tuple(number for number, cost, after in node.moves
                     if number != child.reading and node.cost + cost + after.rest == best.cost)
        choices[index] = Choice(child.reading, tied)
        child = node
    return choices


def _greedy(state: PlayState, played: int, events: Sequence[PlayEvent], first: int,
            seats: Mapping[str, int]) -> int:
    """What the record from ``first`` on breaks when each event is read at its cheapest
    alone: a bound the best reading cannot exceed."""
    total = 0
    for index in range(first, len(events)):
        move = min(_moves(state, played, events, index, seats), key=lambda move: move.cost)
        total += move.cost
        state, played = move.state, move.played
    return total


def _floor(state: PlayState, played: int, events: Sequence[PlayEvent], first: int,
           seats: Mapping[str, int]) -> list[int]:
    """For each event from ``first`` on, the fewest rules the events from it on break in
    any reading. A card can be laid from the hand once: every other time it is laid it
    is over 31, after the play, or not held (or played twice), and each of those costs 1.
    So is every time it is laid by a player who did not hold it when the search began."""
    floor = [0] * (len(events) - first + 1)
    free: set[int] = set()
    hands = state.hands
    for index in range(len(events) - 1, first - 1, -1):
        card = events[index].card
        cost = 0
        if card is not None:
            if hands is None:
                held = not played >> card.index & 1
            else:
                held = bool(hands[seats[events[index].player]] >> card.index & 1)
            if held and card.index not in free:
                free.add(card.index)
            else:
                cost = 1
        floor[index - first] = floor[index - first + 1] + cost
    return floor


def _lexical(node: _Node) -> tuple[int, int]:
    parent = node.parent
    assert parent is not None
    return parent.rank, node.step
