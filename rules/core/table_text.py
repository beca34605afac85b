"""A table's text (:meth:`rules.core.table.Table.parse`): the one grammar, leniently
read, every mistake an :class:`InvalidTableError` at its place, and the values it names
(a :class:`Side`); the table seats what it reads."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from rules.core.names import InvalidNameError, read_name
from rules.core.variants import Variant

__all__ = ["PARTNERS", "InvalidTableError", "Side", "TableReader", "TableText"]

_TOKEN = re.compile(r"[^\s:;=]+|\S")
"""A word of a table's text, or one mark: what a mistake is shown as."""

PARTNERS = "&"
"""Joins the members of a side in its default name: ``ann&cy``."""
@dataclass(frozen=True, slots=True)
class Side:
    """Who keeps one score: a player, or a partnership."""

    name: str
    """Stable: ``ann&cy`` stays ``ann&cy`` whoever deals."""
    members: tuple[str, ...]
    """In seat order of the table the side was made for."""


class InvalidTableError(ValueError):
    """A table's text badly written; it quotes the text where reading stopped."""

    def __init__(self, text: str, pos: int, why: str) -> None:
        self.text = text
        self.pos = pos
        token = _TOKEN.match(text, pos)
        shown = token.group() if token and token.group() else None
        where = f"{shown!r} at column {pos + 1}" if shown else f"the end, column {pos + 1}"
        super().__init__(f"{why}: {where} of {text!r}")


class TableText(NamedTuple):
    """What a table's text says, for :meth:`rules.core.table.Table.parse` to seat."""

    variant: Variant
    target: int
    seats: list[str]
    sides: list[Side] | None

_SPACE = re.compile(r"\s*")
_WORD = re.compile(r"[A-Za-z0-9-]+")
_NUMBER = re.compile(r"[0-9]+")


class TableReader:
    """``{variant} to {target}: {seat} ... {dealer}[; sides {side} ...]``, where a side
    is ``[{name}=]{member}&{member}...`` (the name left out when it is the members
    joined by ``&``)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, why: str) -> InvalidTableError:
        return InvalidTableError(self.text, self.pos, why)

    def space(self) -> None:
        self.pos = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]

    def at(self, char: str) -> bool:
        self.space()
        if self.text.startswith(char, self.pos):
            self.pos += len(char)
            return True
        return False

    def word(self, pattern: re.Pattern[str], what: str) -> str:
        self.space()
        found = pattern.match(self.text, self.pos)
        if found is None:
            raise self.fail(f"expected {what}")
        self.pos = found.end()
        return found.group()

    def keyword(self, word: str) -> None:
        self.space()
        start = self.pos
        if self.word(_WORD, f"{word!r}").lower() != word:
            self.pos = start
            raise self.fail(f"expected {word!r}")

    def name(self) -> str:
        try:
            name, self.pos = read_name(self.text, self.pos)
        except InvalidNameError as error:
            raise InvalidTableError(self.text, error.pos, error.why) from None
        return name

    def more(self) -> bool:
        self.space()
        return self.pos < len(self.text) and self.text[self.pos] != ";"

    def table(self) -> TableText:
        self.space()
        start = self.pos
        try:
            variant = Variant(self.word(_WORD, "a variant").lower())
        except ValueError:
            self.pos = start
            raise self.fail("expected a variant (" + ", ".join(Variant) + ")") from None
        self.keyword("to")
        target = int(self.word(_NUMBER, "the target"))
        if not self.at(":"):
            raise self.fail("expected ':' before the seats")
        seats: list[str] = []
        while self.more():
            seats.append(self.name())
        if not seats:
            raise self.fail("expected the seats")
        sides: list[Side] | None = None
        if self.at(";"):
            self.keyword("sides")
            sides = []
            while self.more():
                sides.append(self.side())
        self.space()
        if self.pos < len(self.text):
            raise self.fail("unexpected text")
        return TableText(variant, target, seats, sides)

    def side(self) -> Side:
        first = self.name()
        named: str | None = None
        if self.at("="):
            self.space()
            named, first = first, self.name()
        members = [first]
        while self.at(PARTNERS):
            self.space()
            members.append(self.name())
        return Side(PARTNERS.join(members) if named is None else named, tuple(members))
