"""``/v1/pegging/check``: referee a recorded play."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import validates_schema

from rules.play import check_play
from service.body import read_json
from service.fields import CommonSchema
from service.observability import count_findings
from service.v1 import bp
from service.v1.records import (
    check_hands_complete,
    check_hands_disjoint,
    check_players,
    events_from,
    hands_field,
    play_check_out,
    player_names,
    plays_field,
)


class PeggingCheckSchema(CommonSchema):
    plays = plays_field()
    hands = hands_field()
    players = player_names()

    @validates_schema
    def _consistent(self, data: dict[str, Any], **kwargs: Any) -> None:
        data["players"] = check_players(data, named_in=("hands", "plays"))
        if "hands" in data:
            check_hands_complete(data["hands"], data["players"], data["variant"])
            check_hands_disjoint(data["hands"], "hands")


_schema = PeggingCheckSchema()


@bp.post("/pegging/check")
def pegging_check() -> Response:
    data = _schema.load(read_json())
    result = check_play(
        events_from(data["plays"]),
        players=data["players"],
        hands=data.get("hands"),
        variant=data["variant"],
        ruleset=data["ruleset"],
        muggins=data["muggins"],
    )
    count_findings(result.findings)
    return jsonify(play_check_out(result))
