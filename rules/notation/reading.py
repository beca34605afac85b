"""Reading a record's text: the table line, then each section parsed into cards, events,
scores and claims, with where each part was written (docs/notation.md). Lenient: any case,
the card notation's every spelling, ``;`` or a line break between groups.
:mod:`rules.notation.records` builds the records from what is read here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.core.cards import Card, InvalidCardError
from rules.core.rulesets import Ruleset
from rules.core.table import PARTNERS, InvalidTableError, Table
from rules.deal.record import DealClaims, DealRecord
from rules.notation.errors import NotationError
from rules.notation.events import read_event, read_name
from rules.notation.lexer import Kind, Reader, Section, Token, sections
from rules.play.record import PlayEvent

__all__ = ["OPTIONS", "Options", "Parser", "Path", "Where", "finished", "split_sections"]

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


class Parser:
    """One record's text being read: its table, its sections, the options it sets and
    where each part was written (``where``), each section allowed once."""

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
        finished(reader)
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
            finished(group)
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
            finished(reader)
        starter = None
        heels = None
        if "starter" in found:
            reader = Reader(found["starter"].tokens, found["starter"].head)
            self.seen((*prefix, "starter"), reader.peek())
            starter = _card(reader.take())
            if reader.skip("="):
                self.seen((*prefix, "claims", "heels"), reader.peek())
                heels = reader.number()
            finished(reader)
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
                finished(group)
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


def finished(reader: Reader) -> None:
    """Nothing may follow what was read of ``reader``'s group."""
    if not reader.done():
        raise reader.peek().error("unexpected here")


def split_sections(parser: Parser) -> dict[str, Section]:
    """The sections of a record without deals, by keyword, each said once."""
    done: set[str] = set()
    found: dict[str, Section] = {}
    for section in parser.sections:
        parser.check(section, done)
        if not parser.option(section):
            found[section.keyword] = section
    return found


OPTIONS = frozenset({"ruleset", "muggins"})
"""The sections that set the referee's options, in any record."""
