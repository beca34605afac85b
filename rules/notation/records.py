"""Whole records in notation: a play, a deal, a game (docs/notation.md).

Each is a value with :meth:`parse` (lenient) and a canonical ``str`` that
``parse`` reads back to an equal value. The first line is the table
(:class:`rules.core.table.Table`'s own text); the rest are sections, each opened by a
keyword and a colon (``dealt:``, ``play:``). What is said is only read here: whether
it is legal is the referee's to say (:class:`rules.errors.RecordError`), and
:attr:`where` tells where each part was written, to point at it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rules.core.cards import Card, InvalidCardError
from rules.core.names import quote_name
from rules.core.rulesets import Ruleset
from rules.core.table import PARTNERS, InvalidTableError, Table
from rules.deal.record import DealClaims, DealRecord
from rules.notation.errors import NotationError
from rules.notation.events import event_text, read_event, read_name
from rules.notation.lexer import Kind, Reader, Section, Token, sections
from rules.play.record import PlayEvent

__all__ = ["Deal", "Game", "Options", "Play", "Where", "deal_lines", "header_at", "read_record"]

Path = tuple[str | int, ...]
Where = dict[Path, tuple[int, int]]
"""Where each part of a record was written: its path (as a JSON record's pointer walks
it, ``("plays", 3)``) to its line and column."""

_CRIB = "crib"
"""In the show, a bare word crib is the crib; a player called crib is written in quotes."""
_YES = {"yes": True, "on": True, "true": True, "no": False, "off": False, "false": False}


@dataclass(frozen=True, slots=True)
class Options:
    """What a record may say of the referee's options; None where it says nothing."""

    ruleset: Ruleset | None = None
    muggins: bool | None = None

    def lines(self) -> list[str]:
        out = []
        if self.ruleset is not None:
            out.append(f"ruleset: {self.ruleset}")
        if self.muggins is not None:
            out.append(f"muggins: {'yes' if self.muggins else 'no'}")
        return out


