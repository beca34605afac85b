"""``/v1/deals/check``: referee one whole deal."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import RAISE, ValidationError, fields, validate, validates_schema

from rules.deal import CRIB, DealError, check_deal
from rules.sides import Sides
from service.body import read_json
from service.errors import Coded
from service.fields import CommonSchema, StrictInt
from service.observability import count_findings
from service.v1 import bp
from service.v1.records import (
    NAME,
    DealFieldsSchema,
    check_players,
    deal_check_out,
    deal_error,
    deal_names_known,
    deal_record,
    player_names,
)

MAX_TARGET = 1000


def target_field() -> StrictInt:
    return StrictInt(validate=validate.Range(1, MAX_TARGET))


def no_player_named_crib(players: list[str]) -> None:
    if CRIB in players:
        raise ValidationError(Coded("reserved-name", f"{CRIB!r} names the crib in the show; "
                                    "call the player something else"), field_name="players")


class DealCheckSchema(CommonSchema, DealFieldsSchema):
    class Meta:
        unknown = RAISE

    players = player_names()
    scores_before = fields.Dict(keys=fields.String(validate=NAME),
                                values=StrictInt(validate=validate.Range(0, MAX_TARGET)))
    target = target_field()

    @validates_schema
    def _consistent(self, data: dict[str, Any], **kwargs: Any) -> None:
        data["players"] = check_players(data, named_in=())
        no_player_named_crib(data["players"])
        deal_names_known(data, data["players"])
        target = data.get("target") or data["variant"].spec.target
        sides = Sides.for_table(data["players"], data["variant"])
        errors: dict[str, list[str]] = {}
        for side, score in data.get("scores_before", {}).items():
            if side not in sides.names:
                errors[side] = [Coded("unknown-side", f"{side!r} is not one of the sides: "
                                      + ", ".join(sides.names))]
            elif score >= target:
                errors[side] = [Coded("out-of-range", f"{score} has already reached the "
                                      f"target of {target}: the game is over")]
        if errors:
            raise ValidationError({"scores_before": errors})


_schema = DealCheckSchema()


@bp.post("/deals/check")
def deals_check() -> Response:
    data = _schema.load(read_json())
    try:
        result = check_deal(deal_record(data, data["players"]), variant=data["variant"],
                            ruleset=data["ruleset"], muggins=data["muggins"],
                            scores_before=data.get("scores_before"), target=data.get("target"))
    except DealError as error:
        raise deal_error(error) from None
    count_findings(result.findings)
    return jsonify(deal_check_out(result))
