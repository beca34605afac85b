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

from rules.cards import Card
from rules.pegging import THIRTY_ONE
from rules.play import TWO_PLAYERS, PlayEvent
from rules.playstate import NO_ONE, PlayState
from rules.variants import Variant

__all__ = ["AdviceError", "check_request", "replay"]

_ANY_CARD = 10
"""With this much room under 31 every card fits: no one holding a card can pass."""


class AdviceError(ValueError):
    """A request that describes no position to advise on. ``path`` locates the value."""

    def __init__(self, path: Sequence[str | int], code: str, message: str) -> None:
        self.path = tuple(path)
        self.code = code
        super().__init__(message)


def check_request(players: Sequence[str] | None, player: str, hand: Sequence[Card],
                  starter: Card, discards: Sequence[Card] | None, plays: Sequence[PlayEvent],
                  variant: Variant) -> tuple[str, ...]:
    """The seats, once the request is known to describe a table: the variant's number of
    players, each named once; the player among them; a whole hand; the starter and the
    discards apart from it."""
    spec = variant.spec
    if not players:
        if spec.players != len(TWO_PLAYERS):
            raise AdviceError(("players",), "required", f"the {variant} game needs its "
                              "players named, in seat order from the dealer's left")
        players = TWO_PLAYERS
    seats = tuple(players)
    if len(seats) != spec.players:
        raise AdviceError(("players",), "wrong-size",
                          f"the {variant} game has {spec.players} players, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise AdviceError(("players",), "duplicate-player", "each player is named once")
    if player not in seats:
        raise AdviceError(("player",), "unknown-player", f"{player!r} is not one of the players")
    for i, event in enumerate(plays):
        if event.player not in seats:
            raise AdviceError(("plays", i, "player"), "unknown-player",
                              f"{event.player!r} is not one of the players")
    if len(hand) != spec.hand_size:
        raise AdviceError(("hand",), "wrong-size", f"a {variant} hand has {spec.hand_size} "
                          f"cards as the play begins, not {len(hand)}")
    if len(set(hand)) != len(hand):
        raise AdviceError(("hand",), "duplicate-card", "a card is in the hand twice")
    if starter in hand:
        raise AdviceError(("starter",), "duplicate-card", f"the starter {starter} is also "
                          "in the hand")
    if discards is not None:
        if len(discards) != spec.to_crib:
            raise AdviceError(("discards",), "wrong-size",
                              f"a {variant} player lays {spec.to_crib} cards away")
        for i, card in enumerate(discards):
            if card in hand or card == starter or card in discards[:i]:
                raise AdviceError(("discards", i), "duplicate-card",
                                  f"{card} is also in the hand, the starter or the discards")
    return seats


def replay(seats: Sequence[str], me: int, hand: Sequence[Card], seen: set[Card],
            plays: Sequence[PlayEvent], variant: Variant, laid: list[list[Card]],
            floor: list[int]) -> PlayState:
    """Follow the play so far on the state machine, the other hands unknown, inferring
    the gos that turn order implies; record each player's cards laid and what their gos
    prove (``floor``: every card a player still holds is worth more)."""
    state = PlayState.start(seats, variant)
    mine = set(hand)

    def say_go(seat: int, index: int) -> PlayState:
        room = THIRTY_ONE - state.count
        if seat == me and any(c.pips <= room for c in mine):
            raise AdviceError(("plays", index), "renege",
                              f"{seats[me]} could lay a card on a count of {state.count}")
        if seat != me and room >= _ANY_CARD:
            raise AdviceError(("plays", index), "out-of-turn",
                              f"it was {seats[seat]}'s turn on a count of {state.count}, "
                              "where every card fits")
        floor[seat] = max(floor[seat], room)
        return state.go()[0]

    for index, event in enumerate(plays):
        if state.over:
            raise AdviceError(("plays", index), "play-over", "the play was already over")
        seat = seats.index(event.player)
        card = event.card
        if card is None:
            if state.gone >> seat & 1 or not state.left[seat] or (
                    seat == state.last and seat != state.turn):
                continue  # a repeated go, or one that changes nothing
            for _ in range(2 * len(seats)):
                if state.turn in (seat, NO_ONE):
                    break
                state = say_go(state.turn, index)
            if state.turn != seat:
                raise AdviceError(("plays", index), "out-of-turn",
                                  f"{event.player} was not to play")
            state = say_go(seat, index)
            continue
        if seat == me and card not in mine:
            raise AdviceError(("plays", index, "card"), "card-not-held",
                              f"{card} is not in {event.player}'s hand")
        if seat != me and (card in seen or any(card in cards for cards in laid)):
            raise AdviceError(("plays", index, "card"), "card-seen",
                              f"{event.player} cannot hold {card}: it is seen elsewhere")
        if not state.left[seat]:
            raise AdviceError(("plays", index), "card-not-held",
                              f"{event.player} had no cards left")
        for _ in range(2 * len(seats)):
            if state.turn == NO_ONE or (state.turn == seat and state.fits(card)):
                break
            state = say_go(state.turn, index)  # a go the record leaves out
        if state.turn != seat or not state.fits(card):
            raise AdviceError(("plays", index), "out-of-turn",
                              f"{event.player} cannot lay {card} here")
        laid[seat].append(card)
        if seat == me:
            mine.discard(card)
        state = state.lay(card)[0]
    return state
