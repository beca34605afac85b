"""Marshmallow fields for the game's values, and the fields every request shares."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from rules.cards import Card, InvalidCardError
from rules.rulesets import Ruleset
from rules.variants import MOST_CARDS, MOST_PLAYERS, Variant
from service.errors import Coded

__all__ = [
    "MAX_CARDS",
    "MAX_CLAIM",
    "MAX_SEATS",
    "CardField",
    "Cards",
    "CommonSchema",
    "Seats",
    "StrictBool",
    "StrictInt",
    "duplicate",
]

MAX_CLAIM = 999
"""Claims are small numbers; anything larger is a malformed request, not a claim."""


def _card(value: Any) -> Card:
    if not isinstance(value, str):
        raise ValidationError(Coded("wrong-type", f"a card is a string, not {value!r}"))
    try:
        return Card.parse(value)
    except InvalidCardError as error:
        raise ValidationError(Coded("invalid-card", str(error))) from None


class CardField(fields.Field):  # type: ignore[type-arg]
    """A card in lenient notation in, canonical notation out."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> Card:
        return _card(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else str(value)


def duplicate(card: Card) -> Coded:
    return Coded("duplicate-card", f"duplicate card: {str(card)!r}")


MAX_CARDS = MOST_CARDS
"""The most cards anyone is dealt, over every variant (the seven-card game's seven)."""


class Cards(fields.Field):  # type: ignore[type-arg]
    """A list of distinct cards, read in one pass (not a field per card: this is on
    every request's path), with every bad card reported at its index."""

    def __init__(self, *, max_cards: int = MAX_CARDS, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_cards = max_cards

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> list[Card]:
        if not isinstance(value, list):
            raise ValidationError(Coded("wrong-type", "expected a list of cards"))
        if len(value) > self.max_cards:  # before reading a single card of a huge list
            raise ValidationError(Coded("wrong-size", f"at most {self.max_cards} cards here, "
                                        f"not {len(value)}"))
        cards: list[Card] = []
        seen: set[int] = set()
        errors: dict[int, list[str]] = {}
        for i, text in enumerate(value):
            try:
                card = _card(text)
            except ValidationError as error:
                errors[i] = error.messages  # type: ignore[assignment]
                continue
            if card.index in seen:
                errors[i] = [duplicate(card)]
            seen.add(card.index)
            cards.append(card)
        if errors:
            raise ValidationError(errors)
        return cards


MAX_SEATS = MOST_PLAYERS
"""The most players any variant seats: an object keyed by players or sides has no more."""


class Seats(fields.Dict):
    """An object keyed by players (or sides). Its size is the table's shape, so it is
    checked before a single key is read; who the players are is the schema's business."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> dict[Any, Any]:
        if isinstance(value, Mapping) and len(value) > MAX_SEATS:
            raise ValidationError(Coded("wrong-size", f"at most {MAX_SEATS} players here, "
                                        f"not {len(value)}"))
        return super()._deserialize(value, attr, data, **kwargs)  # type: ignore[no-untyped-call,no-any-return]


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
