"""``/v1/deals/review`` and ``/v1/games/review``: where the points went.

They take the checks' own records (and schemas): a review is the check's ruling
followed by the discard, the play and the count judged against the best.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import ValidationError, validates_schema

from rules import deal_from_json, review_deal, review_game, table_from_json
from rules.answers import deal_review_answer, game_review_answer
from rules.review import game_chances, rate_game
from service.errors import Coded, load_request
from service.observability import count_findings
from service.v1.chances import load_tables
from service.v1.deals import DealCheckSchema
from service.v1.games import GameCheckSchema
from service.v1.notation import Kind, read_record
from service.v1.records import (
    deal_checks,
    game_checks,
    game_table,
)


class DealReviewSchema(DealCheckSchema):
    """The check's record, finished: a review judges the whole deal."""

    @validates_schema(skip_on_field_errors=False)  # beside any field's problem
    def _finished(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("in_progress"):
            raise ValidationError(Coded("conflict", "a review needs the whole deal: "
                                        "in_progress must be false"), field_name="in_progress")


_deal_schema = DealReviewSchema()
_game_schema = GameCheckSchema()


def deals_review() -> Response:
    data = load_request(_deal_schema, read_record(Kind.DEAL, _deal_schema), deal_checks)
    review = review_deal(deal_from_json(data), table=table_from_json(data), ruleset=data["ruleset"],
                         muggins=data["muggins"], scores_before=data.get("scores_before"),
                         tables=load_tables())
    count_findings(review.check.findings)
    return jsonify(deal_review_answer(review))


def games_review() -> Response:
    body = read_record(Kind.GAME, _game_schema)
    data = load_request(_game_schema, body, game_checks)
    deals = [deal_from_json(d) for d in data["deals"]]
    review = review_game(game_table(data, body), deals,
                         ruleset=data["ruleset"], muggins=data["muggins"],
                         scores_before=data.get("scores_before"), tables=load_tables())
    check = review.check
    count_findings(check.findings)
    table = game_table(data, body)
    return jsonify(game_review_answer(review, data["variant"],
                                      game_chances(check, table, load_tables()),
                                      rate_game(review, deals, load_tables())))
