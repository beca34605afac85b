"""Shared request checks and answers for records of the table: plays, hands, deals (their
fields: :mod:`service.v1.record_fields`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from marshmallow import ValidationError

from rules import (
    DealCheck,
    Next,
    PlayCheck,
    PlayEvent,
    Problem,
    RecordError,
    Table,
    deal_from_json,
    event_from_json,
    game_table_from_json,
    table_from_json,
)
from rules.answers import CRIB, deal_answer, next_answer, play_answer, problems_of, shown_as
from rules.core import Problems
from rules.deal import check_scores, validate_deal
from rules.play import check_play_record
from service.errors import Coded, Refused
from service.v1.record_fields import (
    MAX_EVENTS,
    NAME,
    ClaimsSchema,
    DealFieldsSchema,
    PlayEventSchema,
    hands_field,
    in_progress_field,
    name_field,
    player_names,
    plays_field,
)

__all__ = [
    "CRIB",
    "MAX_EVENTS",
    "NAME",
    "ClaimsSchema",
    "DealFieldsSchema",
    "PlayEventSchema",
    "deal_check_out",
    "deal_checks",
    "event_problems",
    "game_checks",
    "game_table",
    "hands_field",
    "in_progress_field",
    "name_field",
    "next_out",
    "no_player_named_crib",
    "play_check_out",
    "play_checks",
    "player_names",
    "plays_field",
    "read_events",
    "seated",
    "shown_as",
]

_event_schema = PlayEventSchema()


def play_checks(loaded: Mapping[str, Any], body: Mapping[str, Any],
                refused: Refused) -> list[Problem]:
    """The library's problems with a play the schema refused in part: each readable
    event's player and the hands against the seats, when the variant, the seats and (for
    the hands) every hand were read."""
    table, found = seated(loaded, refused)
    if table is None:
        return found
    found += event_problems(read_events(body.get("plays"), lambda i: refused("plays", i)),
                            table)
    if "hands" in loaded and not refused("hands"):
        one = Problems()
        check_play_record(one, (), table, loaded["hands"])
        found.extend(one.found)
    return found


def seated(loaded: Mapping[str, Any], refused: Refused, *,
           first_dealer: bool = False) -> tuple[Table | None, list[Problem]]:
    """The table a request describes, from what the schema read of its variant, players
    and target (and ``first_dealer``), with the library's problems with it. No table
    where it cannot be seated, or where its seats would be a guess (the players refused);
    a game's deals are checked at its seats even when its first dealer is no player."""
    if "variant" not in loaded or refused("variant"):
        return None, []
    read = {key: loaded[key] for key in ("variant", "players", "target")
            if key in loaded and not refused(key)}
    dealer = (loaded.get("first_dealer")
              if first_dealer and not refused("first_dealer") else None)
    problems: list[Problem] = []
    table: Table | None = None
    try:
        table = (table_from_json(read) if dealer is None
                 else game_table_from_json({**read, "first_dealer": dealer}))
    except RecordError as error:
        problems = list(error.problems)
        if dealer is not None and all(p.path == ("first_dealer",) for p in problems):
            table = table_from_json(read)
    return (None if refused("players") else table), problems


def read_events(raw: object, refused: Callable[[int], bool]) -> list[PlayEvent | None]:
    """The events the schema could read, each in its place: None for one it refused."""
    if not isinstance(raw, list):
        return []
    return [None if refused(i) else event_from_json(_event_schema.load(event))
            for i, event in enumerate(raw)]


def event_problems(events: Sequence[PlayEvent | None], table: Table) -> list[Problem]:
    """The library's problems with each event read (its player, its claims), at its
    own index."""
    found: list[Problem] = []
    for i, event in enumerate(events):
        if event is not None:
            one = Problems()
            check_play_record(one, [event], table, None)
            found.extend(p.under("plays", i) for p in _below(one, "plays", 0))
    return found


def _below(problems: Problems, *prefix: str | int) -> list[Problem]:
    """Problems at ``prefix``, their paths taken from below it."""
    n = len(prefix)
    return [Problem(p.path[n:], p.code, p.message) for p in problems.found
            if p.path[:n] == prefix]


