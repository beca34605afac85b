"""``/v1/games/check``: referee a whole game from its deals."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import ValidationError, fields, validate, validates_schema

from rules.game import GameError, check_game
from service.body import read_json
from service.errors import Coded
from service.fields import CommonSchema
from service.observability import count_findings
from service.v1 import bp
from service.v1.deals import no_player_named_crib, target_field
from service.v1.hands import findings_out
from service.v1.records import (
    NAME,
    DealFieldsSchema,
    check_players,
    deal_error,
    deal_names_known,
    deal_record,
    player_names,
)

MAX_DEALS = 200
"""Far more than any real game: a 181-point game takes a few dozen deals."""


class GameCheckSchema(CommonSchema):
    players = player_names(required=True)
    first_dealer = fields.String(required=True, validate=NAME)
    deals = fields.List(fields.Nested(DealFieldsSchema), required=True,
                        validate=validate.Length(1, MAX_DEALS))
    target = target_field()

    @validates_schema
    def _consistent(self, data: dict[str, Any], **kwargs: Any) -> None:
        players = check_players(data, named_in=())
        no_player_named_crib(players)
        if data["first_dealer"] not in players:
            raise ValidationError(Coded("unknown-player", f"{data['first_dealer']!r} is not one "
                                        "of the players"), field_name="first_dealer")
        errors: dict[int, Any] = {}
        for i, deal in enumerate(data["deals"]):
            try:
                deal_names_known(deal, players)
            except ValidationError as error:
                errors[i] = error.messages
        if errors:
            raise ValidationError({"deals": errors})


_schema = GameCheckSchema()


@bp.post("/games/check")
def games_check() -> Response:
    data = _schema.load(read_json())
    deals = [deal_record(d) for d in data["deals"]]
    try:
        result = check_game(data["players"], data["first_dealer"], deals,
                            variant=data["variant"], ruleset=data["ruleset"],
                            muggins=data["muggins"], target=data.get("target"))
    except GameError as error:
        raise deal_error(error) from None
    count_findings(result.findings)
    summaries = []
    for number, (deal, dealer) in enumerate(zip(result.deals, result.dealers, strict=True)):
        summaries.append({
            "deal": number,
            "dealer": dealer,
            "misdeal": deal.misdeal,
            "heels": 0 if deal.heels is None else deal.heels.pegged,
            "play": {} if deal.play is None else deal.play.totals,
            "show": {name: check.show.total for name, check in deal.show.items()},
            "scores_before": deal.scores_before,
            "pegged": deal.pegged,
            "scores_after": deal.scores_after,
            "winner": deal.winner,
            "won_during": None if deal.won_during is None else deal.won_during.value,
            "findings": len(deal.findings),
        })
    return jsonify({
        "deals": summaries,
        "scores": result.scores,
        "winner": result.winner,
        "margin": None if result.margin is None else result.margin.value,
        "findings": findings_out(result.findings),
    })
