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
from dataclasses import dataclass

from rules.cards import Card
from rules.pegging import THIRTY_ONE
from rules.play import PlayEvent
from rules.variants import Variant

__all__ = ["AdviceError", "Seen", "check_request", "replay"]

TWO_PLAYERS = ("pone", "dealer")


class AdviceError(ValueError):
    """A request that describes no position to advise on. ``path`` locates the value."""

    def __init__(self, path: Sequence[str | int], code: str, message: str) -> None:
        self.path = tuple(path)
        self.code = code
        super().__init__(message)


@dataclass(slots=True)
class Seen:
    """The play so far, as the player saw it: the count, this count's cards (``stack``,
    by rank), who has said go (a bitmask), whose turn it is, who laid the last card."""

    count: int = 0
    stack: list[int] | None = None
    gone: int = 0
    actor: int | None = 0
    last: int | None = None
    over: bool = False


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
            plays: Sequence[PlayEvent], size: int, single: bool, laid: list[list[Card]],
            floor: list[int]) -> Seen:
    """Follow the play so far, inferring the gos that turn order implies, and record each
    player's cards laid and what their gos prove (``floor``)."""
    n = len(seats)
    t = Seen(stack=[])
    stack: list[int] = []

    def held(seat: int) -> int:
        return size - len(laid[seat])

    def next_from(seat: int) -> int | None:
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if held(candidate) > 0 and not t.gone >> candidate & 1:
                return candidate
        return None

    def end_count() -> None:
        if single or not any(held(s) for s in range(n)) or t.last is None:
            t.over, t.actor = True, None
            return
        last = t.last
        t.count, t.gone, t.last = 0, 0, None
        stack.clear()
        t.actor = next_from(last)

    def say_go(seat: int, index: int) -> None:
        room = THIRTY_ONE - t.count
        mine = [c for c in hand if c not in laid[me]]
        if seat == me and any(c.pips <= room for c in mine):
            raise AdviceError(("plays", index), "renege",
                              f"{seats[me]} could lay a card on a count of {t.count}")
        if seat != me and held(seat) and room >= 10:
            raise AdviceError(("plays", index), "out-of-turn",
                              f"it was {seats[seat]}'s turn on a count of {t.count}, where "
                              "every card fits")
        floor[seat] = max(floor[seat], room)
        t.gone |= 1 << seat
        t.actor = next_from(seat)
        if t.actor is None:
            end_count()

    for index, event in enumerate(plays):
        if t.over:
            raise AdviceError(("plays", index), "play-over", "the play was already over")
        seat = seats.index(event.player)
        card = event.card
        if card is None:
            if t.gone >> seat & 1 or not held(seat) or (seat == t.last and seat != t.actor):
                continue  # a repeated go, or one that changes nothing
            for _ in range(2 * n):
                if t.actor == seat or t.actor is None:
                    break
                say_go(t.actor, index)
            if t.actor != seat:
                raise AdviceError(("plays", index), "out-of-turn",
                                  f"{event.player} was not to play")
            say_go(seat, index)
            continue
        if seat == me and (card not in hand or card in laid[me]):
            raise AdviceError(("plays", index, "card"), "card-not-held",
                              f"{card} is not in {event.player}'s hand")
        if seat != me and (card in seen or any(card in cards for cards in laid)):
            raise AdviceError(("plays", index, "card"), "card-seen",
                              f"{event.player} cannot hold {card}: it is seen elsewhere")
        if not held(seat):
            raise AdviceError(("plays", index), "card-not-held",
                              f"{event.player} had no cards left")
        for _ in range(2 * n):
            if t.actor is None or (t.actor == seat and card.pips <= THIRTY_ONE - t.count):
                break
            say_go(t.actor, index)  # a go the record leaves out
        if t.actor != seat or card.pips > THIRTY_ONE - t.count:
            raise AdviceError(("plays", index), "out-of-turn",
                              f"{event.player} cannot lay {card} here")
        laid[seat].append(card)
        t.count += card.pips
        stack.append(card.order)
        t.last = seat
        t.actor = None if t.count == THIRTY_ONE else next_from(seat)
        if t.actor is None:
            end_count()
    t.stack = stack
    return t
