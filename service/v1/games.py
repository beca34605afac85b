"""``/v1/games/check``: referee a whole game from its deals."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import ValidationError, validates_schema

from rules import check_game, deal_from_json
from rules.answers import game_answer
from service.errors import Coded, load_request
from service.fields import CommonSchema, List, Nested, Size, String
from service.observability import count_findings
from service.v1.deals import scores_field, target_field
from service.v1.notation import Kind, read_record
from service.v1.records import (
    NAME,
    DealFieldsSchema,
    game_checks,
    game_table,
    no_player_named_crib,
    player_names,
)

MAX_DEALS = 60
"""The most deals of any game: one to 181 (the seven-card game) or further."""
DEALS_TO_121 = 40
"""The most deals of a game to 121 or less: a real one takes about a dozen, a long one 20."""


def max_deals(target: int) -> int:
    return DEALS_TO_121 if target <= 121 else MAX_DEALS


class GameCheckSchema(CommonSchema):
    players = player_names(required=True)
    first_dealer = String(required=True, validate=NAME)
    deals = List(Nested(DealFieldsSchema), required=True,
                 validate=Size(1, MAX_DEALS, "deals"))
    target = target_field()
    scores_before = scores_field()
    """The scores the game was joined at, as a deal's (docs/rules.md#joined-game)."""

    @validates_schema(skip_on_field_errors=False)  # beside any field's problem
    def _no_crib(self, data: dict[str, Any], **kwargs: Any) -> None:
        no_player_named_crib(data.get("players"))

    @validates_schema  # only when the variant, the target and the deals were all read
    def _deal_count(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "deals" not in data:
            return  # left to the notation (a notation that did not parse: read_record)
        target = data.get("target") or data["variant"].spec.target
        if len(data["deals"]) > max_deals(target):
            raise ValidationError(Coded("wrong-size", f"a game to {target} has at most "
                                        f"{max_deals(target)} deals, not {len(data['deals'])}"),
                                  field_name="deals")


_schema = GameCheckSchema()


def games_check() -> Response:
    body = read_record(Kind.GAME, _schema)
    data = load_request(_schema, body, game_checks)
    deals = [deal_from_json(d) for d in data["deals"]]
    result = check_game(game_table(data, body), deals,
                        ruleset=data["ruleset"], muggins=data["muggins"],
                        scores_before=data.get("scores_before"))
    count_findings(result.findings)
    return jsonify(game_answer(result))
