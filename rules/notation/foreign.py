"""Readers for the two informal cribbage formats found in public (docs/notation.md#other-formats),
and the numbers they state compared with the referee's.

* cribbage-zero's chess-style PGN: tag pairs (``[FirstDealer "ann"]``), then each deal
  after its number (``1.``) as keyed lines: ``H1``/``H2`` the hands dealt (player 1 is
  the first dealer), ``D1``/``D2`` the discards, ``S1``/``S2`` the hands' scores, ``SC``
  the crib's, ``C`` the cut, ``P`` the cards in the order laid (``|`` a new count) and
  ``SP`` what each card pegged.
* HAL's "PGN for cribbage": ``Player A:`` and ``Player B:`` lines, ``Muggins Game: Y``,
  then a line per deal (``Deal 1: ...``): the starter, the cards in the order laid, then
  the discards; player A's suits in capitals, B's in lower case. A mark after a card is
  what happened on it: ``<p`` muggins (p points missed), ``>p`` a penalty of p for an
  over-peg, ``#p`` an over-peg of p nobody noticed; ``Rp``/``rp`` a rule violation by A/B
  assessed p points.

Each reads into a :class:`rules.notation.Game` (refereed like any record) and the
:class:`Mark` s the file states; :func:`compare` sets each beside the referee's ruling.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.core.cards import Card, InvalidCardError
from rules.core.codes import FindingCode
from rules.core.errors import RecordError
from rules.core.rulesets import Ruleset
from rules.core.table import Table
from rules.deal.game import GameCheck, check_game
from rules.deal.record import DealRecord
from rules.notation.errors import NotationError
from rules.notation.records import Game, Options
from rules.play.record import PlayEvent

__all__ = ["Comparison", "Imported", "Mark", "MarkKind", "compare", "read_hal", "read_zero"]


class MarkKind(StrEnum):
    PLAY = "play"
    """cribbage-zero's SP: what a card pegged, go and last card included."""
    HAND = "hand"
    CRIB = "crib"
    MUGGINS = "muggins"
    """HAL's ``<p``: points the player missed on the card, taken by the opponent."""
    PENALTY = "penalty"
    """HAL's ``>p``: the player pegged too many on the card, and was penalised p."""
    UNNOTICED = "unnoticed"
    """HAL's ``#p``: the player pegged p too many on the card, and nobody said so."""
    VIOLATION = "violation"
    """HAL's ``Rp``/``rp``: a rule broken on the card, assessed p points."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A number the file states, and what it is about."""

    kind: MarkKind
    deal: int
    """Counted from 0, as the game's answers count them."""
    player: str | None
    index: int | None
    """The play event it is about, counted from 0 in the deal's play."""
    stated: int
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Imported:
    game: Game
    marks: tuple[Mark, ...]
    lines: tuple[int, ...] = ()
    """The line each deal starts on, to point at a deal the referee cannot take."""


@dataclass(frozen=True, slots=True)
class Comparison:
    mark: Mark
    ruled: int | None
    """The referee's number for the same thing; None where it ruled nothing there (the
    deal came after the game was won, or no finding answers the mark)."""

    @property
    def agrees(self) -> bool:
        return self.ruled == self.mark.stated


def _words(line: str, number: int) -> list[tuple[str, int]]:
    return [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)]


def _card(word: str, number: int, column: int) -> Card:
    try:
        return Card.parse(word)
    except InvalidCardError:
        raise NotationError("expected a card", word, number, column) from None


# --- cribbage-zero -------------------------------------------------------------------

_TAG = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')
_ROUND = re.compile(r"(\d+)\.")
_KEYS = frozenset({"H1", "H2", "D1", "D2", "S1", "S2", "SC", "C", "P", "SP"})


