"""``/v1/deals/check``: referee one whole deal, finished or in progress."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import RAISE, validates_schema

from rules import check_deal, deal_from_json, table_from_json
from service.errors import load_request
from service.fields import Between, CommonSchema, Seats, StrictBool, StrictInt, String
from service.observability import count_findings
from service.v1.notation import Kind, read_record
from service.v1.records import (
    NAME,
    DealFieldsSchema,
    deal_check_out,
    deal_checks,
    next_out,
    no_player_named_crib,
    player_names,
)

MAX_TARGET = 1000


def target_field() -> StrictInt:
    return StrictInt(validate=Between(1, MAX_TARGET))


def scores_field(**kwargs: Any) -> Seats:
    """Scores by side; whether each side is one and below the target is the library's to
    say (``check_scores``), where the table is known."""
    return Seats(keys=String(validate=NAME), values=StrictInt(validate=Between(0, MAX_TARGET)),
                 **kwargs)


class DealCheckSchema(CommonSchema, DealFieldsSchema):
    class Meta:
        unknown = RAISE

    players = player_names()
    scores_before = scores_field()
    target = target_field()
    in_progress = StrictBool(load_default=False)

    @validates_schema(skip_on_field_errors=False)  # beside any field's problem
    def _shape(self, data: dict[str, Any], **kwargs: Any) -> None:
        no_player_named_crib(data.get("players"))


_schema = DealCheckSchema()


def deals_check() -> Response:
    data = load_request(_schema, read_record(Kind.DEAL, _schema), deal_checks)
    result = check_deal(deal_from_json(data), table=table_from_json(data), ruleset=data["ruleset"],
                        muggins=data["muggins"], scores_before=data.get("scores_before"),
                        in_progress=data["in_progress"])
    count_findings(result.findings)
    answer = deal_check_out(result)
    answer["target"] = result.target
    if data["in_progress"]:
        answer["next"] = next_out(result.next)
    return jsonify(answer)