class _Parser:
    def __init__(self, text: str, allowed: frozenset[str], what: str) -> None:
        self.text = text
        self.where: Where = {}
        header, self.sections = sections(text)
        self.table = self._table(header)
        self.allowed = allowed
        self.what = what
        self.options = Options()

    def _table(self, header: list[Token] | None) -> Table:
        if header is None:
            return Table.seat()
        first, last = header[0], header[-1]
        line = self.text.splitlines()[first.line - 1]
        raw = line[:last.column - 1 + len(last.source or last.text)]
        self.where[("players",)] = (first.line, first.column)
        try:
            return Table.parse(raw)
        except InvalidTableError as error:
            rest = raw[error.pos:].split()
            # The table's message ends by quoting where it stopped; ours says it our way.
            why = str(error).rsplit(f" of {raw!r}", 1)[0].rsplit(": ", 1)[0]
            raise NotationError(why, rest[0] if rest else "", first.line,
                                error.pos + 1) from None

    def seen(self, path: Path, token: Token) -> None:
        self.where.setdefault(path, (token.line, token.column))

    def check(self, section: Section, done: set[str]) -> None:
        if section.keyword not in self.allowed:
            raise section.head.error(f"{self.what} has no '{section.keyword}' section")
        if section.keyword in done:
            raise section.head.error(f"'{section.keyword}' is said once")
        done.add(section.keyword)

    def option(self, section: Section) -> bool:
        """Read a ruleset or muggins section; False for any other."""
        reader = Reader(section.tokens, section.head)
        if section.keyword == "ruleset":
            token = reader.take()
            try:
                ruleset = Ruleset(token.text.lower())
            except ValueError:
                raise token.error("expected a ruleset (" + ", ".join(Ruleset) + ")") from None
            self.options = Options(ruleset, self.options.muggins)
        elif section.keyword == "muggins":
            token = reader.take()
            if token.text.lower() not in _YES:
                raise token.error("expected 'yes' or 'no'")
            self.options = Options(self.options.ruleset, _YES[token.text.lower()])
        else:
            return False
        _finished(reader)
        return True

    def name(self, reader: Reader, names: Sequence[str]) -> tuple[str, Token]:
        """A player's name; ``Pone`` for ``pone`` when only one seat matches so."""
        name, token = read_name(reader)
        if name not in names and token.kind is Kind.WORD:
            matches = [seat for seat in names if seat.lower() == name.lower()]
            name = matches[0] if len(matches) == 1 else name
        return name, token

    def cards_of(self, section: Section, path: Path) -> dict[str, tuple[Card, ...]]:
        """``pone 8D TH 6H; dealer 7C 4C 3C``"""
        out: dict[str, tuple[Card, ...]] = {}
        for group in Reader(section.tokens, section.head).groups():
            player, token = self.name(group, self.table.seats)
            if player in out:
                raise token.error(f"{player}'s cards are given twice here")
            self.seen((*path, player), token)
            cards: list[Card] = []
            while not group.done():
                cards.append(_card(group.take()))
                self.seen((*path, player, len(cards) - 1), group.found[group.pos - 1])
            out[player] = tuple(cards)
        return out

    def events(self, section: Section, path: Path) -> tuple[PlayEvent, ...]:
        reader = Reader(section.tokens, section.head)
        found: list[PlayEvent] = []
        reader.skip(",;\n")
        while not reader.done():
            event, token = read_event(reader, self.table.seats)
            self.seen((*path, len(found)), token)
            found.append(event)
            if not reader.skip(",;\n") and not reader.done():
                raise reader.peek().error("expected ',' before the next event")
        return tuple(found)

    def scores(self, section: Section) -> dict[str, int]:
        """``pone 5; dealer 12``, or by partnership ``ann&cy 5; bob&dan 12``."""
        out: dict[str, int] = {}
        for group in Reader(section.tokens, section.head).groups():
            side, token = read_name(group, "a side's name")
            while group.peek().mark(PARTNERS):
                group.take()
                side += PARTNERS + read_name(group)[0]
            if side in out:
                raise token.error(f"{side}'s score is given twice")
            self.seen(("scores_before", side), token)
            out[side] = group.number()
            _finished(group)
        return out

    def deal(self, found: Mapping[str, Section], prefix: Path,
             players: tuple[str, ...]) -> DealRecord:
        dealt = {}
        if "dealt" in found:
            dealt = self.cards_of(found["dealt"], (*prefix, "dealt"))
        discards = None
        if "discards" in found:
            discards = self.cards_of(found["discards"], (*prefix, "discards"))
        crib_card = None
        if "crib_card" in found:
            reader = Reader(found["crib_card"].tokens, found["crib_card"].head)
            self.seen((*prefix, "crib_card"), reader.peek())
            crib_card = _card(reader.take())
            _finished(reader)
        starter = None
        heels = None
        if "starter" in found:
            reader = Reader(found["starter"].tokens, found["starter"].head)
            self.seen((*prefix, "starter"), reader.peek())
            starter = _card(reader.take())
            if reader.skip("="):
                self.seen((*prefix, "claims", "heels"), reader.peek())
                heels = reader.number()
            _finished(reader)
        plays = None
        if "play" in found:
            plays = self.events(found["play"], (*prefix, "plays"))
        claims = None
        if "show" in found or heels is not None:
            hands: dict[str, int] = {}
            crib = None
            section = found.get("show")
            groups = [] if section is None else Reader(section.tokens, section.head).groups()
            for group in groups:
                token = group.peek()
                if token.kind is Kind.WORD and token.text.lower() == _CRIB:
                    group.take()
                    if crib is not None:
                        raise token.error("the crib's claim is given twice")
                    self.seen((*prefix, "claims", "crib"), token)
                    group.skip("=")
                    crib = group.number()
                else:
                    player, token = self.name(group, self.table.seats)
                    if player in hands:
                        raise token.error(f"{player}'s claim is given twice")
                    self.seen((*prefix, "claims", "hands", player), token)
                    group.skip("=")
                    hands[player] = group.number()
                _finished(group)
            claims = DealClaims(heels, hands, crib)
        self.seen(prefix, found["dealt"].head if "dealt" in found else _first(found))
        return DealRecord(dealt, discards, starter, plays, crib_card, claims)


def _first(found: Mapping[str, Section]) -> Token:
    return next(iter(found.values())).head


def _card(token: Token) -> Card:
    if token.kind is not Kind.WORD:
        raise token.error("expected a card")
    try:
        return Card.parse(token.text)
    except InvalidCardError:
        raise token.error("expected a card") from None


def _finished(reader: Reader) -> None:
    if not reader.done():
        raise reader.peek().error("unexpected here")


def _by_seat(mapping: Mapping[str, object], seats: Sequence[str]) -> list[str]:
    """The keys in seat order, then any others (no seat: the referee refuses them)."""
    return [p for p in seats if p in mapping] + [p for p in mapping if p not in seats]


def _cards_line(keyword: str, mapping: Mapping[str, Sequence[Card]],
                seats: Sequence[str]) -> str:
    groups = [" ".join([quote_name(p), *(c.text for c in mapping[p])])
              for p in _by_seat(mapping, seats)]
    return f"{keyword}: " + "; ".join(groups) if groups else f"{keyword}:"


def _side_text(side: str) -> str:
    parts = side.split(PARTNERS)
    if len(parts) > 1 and all(parts) and all(quote_name(p) == p for p in parts):
        return side
    return quote_name(side)


def _scores_line(scores: Mapping[str, int], table: Table) -> str:
    """``scores: pone 50; dealer 60``, the sides in the table's order."""
    sides = [side.name for side in table.sides]
    said = [f"{_side_text(s)} {scores[s]}" for s in _by_seat(scores, sides)]
    return ("scores: " + "; ".join(said)).rstrip()