def play_check_out(result: PlayCheck) -> dict[str, Any]:
    return play_answer(result)


def next_out(coming: Next) -> dict[str, Any]:
    return next_answer(coming)


# --- deals -------------------------------------------------------------------------


def no_player_named_crib(players: Sequence[str] | None) -> None:
    """``crib`` is a key of a deal's ``show`` next to the players' names: a collision in
    the JSON (the library itself has no such limit)."""
    if players is not None and CRIB in players:
        raise ValidationError(Coded("reserved-name", f"{CRIB!r} names the crib in the show; "
                                    "call the player something else"), field_name="players")


_DEAL_PARTS = ("dealt", "discards", "crib_card", "starter", "plays", "claims")


def _deal_read(data: Mapping[str, Any], raw: Mapping[str, Any], table: Table,
               refused: Callable[..., bool], *, in_progress: bool = False,
               scores_before: Mapping[str, int] | None = None) -> list[Problem]:
    """The library's problems with a deal record of which the schema refused some parts:
    every part it read checked whole, the others named unread (and of the plays, each
    event read checked in its place)."""
    unread = {part for part in _DEAL_PARTS if refused(part)}
    if refused("in_progress"):
        unread.add("in_progress")
    record = deal_from_json({"dealt": {}, **{key: value for key, value in data.items()
                                             if key not in unread}})
    found = problems_of(lambda: validate_deal(record, table, in_progress=in_progress,
                                              scores_before=scores_before, unread=unread))
    if "plays" in unread:
        found.extend(event_problems(
            read_events(raw.get("plays"), lambda i: refused("plays", i)), table))
    return found


def deal_checks(loaded: Mapping[str, Any], body: Mapping[str, Any],
                refused: Refused) -> list[Problem]:
    """The library's problems with a deal (``/v1/deals/check``, ``/v1/deals/review``)
    the schema refused in part: the table's, then the record's, of every part read.
    The scores before are checked only when the target was read too."""
    table, found = seated(loaded, refused)
    if table is None:
        return found
    scores = (None if refused("scores_before") or refused("target")
              else loaded.get("scores_before"))
    return found + _deal_read(
        loaded, body, table, refused, in_progress=loaded.get("in_progress", False),
        scores_before=scores)


_deal_fields = DealFieldsSchema()


def game_checks(loaded: Mapping[str, Any], body: Mapping[str, Any],
                refused: Refused) -> list[Problem]:
    """The library's problems with a game the schema refused in part: its table's (a
    first dealer who is no player among them), then each deal's, as :func:`deal_checks`
    finds them, at its seats."""
    table, found = seated(loaded, refused, first_dealer=True)
    if (table is not None and "scores_before" in loaded and not refused("scores_before")
            and not refused("target")):
        joined = Problems()
        check_scores(joined, loaded["scores_before"], table)
        found.extend(joined.found)
    deals = body.get("deals")
    if table is None or not isinstance(deals, list) or refused.whole("deals"):
        return found  # no deal to check, or (too many deals) none worth reading again
    for number, raw in enumerate(deals):
        if not isinstance(raw, Mapping):
            continue  # refused whole
        try:
            data = _deal_fields.load(raw)
        except ValidationError as error:  # its parts read are what the game's load read
            data = error.valid_data if isinstance(error.valid_data, Mapping) else {}
        found.extend(problem.under("deals", number) for problem in _deal_read(
            data, raw, table, lambda *path, n=number: refused("deals", n, *path)))
    return found


def game_table(data: Mapping[str, Any], body: Mapping[str, Any]) -> Table:
    """The table of a game the schema read whole, its players in play order and its
    ``first_dealer`` dealing first. A first dealer who is no player is refused beside
    the problems of the deals, checked at the seats (every problem at once)."""
    try:
        return game_table_from_json(data)
    except RecordError:
        raise RecordError(game_checks(data, body, Refused({}))) from None


def deal_check_out(result: DealCheck) -> dict[str, Any]:
    return deal_answer(result)
