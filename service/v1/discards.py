"""``/v1/discards/advise``: which cards to throw, by exact expected value, and given the
scores by the chance of winning (docs/rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify

from rules import Problem, advise
from rules.answers import discards_answer, discards_by_win_answer
from rules.chances import discard_chances, discard_chances_problems
from service.body import read_json
from service.errors import Refused, load_request
from service.fields import Cards, CommonSchema, StrictBool
from service.v1.chances import load_tables
from service.v1.deals import scores_field


class AdviseSchema(CommonSchema):
    cards = Cards(required=True)
    dealer = StrictBool(required=True)
    partner_deals = StrictBool()
    scores = scores_field()


_schema = AdviseSchema()


def discard_checks(loaded: Mapping[str, Any], body: Mapping[str, Any],
                   refused: Refused) -> list[Problem]:
    """The library's problems with a request the schema refused in part: the hand's size
    when the variant was read, partners when both settings were."""
    def read(name: str) -> Any:
        return None if refused(name) else loaded.get(name)

    return discard_chances_problems(
        read("cards"), dealer=read("dealer"), variant=read("variant"), scores=read("scores"),
        tables=load_tables(), partner_deals=bool(read("partner_deals")))


def discards_advise() -> Response:
    data = load_request(_schema, read_json(), discard_checks)
    if "scores" in data:
        found = discard_chances(data["cards"], dealer=data["dealer"], scores=data["scores"],
                                tables=load_tables(), variant=data["variant"])
        return jsonify(discards_by_win_answer(found, data["variant"],
                                              load_tables()[data["variant"]]))
    advice = advise(data["cards"], dealer=data["dealer"], variant=data["variant"],
                    partner_deals=data.get("partner_deals", False))
    return jsonify(discards_answer(advice, data["variant"]))
