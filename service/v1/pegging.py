"""``/v1/pegging/check``: referee a recorded play, finished or in progress."""

from __future__ import annotations

from flask import Response, jsonify

from rules import check_play, events_from_json, in_play, table_from_json
from service.errors import load_request
from service.fields import CommonSchema, StrictBool
from service.observability import count_findings
from service.v1.notation import Kind, read_record
from service.v1.records import (
    hands_field,
    next_out,
    play_check_out,
    play_checks,
    player_names,
    plays_field,
)


class PeggingCheckSchema(CommonSchema):
    plays = plays_field()
    hands = hands_field()
    players = player_names()
    in_progress = StrictBool(load_default=False)


_schema = PeggingCheckSchema()


def pegging_check() -> Response:
    data = load_request(_schema, read_record(Kind.PLAY, _schema), play_checks)
    result = check_play(
        events_from_json(data["plays"]),
        table=table_from_json(data),
        hands=data.get("hands"),
        ruleset=data["ruleset"],
        muggins=data["muggins"],
        in_progress=data["in_progress"],
    )
    count_findings(result.findings)
    answer = play_check_out(result)
    if data["in_progress"]:
        answer["next"] = next_out(in_play(result.state))
    return jsonify(answer)
