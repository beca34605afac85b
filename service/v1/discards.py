"""``/v1/discards/advise``: which cards to throw, by exact expected value, and given the
scores by the chance of winning (docs/rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from flask import Response, jsonify

from rules import Option, Variant, advise
from rules.chances import DiscardChance, DiscardChances, discard_chances, discard_chances_problems
from service.body import read_json
from service.errors import Refused, load_request, problem_errors
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
                   refused: Refused) -> list[dict[str, str]]:
    """The library's problems with a request the schema refused in part: the hand's size
    when the variant was read, partners when both settings were."""
    def read(name: str) -> Any:
        return None if refused(name) else loaded.get(name)

    return problem_errors(discard_chances_problems(
        read("cards"), dealer=read("dealer"), variant=read("variant"), scores=read("scores"),
        tables=load_tables(), partner_deals=bool(read("partner_deals"))))


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


def _by_win(found: DiscardChance) -> dict[str, Any]:
    return {**_option(found.option), "win": round(found.win, 6),
            "interval": round(found.interval, 6), "behind": round(found.behind, 6),
            "behind_interval": round(found.behind_interval, 6)}


def _cards_of(option: Option) -> dict[str, list[str]]:
    return {"keep": [card.text for card in option.keep],
            "discard": [card.text for card in option.discard]}


def _chances_out(found: DiscardChances, variant: Variant) -> dict[str, Any]:
    advice = found.advice
    chance_table = load_tables()[variant]
    return {
        "cards": [card.text for card in advice.cards],
        "dealer": advice.dealer,
        "variant": variant.value,
        "crib": "ours" if advice.crib_is_ours else "theirs",
        "heels_ev": _number(advice.heels),
        "options": [_by_win(option) for option in found.options],
        "target": chance_table.target,
        "scores": {"pone": found.pone, "dealer": found.dealer},
        "orders_differ": found.orders_differ,
        "best_by_win": _cards_of(found.best_by_win),
        "best_by_net_ev": _cards_of(found.best_by_net),
        "samples": found.samples,
        "table": {"deals": chance_table.tally.deals,
                  "seed": chance_table.provenance.get("seed"),
                  "version": chance_table.provenance.get("version")},
    }


def discards_advise() -> Response:
    data = load_request(_schema, read_json(), discard_checks)
    if "scores" in data:
        found = discard_chances(data["cards"], dealer=data["dealer"], scores=data["scores"],
                                tables=load_tables(), variant=data["variant"])
        return jsonify(_chances_out(found, data["variant"]))
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
