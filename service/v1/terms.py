"""``GET /v1/cards`` and ``POST /v1/notation/names``: the notation's terms for a client
that writes records, so that it keeps no rule of its own (the scorepad, issue 30): every
spelling of each card the referee reads, and each name as the notation writes it."""

from __future__ import annotations

from flask import Response, jsonify

from rules.answers import MAX_NAMES, names_answer
from rules.core import full_deck, shown, spellings
from service.body import read_json
from service.errors import load_request
from service.fields import List, Size, StrictSchema
from service.v1.records import name_field

__all__ = ["cards", "notation_names"]

_CARDS = {"cards": [{"card": card.text, "shown": shown(card), "spellings": list(spellings(card))}
                    for card in full_deck()]}


def cards() -> Response:
    """Every card, and every text read as it

    The 52 cards in index order: each one's canonical text, the way people write it
    ("10♥"), and every spelling the referee reads as it. A client that marks cards as
    they are typed looks them up here instead of keeping a card reader of its own.
    ---
    operationId: listCards
    tags: [reference]
    responses:
      200:
        description: The pack.
        schema: Pack
    """
    return jsonify(_CARDS)


class NotationNamesSchema(StrictSchema):
    component = "NotationNamesRequest"
    description = "Names to write in the notation."

    names = List(name_field(), required=True, validate=Size(1, MAX_NAMES, "names"), metadata={
        "description": "Players' names, as typed.", "examples": [["ann", "Ann Smith"]]})


_names = NotationNamesSchema()


def notation_names() -> Response:
    """Write names as the notation writes them

    Each name bare when it can be, else in double quotes with `\\"` and `\\\\` escaped
    (docs/notation.md#names), so that a client writing a record line by line keeps no
    copy of the quoting rule.
    ---
    operationId: writeNames
    tags: [reference]
    request: NotationNamesRequest
    responses:
      200:
        description: Each name as written.
        schema: NotationNames
    """
    data = load_request(_names, read_json())
    return jsonify(names_answer(data["names"]))
