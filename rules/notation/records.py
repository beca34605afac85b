"""Whole records in notation: a play, a deal, a game (docs/notation.md).

Each is a value with :meth:`parse` (lenient) and a canonical ``str`` that
``parse`` reads back to an equal value. The first line is the table
(:class:`rules.core.table.Table`'s own text); the rest are sections, each opened by a
keyword and a colon (``dealt:``, ``play:``). What is said is only read here: whether
it is legal is the referee's to say (:class:`rules.core.errors.RecordError`), and
:attr:`where` tells where each part was written, to point at it. The sections are read
by :mod:`rules.notation.reading` and written by :mod:`rules.notation.writing`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rules.core.cards import Card
from rules.core.table import Table
from rules.deal.record import DealRecord
from rules.notation.errors import NotationError
from rules.notation.events import event_text
from rules.notation.lexer import Reader, Section, Token, sections
from rules.notation.reading import (
    OPTIONS,
    Options,
    Parser,
    Path,
    Where,
    finished,
    split_sections,
)
from rules.notation.writing import UNSHOWN, cards_line, deal_lines, scores_line
from rules.play.record import PlayEvent

__all__ = ["UNSHOWN", "Deal", "Game", "Options", "Path", "Play", "Where", "header_at",
           "read_record"]

_DEAL_SECTIONS = frozenset({"dealt", "discards", "crib_card", "starter", "play", "show"})
_BEFORE_THE_DEALS = OPTIONS | {"scores"}
"""What a game says before its first deal: the options, and the scores it was joined at."""


@dataclass(frozen=True, slots=True)
class Play:
    """A play on its own (``/v1/pegging/check``): the table, the hands when given, the
    events; ``in progress`` when the play goes on."""

    table: Table
    events: tuple[PlayEvent, ...]
    hands: Mapping[str, tuple[Card, ...]] | None = None
    in_progress: bool = False
    options: Options = field(default_factory=Options)
    where: Where = field(default_factory=dict, compare=False, repr=False)

    SECTIONS: ClassVar[frozenset[str]] = frozenset({"hands", "play", "in_progress"}) | OPTIONS

    @classmethod
    def parse(cls, text: str) -> Play:
        """The play written in ``text``; badly written text is a :class:`NotationError` at its
        line and column."""
        parser = Parser(text, cls.SECTIONS, "a play")
        found = split_sections(parser)
        if "play" not in found:
            raise NotationError("a play needs its 'play:' section", "", 1, 1)
        hands = None
        if "hands" in found:
            hands = parser.cards_of(found["hands"], ("hands",))
        events = parser.events(found["play"], ("plays",))
        if "in_progress" in found:
            finished(Reader(found["in_progress"].tokens, found["in_progress"].head))
        return cls(parser.table, events, hands, "in_progress" in found, parser.options,
                   parser.where)

    def __str__(self) -> str:
        out = [str(self.table), *self.options.lines()]
        if self.hands is not None:
            out.append(cards_line("hands", self.hands, self.table.seats))
        out.append(("play: " + ", ".join(event_text(e) for e in self.events)).rstrip())
        if self.in_progress:
            out.append("in progress")
        return "\n".join(out)


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal on its own (``/v1/deals/check``): the table (its dealer deals), the scores
    before it, what was dealt, laid away, cut, played and claimed."""

    table: Table
    record: DealRecord
    """Seated at the table: its ``players`` are the table's seats."""
    scores_before: Mapping[str, int] | None = None
    in_progress: bool = False
    options: Options = field(default_factory=Options)
    where: Where = field(default_factory=dict, compare=False, repr=False)

    SECTIONS: ClassVar[frozenset[str]] = (_DEAL_SECTIONS | OPTIONS
                                          | {"scores", "in_progress"})

    @classmethod
    def parse(cls, text: str) -> Deal:
        """The deal written in ``text``; badly written text is a :class:`NotationError` at its
        line and column."""
        parser = Parser(text, cls.SECTIONS, "a deal")
        found = split_sections(parser)
        if "dealt" not in found:
            raise NotationError("a deal needs its 'dealt:' section", "", 1, 1)
        scores = parser.scores(found["scores"]) if "scores" in found else None
        record = parser.deal(found, (), parser.table.seats)
        if "in_progress" in found:
            finished(Reader(found["in_progress"].tokens, found["in_progress"].head))
        return cls(parser.table, record, scores, "in_progress" in found, parser.options,
                   parser.where)

    def __str__(self) -> str:
        seats = self.table.seats
        out = [str(self.table), *self.options.lines()]
        if self.scores_before is not None:
            out.append(scores_line(self.scores_before, self.table))
        out.extend(deal_lines(self.record, seats))
        if self.in_progress:
            out.append("in progress")
        return "\n".join(out)


