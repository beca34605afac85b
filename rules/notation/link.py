"""Share links (docs/notation.md#share-links): a deal or a game packed into the fragment
of a link, ``r1.`` then base64url, and read back. The scorepad's links are written and
read here, so that another app (or the page) need keep no copy of the format.

A link is read leniently as to nothing: every bit is accounted for, and a link cut
short, of another version, with a character no link has, or with more than a record is
refused in words (:class:`LinkError`), as a tampered link must be.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.core.cards import Card, full_deck
from rules.core.errors import RecordError
from rules.core.rulesets import Ruleset
from rules.core.table import PARTNERS, Side, Table
from rules.core.variants import Variant
from rules.deal.record import DealClaims, DealRecord
from rules.notation.records import Deal, Game
from rules.play.record import PlayEvent

__all__ = ["PREFIX", "LinkError", "Shared", "link_text", "read_link"]

PREFIX = "r1."
VERSION = 1
_VARIANTS = (Variant.SIX_CARD, Variant.FIVE_CARD, Variant.THREE_PLAYER, Variant.FOUR_PLAYER,
             Variant.SEVEN_CARD)
"""The link's own order (three bits), fixed by the format, not the enum's."""
_RULESETS = (Ruleset.ACC, Ruleset.HOYLE, Ruleset.ENGLISH, Ruleset.FRIENDLY)
_BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_CARDS = tuple(full_deck())
_NO_CARD = len(_CARDS)
# Bounds a reader keeps to, so that a hostile link cannot make it build a huge record.
_MOST_PLAYERS = 8
_MOST_NAME = 100
_MOST_DEALS = 200
_MOST_CARDS = 20
_MOST_EVENTS = 120
_MOST_NUMBER = 999_999


class LinkError(ValueError):
    """A link that cannot be read, or a record that cannot be sent as one; the message
    says so in the table's words."""


@dataclass(frozen=True, slots=True)
class Shared:
    """What a link holds: the record, and the rules it was ruled under."""

    record: Deal | Game
    ruleset: Ruleset
    muggins: bool


def _damaged(what: str) -> LinkError:
    return LinkError(f"The link is damaged or was changed ({what}): ask for it again.")


def _width(values: int) -> int:
    return max(1, math.ceil(math.log2(values)))


class _Bits:
    def __init__(self) -> None:
        self.bits: list[int] = []

    def put(self, value: int, width: int) -> None:
        self.bits.extend((value >> i) & 1 for i in range(width - 1, -1, -1))

    def flag(self, on: bool) -> None:
        self.bits.append(1 if on else 0)

    def number(self, value: int) -> None:
        """Groups of four bits: a flag (another group follows), then three bits of the
        number, the lowest three first."""
        rest = value
        while True:
            low, rest = rest & 7, rest >> 3
            self.flag(rest > 0)
            self.put(low, 3)
            if rest == 0:
                return

    def text(self, value: str) -> None:
        data = value.encode()
        self.number(len(data))
        for byte in data:
            self.put(byte, 8)

    def card(self, card: Card) -> None:
        self.put(card.index, 6)

    def base64(self) -> str:
        out = []
        for at in range(0, len(self.bits), 6):
            chunk = self.bits[at:at + 6]
            chunk += [0] * (6 - len(chunk))
            out.append(_BASE64URL[int("".join(map(str, chunk)), 2)])
        return "".join(out)


class _Reader:
    def __init__(self, payload: str) -> None:
        self.bits: list[int] = []
        for char in payload:
            value = _BASE64URL.find(char)
            if value < 0:
                raise LinkError(f"The link has a character no share link has ({_js_quote(char)}):"
                                " it was changed on its way.")
            self.bits.extend((value >> j) & 1 for j in range(5, -1, -1))
        self.at = 0

    def get(self, width: int) -> int:
        if self.at + width > len(self.bits):
            raise LinkError("The link is cut short: ask for it again, whole.")
        value = 0
        for bit in self.bits[self.at:self.at + width]:
            value = value * 2 + bit
        self.at += width
        return value

    def flag(self) -> bool:
        return self.get(1) == 1

    def number(self, most: int = _MOST_NUMBER) -> int:
        value, scale, more = 0, 1, True
        while more:
            more = self.flag()
            value += self.get(3) * scale
            scale *= 8
            if value > most:
                raise _damaged("a number too large")
        return value

    def text(self) -> str:
        data = bytes(self.get(8) for _ in range(self.number(_MOST_NAME)))
        try:
            return data.decode()
        except UnicodeDecodeError:
            raise _damaged("a name that is not text") from None

    def card(self) -> Card:
        value = self.get(6)
        if value >= _NO_CARD:
            raise _damaged("a card that does not exist")
        return _CARDS[value]

    def end(self) -> None:
        """What is left is the padding of the last character: under six bits, all zero."""
        rest = self.bits[self.at:]
        if len(rest) >= 6 or any(rest):
            raise _damaged("more than a record")


