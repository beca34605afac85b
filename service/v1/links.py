"""``/v1/notation/write`` and ``/v1/notation/read``: a deal or a game as a share link
holds it (docs/notation.md#share-links). The scorepad asks these instead of keeping a
copy of the notation and the link format: it sends the record it wrote and gets the
link, and sends a link's fragment (in the body, never in a URL) and gets the record."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from rules import RecordError
from rules.answers import MAX_LINK, MAX_NOTATION, shared_answer
from rules.notation import Deal, Game, LinkError, NotationError, header_at, read_link, read_record
from service.body import read_json
from service.errors import InvalidRequest, load_request
from service.fields import Size, StrictBool, StrictSchema, String, ruleset_field

__all__ = ["notation_read", "notation_write"]



class NotationWriteSchema(StrictSchema):
    component = "NotationWriteRequest"
    description = "A deal or a game in notation, and the rules it is ruled under."

    notation = String(required=True, validate=Size(1, MAX_NOTATION, "characters"), metadata={
        "description": "The record in notation (docs/notation.md): a deal or a game.",
        "examples": ["six-card to 121: pone dealer\ndealt: pone 5H 5C 5S JD 2C 3C; dealer KH "
                     "QD 9C 8S 4H AD\ndiscards: pone 2C 3C; dealer 4H AD\nstarter: 5D\n"]})
    ruleset = ruleset_field(metadata={"description": "Unless the record says its own."})
    muggins = StrictBool(load_default=False, metadata={
        "description": "Unless the record says its own."})


class NotationReadSchema(StrictSchema):
    component = "NotationReadRequest"
    description = "A share link's fragment, with or without its `#`."

    link = String(required=True, validate=Size(1, MAX_LINK, "characters"), metadata={
        "description": "The fragment of a share link (`r1.` then base64url).",
        "examples": ["r1.Bz4kjg3tzKzIysLYyuQyKaFQ5bY3RuGhBgykiAA"]})


_write = NotationWriteSchema()
_read = NotationReadSchema()
_POINTER = "#/notation"


def _record(text: str) -> Deal | Game:
    """The deal or game the text says; a 422 at ``#/notation`` with the line and column
    for text that cannot be read, a table that cannot be, or a play on its own."""
    try:
        record = read_record(text)
    except NotationError as error:
        raise InvalidRequest([{"pointer": _POINTER, "code": "badly-written", "detail": str(error),
                               "line": error.line, "column": error.column}]) from None
    except RecordError as error:
        line, column = header_at(text)
        raise InvalidRequest([{"pointer": _POINTER, "code": problem.code.value,
                               "detail": f"line {line}, column {column}: {problem.message}",
                               "line": line, "column": column}
                              for problem in error.problems]) from None
    if not isinstance(record, Deal | Game):
        raise InvalidRequest([{"pointer": _POINTER, "code": "badly-written", "line": 1,
                               "column": 1, "detail": "a play on its own is not shared: send a "
                               "deal (with 'dealt:') or a game (with 'deal: 1')"}])
    return record


def notation_write() -> Response:
    """Write a deal or a game as a share link

    The record read as `/v1/deals/check` or `/v1/games/check` reads it, and answered
    in its canonical text, by seat, with the seats of the next deal and its share link
    (docs/notation.md#share-links): the fragment, `r1.` then the record packed. A record
    the link format cannot say (a side named apart from its players) has `link` null
    and `no_link` saying why. Nothing is refereed here: a record that breaks a rule is
    written as it stands.
    ---
    operationId: writeNotation
    tags: [reference]
    request: NotationWriteRequest
    responses:
      200:
        description: The record, its canonical text and its link.
        schema: SharedRecord
    """
    data = load_request(_write, read_json())
    return jsonify(shared_answer(_record(data["notation"]), data["ruleset"], data["muggins"]))


def notation_read() -> Response:
    """Read a share link

    The record a share link's fragment holds, answered as `/v1/notation/write` answers
    it (the same link again). A link cut short, of another version, with a character no
    link has, with more than a record, or with a card twice is a 422 at `#/link` whose
    `detail` says so in words.
    ---
    operationId: readNotation
    tags: [reference]
    request: NotationReadRequest
    responses:
      200:
        description: The record the link holds.
        schema: SharedRecord
    """
    data = load_request(_read, read_json())
    try:
        shared = read_link(data["link"])
    except LinkError as error:
        raise InvalidRequest([{"pointer": "#/link", "code": "badly-written",
                               "detail": str(error)}]) from None
    answer: dict[str, Any] = shared_answer(shared.record, shared.ruleset, shared.muggins)
    return jsonify(answer)


