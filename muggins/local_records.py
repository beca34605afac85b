"""The records ``muggins peg``, ``deal``, ``game`` and ``review`` read from files (as
JSON or in notation), answered on the library, and refused as the service refuses them.

A record read from a file may be anything: it is read field by field as the service's
schemas read it (:mod:`muggins.local_shapes`), the library checks what could be read,
and the problems of both are listed at once, in notation pointed into its text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from muggins.local_checks import library_errors, refuse
from muggins.local_shapes import (
    BAD,
    COMMON,
    Field,
    Path,
    Shapes,
    card,
    claim,
    flag,
    hands,
    name,
    players,
    scores,
    target,
)
from rules import (
    Problem,
    RecordError,
    Ruleset,
    Table,
    Variant,
    check_deal,
    check_game,
    check_play,
    deal_from_json,
    event_from_json,
    events_from_json,
    game_table_from_json,
    in_play,
    review_deal,
    review_game,
    table_from_json,
)
from rules.answers import (
    CRIB,
    MAX_NOTATION,
    NOTATION,
    deal_answer,
    deal_body,
    deal_review_answer,
    game_answer,
    game_body,
    game_review_answer,
    next_answer,
    options_body,
    play_answer,
    play_body,
    problems_of,
    relocated,
)
from rules.core import MOST_TO_CRIB, Problems
from rules.deal import check_scores, validate_deal
from rules.notation import Deal, Game, NotationError, Play, header_at
from rules.play import check_play_record

__all__ = ["answer_record"]

MAX_EVENTS = 52
DEALS_TO_121, MAX_DEALS = 40, 60
_DEAL_PARTS = ("dealt", "discards", "crib_card", "starter", "plays", "claims")


def _event(shapes: Shapes, value: Any, path: Path) -> Any:
    before = len(shapes.errors)
    read = shapes.fields(value, path, _EVENT, frozenset({"player"}))
    if read is None or len(shapes.errors) > before:
        return BAD
    has_card, go = "card" in read, read.get("go")
    if has_card and go is not None:
        return shapes.add((*path, "go"), "card-and-go", "an event is a card or a go, not both")
    if not has_card and go is not True:
        return shapes.add((*path, "card"), "card-or-go", 'an event needs a card or "go": true')
    return read


_EVENT: dict[str, Field] = {"player": name, "card": card, "go": flag, "claimed": claim,
                            "claimed_go": claim}


def _plays(shapes: Shapes, value: Any, path: Path) -> Any:
    return shapes.listed(value, path, _event, 0, MAX_EVENTS, "events")


def _claims(shapes: Shapes, value: Any, path: Path) -> Any:
    read = shapes.fields(value, path, {"heels": claim, "crib": claim,
                                       "hands": lambda s, v, p: s.seats(v, p, claim)})
    return BAD if read is None else read


_DEAL: dict[str, Field] = {
    "dealt": hands,
    "discards": lambda s, v, p: s.seats(v, p, lambda s2, v2, p2: s2.cards(v2, p2, MOST_TO_CRIB)),
    "crib_card": card, "starter": card, "plays": _plays, "claims": _claims}
_PEG = {**COMMON, "plays": _plays, "hands": hands, "players": players, "in_progress": flag}
_ONE_DEAL = {**_DEAL, **COMMON, "players": players, "scores_before": scores, "target": target,
             "in_progress": flag}


# -- what the library finds in a record read in part (as service/v1/records.py) ----------

class _Read:
    """A record read: the fields read (defaults filled in), the body, the problems."""

    def __init__(self, shapes: Shapes, read: dict[str, Any] | None, raw: Any) -> None:
        self.shapes, self.raw = shapes, raw
        self.read = {"variant": Variant.SIX_CARD, "ruleset": Ruleset.ACC, "muggins": False,
                     **(read or {})}


def _seated(read: Mapping[str, Any], refused: Callable[..., bool], *,
            first_dealer: bool = False) -> tuple[Table | None, list[Problem]]:
    if refused("variant"):
        return None, []
    seats = {key: read[key] for key in ("variant", "players", "target")
             if key in read and not refused(key)}
    dealer = read.get("first_dealer") if first_dealer and not refused("first_dealer") else None
    table: Table | None = None
    problems: list[Problem] = []
    try:
        table = (table_from_json(seats) if dealer is None
                 else game_table_from_json({**seats, "first_dealer": dealer}))
    except RecordError as error:
        problems = list(error.problems)
        if dealer is not None and all(p.path == ("first_dealer",) for p in problems):
            table = table_from_json(seats)
    return (None if refused("players") else table), problems


def _events_read(raw: Any, refused: Callable[[int], bool]) -> list[Any]:
    if not isinstance(raw, list):
        return []
    return [None if refused(i) else event_from_json(_event(Shapes(), event, ()))
            for i, event in enumerate(raw)]


def _event_problems(events: Iterable[Any], table: Table) -> list[Problem]:
    found: list[Problem] = []
    for i, event in enumerate(events):
        if event is not None:
            one = Problems()
            check_play_record(one, [event], table, None)
            found.extend(Problem(p.path[2:], p.code, p.message).under("plays", i)
                         for p in one.found if p.path[:2] == ("plays", 0))
    return found


def _deal_read(data: Mapping[str, Any], raw: Mapping[str, Any], table: Table,
               refused: Callable[..., bool], *, in_progress: bool = False,
               scores_before: Mapping[str, int] | None = None) -> list[Problem]:
    unread = {part for part in _DEAL_PARTS if refused(part)}
    if refused("in_progress"):
        unread.add("in_progress")
    record = deal_from_json({"dealt": {}, **{key: value for key, value in data.items()
                                             if key in _DEAL_PARTS and key not in unread}})
    found = problems_of(lambda: validate_deal(record, table, in_progress=in_progress,
                                              scores_before=scores_before, unread=unread))
    if "plays" in unread:
        found.extend(_event_problems(
            _events_read(raw.get("plays"), lambda i: refused("plays", i)), table))
    return found


def _play_checks(r: _Read) -> list[Problem]:
    table, found = _seated(r.read, r.shapes.refused)
    if table is None:
        return found
    found += _event_problems(_events_read(r.raw.get("plays"),
                                          lambda i: r.shapes.refused("plays", i)), table)
    if "hands" in r.read and not r.shapes.refused("hands"):
        one = Problems()
        check_play_record(one, (), table, r.read["hands"])
        found.extend(one.found)
    return found


def _deal_checks(r: _Read) -> list[Problem]:
    refused = r.shapes.refused
    table, found = _seated(r.read, refused)
    if table is None:
        return found
    scores_before = (None if refused("scores_before") or refused("target")
                     else r.read.get("scores_before"))
    return found + _deal_read(r.read, r.raw, table, refused,
                              in_progress=r.read.get("in_progress", False),
                              scores_before=scores_before)


def _game_checks(r: _Read, deals: list[dict[str, Any] | None]) -> list[Problem]:
    refused = r.shapes.refused
    table, found = _seated(r.read, refused, first_dealer=True)
    if (table is not None and "scores_before" in r.read and not refused("scores_before")
            and not refused("target")):
        joined = Problems()
        check_scores(joined, r.read["scores_before"], table)
        found.extend(joined.found)
    raw = r.raw.get("deals")
    if table is None or not isinstance(raw, list) or ("deals",) in r.shapes.refused_at:
        return found
    for number, (data, given) in enumerate(zip(deals, raw, strict=True)):
        if data is not None:
            found.extend(problem.under("deals", number) for problem in _deal_read(
                data, given, table, lambda *path, n=number: refused("deals", n, *path)))
    return found


def _refuse_read(r: _Read, checks: list[Problem]) -> None:
    """The 422 of a record refused in part: the fields' problems, then the library's with
    what was read (less any at a field refused)."""
    if r.shapes.errors:
        refuse([*r.shapes.errors, *library_errors(
            p for p in checks if not r.shapes.refused(*p.path))])


def _body(shapes: Shapes, body: Any, known: dict[str, Field],
          required: frozenset[str]) -> _Read:
    return _Read(shapes, shapes.fields(body, (), known, required, nested=False), body)


def _no_crib(shapes: Shapes, read: Mapping[str, Any]) -> None:
    if CRIB in read.get("players", ()):
        shapes.add(("players",), "reserved-name", f"{CRIB!r} names the crib in the show; "
                   "call the player something else")


# -- the records ---------------------------------------------------------------------

def _peg(body: Any) -> dict[str, Any]:
    r = _body(Shapes(), body, _PEG, frozenset({"plays"}))
    _refuse_read(r, _play_checks(r) if r.shapes.errors and r.read else [])
    data = r.read
    in_progress = data.get("in_progress", False)
    result = check_play(events_from_json(data["plays"]), table=table_from_json(data),
                        hands=data.get("hands"), ruleset=data["ruleset"],
                        muggins=data["muggins"], in_progress=in_progress)
    answer = play_answer(result)
    if in_progress:
        answer["next"] = next_answer(in_play(result.state))
    return answer


def _one_deal(body: Any, *, review: bool) -> dict[str, Any]:
    shapes = Shapes()
    r = _body(shapes, body, _ONE_DEAL, frozenset({"dealt"}))
    if isinstance(body, Mapping):  # the schema's own checks, in its order
        if review and r.read.get("in_progress"):
            shapes.add(("in_progress",), "conflict",
                       "a review needs the whole deal: in_progress must be false")
        _no_crib(shapes, r.read)
    _refuse_read(r, _deal_checks(r) if shapes.errors and isinstance(body, Mapping) else [])
    data = r.read
    in_progress = data.get("in_progress", False)
    record, table = deal_from_json(data), table_from_json(data)
    scores_before = data.get("scores_before")
    if review:
        from rules.chances import shipped_tables  # only reviews need the chance tables

        return deal_review_answer(review_deal(record, table=table, ruleset=data["ruleset"],
                                              muggins=data["muggins"],
                                              scores_before=scores_before,
                                              tables=shipped_tables()))
    result = check_deal(record, table=table, ruleset=data["ruleset"], muggins=data["muggins"],
                        scores_before=scores_before, in_progress=in_progress)
    answer = deal_answer(result)
    answer["target"] = result.target
    if in_progress:
        answer["next"] = next_answer(result.next)
    return answer


def _game(body: Any, *, review: bool) -> dict[str, Any]:
    shapes = Shapes()
    deals: list[dict[str, Any] | None] = []

    def deal(s: Shapes, value: Any, path: Path) -> Any:
        before = len(s.errors)
        read = s.fields(value, path, _DEAL, frozenset({"dealt"}))
        deals.append(read)
        return BAD if read is None or len(s.errors) > before else read

    known = {**COMMON, "players": players, "first_dealer": name,
             "deals": lambda s, v, p: s.listed(v, p, deal, 1, MAX_DEALS, "deals"),
             "target": target, "scores_before": scores}
    r = _body(shapes, body, known, frozenset({"players", "first_dealer", "deals"}))
    data = r.read
    if isinstance(body, Mapping):  # the schema's own checks, in its order
        goal = data.get("target") or data["variant"].spec.target
        most = DEALS_TO_121 if goal <= 121 else MAX_DEALS
        if not shapes.errors and len(data["deals"]) > most:
            shapes.add(("deals",), "wrong-size",
                       f"a game to {goal} has at most {most} deals, not {len(data['deals'])}")
        _no_crib(shapes, data)
    _refuse_read(r, _game_checks(r, deals) if shapes.errors and isinstance(body, Mapping)
                 else [])
    records = [deal_from_json(d) for d in data["deals"]]
    try:
        table = game_table_from_json(data)
    except RecordError:
        raise RecordError(_game_checks(r, deals)) from None
    if not review:
        return game_answer(check_game(table, records, ruleset=data["ruleset"],
                                      muggins=data["muggins"],
                                      scores_before=data.get("scores_before")))
    from rules.chances import shipped_tables  # only reviews need the chance tables
    from rules.review import game_chances, rate_game, rate_play

    tables = shipped_tables()
    reviewed = review_game(table, records, ruleset=data["ruleset"], muggins=data["muggins"],
                           scores_before=data.get("scores_before"), tables=tables)
    rated = rate_game(reviewed, records, tables)
    return game_review_answer(reviewed, table.variant,
                              game_chances(reviewed.check, table, tables), rated,
                              rate_play(reviewed, records, tables, rated))


_READERS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "/v1/pegging/check": _peg,
    "/v1/deals/check": lambda body: _one_deal(body, review=False),
    "/v1/deals/review": lambda body: _one_deal(body, review=True),
    "/v1/games/check": lambda body: _game(body, review=False),
    "/v1/games/review": lambda body: _game(body, review=True),
}

Fields = Callable[[Any], tuple[dict[str, Any], Any]]
_PLAY = ("players", "variant", "plays", "hands", "in_progress")
_A_DEAL = ("players", "variant", "target", *_DEAL_PARTS, "scores_before", "in_progress")
_A_GAME = ("players", "first_dealer", "variant", "target", "scores_before", "deals")
_NOTATION: dict[str, tuple[Callable[[str], Any], Fields, tuple[str, ...]]] = {
    "/v1/pegging/check": (Play.parse, play_body, _PLAY),
    "/v1/deals/check": (Deal.parse, deal_body, _A_DEAL),
    "/v1/deals/review": (Deal.parse, deal_body, _A_DEAL),
    "/v1/games/check": (Game.parse, game_body, _A_GAME),
    "/v1/games/review": (Game.parse, game_body, _A_GAME),
}
"""Each record's reader, writer, and the fields it stands for (service.v1.notation.Kind)."""