def deal_lines(record: DealRecord, seats: Sequence[str]) -> list[str]:
    """The lines of one deal, as a deal or a game writes them."""
    out = [_cards_line("dealt", record.dealt, seats)]
    if record.discards is not None:
        out.append(_cards_line("discards", record.discards, seats))
    if record.crib_card is not None:
        out.append(f"crib card: {record.crib_card}")
    claims = record.claims
    if record.starter is not None:
        heels = "" if claims is None or claims.heels is None else f" ={claims.heels}"
        out.append(f"starter: {record.starter}{heels}")
    if record.plays is not None:
        out.append(("play: " + ", ".join(event_text(e) for e in record.plays)).rstrip())
    if claims is not None and (claims.hands or claims.crib is not None
                               or claims.heels is None):
        said = [f"{quote_name(p)} ={claims.hands[p]}" for p in _by_seat(claims.hands, seats)]
        if claims.crib is not None:
            said.append(f"crib ={claims.crib}")
        out.append(("show: " + "; ".join(said)).rstrip())
    if record.unshown:
        # Only an imported record says so; the notation has no word for it yet, and read
        # back, the short hands are a misdeal (docs/notation.md#other-formats).
        out.append(UNSHOWN)
    return out


UNSHOWN = "# the cards never laid were never shown: the game was won before the show"


def _split(parser: _Parser) -> dict[str, Section]:
    """The sections of a record without deals, by keyword, each said once."""
    done: set[str] = set()
    found: dict[str, Section] = {}
    for section in parser.sections:
        parser.check(section, done)
        if not parser.option(section):
            found[section.keyword] = section
    return found


_OPTIONS = frozenset({"ruleset", "muggins"})
_DEAL_SECTIONS = frozenset({"dealt", "discards", "crib_card", "starter", "play", "show"})
_BEFORE_THE_DEALS = _OPTIONS | {"scores"}
"""What a game says before its first deal: the options, and the scores it was joined at."""


@dataclass(frozen=True, slots=True)
class Play:
    """A play on its own (``/v1/pegging/check``): the table, the hands when given, the
    events; ``in progress`` when the play goes on."""

    table: Table
    events: tuple[PlayEvent, ...]
    hands: Mapping[str, tuple[Card, ...]] | None = None
    in_progress: bool = False
    options: Options = Options()
    where: Where = field(default_factory=dict, compare=False, repr=False)

    SECTIONS: ClassVar[frozenset[str]] = frozenset({"hands", "play", "in_progress"}) | _OPTIONS

    @classmethod
    def parse(cls, text: str) -> Play:
        parser = _Parser(text, cls.SECTIONS, "a play")
        found = _split(parser)
        if "play" not in found:
            raise NotationError("a play needs its 'play:' section", "", 1, 1)
        hands = None
        if "hands" in found:
            hands = parser.cards_of(found["hands"], ("hands",))
        events = parser.events(found["play"], ("plays",))
        if "in_progress" in found:
            _finished(Reader(found["in_progress"].tokens, found["in_progress"].head))
        return cls(parser.table, events, hands, "in_progress" in found, parser.options,
                   parser.where)

    def __str__(self) -> str:
        out = [str(self.table), *self.options.lines()]
        if self.hands is not None:
            out.append(_cards_line("hands", self.hands, self.table.seats))
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
    options: Options = Options()
    where: Where = field(default_factory=dict, compare=False, repr=False)

    SECTIONS: ClassVar[frozenset[str]] = (_DEAL_SECTIONS | _OPTIONS
                                          | {"scores", "in_progress"})

    @classmethod
    def parse(cls, text: str) -> Deal:
        parser = _Parser(text, cls.SECTIONS, "a deal")
        found = _split(parser)
        if "dealt" not in found:
            raise NotationError("a deal needs its 'dealt:' section", "", 1, 1)
        scores = parser.scores(found["scores"]) if "scores" in found else None
        record = parser.deal(found, (), parser.table.seats)
        if "in_progress" in found:
            _finished(Reader(found["in_progress"].tokens, found["in_progress"].head))
        return cls(parser.table, record, scores, "in_progress" in found, parser.options,
                   parser.where)

    def __str__(self) -> str:
        seats = self.table.seats
        out = [str(self.table), *self.options.lines()]
        if self.scores_before is not None:
            out.append(_scores_line(self.scores_before, self.table))
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
    options: Options = Options()
    scores_before: Mapping[str, int] | None = None
    """The scores the game was joined at, by side (``scores:``); None from its start."""
    where: Where = field(default_factory=dict, compare=False, repr=False)

    SECTIONS: ClassVar[frozenset[str]] = _DEAL_SECTIONS | _OPTIONS | {"deal", "scores"}

    @classmethod
    def parse(cls, text: str) -> Game:
        parser = _Parser(text, cls.SECTIONS, "a game")
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
                    _finished(reader)
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
            out.append(_scores_line(self.scores_before, self.table))
        for number, record in enumerate(self.deals, start=1):
            out.append(f"deal: {number}")
            out.extend(deal_lines(record, self.table.seats))
        return "\n".join(out)


def header_at(text: str) -> tuple[int, int]:
    """The line and column of a record's table, where a table that cannot exist (a
    :class:`rules.errors.RecordError` from :meth:`Table.seat`) is pointed at."""
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
