"""Shared request fields and answers for records of the table: plays, hands, deals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from rules.cards import Card
from rules.deal import DealCheck, DealClaims, DealError, DealRecord
from rules.play import PlayCheck, PlayEvent
from rules.variants import Variant
from service.errors import Coded, InvalidRequest
from service.fields import CardField, Cards, StrictBool, claim_field
from service.v1.hands import findings_out, hand_check_out

__all__ = [
    "MAX_EVENTS",
    "ClaimsSchema",
    "DealFieldsSchema",
    "PlayEventSchema",
    "check_hands_complete",
    "check_hands_disjoint",
    "check_players",
    "deal_check_out",
    "deal_claims",
    "deal_error",
    "deal_names_known",
    "deal_record",
    "events_from",
    "play_check_out",
    "player_names",
]

MAX_EVENTS = 52
NAME = validate.Length(1, 64)


def player_names(**kwargs: Any) -> fields.List:  # type: ignore[type-arg]
    return fields.List(fields.String(validate=NAME), validate=validate.Length(2, 4), **kwargs)


class PlayEventSchema(Schema):
    class Meta:
        unknown = "raise"

    player = fields.String(required=True, validate=NAME)
    card = CardField()
    go = StrictBool()
    claimed = claim_field()

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


def plays_field() -> fields.List:  # type: ignore[type-arg]
    return fields.List(fields.Nested(PlayEventSchema), required=True,
                       validate=validate.Length(0, MAX_EVENTS))


def hands_field(**kwargs: Any) -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=NAME),
                       values=Cards(), **kwargs)


def default_players(variant: Variant) -> list[str] | None:
    return ["pone", "dealer"] if variant.spec.players == 2 else None


def check_players(data: dict[str, Any], *, named_in: Sequence[str]) -> list[str]:
    """The seats, checked against the variant; names used elsewhere must be among them.

    Raises a ValidationError pointing at the first field that names an unknown player.
    """
    variant: Variant = data["variant"]
    players = data.get("players") or default_players(variant)
    if players is None:
        raise ValidationError(Coded("required", f"the {variant} game needs its players named, "
                                    "in seat order from the dealer's left, dealer last"),
                              field_name="players")
    if len(players) != variant.spec.players:
        raise ValidationError(Coded("wrong-size", f"the {variant} game has "
                                    f"{variant.spec.players} players, not {len(players)}"),
                              field_name="players")
    if len(set(players)) != len(players):
        raise ValidationError(Coded("duplicate-player", "each player is named once"),
                              field_name="players")
    known = set(players)
    errors: dict[str, Any] = {}
    for name in named_in:
        value = data.get(name)
        if isinstance(value, Mapping):
            for key in value:
                if key not in known:
                    errors.setdefault(name, {})[key] = [_unknown(key)]
        elif isinstance(value, list):
            for i, event in enumerate(value):
                if isinstance(event, Mapping) and event.get("player") not in known:
                    errors.setdefault(name, {})[i] = {"player": [_unknown(event["player"])]}
    if errors:
        raise ValidationError(errors)
    return list(players)


def _unknown(name: str) -> Coded:
    return Coded("unknown-player", f"{name!r} is not one of the players")


def check_hands_complete(hands: Mapping[str, Sequence[Card]], players: Sequence[str],
                         variant: Variant) -> None:
    """Hands, when given, are every player's whole hand as the play began."""
    size = variant.spec.hand_size
    errors: dict[str, list[str]] = {}
    for player in players:
        if player not in hands:
            errors[player] = [Coded("required", f"{player}'s hand is missing")]
        elif len(hands[player]) != size:
            errors[player] = [Coded("wrong-size", f"a {variant} hand has {size} cards, "
                                    f"not {len(hands[player])}")]
    if errors:
        raise ValidationError({"hands": errors})


def check_hands_disjoint(hands: Mapping[str, Sequence[Card]], field_name: str) -> None:
    owner: dict[Card, str] = {}
    errors: dict[str, dict[int, list[str]]] = {}
    for player, cards in hands.items():
        for i, card in enumerate(cards):
            if card in owner:
                errors.setdefault(player, {})[i] = [Coded(
                    "duplicate-card", f"{card} is also in {owner[card]}'s hand")]
            owner.setdefault(card, player)
    if errors:
        raise ValidationError({field_name: errors})