def read_zero(text: str) -> Imported:
    """A game in cribbage-zero's PGN."""
    tags: dict[str, str] = {}
    rounds: list[dict[str, list[tuple[str, int, int]]]] = []
    starts: list[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = _words(line, number)
        if not words:
            continue
        tag = _TAG.fullmatch(line.strip())
        if tag:
            tags[tag[1]] = tag[2].replace('\\"', '"').replace("\\\\", "\\")
            continue
        key = None
        for word, column in words:
            if not rounds or _ROUND.fullmatch(word):
                if not _ROUND.fullmatch(word) or int(word[:-1]) != len(rounds) + 1:
                    raise NotationError(f"expected deal {len(rounds) + 1}, as '{len(rounds) + 1}.'",
                                        word, number, column)
                rounds.append({})
                starts.append(number)
                key = None
            elif word in _KEYS:
                key = word
                if key in rounds[-1]:
                    raise NotationError(f"{key} is said once a deal", word, number, column)
                rounds[-1][key] = []
            elif key is None:
                raise NotationError("expected one of " + " ".join(sorted(_KEYS)), word, number,
                                    column)
            else:
                rounds[-1][key].append((word, number, column))
    first_dealer = tags.get("FirstDealer", "player1")
    first_pone = tags.get("FirstPone", "player2")
    table = Table.seat(seats=(first_pone, first_dealer))
    deals: list[DealRecord] = []
    marks: list[Mark] = []
    for n, found in enumerate(rounds):
        players = (first_dealer, first_pone)
        dealt = {p: tuple(_card(*w) for w in found.get(f"H{i + 1}", ()))
                 for i, p in enumerate(players)}
        discards = {p: tuple(_card(*w) for w in found.get(f"D{i + 1}", ()))
                    for i, p in enumerate(players)}
        cut = found.get("C", [])
        starter = _card(*cut[0]) if cut else None
        events: list[PlayEvent] = []
        for word, number, column in found.get("P", []):
            if word == "|":
                continue  # a new count: the referee finds where each count ends
            card = _card(word, number, column)
            owner = [p for p in players if card in dealt[p]]
            events.append(PlayEvent(owner[0] if owner else players[len(events) % 2], card))
        for i, (word, number, column) in enumerate(found.get("SP", [])):
            player = events[i].player if i < len(events) else None
            marks.append(Mark(MarkKind.PLAY, n, player, i, _number(word, number, column),
                              number, column))
        for i, player in enumerate(players):
            for word, number, column in found.get(f"S{i + 1}", [])[:1]:
                marks.append(Mark(MarkKind.HAND, n, player, None,
                                  _number(word, number, column), number, column))
        for word, number, column in found.get("SC", [])[:1]:
            dealer = players[n % 2]
            marks.append(Mark(MarkKind.CRIB, n, dealer, None, _number(word, number, column),
                              number, column))
        deals.append(DealRecord(dealt, discards, starter, tuple(events)))
    if not deals:
        raise NotationError("a game needs its deals, each after its number ('1.')", "", 1, 1)
    return Imported(Game(table, tuple(deals)), tuple(marks), tuple(starts))


def _number(word: str, line: int, column: int) -> int:
    if not word.isascii() or not word.isdigit() or len(word) > 6:
        raise NotationError("expected a number", word, line, column)
    return int(word)


# --- HAL -----------------------------------------------------------------------------

_HAL_CARD = re.compile(r"([AaTtJjQqKk2-9])([SHDCshdc])((?:[<>#Rr]\d+)*)")
_HAL_MARK = re.compile(r"([<>#Rr])(\d+)")
_HAL_MARKS = {"<": MarkKind.MUGGINS, ">": MarkKind.PENALTY, "#": MarkKind.UNNOTICED}
_HEADER = re.compile(r"(player a|player b|muggins game|date|event)\s*:\s*(.*)", re.IGNORECASE)
_DEAL = re.compile(r"deal\s*(\d+)\s*:", re.IGNORECASE)


def read_hal(text: str) -> Imported:
    """A game in HAL's PGN for cribbage."""
    names = {"player a": "A", "player b": "B"}
    muggins: bool | None = None
    lines: list[tuple[int, str, int]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        header = _HEADER.match(line.strip())
        deal = _DEAL.match(line.strip())
        if deal:
            if int(deal[1]) != len(lines) + 1:
                raise NotationError(f"this is deal {len(lines) + 1}", deal[1], number,
                                    line.index(deal[1]) + 1)
            start = line.index(":") + 1
            lines.append((number, line[start:], start))
        elif header:
            key, value = header[1].lower(), header[2].strip().strip("_").strip()
            if key in names and value:
                names[key] = value.split("(")[0].strip() or names[key]
            elif key == "muggins game" and value[:1].upper() in ("Y", "N"):
                muggins = value[:1].upper() == "Y"
        else:
            word = line.split()[0]
            raise NotationError("expected 'Deal n:' or a header line", word, number,
                                line.index(word) + 1)
    a, b = names["player a"], names["player b"]
    deals: list[DealRecord] = []
    marks: list[Mark] = []
    first_dealer: str | None = None
    for n, (number, body, start) in enumerate(lines):
        cards: list[tuple[Card, str, list[tuple[MarkKind, str, int, int]]]] = []
        words = _words(body, number)
        for word, column in words:
            column += start
            if cards and re.fullmatch(r"(?:[<>#Rr]\d+)+", word):
                # Marks written apart from their card: they are the card's before them.
                _, owner, noted = cards[-1]
                noted.extend((_HAL_MARKS.get(m[1], MarkKind.VIOLATION),
                              a if m[1] == "R" else b if m[1] == "r" else owner, int(m[2]),
                              column) for m in _HAL_MARK.finditer(word))
                continue
            found = _HAL_CARD.fullmatch(word)
            if found is None:
                raise NotationError("expected a card (A's suit in capitals, B's in lower case)"
                                    ", and its marks", word, number, column)
            owner = a if found[2].isupper() else b
            noted = [(_HAL_MARKS.get(m[1], MarkKind.VIOLATION),
                      a if m[1] == "R" else b if m[1] == "r" else owner, int(m[2]), column)
                     for m in _HAL_MARK.finditer(found[3])]
            cards.append((Card.parse(found[1] + found[2]), owner, noted))
        if len(cards) < 1 + _AWAY:
            raise NotationError(f"expected the starter, the cards laid, then the {_AWAY} "
                                "discards", words[0][0] if words else "", number,
                                words[0][1] + start if words else start + 1)
        # The discards are always the last four: a deal won on heels or in the play lays
        # fewer than eight cards, and its cards never laid are not written.
        starter, laid, discards_of = cards[0][0], cards[1:-_AWAY], cards[-_AWAY:]
        _whole(words, start, number, laid, discards_of, (a, b))
        short = len(laid) < _LAID
        if short and n + 1 < len(lines):
            raise NotationError(f"only the game's last deal, won on heels or in the play, "
                                f"lays fewer than {_LAID} cards", "Deal", number, 1)
        events = tuple(PlayEvent(owner, card) for card, owner, _ in laid)
        pone = events[0].player if events else a
        dealer = b if pone == a else a
        if first_dealer is None:
            first_dealer = dealer
        dealt = {p: tuple(c for c, o, _ in cards[1:] if o == p) for p in (a, b)}
        discards = {p: tuple(c for c, o, _ in discards_of if o == p) for p in (a, b)}
        for i, (_, _, noted) in enumerate((*laid, *discards_of)):  # a discard's: no event
            marks.extend(Mark(kind, n, player, i if i < len(laid) else None, points, number,
                              column) for kind, player, points, column in noted)
        deals.append(DealRecord(dealt, discards, starter, events, unshown=short))
    if not deals:
        raise NotationError("a game needs its deals, each on a line 'Deal n: ...'", "", 1, 1)
    pone = a if first_dealer == b else b
    table = Table.seat(seats=(pone, first_dealer or b))
    return Imported(Game(table, tuple(deals), Options(None, muggins)), tuple(marks),
                    tuple(number for number, _, _ in lines))


_AWAY, _LAID = 4, 8  # HAL's two-player six-card game: laid away, and laid in a whole play


def _whole(words: Sequence[tuple[str, int]], start: int, number: int,
           laid: Sequence[tuple[Card, str, object]],
           discards: Sequence[tuple[Card, str, object]], players: tuple[str, str]) -> None:
    """Each player lays four cards at most and two away (the cases say whose each is)."""
    cards = [(word, column) for word, column in words if _HAL_CARD.fullmatch(word)]
    for player in players:
        mine = [i for i, (_, owner, _) in enumerate(laid) if owner == player]
        if len(mine) > _LAID // 2:
            word, column = cards[1 + mine[_LAID // 2]]
            raise NotationError(f"{player} lays {len(mine)} cards, and a player lays "
                                f"{_LAID // 2} at most (A's suits in capitals, B's in lower "
                                "case)", word, number, column + start)
        away = [i for i, (_, owner, _) in enumerate(discards) if owner == player]
        if len(away) != _AWAY // 2:
            word, column = cards[-_AWAY]
            raise NotationError(f"the last {_AWAY} cards are the discards, two each; "
                                f"{player} has {len(away)} of them (A's suits in capitals, "
                                "B's in lower case)", word, number, column + start)


# --- the comparison ------------------------------------------------------------------

_OVER = (FindingCode.OVERCOUNT,)
_UNDER = (FindingCode.UNDERCOUNT,)


def _claimed(imported: Imported, check: GameCheck) -> Game:
    """HAL's marks say what each player pegged on a card: its true points, less what they
    missed, plus what they over-pegged. The game with those claims made."""
    deals = list(imported.game.deals)
    for n, checked in enumerate(check.deals):
        record = deals[n]
        if checked.play is None or record.plays is None:
            continue
        # A card's claim covers what it scored when laid; the go it earned later is
        # claimed apart (docs/rules.md#claims-in-the-play), so a mark that misses more
        # than the card scored when laid misses its go too.
        entries = checked.play.plays
        lay = [entry.points - (go.points if (go := entry.go_point) else 0) for entry in entries]
        later = [go.points if (go := entry.go_point) else None for entry in entries]
        for mark in imported.marks:
            if mark.deal == n and mark.index is not None and mark.index < len(lay):
                i = mark.index
                if mark.kind is MarkKind.MUGGINS:
                    missed = min(mark.stated, lay[i])
                    lay[i] -= missed
                    if later[i] is not None:
                        later[i] = max(0, (later[i] or 0) - (mark.stated - missed))
                elif mark.kind in (MarkKind.PENALTY, MarkKind.UNNOTICED):
                    lay[i] += mark.stated
        plays = tuple(replace(e, claimed=max(0, p), claimed_go=g)
                      for e, p, g in zip(record.plays, lay, later, strict=False))
        deals[n] = replace(record, plays=plays + tuple(record.plays[len(plays):]))
    return replace(imported.game, deals=tuple(deals))


def compare(imported: Imported, *, ruleset: Ruleset = Ruleset.ACC,
            muggins: bool | None = None) -> tuple[GameCheck, tuple[Comparison, ...]]:
    """Referee the imported game and set every mark beside the referee's number.

    Raises :class:`rules.notation.NotationError` at the line of a deal the referee
    cannot take: the file cannot be read fully (a deal short of cards that was not won,
    a card twice)."""
    game = imported.game
    table = game.table
    on = game.options.muggins if muggins is None else muggins

    def run(played: Game) -> GameCheck:
        try:
            return check_game(table, played.deals, ruleset=ruleset, muggins=bool(on))
        except RecordError as error:
            raise _at_its_line(error, imported) from None

    check = run(game)
    if any(m.kind not in (MarkKind.PLAY, MarkKind.HAND, MarkKind.CRIB) for m in imported.marks):
        check = run(_claimed(imported, check))
    return check, tuple(_ruled(mark, check) for mark in imported.marks)


def _at_its_line(error: RecordError, imported: Imported) -> NotationError:
    """The referee's first problem with the game, at the line of the deal it is in."""
    problem = error.problems[0]
    path = problem.path
    deal = path[1] if len(path) > 1 and path[0] == "deals" else None
    if not isinstance(deal, int) or deal >= len(imported.lines):
        return NotationError(f"the game cannot be refereed: {problem.message}", "", 1, 1)
    return NotationError(f"deal {deal + 1} cannot be refereed: {problem.message}", "",
                         imported.lines[deal], 1)


def _ruled(mark: Mark, check: GameCheck) -> Comparison:
    if mark.deal >= len(check.deals):
        return Comparison(mark, None)
    deal = check.deals[mark.deal]
    if mark.kind is MarkKind.PLAY:
        plays = () if deal.play is None else deal.play.plays
        found = mark.index is not None and mark.index < len(plays)
        return Comparison(mark, plays[mark.index].points if found and mark.index is not None
                          else None)
    if mark.kind is MarkKind.HAND:
        hand = deal.show.get(mark.player or "")
        return Comparison(mark, None if hand is None else hand.show.total)
    if mark.kind is MarkKind.CRIB:
        return Comparison(mark, None if deal.crib is None else deal.crib.show.total)
    codes: Sequence[FindingCode] = (
        _UNDER if mark.kind is MarkKind.MUGGINS else _OVER if mark.kind in
        (MarkKind.PENALTY, MarkKind.UNNOTICED) else
        tuple(code for code in FindingCode if code not in (*_OVER, *_UNDER)))
    for finding in deal.findings:
        if finding.code in codes and finding.player == mark.player \
                and finding.index == mark.index:
            return Comparison(mark, _amount(finding.points, finding.message))
    return Comparison(mark, None)


def _amount(points: int | None, message: str) -> int | None:
    """A finding's points, or the points its message says were missed or over."""
    if points is not None:
        return points
    said = re.search(r"(\d+) (?:missed|too many)", message)
    return None if said is None else int(said[1])
