"""Marshmallow fields for the game's values, and the fields every request shares."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from rules.cards import Card, InvalidCardError
from rules.rulesets import Ruleset
from rules.variants import Variant
from service.errors import Coded

__all__ = [
    "MAX_CLAIM",
    "CardField",
    "Cards",
    "CommonSchema",
    "StrictBool",
    "StrictInt",
    "duplicate",
]

MAX_CLAIM = 999
"""Claims are small numbers; anything larger is a malformed request, not a claim."""


class CardField(fields.Field):  # type: ignore[type-arg]
    """A card in lenient notation in, canonical notation out."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> Card:
        if not isinstance(value, str):
            raise ValidationError(Coded("wrong-type", f"a card is a string, not {value!r}"))
        try:
            return Card.parse(value)
        except InvalidCardError as error:
            raise ValidationError(Coded("invalid-card", str(error))) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else str(value)


def duplicate(card: Card) -> Coded:
    return Coded("duplicate-card", f"duplicate card: {str(card)!r}")


class Cards(fields.List):  # type: ignore[type-arg]
    """A list of distinct cards."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(CardField(), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> list[Card]:
        cards: list[Card] = super()._deserialize(value, attr, data, **kwargs)
        seen: set[Card] = set()
        errors: dict[int, list[str]] = {}
        for i, card in enumerate(cards):
            if card in seen:
                errors[i] = [duplicate(card)]
            seen.add(card)
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]
        return cards


class StrictBool(fields.Boolean):
    """Only JSON true and false: ``"false"`` and ``0`` are type errors, not booleans."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(Coded("wrong-type", f"expected true or false, not {value!r}"))
        return value


class StrictInt(fields.Integer):
    """Only JSON integers: no strings, floats or booleans."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(Coded("wrong-type", f"expected an integer, not {value!r}"))
        return int(value)


def claim_field(**kwargs: Any) -> StrictInt:
    return StrictInt(validate=validate.Range(0, MAX_CLAIM), **kwargs)


class CommonSchema(Schema):
    """The fields every operation accepts."""

    class Meta:
        unknown = RAISE

    variant = fields.Enum(Variant, by_value=True, load_default=Variant.SIX_CARD)
    ruleset = fields.Enum(Ruleset, by_value=True, load_default=Ruleset.ACC)
    muggins = StrictBool(load_default=False)
