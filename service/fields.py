"""Marshmallow fields for the game's values, and the fields every request shares.

Every field here speaks the project's words and codes its problems itself: a code comes
from the ``error_messages`` key a problem is raised under (:data:`SHAPE_CODES`), never
from marshmallow's English, and each message quotes the bad value (:func:`quote`).
The views build their schemas from these, not from ``marshmallow.fields``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sized
from typing import Any, Protocol

from marshmallow import RAISE, Schema, ValidationError, fields
from marshmallow.types import ErrorMessages

from rules import Card, InvalidCardError, Ruleset, Variant
from rules.answers import MAX_CLAIM
from rules.core import MOST_CARDS, MOST_PLAYERS
from service.documented import Documented, component
from service.messages import Coded, quote

__all__ = [
    "MAX_CARDS",
    "MAX_CLAIM",
    "MAX_SEATS",
    "SHAPE_CODES",
    "Between",
    "CardField",
    "Cards",
    "CommonSchema",
    "Dict",
    "Enum",
    "List",
    "Nested",
    "Raw",
    "Seats",
    "Size",
    "StrictBool",
    "StrictInt",
    "StrictSchema",
    "String",
    "card_field",
    "cards_field",
    "claim_field",
    "duplicate",
    "quote",
    "ruleset_field",
    "variant_field",
]

SHAPE_CODES: Mapping[str, str] = {
    "required": "required",
    "null": "null",
    "invalid": "wrong-type",
    "type": "wrong-type",
    "unknown": "unknown-value",
    "invalid_utf8": "invalid-text",
    "validator_failed": "invalid",
}
"""Each marshmallow ``error_messages`` key our fields raise under, and its code."""



def _messages(**own: str) -> ErrorMessages:
    """A field's messages: the ones every field shares, and its ``own``."""
    return {"required": "missing: this field is required",
            "null": "null is not a value here: leave the field out, or give one",
            "validator_failed": "not a valid value here", **own}


class _Messages(Protocol):
    error_messages: dict[str, Any]


class _Coded:
    """A field whose problems carry the code of the key they are raised under."""

    default_error_messages = _messages()

    def make_error(self: _Messages, key: str, **kwargs: Any) -> ValidationError:
        return ValidationError(Coded(SHAPE_CODES.get(key, "invalid"),
                                     str(self.error_messages[key]).format(**kwargs)))


def _expected(field: Any, value: Any, kind: str) -> ValidationError:
    return field.make_error("invalid", kind=kind, input=quote(value))  # type: ignore[no-any-return]


class Raw(_Coded, fields.Raw):
    pass


class String(_Coded, fields.String):
    default_error_messages = _messages(invalid="expected a string, not {input}",
                                       invalid_utf8="not UTF-8 text")

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> str:
        if not isinstance(value, str):
            raise _expected(self, value, "a string")
        return value


class List(_Coded, fields.List):  # type: ignore[type-arg]
    default_error_messages = _messages(invalid="expected a list, not {input}")

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            raise _expected(self, value, "a list")
        return super()._deserialize(value, attr, data, **kwargs)


class Dict(_Coded, fields.Dict):
    default_error_messages = _messages(invalid="expected an object, not {input}")

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> dict[Any, Any]:
        if not isinstance(value, Mapping):
            raise _expected(self, value, "an object")
        return super()._deserialize(value, attr, data, **kwargs)  # type: ignore[no-untyped-call,no-any-return]


class Nested(_Coded, fields.Nested):
    default_error_messages = _messages(type="expected an object, not {input}")

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     partial: Any = None, **kwargs: Any) -> Any:
        if not isinstance(value, Mapping):
            raise self.make_error("type", input=quote(value))
        return super()._deserialize(value, attr, data, partial=partial, **kwargs)


