"""Records sent in notation (docs/notation.md): a ``notation`` string in place of the
JSON record's fields.

The library reads the text (:mod:`rules.notation`) into its own types, and the
operation refers them as they are: the schema loads only the fields sent beside the
notation (``ruleset``, ``muggins``, an advice's hand). A record the schema would refuse
as JSON (past a limit on a name, a size or a number: :mod:`service.v1.notation_limits`),
or sent beside fields it refuses, is answered in the schema's own words, through the
JSON fields it stands for, so that a record answers alike in notation and as JSON. A
problem with the record points at ``#/notation`` with the ``line`` and ``column`` where
the text said it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from flask import g
from marshmallow import Schema, ValidationError

from rules import (
    Card,
    DealRecord,
    PlayEvent,
    RecordError,
    Table,
    deal_from_json,
    events_from_json,
    table_from_json,
    table_to_json,
)
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
from rules.deal import scores_to_json
from rules.notation import Deal, Game, NotationError, Options, Play, header_at
from service.body import read_json
from service.documented import component
from service.errors import Checks, InvalidRequest, load_request, pointer_errors
from service.fields import String
from service.v1.notation_limits import within_limits
from service.v1.records import game_table

__all__ = ["MAX_NOTATION", "Kind", "Sent", "notation_field", "read_record", "relocated"]

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


@dataclass(frozen=True)
class Sent:
    """A request for a record of the table: ``data``, what the operation's schema loaded
    (every field of a record sent as JSON; beside a notation, the other fields, with the
    record's own ``ruleset`` and ``muggins`` where it says them); ``record``, the
    notation read into the library's own types (None for a record sent as JSON);
    ``body``, the JSON the schema read."""

    data: dict[str, Any]
    body: Any
    record: Play | Deal | Game | None = None

    def play(self) -> tuple[Table, list[PlayEvent], Mapping[str, Sequence[Card]] | None, bool]:
        """A play's table, events, hands and whether it is in progress. A play on its
        own has no target: its table's is the variant's, in notation as in JSON."""
        if isinstance(self.record, Play):
            table = self.record.table
            return (Table.seat(table.variant, list(table.seats)), list(self.record.events),
                    self.record.hands, self.record.in_progress)
        return (table_from_json(self.data), events_from_json(self.data["plays"]),
                self.data.get("hands"), self.data.get("in_progress", False))

    def deal(self) -> tuple[Table, DealRecord, Mapping[str, int] | None, bool]:
        """A deal's table, record, scores before (by side as the JSON names them) and
        whether it is in progress."""
        if isinstance(self.record, Deal):
            deal = self.record
            scores = (None if deal.scores_before is None
                      else scores_to_json(deal.scores_before, deal.table))
            # The sides named as the JSON names them (from the players in order), as the
            # scores just were: a table line may name them otherwise ("sides s&n w&e").
            table = table_from_json(table_to_json(deal.table))
            return table, deal.record, scores, deal.in_progress
        return (table_from_json(self.data), deal_from_json(self.data),
                self.data.get("scores_before"), self.data["in_progress"])

    def game(self) -> tuple[Table, list[DealRecord], Mapping[str, int] | None]:
        """A game's table (its first dealer dealing), deals and scores it was joined at."""
        if isinstance(self.record, Game):
            return self.record.table, list(self.record.deals), self.record.scores_before
        return (game_table(self.data, self.body), [deal_from_json(d) for d in self.data["deals"]],
                self.data.get("scores_before"))


def read_record(kind: Kind, schema: Schema, checks: Checks | None = None, *,
                finished: bool = False) -> Sent:
    """The request, loaded by ``schema`` (a 422 with every problem, ``checks`` the
    library's, as :func:`load_request` finds them); one with ``notation`` has the text
    read into the library's types. A notation that cannot be read is a 422, which lists
    after it what ``schema`` finds in the JSON fields sent beside it. ``finished``: the
    operation takes no deal in progress (a review)."""
    body = read_json()
    # Names used where no players are sent are no seats: the problems say how to mend it.
    g.players_left_out = players_left_out(body)
    if not isinstance(body, dict) or "notation" not in body:
        return Sent(load_request(schema, body, checks), body)
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
    options = record.options
    errors = [{"pointer": f"#/{name}", "code": "conflict",
               "detail": f"the notation says the {name} already"}
              for name, value in options_body(options).items() if name in out]
    if errors:
        raise InvalidRequest(errors)
    # Every part of the record is the text's, sent or left out: a part it leaves out
    # (a finished deal's discards) is pointed at in the text too.
    said = {*kind.value, *options_body(options)}
    g.relocate_errors = lambda found: relocated(found, record.where, said)
    if within_limits(record, advice=kind is Kind.ADVICE, finished=finished):
        try:
            loaded = schema.load(out, partial=kind.value)
        except ValidationError:
            loaded = None  # refused below with the record's problems, as JSON would be
        if loaded is not None:
            own = {"ruleset": options.ruleset, "muggins": options.muggins}
            return Sent({**loaded, **{k: v for k, v in own.items() if v is not None}}, out,
                        record)
    # Refused, or perhaps past a limit: the schema's own words for its JSON fields.
    fields, _ = _FIELDS[kind](record)
    sent = {**out, **options_body(options), **fields}
    return Sent(load_request(schema, sent, checks), sent)


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
