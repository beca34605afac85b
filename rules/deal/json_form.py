"""Records of the table to and from JSON: a play's events, a deal, the table a deal or a
game is played at, as the plain values the API takes (docs/api.md), read into the
library's own types and written back from them.

Reading takes what a JSON parser gives (a card as its text, the variant by name), and
also values already read (a :class:`Card`, a :class:`Variant`), as a caller that checked
the values' form first hands them over. It builds the types and no more: whether a
record can be refereed is the checks' to say (:class:`RecordError`, every problem at a
path in the record's own terms, ``("plays", 3, "player")``). The notation's records
are written with it too (:mod:`rules.answers.bodies`)::

    >>> record = deal_from_json({"dealt": {"pone": ["5H"], "dealer": ["JD"]},
    ...                          "starter": "5S"})
    >>> record.starter
    Card.parse('5S')
    >>> deal_to_json(record)
    {'dealt': {'pone': ['5H'], 'dealer': ['JD']}, 'starter': '5S'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.core import PARTNERS, Card, Problem, RecordError, Table, Variant
from rules.deal.record import DealClaims, DealRecord
from rules.play import PlayEvent

__all__ = [
    "cards_from_json",
    "deal_from_json",
    "deal_to_json",
    "event_from_json",
    "event_to_json",
    "events_from_json",
    "game_table_from_json",
    "game_table_to_json",
    "hands_from_json",
    "hands_to_json",
    "scores_to_json",
    "table_from_json",
    "table_to_json",
]


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def cards_from_json(values: Iterable[Card | str]) -> list[Card]:
    """Cards from their text (``"5H"``), or already read."""
    return [_card(value) for value in values]


def hands_from_json(data: Mapping[str, Iterable[Card | str]]) -> dict[str, list[Card]]:
    """Cards by player (``dealt``, ``discards``, a play's ``hands``)."""
    return {player: cards_from_json(cards) for player, cards in data.items()}


def hands_to_json(hands: Mapping[str, Sequence[Card]]) -> dict[str, list[str]]:
    """Cards by player, as text."""
    return {player: [card.text for card in cards] for player, cards in hands.items()}


def event_from_json(data: Mapping[str, Any]) -> PlayEvent:
    """``{"player", "card"}``, or ``{"player", "go": true}``; ``claimed`` and
    ``claimed_go`` as said."""
    card = data.get("card")
    return PlayEvent(data["player"], None if card is None else _card(card),
                     data.get("claimed"), data.get("claimed_go"))


def events_from_json(data: Iterable[Mapping[str, Any]]) -> list[PlayEvent]:
    """A play's events (:func:`event_from_json` each)."""
    return [event_from_json(event) for event in data]


def event_to_json(event: PlayEvent) -> dict[str, Any]:
    """An event as :func:`event_from_json` reads it: a card or ``"go": true``, with its
    claims where made."""
    out: dict[str, Any] = {"player": event.player}
    if event.card is None:
        out["go"] = True
    else:
        out["card"] = event.card.text
    if event.claimed is not None:
        out["claimed"] = event.claimed
    if event.claimed_go is not None:
        out["claimed_go"] = event.claimed_go
    return out


def _claims_from_json(data: Mapping[str, Any] | None) -> DealClaims | None:
    if data is None:
        return None
    return DealClaims(data.get("heels"), dict(data.get("hands", {})), data.get("crib"))


def _claims_to_json(claims: DealClaims) -> dict[str, Any]:
    said: dict[str, Any] = {}
    if claims.heels is not None:
        said["heels"] = claims.heels
    if claims.hands:
        said["hands"] = dict(claims.hands)
    if claims.crib is not None:
        said["crib"] = claims.crib
    return said


def deal_from_json(data: Mapping[str, Any]) -> DealRecord:
    """A deal's record from its fields (``dealt``, ``discards``, ``crib_card``,
    ``starter``, ``plays``, ``claims``: a deal on its own, or one of a game's); who sits
    where is the table's (:func:`table_from_json`)."""
    discards = data.get("discards")
    starter = data.get("starter")
    crib_card = data.get("crib_card")
    plays = data.get("plays")
    return DealRecord(hands_from_json(data["dealt"]),
                      None if discards is None else hands_from_json(discards),
                      None if starter is None else _card(starter),
                      None if plays is None else events_from_json(plays),
                      None if crib_card is None else _card(crib_card),
                      _claims_from_json(data.get("claims")))


def deal_to_json(record: DealRecord) -> dict[str, Any]:
    """The record's fields, each part left out that the record does not give."""
    out: dict[str, Any] = {"dealt": hands_to_json(record.dealt)}
    if record.discards is not None:
        out["discards"] = hands_to_json(record.discards)
    if record.crib_card is not None:
        out["crib_card"] = record.crib_card.text
    if record.starter is not None:
        out["starter"] = record.starter.text
    if record.plays is not None:
        out["plays"] = [event_to_json(event) for event in record.plays]
    if record.claims is not None:
        out["claims"] = _claims_to_json(record.claims)
    return out


def table_from_json(data: Mapping[str, Any]) -> Table:
    """The table of a play or a deal: its ``variant``, its ``players`` in play order
    from the dealer's left, the dealer last (the two-player default when absent), its
    ``target``. Raises :class:`RecordError` for a table that cannot exist."""
    return Table.seat(Variant(data["variant"]), data.get("players"),
                      target=data.get("target"))


def table_to_json(table: Table) -> dict[str, Any]:
    """The table as :func:`table_from_json` reads it."""
    return {"players": list(table.seats), "variant": table.variant.value,
            "target": table.target}


def game_table_from_json(data: Mapping[str, Any]) -> Table:
    """The table of a game's first deal: its ``players`` in play order, its
    ``first_dealer`` dealing first (the sides named from the players in the order
    given). Raises :class:`RecordError`, a first dealer who is no player at
    ``("first_dealer",)``."""
    try:
        return Table.seat(Variant(data["variant"]), data.get("players"),
                          target=data.get("target"), dealer=data["first_dealer"])
    except RecordError as error:
        raise RecordError(Problem(("first_dealer",), p.code, p.message)
                          if p.path == ("dealer",) else p for p in error.problems) from None


def game_table_to_json(table: Table) -> dict[str, Any]:
    """A game's table as the game names it: its players turned to name its sides
    (:meth:`Table.naming_order`), the dealer of its first deal."""
    return {"players": list(table.naming_order()), "first_dealer": table.dealer,
            "variant": table.variant.value, "target": table.target}


def scores_to_json(scores: Mapping[str, int], table: Table) -> dict[str, int]:
    """A deal's scores by side, the sides named as a deal's JSON names them: from its
    players in order (``a&c`` and ``b&d`` for players a b c d), whatever the table
    calls them."""
    names: dict[str, str] = {}
    for partnership in table.variant.spec.partnerships:
        members = [table.seats[i] for i in partnership]
        names[table.side_of(members[0]).name] = PARTNERS.join(members)
    return {names.get(side, side): score for side, score in scores.items()}
