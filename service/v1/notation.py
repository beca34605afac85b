"""Records sent in notation (docs/notation.md): a ``notation`` string in place of the
JSON record's fields.

The library reads the text (:mod:`rules.notation`); here its values become the JSON
record they stand for, which then takes the same schema and the same calls as one sent
as JSON, so that both answer alike. A problem with the record points at ``#/notation``
with the ``line`` and ``column`` where the text said it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from enum import Enum
from typing import Any

from flask import g
from marshmallow import Schema, ValidationError

from rules import Card, DealRecord, PlayEvent, RecordError
from rules.core import PARTNERS, Table
from rules.notation import Deal, Game, NotationError, Options, Play, Where, header_at
from service.body import read_json
from service.documented import component
from service.errors import InvalidRequest, pointer_errors
from service.fields import String

__all__ = ["MAX_NOTATION", "Kind", "notation_field", "read_record", "relocated"]

MAX_NOTATION = 50_000
"""Characters of notation: a game of 60 deals is under 20,000, and the longest text
fits the body limit even with every character escaped (12 bytes for one past U+FFFF)."""
POINTER = "#/notation"


class Kind(Enum):
    """Which record an operation takes, and the JSON fields the notation stands for."""

    PLAY = ("players", "variant", "plays", "hands", "in_progress")
    ADVICE = ("players", "variant", "plays")
    DEAL = ("players", "variant", "target", "dealt", "discards", "crib_card", "starter",
            "plays", "claims", "scores_before", "in_progress")
    GAME = ("players", "first_dealer", "variant", "target", "scores_before", "deals")


@component("Notation", maxLength=MAX_NOTATION, description=(
    "The record written in notation (docs/notation.md), in place of its JSON fields: sent "
    "with any of them it is a 422 `conflict` at each. The table line stands for `players`, "
    "`variant` and `target` (and, for a game, `first_dealer`: the table's dealer); `ruleset:` "
    "and `muggins:` lines may stand for those fields (a 422 `conflict` if both say it). Text "
    "that cannot be read is a 422 `badly-written` at `#/notation` with the `line` and "
    "`column`; every other problem with the record points at `#/notation` too, with the line "
    "and column of the part it is about. A request sends either the record's JSON fields or "
    "`notation`: with neither, the record's own required fields are a 422 `required`. (That "
    "choice is not written as an `anyOf` of required sets, which code generators type as "
    "`unknown`.)"))
def notation_field(kind: Kind | None = None, **kwargs: Any) -> String:
    """The record in notation, for the contract: :func:`read_record` takes it out of the
    body before the schema reads the rest, so the schema never loads it. The fields it
    stands for are not required in the contract (tools/openapi)."""
    metadata = {} if kind is None else {"stands_for": kind.value}
    return String(metadata={**metadata, **kwargs.pop("metadata", {})}, **kwargs)


def read_record(kind: Kind, schema: Schema | None = None) -> Any:
    """The request body; one with ``notation`` is turned into the JSON record it says.
    A notation that cannot be read is a 422, which lists after it what ``schema`` (the
    operation's) finds in the JSON fields sent beside it."""
    body = read_json()
    if not isinstance(body, dict) or "notation" not in body:
        return body
    text = body["notation"]
    errors = [{"pointer": f"#/{name}", "code": "conflict",
               "detail": "the record is sent in notation or as JSON fields, not both"}
              for name in kind.value if name in body]
    if not isinstance(text, str):
        errors.append({"pointer": POINTER, "code": "wrong-type",
                       "detail": "the notation is a string"})
    elif len(text) > MAX_NOTATION:
        errors.append({"pointer": POINTER, "code": "wrong-size",
                       "detail": f"at most {MAX_NOTATION} characters, not {len(text)}"})
    if errors:
        raise InvalidRequest(errors)
    try:
        record = _PARSE[kind](text)
    except NotationError as error:
        raise InvalidRequest([{"pointer": POINTER, "code": "badly-written",
                               "detail": str(error), "line": error.line,
                               "column": error.column},
                              *_beside(schema, body, kind)]) from None
    except RecordError as error:  # a table that cannot exist
        line, column = header_at(text)
        raise InvalidRequest([*({"pointer": POINTER, "code": problem.code.value,
                                 "detail": f"line {line}, column {column}: {problem.message}",
                                 "line": line, "column": column}
                                for problem in error.problems),
                              *_beside(schema, body, kind)]) from None
    out = {key: value for key, value in body.items() if key != "notation"}
    fields, options = _FIELDS[kind](record)
    errors = [{"pointer": f"#/{name}", "code": "conflict",
               "detail": f"the notation says the {name} already"}
              for name, value in _options(options).items() if name in out]
    if errors:
        raise InvalidRequest(errors)
    g.relocate_errors = lambda found: relocated(found, record.where, {*fields, *_options(options)})
    return {**out, **_options(options), **fields}


def _beside(schema: Schema | None, body: Mapping[str, Any], kind: Kind) -> list[dict[str, Any]]:
    """The schema's problems with the JSON fields sent beside a notation that could not
    be read; the fields the notation stands for are not required of them."""
    if schema is None:
        return []
    try:
        schema.load({key: value for key, value in body.items() if key != "notation"},
                    partial=kind.value)
    except ValidationError as error:
        return list(pointer_errors(error))
    return []


def relocated(errors: Iterable[dict[str, Any]], where: Where,
              said: set[str]) -> Iterator[dict[str, Any]]:
    """Errors about the fields the notation ``said``, pointed at where the text says
    each thing (the nearest part written); errors about other fields unchanged."""
    for error in errors:
        pointer = error.get("pointer", "")
        path = _path(pointer)
        if not path or path[0] not in said:
            yield error
            continue
        while path and path not in where:
            path = path[:-1]
        line, column = where.get(path, where.get(("players",), (1, 1)))
        yield {**error, "pointer": POINTER, "line": line, "column": column,
               "detail": f"line {line}, column {column}: {error['detail']} "
                         f"({pointer.removeprefix('#')} in the record)"}


def _path(pointer: str) -> tuple[str | int, ...] | None:
    if not pointer.startswith("#"):
        return None
    parts = [p.replace("~1", "/").replace("~0", "~")
             for p in pointer.removeprefix("#").removeprefix("/").split("/") if p]
    return tuple(int(p) if p.isdigit() else p for p in parts)


def _options(options: Options) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if options.ruleset is not None:
        out["ruleset"] = options.ruleset.value
    if options.muggins is not None:
        out["muggins"] = options.muggins
    return out


def _cards(cards: Sequence[Card]) -> list[str]:
    return [card.text for card in cards]


def _by_player(mapping: Mapping[str, Sequence[Card]]) -> dict[str, list[str]]:
    return {player: _cards(cards) for player, cards in mapping.items()}


def _event(event: PlayEvent) -> dict[str, Any]:
    out: dict[str, Any] = {"player": event.player}
    if event.card is None:
        out["go"] = True
    else:
        out["card"] = event.card.text
    if event.claimed is not None:
        out["claimed"] = event.claimed
    if event.claimed_go is not None:
        out["claimed_go"] = event.claimed_go
    return out


def _play(play: Play) -> tuple[dict[str, Any], Options]:
    out: dict[str, Any] = {"players": list(play.table.seats), "variant": play.table.variant.value,
                           "plays": [_event(e) for e in play.events]}
    if play.hands is not None:
        out["hands"] = _by_player(play.hands)
    if play.in_progress:
        out["in_progress"] = True
    return out, play.options


def _advice(play: Play) -> tuple[dict[str, Any], Options]:
    """The play so far; the advised player's hand, starter and discards stay JSON."""
    out: dict[str, Any] = {"players": list(play.table.seats), "variant": play.table.variant.value,
                           "plays": [_event(e) for e in play.events]}
    if play.hands is not None:
        out["hands"] = _by_player(play.hands)  # refused by the schema: the hand is "hand"
    return out, play.options


def _deal_fields(record: DealRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"dealt": _by_player(record.dealt)}
    if record.discards is not None:
        out["discards"] = _by_player(record.discards)
    if record.crib_card is not None:
        out["crib_card"] = record.crib_card.text
    if record.starter is not None:
        out["starter"] = record.starter.text
    if record.plays is not None:
        out["plays"] = [_event(e) for e in record.plays]
    claims = record.claims
    if claims is not None:
        said: dict[str, Any] = {}
        if claims.heels is not None:
            said["heels"] = claims.heels
        if claims.hands:
            said["hands"] = dict(claims.hands)
        if claims.crib is not None:
            said["crib"] = claims.crib
        out["claims"] = said
    return out


def _side_names(table: Table) -> dict[str, str]:
    """The table's side names as the JSON record names them: from the seats in order
    (``a&c`` and ``b&d`` for seats a b c d), which is what it is unless the table says
    ``; sides``."""
    names: dict[str, str] = {}
    for partnership in table.variant.spec.partnerships:
        members = [table.seats[i] for i in partnership]
        names[table.side_of(members[0]).name] = PARTNERS.join(members)
    return names


def _deal(deal: Deal) -> tuple[dict[str, Any], Options]:
    table = deal.table
    out: dict[str, Any] = {"players": list(table.seats), "variant": table.variant.value,
                           "target": table.target, **_deal_fields(deal.record)}
    if deal.scores_before is not None:
        names = _side_names(table)
        out["scores_before"] = {names.get(side, side): score
                                for side, score in deal.scores_before.items()}
    if deal.in_progress:
        out["in_progress"] = True
    return out, deal.options


def _game(game: Game) -> tuple[dict[str, Any], Options]:
    table = game.table
    seats = list(table.seats)
    # The game names its partnerships from its players in the order sent: turn the seats
    # so that they name the table's sides.
    wanted = {side.name for side in table.sides}
    for turn in range(len(seats)):
        turned = seats[turn:] + seats[:turn]
        if {side.name for side in Table.seat(table.variant, turned).sides} == wanted:
            seats = turned
            break
    out: dict[str, Any] = {"players": seats, "first_dealer": table.dealer,
                           "variant": table.variant.value, "target": table.target,
                           "deals": [_deal_fields(record) for record in game.deals]}
    if game.scores_before is not None:
        # The seats were turned to name the table's sides: the scores' names are theirs.
        out["scores_before"] = dict(game.scores_before)
    return out, game.options


_PARSE: dict[Kind, Callable[[str], Any]] = {
    Kind.PLAY: Play.parse, Kind.ADVICE: Play.parse, Kind.DEAL: Deal.parse,
    Kind.GAME: Game.parse,
}
_FIELDS: dict[Kind, Callable[[Any], tuple[dict[str, Any], Options]]] = {
    Kind.PLAY: _play, Kind.ADVICE: _advice, Kind.DEAL: _deal, Kind.GAME: _game,
}
