"""A club night's requests answered on the library: its cards cross-checked, its
seating (``muggins night``, ``muggins seating``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from muggins.local_checks import Refusals, refused_record, variant_of
from rules import RecordError
from rules.answers import (
    MAX_ROSTER,
    MAX_SCORECARD,
    night_answer,
    problems_of,
    season_answer,
    seating_answer,
)
from rules.club import (
    MAX_GAMES,
    Column,
    Convention,
    Event,
    Line,
    Result,
    Scorecard,
    Tournament,
    check_night,
    rate_season,
    seat,
    validate_night,
    validate_roster,
)

__all__ = ["CLUB"]

Body = Mapping[str, Any]


def _line(data: Mapping[str, Any]) -> Line:
    if data.get("bye"):
        return Line(None, round=data["round"])
    column = data.get("column")
    return Line(data["opponent"], Result(data["result"]), data.get("spread"),
                None if column is None else Column(column), data.get("game_points"),
                data.get("round"))


def _night(body: Body) -> dict[str, Any]:
    """A night's cards as ``muggins night`` reads them from its CSV (the library's
    reader has checked each line)."""
    refusals = Refusals()
    cards = [Scorecard(card["player"], tuple(_line(line) for line in card["games"]))
             for card in body["cards"]]
    if len(cards) < 2:
        refusals.add(("cards",), "wrong-size", f"2 to {MAX_ROSTER} cards here, not {len(cards)}")
        refusals.raise_any()
    variant = variant_of(body)
    convention = Convention(body.get("convention", Convention.ACC.value))
    event = Event(body.get("event", Event.CLUB.value))
    tournament = None if "tournament" not in body else Tournament(body["tournament"])
    target = refusals.between(("target",), body.get("target"), 1, MAX_SCORECARD)
    if not refusals.refused("target"):  # the spreads are checked against a target read
        target = target or variant.spec.target
    refusals.library(problems_of(lambda: validate_night(cards, convention, target)))
    refusals.raise_any()
    assert target is not None
    try:
        check = check_night(cards, convention=convention, event=event, target=target,
                            tournament=tournament)
    except RecordError as error:
        refused_record(error)
    return night_answer(check, event)


def _season(body: Body) -> dict[str, Any]:
    """A season's nights as ``muggins season`` reads them from their CSV files (the
    library's reader has checked each line; the season's own problems are its 422)."""
    refusals = Refusals()
    target = refusals.between(("target",), body.get("target"), 1, MAX_SCORECARD)
    refusals.raise_any()
    nights = [[Scorecard(card["player"], tuple(_line(line) for line in card["games"]))
               for card in night["cards"]] for night in body["nights"]]
    try:
        return season_answer(rate_season(
            nights, convention=Convention(body.get("convention", Convention.ACC.value)),
            target=target or variant_of(body).spec.target))
    except RecordError as error:
        refused_record(error)


def _seating(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    players: list[str] = body["players"]
    if not 2 <= len(players) <= MAX_ROSTER:
        refusals.add(("players",), "wrong-size",
                     f"2 to {MAX_ROSTER} players here, not {len(players)}")
    names = [refusals.name(("players", i), name) for i, name in enumerate(players)]
    games = refusals.between(("games",), body["games"], 1, MAX_GAMES)
    seed = refusals.between(("seed",), body.get("seed", 0), 0, 2**63 - 1)
    if refusals.errors:
        refusals.library(problems_of(lambda: validate_roster(names))
                         if len(players) <= MAX_ROSTER else [])
        refusals.raise_any()
    refusals.library(problems_of(lambda: validate_roster(players)))
    refusals.raise_any()
    assert games is not None and seed is not None
    return seating_answer(seat(players, games, seed), seed)


CLUB: dict[str, Callable[[Body], dict[str, Any]]] = {
    "/v1/tournaments/check": _night,
    "/v1/tournaments/seating": _seating,
    "/v1/tournaments/ratings": _season,
}
