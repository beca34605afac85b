"""``/v1/deals/check``: referee one whole deal, finished or in progress."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import RAISE, validates_schema

from rules import check_deal
from rules.answers import MAX_TARGET
from service.documented import component
from service.fields import Between, CommonSchema, Seats, StrictInt, String
from service.observability import count_findings
from service.v1.notation import Kind, notation_field, read_record
from service.v1.records import (
    NAME,
    DealFieldsSchema,
    deal_check_out,
    deal_checks,
    in_progress_field,
    next_out,
    no_player_named_crib,
    player_names,
)


@component("Target", description="Defaults by variant (61 five-card, 181 seven-card, 121 "
           "otherwise).")
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

    component = "DealCheckRequest"
    description = (
        "A finished deal needs `discards` and `starter` too (422 `required` without them). A "
        "deal `in_progress` may stop at any phase: the fields later phases need are left out, "
        "and what is given must be consistent (a starter needs the discards, plays need the "
        "starter, claims for the show need the play to be over).")
    required_too = ()  # in progress, a deal may stop before its discards

    notation = notation_field(Kind.DEAL, metadata={
        "description": "A deal (docs/notation.md#a-deal), in place of every other field but "
        "`ruleset` and `muggins`."})
    players = player_names()
    scores_before = scores_field(metadata={
        "description": "Scores by side before the deal (a side is a player, or in the "
        "four-player game a partnership named `a&c`)."})
    target = target_field()
    in_progress = in_progress_field()

    @validates_schema(skip_on_field_errors=False)  # beside any field's problem
    def _shape(self, data: dict[str, Any], **kwargs: Any) -> None:
        no_player_named_crib(data.get("players"))


_schema = DealCheckSchema()


def deals_check() -> Response:
    """Referee one whole deal

    Validates the deal for its variant (a wrong number of cards is a `misdeal`
    finding), pegs heels, the play (via the pegging referee, with each player's
    cards taken from the deal) and the show in counting order, strictly in that
    order, and stops the moment a side reaches the target.

    With `"in_progress": true` the deal may stop at any phase (`dealt` alone, then
    `discards`, the `starter`, `plays` card by card, `claims` hand by hand); the
    answer carries `next`, and the hands are shown one by one as their claims come.
    ---
    operationId: checkDeal
    tags: [play]
    request: DealCheckRequest
    responses:
      200:
        description: The deal refereed.
        schema: DealCheckResult
    """
    sent = read_record(Kind.DEAL, _schema, deal_checks)
    data = sent.data
    table, record, scores_before, in_progress = sent.deal()
    result = check_deal(record, table=table, ruleset=data["ruleset"], muggins=data["muggins"],
                        scores_before=scores_before, in_progress=in_progress)
    count_findings(result.findings)
    answer = deal_check_out(result)
    answer["target"] = result.target
    if in_progress:
        answer["next"] = next_out(result.next)
    return jsonify(answer)
