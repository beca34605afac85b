"""Shared request fields and answers for records of the table: plays, hands, deals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from rules.deal import DealCheck, DealClaims, DealRecord
from rules.live import CRIB, Next
from rules.play import PlayCheck, PlayEvent
from service.errors import Coded
from service.fields import CardField, Cards, Seats, StrictBool, claim_field
from service.v1.hands import findings_out, hand_check_out

__all__ = [
    "MAX_EVENTS",
    "ClaimsSchema",
    "DealFieldsSchema",
    "PlayEventSchema",
    "deal_check_out",
    "deal_claims",
    "deal_record",
    "events_from",
    "next_out",
    "no_player_named_crib",
    "play_check_out",
    "player_names",
    "players_of",
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
    claimed_go = claim_field()

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


def plays_field(required: bool = True) -> fields.List:  # type: ignore[type-arg]
    return fields.List(fields.Nested(PlayEventSchema), required=required,
                       validate=validate.Length(0, MAX_EVENTS))


def hands_field(**kwargs: Any) -> fields.Dict:
    return Seats(keys=fields.String(validate=NAME),
                       values=Cards(), **kwargs)


def players_of(data: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The seats as sent; None lets the library take its two-player default."""
    players = data.get("players")
    return None if players is None else tuple(players)


def events_from(plays: Sequence[Mapping[str, Any]]) -> list[PlayEvent]:
    return [PlayEvent(p["player"], p.get("card"), p.get("claimed"), p.get("claimed_go"))
            for p in plays]


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
        if entry.claimed_go is not None:
            out["claimed_go"] = entry.claimed_go
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
    answer["award"] = result.pegged
    return answer


def next_out(coming: Next) -> dict[str, Any]:
    out: dict[str, Any] = {"phase": coming.phase.value, "player": coming.player,
                           "count": coming.count}
    if coming.legal is not None:
        out["legal"] = [str(card) for card in coming.legal]
        out["go"] = coming.go
    return out


# --- deals -------------------------------------------------------------------------


class ClaimsSchema(Schema):
    class Meta:
        unknown = "raise"

    heels = claim_field()
    hands = Seats(keys=fields.String(validate=NAME), values=claim_field())
    crib = claim_field()


class DealFieldsSchema(Schema):
    """What a deal record holds, in a game or on its own."""

    class Meta:
        unknown = "raise"

    dealt = hands_field(required=True)
    discards = Seats(keys=fields.String(validate=NAME), values=Cards(max_cards=3))
    crib_card = CardField()
    starter = CardField()
    plays = plays_field(required=False)
    claims = fields.Nested(ClaimsSchema)


def no_player_named_crib(players: Sequence[str] | None) -> None:
    """``crib`` is a key of a deal's ``show`` next to the players' names: a collision in
    the JSON (the library itself has no such limit)."""
    if players is not None and CRIB in players:
        raise ValidationError(Coded("reserved-name", f"{CRIB!r} names the crib in the show; "
                                    "call the player something else"), field_name="players")


def deal_record(data: Mapping[str, Any], players: Sequence[str] = ()) -> DealRecord:
    """A loaded deal (a /v1/deals/check body, or one of a game's deals) as the library's
    record; a game seats its deals itself, so their ``players`` stay empty."""
    return DealRecord(tuple(players), data["dealt"], data.get("discards"), data.get("starter"),
                      None if "plays" not in data else events_from(data["plays"]),
                      data.get("crib_card"),
                      deal_claims(data))


def deal_claims(data: Mapping[str, Any]) -> DealClaims | None:
    claims = data.get("claims")
    if claims is None:
        return None
    return DealClaims(claims.get("heels"), dict(claims.get("hands", {})), claims.get("crib"))


def deal_check_out(result: DealCheck) -> dict[str, Any]:
    heels = None
    if result.heels is not None:
        heels = {"points": result.heels.points, "pegged": result.heels.pegged}
        if result.heels.claimed is not None:
            heels["claimed"] = result.heels.claimed
    show = {name: hand_check_out(check) for name, check in result.show.items()}
    if result.crib is not None:
        show[CRIB] = hand_check_out(result.crib)
    for name, claimed in result.unruled.items():
        show[name]["claimed"] = claimed  # made after the win: echoed, not ruled on
    return {
        "misdeal": result.misdeal,
        "heels": heels,
        "play": None if result.play is None else play_check_out(result.play),
        "show": show,
        "findings": findings_out(result.findings),
        "scores_before": result.scores_before,
        "scores_after": result.scores_after,
        "pegged": result.pegged,
        "winner": result.winner,
        "won_during": None if result.won_during is None else result.won_during.value,
    }