def from_notation(parse: Callable[[str], Any], fields: Fields, text: Any
                  ) -> tuple[dict[str, Any], Any]:
    """A record in notation as the JSON fields it stands for, and the record (whose
    ``where`` points into the text); a 422 at ``#/notation`` for text that cannot be read
    or a table that cannot be."""
    if not isinstance(text, str):
        refuse([{"pointer": NOTATION, "code": "wrong-type", "detail": "the notation is a string"}])
    if len(text) > MAX_NOTATION:
        refuse([{"pointer": NOTATION, "code": "wrong-size",
                 "detail": f"at most {MAX_NOTATION} characters, not {len(text)}"}])
    try:
        record = parse(text)
    except NotationError as error:
        refuse([{"pointer": NOTATION, "code": "badly-written", "detail": str(error),
                 "line": error.line, "column": error.column}])
    except RecordError as error:  # a table that cannot exist
        line, column = header_at(text)
        refuse([{"pointer": NOTATION, "code": problem.code.value, "line": line,
                 "column": column, "detail": f"line {line}, column {column}: {problem.message}"}
                for problem in error.problems])
    said, options = fields(record)
    return {**options_body(options), **said}, record


def answer_record(path: str, body: Any) -> dict[str, Any] | None:
    """The answer to a record, on the library; a 422 (:class:`muggins.errors.ProblemError`)
    as the service's for one it refuses; None for a path that takes no record."""
    read = _READERS.get(path)
    if read is None:
        return None
    if not (isinstance(body, Mapping) and set(body) == {"notation"}):
        return _answer(read, body)
    parse, write, stands_for = _NOTATION[path]
    fields, record = from_notation(parse, write, body["notation"])
    said = {*stands_for, *(key for key in fields if key in ("ruleset", "muggins"))}
    from muggins.errors import ProblemError

    try:
        return _answer(read, fields)
    except ProblemError as error:  # pointed into the text, where it says each thing
        problem = error.problem
        raise ProblemError({**problem, "errors": list(relocated(problem["errors"],
                                                                 record.where, said))}) from None


def _answer(read: Callable[[Any], dict[str, Any]], body: Any) -> dict[str, Any]:
    try:
        return read(body)
    except RecordError as error:
        refuse(library_errors(error.problems))
