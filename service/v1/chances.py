"""``/v1/chances``: the chance of winning from a position (docs/chances.md)."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

from flask import Response, jsonify

from rules import RecordError, Table, Variant
from rules.answers import chances_answer
from rules.chances import (
    COVERED,
    ChanceTable,
    Part,
    Seen,
    chances_of,
    chances_problems,
    covered_problems,
)
from rules.chances import from_bytes as table_from_bytes
from rules.core import Problem, ProblemCode
from service.body import read_json
from service.errors import Refused, load_request
from service.fields import CardField, Cards, CommonSchema, Nested, StrictSchema, String
from service.v1.deals import scores_field
from service.v1.records import NAME, player_names

__all__ = ["TABLES", "chances", "load_tables"]

TABLES: dict[Variant, ChanceTable] = {}
"""The shipped tables, read once at start (:func:`load_tables`)."""


def load_tables() -> dict[Variant, ChanceTable]:
    """Read the tables shipped in the package (service/data), once: before the workers
    fork, so that they share them."""
    if not TABLES:
        data = resources.files("service") / "data"
        for variant in COVERED:
            TABLES[variant] = table_from_bytes((data / f"{variant}.chances").read_bytes())
    return TABLES


class SeenSchema(StrictSchema):
    player = String(required=True, validate=NAME)
    cards = Cards()
    kept = Cards()
    discard = Cards()
    starter = CardField()


class ChancesSchema(CommonSchema):
    players = player_names()
    dealer = String(validate=NAME)
    scores = scores_field(required=True)
    after = String()
    seen = Nested(SeenSchema)


_schema = ChancesSchema()


def _position(loaded: Mapping[str, Any], refused: Refused) -> tuple[
        Table | None, Part | None, Seen | None, list[Problem]]:
    problems: list[Problem] = []
    table = None
    if "variant" in loaded and not refused("variant") and not refused("players"):
        dealer = None if refused("dealer") else loaded.get("dealer")
        try:
            table = Table.seat(loaded["variant"], loaded.get("players"), dealer=dealer)
        except RecordError as error:
            problems.extend(error.problems)
            if dealer is not None and all(p.path == ("dealer",) for p in problems):
                # A dealer who is no player: the rest is still checked at the seats.
                table = Table.seat(loaded["variant"], loaded.get("players"))
            else:
                problems.extend(covered_problems(loaded["variant"], load_tables()))
    after = None
    if "after" in loaded and not refused("after"):
        try:
            after = Part.from_word(loaded["after"])
        except ValueError as error:
            problems.append(Problem(("after",), ProblemCode.OUT_OF_RANGE, str(error)))
    seen = None
    raw = loaded.get("seen")
    if isinstance(raw, Mapping) and "player" in raw:
        # What was read of it: problems at the parts refused are dropped with them.
        seen = Seen(raw["player"], tuple(raw.get("cards", ())), tuple(raw.get("kept", ())),
                    tuple(raw.get("discard", ())), raw.get("starter"))
    return table, after, seen, problems


def _problems(loaded: Mapping[str, Any], refused: Refused) -> tuple[
        Table | None, Part | None, Seen | None, list[Problem]]:
    """The position the request describes, with every problem the library finds in it."""
    table, after, seen, problems = _position(loaded, refused)
    if table is not None:
        scores = None if refused("scores") else loaded.get("scores")
        problems.extend(p for p in chances_problems(table, scores, load_tables(), after=after,
                                                    seen=seen)
                        if scores is not None or p.path != ("scores",))
    strangers = _named_without_players(loaded, refused)
    if table is not None and strangers:
        # One problem, not one for each name and each seat's missing score: the
        # players were not named.
        named = strangers[0] if len(strangers) == 1 else (
            ", ".join(strangers[:-1]) + " and " + strangers[-1])
        said = (f"{named} {'is' if len(strangers) == 1 else 'are'} named, but the request "
                f"sends no `players`, so the seats are {' and '.join(table.seats)}: name "
                "yours there, in play order from the dealer's left, the dealer last")
        problems = [Problem(("players",), ProblemCode.REQUIRED, said),
                    *(p for p in problems if not _about_the_seats(p))]
    return table, after, seen, problems


def _named_without_players(loaded: Mapping[str, Any], refused: Refused) -> list[str]:
    """The names the request uses for players and sides where it sends no ``players``,
    when its scores are by such names in place of the seats' (the default seats' names
    left out). A dealer alone who is no seat, or one score too many beside the seats',
    is one problem already, where it is."""
    seats = Table.seat().seats
    scores = loaded.get("scores", {})
    if ("players" in loaded or refused("players") or all(side in seats for side in scores)
            or all(seat in scores for seat in seats)):
        return []
    names = [loaded.get("dealer"), *scores]
    if isinstance(loaded.get("seen"), Mapping):
        names.append(loaded["seen"].get("player"))
    return list(dict.fromkeys(n for n in names if isinstance(n, str) and n not in seats))


def _about_the_seats(problem: Problem) -> bool:
    return problem.code in (ProblemCode.UNKNOWN_PLAYER, ProblemCode.UNKNOWN_SIDE) or (
        problem.path == ("scores",) and problem.code is ProblemCode.REQUIRED)


def chances_checks(loaded: Mapping[str, Any], body: Mapping[str, Any],
                   refused: Refused) -> list[Problem]:
    """The library's problems with a request the schema refused in part."""
    return _problems(loaded, refused)[3]


def chances() -> Response:
    data = load_request(_schema, read_json(), chances_checks)
    table, after, seen, problems = _problems(data, Refused({}))
    if problems or table is None:
        raise RecordError(problems)
    found = chances_of(table, data["scores"], load_tables(), after=after, seen=seen)
    return jsonify(chances_answer(found, table, data["scores"], after, TABLES[table.variant]))
