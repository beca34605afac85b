"""``/v1/pegging/advise``: which card to lay now, by expected pegging difference."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import ValidationError, fields, validate, validates_schema

from rules.review_advice import DEFAULT_SAMPLES, AdviceError, PlayAdvice, advise_play
from rules.variants import Variant
from service.body import read_json
from service.errors import Coded, InvalidRequest
from service.fields import CardField, Cards, CommonSchema, StrictInt
from service.v1 import bp
from service.v1.records import (
    MAX_EVENTS,
    NAME,
    PlayEventSchema,
    check_players,
    events_from,
    player_names,
)
from service.v1.review import number

MAX_SAMPLES = 1000
MODEL = ("perfect-information sampling: the other hands are every deal consistent with "
         "what the player has seen (their cards laid, and their gos: nothing they still "
         "hold fitted), equally likely; each deal is played out double-dummy, every hand "
         "open, and the values are the mean play point difference from here")


class PeggingAdviseSchema(CommonSchema):
    players = player_names()
    player = fields.String(required=True, validate=NAME)
    hand = Cards(required=True)
    starter = CardField(required=True)
    discards = Cards(max_cards=3)
    plays = fields.List(fields.Nested(PlayEventSchema), load_default=list,
                        validate=validate.Length(0, MAX_EVENTS))
    samples = StrictInt(load_default=DEFAULT_SAMPLES, validate=validate.Range(1, MAX_SAMPLES))
    seed = StrictInt(load_default=0, validate=validate.Range(0, 2**32 - 1))

    @validates_schema
    def _consistent(self, data: dict[str, Any], **kwargs: Any) -> None:
        data["players"] = check_players(data, named_in=("plays",))
        variant: Variant = data["variant"]
        if data["player"] not in data["players"]:
            raise ValidationError(Coded("unknown-player", f"{data['player']!r} is not one of "
                                        "the players"), field_name="player")
        size = variant.spec.hand_size
        if len(data["hand"]) != size:
            raise ValidationError(Coded("wrong-size", f"a {variant} hand has {size} cards as "
                                        f"the play begins, not {len(data['hand'])}"),
                                  field_name="hand")
        if data["starter"] in data["hand"]:
            raise ValidationError(Coded("duplicate-card", f"the starter {data['starter']} is "
                                        "also in the hand"), field_name="starter")
        discards = data.get("discards", [])
        if "discards" in data and len(discards) != variant.spec.to_crib:
            raise ValidationError(Coded("wrong-size", f"a {variant} player lays "
                                        f"{variant.spec.to_crib} cards away"),
                                  field_name="discards")
        for i, card in enumerate(discards):
            if card in data["hand"] or card == data["starter"]:
                raise ValidationError({"discards": {i: [Coded(
                    "duplicate-card", f"{card} is also in the hand or the starter")]}})


_schema = PeggingAdviseSchema()


def advice_out(advice: PlayAdvice) -> dict[str, Any]:
    options = []
    for option in advice.options:
        out: dict[str, Any] = ({"go": True} if option.card is None
                               else {"card": option.card.text})
        out["expected"] = number(option.expected)
        if advice.exact:
            out["exact"] = str(option.expected)
        else:
            out["stderr"] = None if option.stderr is None else round(option.stderr, 6)
        options.append(out)
    return {
        "player": advice.player,
        "count": advice.count,
        "method": "exact" if advice.exact else "sampled",
        "deals": advice.deals,
        "model": MODEL,
        "options": options,
    }


@bp.post("/pegging/advise")
def pegging_advise() -> Response:
    data = _schema.load(read_json())
    try:
        advice = advise_play(players=data["players"], player=data["player"],
                             hand=data["hand"], starter=data["starter"],
                             plays=events_from(data["plays"]),
                             discards=data.get("discards", ()), variant=data["variant"],
                             samples=data["samples"], seed=data["seed"])
    except AdviceError as error:
        pointer = "#/" + "/".join(str(part) for part in error.path)
        raise InvalidRequest([{"pointer": pointer, "detail": str(error),
                               "code": error.code}]) from None
    return jsonify({**advice_out(advice), "samples": data["samples"], "seed": data["seed"]})