class Enum(_Coded, fields.Enum):  # type: ignore[type-arg]
    """One of an enum's values, by value; a problem lists them."""

    default_error_messages = _messages(unknown="{input} is not one of {choices}")

    def __init__(self, enum_: type[enum.Enum], **kwargs: Any) -> None:
        super().__init__(enum_, by_value=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> enum.Enum:
        try:
            member: enum.Enum = self.enum(value)
        except ValueError:
            raise self.make_error("unknown", input=quote(value),
                                  choices=", ".join(str(m.value) for m in self.enum)) from None
        return member


class Size:
    """A validator: a string or a list between ``low`` and ``high`` long, in ``unit``."""

    def __init__(self, low: int, high: int, unit: str = "items") -> None:
        self.low, self.high, self.unit = low, high, unit

    def __call__(self, value: Sized) -> None:
        n = len(value)
        if self.low <= n <= self.high:
            return
        message = f"{self.low} to {self.high} {self.unit} here, not {n}"
        if isinstance(value, str) and n:
            message = f"{quote(value)} is {n} characters long: {self.low} to {self.high} here"
        raise ValidationError(Coded("wrong-size", message))


class Between:
    """A validator: a number from ``low`` to ``high``."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def __call__(self, value: int) -> None:
        if not self.low <= value <= self.high:
            raise ValidationError(Coded("out-of-range", f"{self.low} to {self.high} here, "
                                        f"not {value}"))


class StrictSchema(Documented, Schema):
    """A request object: unknown fields refused (the walker in service.errors names the
    key), and a value that is no object refused at its pointer."""

    class Meta:
        unknown = RAISE

    error_messages = {"unknown": Coded("unknown-field", "not a field here"),  # noqa: RUF012
                      "type": Coded("wrong-type", "expected an object")}




def _card(value: Any) -> Card:
    if not isinstance(value, str):
        raise ValidationError(Coded("wrong-type", f"a card is a string, not {quote(value)}"))
    try:
        return Card.parse(value)
    except InvalidCardError as error:
        raise ValidationError(Coded("invalid-card", str(error))) from None


class CardField(_Coded, fields.Field):  # type: ignore[type-arg]
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


class Cards(_Coded, fields.Field):  # type: ignore[type-arg]
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


class Seats(Dict):
    """An object keyed by players (or sides). Its size is the table's shape, so it is
    checked before a single key is read; who the players are is the schema's business."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> dict[Any, Any]:
        if isinstance(value, Mapping) and len(value) > MAX_SEATS:
            raise ValidationError(Coded("wrong-size", f"at most {MAX_SEATS} players here, "
                                        f"not {len(value)}"))
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBool(_Coded, fields.Boolean):
    """Only JSON true and false: ``"false"`` and ``0`` are type errors, not booleans."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(Coded("wrong-type",
                                        f"expected true or false, not {quote(value)}"))
        return value


class StrictInt(_Coded, fields.Integer):
    """Only JSON integers: no strings, floats or booleans."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(Coded("wrong-type", f"expected an integer, not {quote(value)}"))
        return int(value)


@component("Claim", description="Points claimed. For a hand or crib that cannot count 19 "
           "(four-card hands, cribs, the five-card game's hands) a claim of 19 means nothing "
           "(\"nineteen\"); for the seven-card game's five-card hands 19 is 19.")
def claim_field(**kwargs: Any) -> StrictInt:
    return StrictInt(validate=Between(0, MAX_CLAIM), **kwargs)


@component("Card", description="A card in lenient notation, e.g. `5h`, `10♥`, `TH`, `qs`.",
           pattern="^([Aa2-9TtJjQqKk]|10)([SsHhDdCc]|[♠♥♦♣♤♡♢♧]\uFE0F?)$",
           examples=["5H", "10♥", "qs"])
def card_field(**kwargs: Any) -> CardField:
    return CardField(**kwargs)


@component("Cards")
def cards_field(**kwargs: Any) -> Cards:
    return Cards(**kwargs)


@component("Variant")
def variant_field(**kwargs: Any) -> Enum:
    """A variant, the six-card game unless the request says (an answer's says always)."""
    if not kwargs.get("required"):
        kwargs.setdefault("load_default", Variant.SIX_CARD)
    return Enum(Variant, **kwargs)


@component("Ruleset")
def ruleset_field(**kwargs: Any) -> Enum:
    if not kwargs.get("required"):
        kwargs.setdefault("load_default", Ruleset.ACC)
    return Enum(Ruleset, **kwargs)


class CommonSchema(StrictSchema):
    """The fields every operation accepts."""

    variant = variant_field()
    ruleset = ruleset_field()
    muggins = StrictBool(load_default=False)