def _js_quote(char: str) -> str:
    return '"' + char.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --- writing ------------------------------------------------------------------------------


def _kept(dealt: Sequence[Card], discards: Sequence[Card]) -> list[Card]:
    """The cards a seat holds for the play: dealt, less those laid away, in the order dealt."""
    return [card for card in dealt if card not in discards]


def _said_sides(table: Table) -> tuple[Side, ...] | None:
    """The sides, when the table line says them (not the variant's own)."""
    return None if "; sides " not in str(table) else table.sides


def link_text(record: Deal | Game, ruleset: Ruleset, muggins: bool) -> str:
    """The link's fragment for a deal or a game ruled under ``ruleset``; the record's own
    options win. Raises :class:`LinkError` for what a link cannot say."""
    table = record.table
    ruleset = record.options.ruleset or ruleset
    muggins = muggins if record.options.muggins is None else record.options.muggins
    seats = table.seats
    bits = _Bits()
    game = isinstance(record, Game)
    bits.flag(game)
    bits.put(_VARIANTS.index(table.variant), 3)
    bits.put(_RULESETS.index(ruleset), 2)
    bits.flag(muggins)
    bits.number(table.target)
    bits.number(len(seats))
    for name in seats:
        bits.text(name)
    seat = _width(len(seats))
    sides = _said_sides(table)
    bits.flag(sides is not None)
    if sides is not None:
        if any(side.name != PARTNERS.join(side.members) for side in sides):
            raise LinkError("a side named apart from its players")
        bits.number(len(sides))
        for side in sides:
            bits.number(len(side.members))
            for member in side.members:
                bits.put(table.number(member), seat)
    scores = record.scores_before
    bits.flag(scores is not None)
    if scores is not None:
        for side in table.sides:
            bits.number(scores.get(side.name, 0))
    deals = record.deals if isinstance(record, Game) else (record.record,)
    if game:
        bits.number(len(deals))
    for deal in deals:
        _pack_deal(bits, deal, seats, seat)
        bits.flag(isinstance(record, Deal) and record.in_progress)
    return PREFIX + bits.base64()


def _pack_deal(bits: _Bits, deal: DealRecord, seats: Sequence[str], seat: int) -> None:
    if any(player not in seats for player in deal.dealt):
        raise LinkError("cards dealt to a name that is not at the table")
    dealt = {player: list(deal.dealt.get(player, ())) for player in seats}
    discards = {player: list((deal.discards or {}).get(player, ())) for player in seats}
    for player in seats:
        bits.number(len(dealt[player]))
        for card in dealt[player]:
            bits.card(card)
    for player in seats:
        for card in dealt[player]:
            bits.flag(card in discards[player])
        others = [card for card in discards[player] if card not in dealt[player]]
        bits.flag(bool(others))
        if others:
            bits.number(len(others))
            for card in others:
                bits.card(card)
    claims = deal.claims or DealClaims()
    for cut in (deal.crib_card, deal.starter):
        bits.flag(cut is not None)
        if cut is not None:
            bits.card(cut)
    _optional(bits, claims.heels)
    bits.flag(deal.plays is not None)
    if deal.plays is not None:
        bits.number(len(deal.plays))
        for event in deal.plays:
            if event.player not in seats:
                raise LinkError(f"'{event.player}' is not one of the players")
            bits.put(seats.index(event.player), seat)
            # The card as its place in the hand kept for the play, or go, or another card.
            hand = _kept(dealt[event.player], discards[event.player])
            symbol = _width(len(hand) + 2)
            if event.card is None:
                bits.put(len(hand), symbol)
            elif event.card in hand:
                bits.put(hand.index(event.card), symbol)
            else:
                bits.put(len(hand) + 1, symbol)
                bits.card(event.card)
            _optional(bits, event.claimed)
            _optional(bits, event.claimed_go)
    for player in seats:
        _optional(bits, claims.hands.get(player))
    _optional(bits, claims.crib)


def _optional(bits: _Bits, value: int | None) -> None:
    bits.flag(value is not None)
    if value is not None:
        bits.number(value)


# --- reading ------------------------------------------------------------------------------


