"""A request body read strictly, as the service's schemas read it, for the command line
answering without the service: each field of its type and in its range, no field
unknown, and every problem pointed at and worded as the service words it
(``service/fields.py``), in the same order (the object's fields in the schema's order,
then its unknown fields, then what the object says as a whole).

What this reads is what a file or a batch can hold: the records of ``peg``, ``deal``,
``game`` and ``review``, and the hands of ``hands``. ``tests/service/test_cli_refusals.py``
holds each kind of refusal to the service's own answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from rules import Card, CardError, Ruleset, Variant
from rules.answers import MAX_CLAIM, MAX_TARGET, NAME_LENGTH, quote
from rules.core import MOST_CARDS, MOST_PLAYERS

__all__ = ["BAD", "Field", "Shapes", "quote"]


BAD: Any = object()
"""What a field that was refused reads as."""

Path = tuple[str | int, ...]
Field = Callable[["Shapes", Any, Path], Any]
"""Reads one value at its path: the value read, or :data:`BAD` (its problems added)."""


def pointer(path: Path) -> str:
    tokens = [str(step).replace("~", "~0").replace("/", "~1") for step in path]
    return "#/" + "/".join(tokens) if tokens else "#"


class Shapes:
    """The problems found while a body is read, in the order the service lists them."""

    def __init__(self) -> None:
        self.errors: list[dict[str, str]] = []
        self.refused_at: list[Path] = []

    def add(self, path: Path, code: str, detail: str) -> Any:
        self.errors.append({"pointer": pointer(path), "detail": detail, "code": code})
        self.refused_at.append(path)
        return BAD

    def refused(self, *path: str | int) -> bool:
        """Whether anything at ``path``, inside it or around it was refused."""
        n = len(path)
        return any(seen[:n] == path or path[:len(seen)] == seen for seen in self.refused_at)

    # -- one value --------------------------------------------------------------------

    def string(self, value: Any, path: Path, low: int, high: int) -> Any:
        if not isinstance(value, str):
            return self.add(path, "wrong-type", f"expected a string, not {quote(value)}")
        return self.size(value, path, low, high, "characters")

    def size(self, value: Any, path: Path, low: int, high: int, unit: str) -> Any:
        n = len(value)
        if low <= n <= high:
            return value
        if isinstance(value, str) and n:
            return self.add(path, "wrong-size",
                            f"{quote(value)} is {n} characters long: {low} to {high} here")
        return self.add(path, "wrong-size", f"{low} to {high} {unit} here, not {n}")

    def name(self, value: Any, path: Path) -> Any:
        return self.string(value, path, *NAME_LENGTH)

    def integer(self, value: Any, path: Path, low: int, high: int) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            return self.add(path, "wrong-type", f"expected an integer, not {quote(value)}")
        if not low <= value <= high:
            return self.add(path, "out-of-range", f"{low} to {high} here, not {value}")
        return value

    def claim(self, value: Any, path: Path) -> Any:
        return self.integer(value, path, 0, MAX_CLAIM)

    def flag(self, value: Any, path: Path) -> Any:
        if not isinstance(value, bool):
            return self.add(path, "wrong-type", f"expected true or false, not {quote(value)}")
        return value

    def choice(self, value: Any, path: Path, kind: type[Enum]) -> Any:
        try:
            return kind(value)
        except (ValueError, TypeError):
            choices = ", ".join(str(member.value) for member in kind)
            return self.add(path, "unknown-value", f"{quote(value)} is not one of {choices}")

    def card(self, value: Any, path: Path) -> Any:
        if not isinstance(value, str):
            return self.add(path, "wrong-type", f"a card is a string, not {quote(value)}")
        try:
            return Card.parse(value)
        except CardError as error:
            return self.add(path, "invalid-card", str(error))

    def cards(self, value: Any, path: Path, most: int = MOST_CARDS) -> Any:
        if not isinstance(value, list):
            return self.add(path, "wrong-type", "expected a list of cards")
        if len(value) > most:
            return self.add(path, "wrong-size", f"at most {most} cards here, not {len(value)}")
        cards: list[Card] = []
        seen: set[int] = set()
        bad = False
        for i, text in enumerate(value):
            card = self.card(text, (*path, i))
            if card is BAD:
                bad = True
                continue
            if card.index in seen:
                bad = self.add((*path, i), "duplicate-card", f"duplicate card: {str(card)!r}")
            seen.add(card.index)
            cards.append(card)
        return BAD if bad else cards

    def listed(self, value: Any, path: Path, item: Field, low: int, high: int,
               unit: str) -> Any:
        if not isinstance(value, list):
            return self.add(path, "wrong-type", f"expected a list, not {quote(value)}")
        read = [item(self, each, (*path, i)) for i, each in enumerate(value)]
        if any(each is BAD for each in read):
            return BAD
        return self.size(read, path, low, high, unit)

    def seats(self, value: Any, path: Path, item: Field) -> Any:
        """An object keyed by players: each key a name, each value ``item``."""
        if isinstance(value, Mapping) and len(value) > MOST_PLAYERS:
            return self.add(path, "wrong-size",
                            f"at most {MOST_PLAYERS} players here, not {len(value)}")
        if not isinstance(value, Mapping):
            return self.add(path, "wrong-type", f"expected an object, not {quote(value)}")
        # Every key is read first, then every value (marshmallow's Dict), and the problems
        # are listed by key, the keys in the order their first problem was found.
        by_key: dict[Any, list[tuple[dict[str, str], Path]]] = {}
        bad = False
        read: dict[str, Any] = {}
        for step in (0, 1):
            for key, each in value.items():
                before = len(self.errors)
                got = (self.name(key, (*path, key)) if step == 0
                       else item(self, each, (*path, key)))
                bad = bad or got is BAD
                if step == 1:
                    read[key] = got
                found = list(zip(self.errors[before:], self.refused_at[before:], strict=True))
                if found:
                    by_key.setdefault(key, []).extend(found)
                del self.errors[before:], self.refused_at[before:]
        for found in by_key.values():
            for error, at in found:
                self.errors.append(error)
                self.refused_at.append(at)
        return BAD if bad else read

    def fields(self, value: Any, path: Path, known: Mapping[str, Field],
               required: frozenset[str] = frozenset(), *, nested: bool = True
               ) -> dict[str, Any] | None:
        """An object of ``known`` fields, in the schema's order: each one read, or
        missing (``required``), then each unknown field. The fields read are returned
        (a field refused is left out); None for a value that is no object."""
        if not isinstance(value, Mapping):
            detail = f"expected an object, not {quote(value)}" if nested else "expected an object"
            self.add(path, "wrong-type", detail)
            return None
        read: dict[str, Any] = {}
        for key, field in known.items():
            if key not in value:
                if key in required:
                    self.add((*path, key), "required", "missing: this field is required")
                continue
            if value[key] is None:
                self.add((*path, key), "null",
                         "null is not a value here: leave the field out, or give one")
                continue
            got = field(self, value[key], (*path, key))
            if got is not BAD:
                read[key] = got
        for key in value:
            if key not in known:
                self.add((*path, key), "unknown-field", f"{quote(key)} is not a field here")
        return read


# -- the fields the records share ------------------------------------------------------

def variant(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.choice(value, path, Variant)


def ruleset(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.choice(value, path, Ruleset)


def flag(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.flag(value, path)


def name(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.name(value, path)


def card(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.card(value, path)


def cards(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.cards(value, path)


def claim(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.claim(value, path)


def players(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.listed(value, path, name, 2, MOST_PLAYERS, "players")


def target(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.integer(value, path, 1, MAX_TARGET)


def scores(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.seats(value, path, lambda s, v, p: s.integer(v, p, 0, MAX_TARGET))


def hands(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.seats(value, path, cards)


COMMON: dict[str, Field] = {"variant": variant, "ruleset": ruleset, "muggins": flag}
"""The fields every request takes, first in every schema's order."""
