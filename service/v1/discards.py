"""``/v1/discards/advise``: which cards to throw, by exact expected value."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from flask import Response, jsonify
from marshmallow import ValidationError, validates_schema

from rules.discards import Option, advise
from rules.variants import Variant
from service.body import read_json
from service.errors import Coded
from service.fields import Cards, CommonSchema, StrictBool


class AdviseSchema(CommonSchema):
    cards = Cards(required=True)
    dealer = StrictBool(required=True)
    partner_deals = StrictBool()

    @validates_schema
    def _fits_variant(self, data: dict[str, Any], **kwargs: Any) -> None:
        variant: Variant = data["variant"]
        if "partner_deals" in data and variant is not Variant.FOUR_PLAYER:
            raise ValidationError(Coded("not-in-variant", "only the four-player game has "
                                        "partners"), field_name="partner_deals")
        if data.get("partner_deals") and data["dealer"]:
            raise ValidationError(Coded("conflict", "the player and the partner cannot both "
                                        "deal"), field_name="partner_deals")


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
    ours = data["dealer"] or data.get("partner_deals", False)
    advice = advise(data["cards"], dealer=data["dealer"], variant=data["variant"],
                    crib_is_ours=ours)
    return jsonify({
        "cards": [card.text for card in advice.cards],
        "dealer": advice.dealer,
        "variant": data["variant"].value,
        "crib": "ours" if ours else "theirs",
        "heels_ev": _number(advice.heels),
        "options": [_option(option) for option in advice.options],
    })