def read_link(fragment: str) -> Shared:
    """The record a link's fragment holds (with or without its ``#``)."""
    text = fragment.removeprefix("#")
    head, dot, payload = text.partition(".")
    if not dot or head[:1] != "r" or not head[1:].isdigit():
        raise LinkError("This is not a share link: its part after # does not start r1.")
    if int(head[1:]) != VERSION:
        raise LinkError(f"This link was written in version {int(head[1:])} of the share format;"
                        f" this scorepad reads version {VERSION}.")
    bits = _Reader(payload)
    game = bits.flag()
    variant_at, ruleset_at = bits.get(3), bits.get(2)
    if variant_at >= len(_VARIANTS):
        raise _damaged("a game or rules that do not exist")
    variant, ruleset = _VARIANTS[variant_at], _RULESETS[ruleset_at]
    muggins = bits.flag()
    target = bits.number()
    count = bits.number(_MOST_PLAYERS)
    if count < 2:
        raise _damaged("fewer than two players")
    seats = tuple(bits.text() for _ in range(count))
    if len(set(seats)) != count or "" in seats:
        raise _damaged("a player seated twice")
    seat = _width(count)

    def seat_index() -> int:
        at = bits.get(seat)
        if at >= count:
            raise _damaged("a seat that is not at the table")
        return at

    said: list[Side] | None = None
    if bits.flag():
        said = []
        for _ in range(bits.number(count)):
            members = tuple(seats[seat_index()] for _ in range(bits.number(count)))
            said.append(Side(PARTNERS.join(members), members))
    table = _table(variant, seats, target, said)
    scores = ({side.name: bits.number() for side in table.sides} if bits.flag() else None)
    deals: list[DealRecord] = []
    in_progress = False
    for k in range(bits.number(_MOST_DEALS) if game else 1):
        deals.append(_unpack_deal(bits, seats, seat_index, k, game))
        in_progress = bits.flag()
    if not deals:
        raise _damaged("no deal")
    bits.end()
    record: Deal | Game
    if game:
        record = Game(table, tuple(deals), scores_before=scores)
    else:
        record = Deal(table, deals[0], scores, in_progress)
    return Shared(record, ruleset, muggins)


def _table(variant: Variant, seats: tuple[str, ...], target: int,
           sides: list[Side] | None) -> Table:
    if len(seats) != variant.spec.players:
        raise LinkError(f"The link seats {len(seats)} players at a {variant} game.")
    try:
        return Table.seat(variant, seats, target=target, sides=sides)
    except RecordError:
        raise _damaged("a table that cannot be") from None


def _unpack_deal(bits: _Reader, seats: tuple[str, ...], seat_index: Callable[[], int], k: int,
                 game: bool) -> DealRecord:
    dealt = {player: [bits.card() for _ in range(bits.number(_MOST_CARDS))] for player in seats}
    discards: dict[str, list[Card]] = {}
    for player in seats:
        laid = [card for card in dealt[player] if bits.flag()]
        if bits.flag():
            laid += [bits.card() for _ in range(bits.number(_MOST_CARDS))]
        discards[player] = laid
    crib_card = bits.card() if bits.flag() else None
    starter = bits.card() if bits.flag() else None
    _twice([*(c for player in seats for c in dealt[player]),
            *(c for c in (crib_card, starter) if c is not None)], k, game)
    heels = bits.number() if bits.flag() else None
    plays: list[PlayEvent] | None = None
    if bits.flag():
        plays = []
        for _ in range(bits.number(_MOST_EVENTS)):
            player = seats[seat_index()]
            hand = _kept(dealt[player], discards[player])
            symbol = bits.get(_width(len(hand) + 2))
            if symbol > len(hand) + 1:
                raise _damaged("a card that is no card of the hand")
            card = (None if symbol == len(hand) else hand[symbol] if symbol < len(hand)
                    else bits.card())
            claimed = bits.number() if bits.flag() else None
            claimed_go = bits.number() if bits.flag() else None
            plays.append(PlayEvent(player, card, claimed, claimed_go))
    hands = {player: bits.number() for player in seats if bits.flag()}
    crib = bits.number() if bits.flag() else None
    said = heels is not None or hands or crib is not None
    laid_away = {player: tuple(cards) for player, cards in discards.items()}
    return DealRecord(
        dealt={player: tuple(cards) for player, cards in dealt.items()},
        discards=laid_away if any(laid_away.values()) else None,
        starter=starter, plays=None if plays is None else tuple(plays), crib_card=crib_card,
        claims=DealClaims(heels, hands, crib) if said else None)


def _twice(cards: Sequence[Card], k: int, game: bool) -> None:
    """A card dealt twice (or dealt and cut) comes from no real deal: the link was changed."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            where = f"deal {k + 1} has" if game else "the deal has"
            raise LinkError(f"The link is damaged or was changed: {where} the {card} twice."
                            " Ask for it again.")
        seen.add(card)