def events_from(plays: Sequence[Mapping[str, Any]]) -> list[PlayEvent]:
    return [PlayEvent(p["player"], p.get("card"), p.get("claimed")) for p in plays]


def play_check_out(result: PlayCheck) -> dict[str, Any]:
    plays: list[dict[str, Any]] = []
    for entry in result.plays:
        out: dict[str, Any] = {"index": entry.index, "player": entry.player}
        if entry.card is None:
            out["go"] = True
        else:
            out["card"] = str(entry.card)
            out["legal"] = entry.legal
            out["new_count"] = entry.new_count
        out["count"] = entry.count
        out["points"] = entry.points
        out["scores"] = [{"kind": s.kind.value, "points": s.points} for s in entry.scores]
        if entry.inferred_go:
            out["inferred_go"] = list(entry.inferred_go)
        if entry.claimed is not None:
            out["claimed"] = entry.claimed
        plays.append(out)
    answer: dict[str, Any] = {
        "plays": plays,
        "totals": result.totals,
        "findings": findings_out(result.findings),
    }
    if result.partnerships is not None:
        answer["partnerships"] = [
            {"players": list(pair), "points": points} for pair, points in result.partnerships
        ]
    if result.claims_given:
        answer["award"] = result.pegged
    return answer


# --- deals -------------------------------------------------------------------------


class ClaimsSchema(Schema):
    class Meta:
        unknown = "raise"

    heels = claim_field()
    hands = fields.Dict(keys=fields.String(validate=NAME), values=claim_field())
    crib = claim_field()


class DealFieldsSchema(Schema):
    """What a deal record holds, in a game or on its own."""

    class Meta:
        unknown = "raise"

    dealt = hands_field(required=True)
    discards = fields.Dict(keys=fields.String(validate=NAME),
                           values=Cards(max_cards=3), required=True)
    crib_card = CardField()
    starter = CardField(required=True)
    plays = plays_field()
    claims = fields.Nested(ClaimsSchema)


def deal_names_known(data: Mapping[str, Any], players: Sequence[str]) -> None:
    """Every name a deal record uses must be one of the players."""
    known = set(players)
    errors: dict[str, Any] = {}
    for name in ("dealt", "discards"):
        for key in data.get(name, {}):
            if key not in known:
                errors.setdefault(name, {})[key] = [_unknown(key)]
    for i, event in enumerate(data.get("plays", [])):
        if event["player"] not in known:
            errors.setdefault("plays", {})[i] = {"player": [_unknown(event["player"])]}
    for key in data.get("claims", {}).get("hands", {}):
        if key not in known:
            errors.setdefault("claims", {}).setdefault("hands", {})[key] = [_unknown(key)]
    if errors:
        raise ValidationError(errors)


def deal_record(data: Mapping[str, Any], players: Sequence[str] = ()) -> DealRecord:
    """A loaded deal (a /v1/deals/check body, or one of a game's deals) as the library's
    record; a game seats its deals itself, so their ``players`` stay empty."""
    return DealRecord(tuple(players), data["dealt"], data["discards"], data["starter"],
                      events_from(data["plays"]), data.get("crib_card"), deal_claims(data))


def deal_claims(data: Mapping[str, Any]) -> DealClaims | None:
    claims = data.get("claims")
    if claims is None:
        return None
    return DealClaims(claims.get("heels"), dict(claims.get("hands", {})), claims.get("crib"))


def deal_error(error: DealError, prefix: Sequence[str | int] = ()) -> InvalidRequest:
    pointer = "#/" + "/".join(str(part) for part in (*prefix, *error.path))
    return InvalidRequest([{"pointer": pointer, "detail": str(error), "code": error.code}])


def deal_check_out(result: DealCheck) -> dict[str, Any]:
    heels = None
    if result.heels is not None:
        heels = {"points": result.heels.points, "pegged": result.heels.pegged}
        if result.heels.claimed is not None:
            heels["claimed"] = result.heels.claimed
    return {
        "misdeal": result.misdeal,
        "heels": heels,
        "play": None if result.play is None else play_check_out(result.play),
        "show": {name: hand_check_out(check) for name, check in result.show.items()},
        "findings": findings_out(result.findings),
        "scores_before": result.scores_before,
        "scores_after": result.scores_after,
        "pegged": result.pegged,
        "winner": result.winner,
        "won_during": None if result.won_during is None else result.won_during.value,
    }
