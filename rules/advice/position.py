"""The position a player asks advice on, from what they have seen: their hand, the
starter, their discards, and the play so far with its gos.

The play is followed as the table heard it. A player passed over in turn order said go
(the record may leave those gos out); every go proves the player held nothing that
fitted, which is what :func:`replay` records for the advice's model. A record that
describes no legal position (a card not held or seen twice, a card out of turn or over
31, a go while holding a card that fits) is refused: there is nothing to advise on.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.cards import Card
from rules.core.errors import (
    Problem,
    ProblemCode,
    Problems,
    RecordError,
    check_cards,
    not_seated,
)
from rules.core.table import Table
from rules.play.check import PlayEvent
from rules.play.pegging import THIRTY_ONE
from rules.play.readings import passes
from rules.play.state import PlayState

__all__ = ["AdviceError", "check_request", "replay"]



class AdviceError(RecordError):
    """A request that describes no position to advise on: the records' error, every
    problem found listed (``path`` and ``code`` are the first's)."""

    @classmethod
    def one(cls, path: Sequence[str | int], code: ProblemCode, message: str) -> AdviceError:
        """An error with one problem, at ``path``."""
        return cls([Problem(tuple(path), code, message)])

    @property
    def path(self) -> tuple[str | int, ...]:
        """The first problem's path."""
        return self.problems[0].path

    @property
    def code(self) -> ProblemCode:
        """The first problem's code."""
        return self.problems[0].code


def check_request(table: Table, player: str | None, hand: Sequence[Card] | None,
                  starter: Card | None, discards: Sequence[Card] | None,
                  plays: Sequence[PlayEvent | None]) -> None:
    """Refuse a request that describes no position at ``table`` (:class:`AdviceError`,
    every problem at once): the player and everyone in the play among its seats; a whole
    hand; the starter and the discards apart from it. A part None (an event None among
    ``plays``) could not be read and is not checked; a discard is checked against the
    hand, the starter and the plays that could be."""
    problems = _request_problems(table, player, hand, starter, discards, plays)
    if problems:
        raise AdviceError(problems)


def _request_problems(table: Table, player: str | None, hand: Sequence[Card] | None,
                      starter: Card | None, discards: Sequence[Card] | None,
                      plays: Sequence[PlayEvent | None]) -> list[Problem]:
    problems = Problems()
    seats = table.seats
    variant = table.variant
    if player is not None and player not in seats:
        problems.add(("player",), ProblemCode.UNKNOWN_PLAYER,
                     not_seated(player, seats))
    for i, event in enumerate(plays):
        if event is not None and event.player not in seats:
            problems.add(("plays", i, "player"), ProblemCode.UNKNOWN_PLAYER,
                         not_seated(event.player, seats))
    if hand is not None:
        check_cards(problems, ("hand",), hand, variant.spec.hand_size, f"a {variant} hand")
        if starter is not None and starter in hand:
            problems.add(("starter",), ProblemCode.DUPLICATE_CARD,
                         f"the starter {starter} is also in the hand")
    if discards is not None:
        check_cards(problems, ("discards",), discards, variant.spec.to_crib,
                    f"what a {variant} player lays away")
        laid = {event.card: (j, event.player) for j, event in enumerate(plays)
                if event is not None and event.card is not None}
        for i, card in enumerate(discards):
            if card in (hand or ()) or card == starter:
                problems.add(("discards", i), ProblemCode.DUPLICATE_CARD,
                             f"{card} is also in the hand or the starter")
            elif card in laid:
                # Pointed at the discard: the play that lays it may well be right.
                j, who = laid[card]
                problems.add(("discards", i), ProblemCode.DUPLICATE_CARD,
                             f"{card} is a discard, but {who} lays it in play {j + 1}")
    return problems.found


def replay(table: Table, me: int, hand: Sequence[Card], seen: set[Card],
           plays: Sequence[PlayEvent], laid: list[list[Card]], floor: list[int]) -> PlayState:
    """Follow the play so far on the state machine, the other hands unknown, inferring
    the gos that turn order implies; record each player's cards laid and what their gos
    prove (``floor``: every card a player still holds is worth more)."""
    seats = table.seats
    state = PlayState.start(table)
    mine = set(hand)

    def said_go(before: PlayState, index: int) -> None:
        """A go on ``before``, said or left out of the record: refused where the player
        could have played, else it proves what they still hold."""
        seat = before.turn
        if before.could_play(seat, mine if seat == me else ()):
            if seat == me:
                raise AdviceError.one(("plays", index), ProblemCode.RENEGE,
                                      f"{seats[me]} could lay a card on a count of "
                                      f"{before.count}")
            raise AdviceError.one(("plays", index), ProblemCode.OUT_OF_TURN,
                                  f"it was {seats[seat]}'s turn on a count of "
                                  f"{before.count}, where every card fits")
        floor[seat] = max(floor[seat], THIRTY_ONE - before.count)

    for index, event in enumerate(plays):
        if state.over:
            raise AdviceError.one(("plays", index), ProblemCode.PLAY_OVER,
                                  "the play was already over")
        seat = seats.index(event.player)
        card = event.card
        if card is None:
            if state.gone >> seat & 1 or not state.left[seat] or (
                    seat == state.last and seat != state.turn):
                continue  # a repeated go, or one that changes nothing
            for go in passes(state, seat):
                said_go(go.before, index)
                state = go.after
            if state.turn != seat:
                raise AdviceError.one(("plays", index), ProblemCode.OUT_OF_TURN,
                                  f"{event.player} was not to play")
            said_go(state, index)
            state = state.go()[0]
            continue
        if seat == me and card not in mine:
            raise AdviceError.one(("plays", index, "card"), ProblemCode.CARD_NOT_HELD,
                              f"{card} is not in {event.player}'s hand")
        if seat != me and (card in seen or any(card in cards for cards in laid)):
            raise AdviceError.one(("plays", index, "card"), ProblemCode.CARD_SEEN,
                              f"{event.player} cannot hold {card}: it is seen elsewhere")
        if not state.left[seat]:
            raise AdviceError.one(("plays", index), ProblemCode.CARD_NOT_HELD,
                              f"{event.player} had no cards left")
        for go in passes(state, seat, card):  # gos the record leaves out
            said_go(go.before, index)
            state = go.after
        if state.turn != seat or not state.fits(card):
            raise AdviceError.one(("plays", index), ProblemCode.OUT_OF_TURN,
                              f"{event.player} cannot lay {card} here")
        laid[seat].append(card)
        if seat == me:
            mine.discard(card)
        state = state.lay(card)[0]
    return state
