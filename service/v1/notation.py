"""Records sent in notation (docs/notation.md): a ``notation`` string in place of the
JSON record's fields.

The library reads the text (:mod:`rules.notation`); here its values become the JSON
record they stand for, which then takes the same schema and the same calls as one sent
as JSON, so that both answer alike. A problem with the record points at ``#/notation``
with the ``line`` and ``column`` where the text said it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from flask import g
from marshmallow import Schema, ValidationError

from rules import RecordError
from rules.answers import (
    MAX_NOTATION,
    advice_body,
    deal_body,
    game_body,
    options_body,
    play_body,
    players_left_out,
    relocated,
)
from rules.notation import Deal, Game, NotationError, Options, Play, header_at
from service.body import read_json
from service.documented import component
from service.errors import InvalidRequest, pointer_errors
from service.fields import String

__all__ = ["MAX_NOTATION", "Kind", "notation_field", "read_record", "relocated"]

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
    # Names used where no players are sent are no seats: the problems say how to mend it.
    g.players_left_out = players_left_out(body)
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
              for name, value in options_body(options).items() if name in out]
    if errors:
        raise InvalidRequest(errors)
    # Every part of the record is the text's, sent or left out: a part it leaves out
    # (a finished deal's discards) is pointed at in the text too.
    said = {*kind.value, *options_body(options)}
    g.relocate_errors = lambda found: relocated(found, record.where, said)
    return {**out, **options_body(options), **fields}


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


_PARSE: dict[Kind, Callable[[str], Any]] = {
    Kind.PLAY: Play.parse, Kind.ADVICE: Play.parse, Kind.DEAL: Deal.parse,
    Kind.GAME: Game.parse,
}
_FIELDS: dict[Kind, Callable[[Any], tuple[dict[str, Any], Options]]] = {
    Kind.PLAY: play_body, Kind.ADVICE: advice_body, Kind.DEAL: deal_body,
    Kind.GAME: game_body,
}
