"""The texts the command line hands the referee whole, answered on the library: a deal or
a game in notation to share, a share link to read, names to write in the notation, a
night's CSV file to read."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from muggins.local_checks import Refusals, refuse
from rules import RecordError, Ruleset
from rules.answers import (
    MAX_CSV,
    MAX_LINK,
    MAX_NAMES,
    MAX_NOTATION,
    NOTATION,
    cards_answer,
    names_answer,
    shared_answer,
)
from rules.club import CsvError, read_cards
from rules.notation import Deal, Game, LinkError, NotationError, header_at, read_link, read_record

__all__ = ["TEXTS"]

Body = Mapping[str, Any]



def _share(body: Body) -> dict[str, Any]:
    """A deal or a game in notation, as its share link holds it."""
    text = body["notation"]
    refusals = Refusals()
    if not 1 <= len(text) <= MAX_NOTATION:
        refusals.add(("notation",), "wrong-size", f"1 to {MAX_NOTATION} characters here, "
                     f"not {len(text)}")
    refusals.raise_any()
    try:
        record = read_record(text)
    except NotationError as error:
        refuse([{"pointer": NOTATION, "code": "badly-written", "detail": str(error),
                 "line": error.line, "column": error.column}])
    except RecordError as error:
        line, column = header_at(text)
        refuse([{"pointer": NOTATION, "code": problem.code.value,
                 "detail": f"line {line}, column {column}: {problem.message}",
                 "line": line, "column": column} for problem in error.problems])
    if not isinstance(record, Deal | Game):
        refuse([{"pointer": NOTATION, "code": "badly-written", "line": 1, "column": 1,
                 "detail": "a play on its own is not shared: send a deal (with 'dealt:') "
                           "or a game (with 'deal: 1')"}])
    return shared_answer(record, Ruleset(body.get("ruleset", Ruleset.ACC.value)),
                         bool(body.get("muggins", False)))


def _link(body: Body) -> dict[str, Any]:
    """The record a share link holds."""
    link = body["link"]
    refusals = Refusals()
    if not 1 <= len(link) <= MAX_LINK:
        refusals.add(("link",), "wrong-size", f"1 to {MAX_LINK} characters here, not {len(link)}")
    refusals.raise_any()
    try:
        shared = read_link(link)
    except LinkError as error:
        refuse([{"pointer": "#/link", "code": "badly-written", "detail": str(error)}])
    return shared_answer(shared.record, shared.ruleset, shared.muggins)


def _scorecards(body: Body) -> dict[str, Any]:
    """A night's CSV file read into its scorecards."""
    text = body["csv"]
    refusals = Refusals()
    if not 1 <= len(text) <= MAX_CSV:
        refusals.add(("csv",), "wrong-size", f"1 to {MAX_CSV} characters here, not {len(text)}")
    refusals.raise_any()
    try:
        return cards_answer(read_cards(text))
    except CsvError as error:
        refuse([{"pointer": "#/csv", "code": problem.code.value,
                 "detail": f"{problem.path[1]}: {problem.message}", "line": problem.path[0]}
                for problem in error.problems])


def _names(body: Body) -> dict[str, Any]:
    """Each name as the notation writes it."""
    names = body["names"]
    refusals = Refusals()
    if not 1 <= len(names) <= MAX_NAMES:
        refusals.add(("names",), "wrong-size", f"1 to {MAX_NAMES} names here, not {len(names)}")
    for i, name in enumerate(names):
        refusals.name(("names", i), name)
    refusals.raise_any()
    return names_answer(names)


TEXTS: dict[str, Callable[[Body], dict[str, Any]]] = {
    "/v1/notation/write": _share,
    "/v1/notation/read": _link,
    "/v1/notation/names": _names,
    "/v1/tournaments/read": _scorecards,
}
