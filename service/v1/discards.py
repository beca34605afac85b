"""``/v1/discards/advise``: which cards to throw, by exact expected value."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from flask import Response, jsonify

from rules import Option, advise
from rules.advice import discard_problems
from service.body import read_json
from service.errors import Refused, load_request, problem_errors
from service.fields import Cards, CommonSchema, StrictBool


class AdviseSchema(CommonSchema):
    cards = Cards(required=True)
    dealer = StrictBool(required=True)
    partner_deals = StrictBool()


_schema = AdviseSchema()


def discard_checks(loaded: Mapping[str, Any], body: Mapping[str, Any],
                   refused: Refused) -> list[dict[str, str]]:
    """The library's problems with a request the schema refused in part: the hand's size
    when the variant was read, partners when both settings were."""
    def read(name: str) -> Any:
        return None if refused(name) else loaded.get(name)

    return problem_errors(discard_problems(read("cards"), dealer=read("dealer"),
                                           variant=read("variant"),
                                           partner_deals=bool(read("partner_deals"))))


def _number(value: Fraction) -> float:
    return round(float(value), 6)


def _option(option: Option) -> dict[str, Any]:
    return {
        "keep": [card.text for card in option.keep],
        "discard": [card.text for card in option.discard],
        "hand_ev": _number(option.hand),
        "crib_ev": _number(option.crib),
        "net_ev": _number(option.net),
        "exact": {"hand_ev": str(option.hand), "crib_ev": str(option.crib),
                  "net_ev": str(option.net)},
    }


def discards_advise() -> Response:
    data = load_request(_schema, read_json(), discard_checks)
    advice = advise(data["cards"], dealer=data["dealer"], variant=data["variant"],
                    partner_deals=data.get("partner_deals", False))
    return jsonify({
        "cards": [card.text for card in advice.cards],
        "dealer": advice.dealer,
        "variant": data["variant"].value,
        "crib": "ours" if advice.crib_is_ours else "theirs",
        "heels_ev": _number(advice.heels),
        "options": [_option(option) for option in advice.options],
    })
