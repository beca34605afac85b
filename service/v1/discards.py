"""``/v1/discards/advise``: which cards to throw, by exact expected value."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from flask import Response, jsonify

from rules import Option, advise
from service.body import read_json
from service.fields import Cards, CommonSchema, StrictBool


class AdviseSchema(CommonSchema):
    cards = Cards(required=True)
    dealer = StrictBool(required=True)
    partner_deals = StrictBool()


_schema = AdviseSchema()


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
    data = _schema.load(read_json())
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
