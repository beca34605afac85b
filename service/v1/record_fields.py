"""The request fields of records of the table (plays, hands, deals), which every record
operation shares, with what the contract says of each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import ValidationError, validates_schema

from rules.core import FEWEST_PLAYERS, MOST_PLAYERS, MOST_TO_CRIB
from service.documented import Shape, component
from service.errors import Coded
from service.fields import (
    List,
    Nested,
    Seats,
    Size,
    StrictBool,
    StrictSchema,
    String,
    card_field,
    cards_field,
    claim_field,
)

__all__ = [
    "MAX_EVENTS",
    "MAX_TARGET",
    "NAME",
    "ClaimsSchema",
    "DealFieldsSchema",
    "PlayEventSchema",
    "hands_field",
    "in_progress_field",
    "name_field",
    "player_names",
    "plays_field",
]

MAX_EVENTS = 52
MAX_TARGET = 1000
"""The largest target, and score, a request may give."""
NAME = Size(1, 64, "characters")


@component("PlayerName")
def name_field(**kwargs: Any) -> String:
    return String(validate=NAME, **kwargs)


@component("Players", description=(
    "The seats in play order, from the dealer's left, ending with the dealer. Two-player "
    "records default to `[\"pone\", \"dealer\"]`; three- and four-player records must name "
    "them."))
def player_names(**kwargs: Any) -> List:
    return List(name_field(), validate=Size(FEWEST_PLAYERS, MOST_PLAYERS, "players"), **kwargs)


@component("InProgress", description=(
    "The record stops part-way through the deal. Nothing that only the end of the play "
    "decides is awarded (the last card, cards never played), and the answer carries `next`."))
def in_progress_field(**kwargs: Any) -> StrictBool:
    return StrictBool(load_default=False, **kwargs)


class PlayEventSchema(StrictSchema):
    component = "PlayEvent"
    description = (
        "A card laid (`card`) or a go (`go` true), exactly one: neither schema admits the "
        "other's field, so no event matches both, and this `anyOf` means what a `oneOf` would "
        "(generators type both as the same union). It is not written `oneOf` because the "
        "contract fuzzer (schemathesis) cannot then make the invalid plays it sends.")
    shapes: ClassVar[Mapping[str, Shape]] = {
        "CardEvent": Shape("A card laid.", ("player", "card"), ("claimed", "claimed_go")),
        "GoEvent": Shape("A go.", ("player", "go"), ("claimed",))}

    player = name_field(required=True)
    card = card_field()
    go = StrictBool(metadata={"const": True})
    claimed = claim_field(metadata={"description": (
        "Points the player claimed for the card. It covers what the card scored when laid; "
        "without `claimed_go`, a claim above that is read as also covering the go or last card "
        "the card earned (docs/rules.md#claims-in-the-play).")})
    claimed_go = claim_field(metadata={"description": (
        "Points the player claimed for the go or last-card point that card earned, when the "
        "others said go or the play ended (ruled on apart from `claimed`; 1 for a go, 0 for "
        "none). A go event has no such field.")})

    @validates_schema
    def _card_or_go(self, data: dict[str, Any], **kwargs: Any) -> None:
        has_card = "card" in data
        go = data.get("go")
        if has_card and go is not None:
            raise ValidationError(Coded("card-and-go", "an event is a card or a go, not both"),
                                  field_name="go")
        if not has_card and go is not True:
            raise ValidationError(Coded("card-or-go", "an event needs a card or \"go\": true"),
                                  field_name="card")


@component("Plays")
def plays_field(required: bool = True) -> List:
    return List(Nested(PlayEventSchema), required=required,
                validate=Size(0, MAX_EVENTS, "events"))


@component("Hands", description="Each player's cards, by name.")
def hands_field(**kwargs: Any) -> Seats:
    return Seats(keys=name_field(), values=cards_field(), **kwargs)


class ClaimsSchema(StrictSchema):
    component = "Claims"

    heels = claim_field(metadata={"description": "What the dealer pegged for his heels; 0 "
                                  "means not pegged (forfeited)."})
    hands = Seats(keys=name_field(), values=claim_field(), metadata={
        "description": "Each player's claim for their hand, by name."})
    crib = claim_field()


class DealFieldsSchema(StrictSchema):
    """What a deal record holds, in a game or on its own."""

    component = "GameDeal"
    description = "A deal in a game; who sits where, and the scores, follow from the game."
    # Of a finished deal: every deal of a game.
    required_too: ClassVar[tuple[str, ...]] = ("discards", "starter")

    dealt = hands_field(required=True, metadata={
        "description": "The cards dealt to each player, by name."})
    discards = Seats(keys=name_field(), values=cards_field(max_cards=MOST_TO_CRIB), metadata={
        "description": "The cards each player laid away to the crib."})
    crib_card = card_field()
    starter = card_field()
    plays = plays_field(required=False)
    claims = Nested(ClaimsSchema)
