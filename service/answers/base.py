"""What every answer schema is built from: the base classes, and the answers' own types."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, RAISE, Schema
from marshmallow.fields import Dict, Enum, Float, Integer, List, String

from rules import Stage
from service.documented import Documented, component

__all__ = ["Answer", "Open", "canonical_card", "canonical_cards", "chance", "doc", "ev",
           "fraction", "points", "probabilities", "stage", "target_used"]


class Answer(Documented, Schema):
    """An object with exactly the fields listed (``additionalProperties: false``)."""

    class Meta:
        unknown = RAISE


class Open(Documented, Schema):
    """An object the contract does not close: another schema may add to it."""

    class Meta:
        unknown = EXCLUDE


def doc(description: str | None = None, **keywords: Any) -> dict[str, Any]:
    """A field's metadata: its description, and what else the contract says of it."""
    return keywords if description is None else {"description": description, **keywords}


FRACTION = "^-?[0-9]+(/[0-9]+)?$"


@component("CanonicalCard", pattern="^[A2-9TJQK][SHDC]$")
def canonical_card(**kwargs: Any) -> String:
    return String(**kwargs)


@component("CanonicalCards")
def canonical_cards(**kwargs: Any) -> List[str]:
    return List(canonical_card(), **kwargs)


@component("Points", description="Points by player name.")
def points(**kwargs: Any) -> Dict:
    return Dict(keys=String(), values=Integer(), **kwargs)


@component("Ev", description="An expected value, rounded to six places; `exact` has the "
           "fraction.")
def ev(**kwargs: Any) -> Float:
    return Float(**kwargs)


@component("Fraction", pattern=FRACTION)
def fraction(**kwargs: Any) -> String:
    return String(**kwargs)


@component("TargetUsed", description="The target the answer was refereed to, the request's "
           "or the variant's.", minimum=1)
def target_used(**kwargs: Any) -> Integer:
    return Integer(**kwargs)


@component("Stage")
def stage(**kwargs: Any) -> Enum[Stage]:
    return Enum(Stage, by_value=True, allow_none=True, **kwargs)


@component("Chance", description="A probability by side name.")
def chance(**kwargs: Any) -> Dict:
    return Dict(keys=String(), values=Float(metadata=doc(minimum=0, maximum=1)), **kwargs)


@component("Probabilities", description="A probability by player name.")
def probabilities(**kwargs: Any) -> Dict:
    return Dict(keys=String(), values=Float(metadata=doc(minimum=0, maximum=1)), **kwargs)