@dataclass(frozen=True, slots=True)
class Game:
    """A whole game (``/v1/games/check``): the table of the first deal (its dealer
    deals first), the scores it was joined at when said, then each deal after
    ``deal: n``; the game seats them itself, so their ``players`` stay empty."""

    table: Table
    deals: tuple[DealRecord, ...]
    options: Options = field(default_factory=Options)
    scores_before: Mapping[str, int] | None = None
    """The scores the game was joined at, by side (``scores:``); None from its start."""
    where: Where = field(default_factory=dict, compare=False, repr=False)

    SECTIONS: ClassVar[frozenset[str]] = _DEAL_SECTIONS | OPTIONS | {"deal", "scores"}

    @classmethod
    def parse(cls, text: str) -> Game:
        """The game written in ``text``; badly written text is a :class:`NotationError` at its
        line and column."""
        parser = Parser(text, cls.SECTIONS, "a game")
        deals: list[DealRecord] = []
        current: dict[str, Section] | None = None
        done: set[str] = set()

        def close() -> None:
            if current is not None:
                if "dealt" not in current:
                    raise heads[-1].error("a deal needs its 'dealt:' section")
                deals.append(parser.deal(current, ("deals", len(deals)), ()))

        heads: list[Token] = []
        scores: dict[str, int] | None = None
        for section in parser.sections:
            if section.keyword == "deal":
                close()
                reader = Reader(section.tokens, section.head)
                if not reader.done():
                    number = reader.peek()
                    if reader.number() != len(deals) + 1:
                        raise number.error(f"this is deal {len(deals) + 1}")
                    finished(reader)
                heads.append(section.head)
                parser.seen(("deals", len(deals)), section.head)
                current, done = {}, set()
            elif current is None:
                if section.keyword not in _BEFORE_THE_DEALS:
                    raise section.head.error(f"'{section.keyword}:' comes after 'deal: 1'")
                parser.check(section, done)
                if not parser.option(section):
                    scores = parser.scores(section)
            else:
                if section.keyword in _BEFORE_THE_DEALS:
                    raise section.head.error(f"'{section.keyword}:' is said before the deals")
                parser.check(section, done)
                current[section.keyword] = section
        close()
        if not deals:
            raise NotationError("a game needs its deals, each after 'deal: n'", "", 1, 1)
        return cls(parser.table, tuple(deals), parser.options, scores, parser.where)

    def __str__(self) -> str:
        out = [str(self.table), *self.options.lines()]
        if self.scores_before is not None:
            out.append(scores_line(self.scores_before, self.table))
        for number, record in enumerate(self.deals, start=1):
            out.append(f"deal: {number}")
            out.extend(deal_lines(record, self.table.seats))
        return "\n".join(out)


def header_at(text: str) -> tuple[int, int]:
    """The line and column of a record's table, where a table that cannot exist (a
    :class:`rules.core.errors.RecordError` from :meth:`Table.seat`) is pointed at."""
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.split("#", 1)[0]
        if stripped.strip():
            return number, len(stripped) - len(stripped.lstrip()) + 1
    return 1, 1


def read_record(text: str) -> Play | Deal | Game:
    """Any record, by what it says: a game has ``deal:`` sections, a deal ``dealt:``, a
    play neither (as PGN's reader finds a game, whatever it holds)."""
    keywords = {section.keyword for section in sections(text)[1]}
    if "deal" in keywords:
        return Game.parse(text)
    if "dealt" in keywords:
        return Deal.parse(text)
    return Play.parse(text)
