"""The referee in-process, on the library alone: what ``muggins`` answers without
``--url``. No Flask, and no table filled or read that the request does not need.

:class:`LocalReferee` takes the requests the command line builds, as the API takes them
(``request("POST", "/v1/hands/check", body)``), and answers as the API does: the same
JSON (``rules.answers`` writes it for both), and the same 422 problem for a request it
refuses (:mod:`muggins.local_checks`). The records read from files (``peg``, ``deal``,
``game``, ``review``) are answered on the library when they are plainly well formed
(:mod:`muggins.local_records`); one that is not, or one in notation, by the app
in-process, whose refusal is the service's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from muggins.local_checks import MAX_CLAIM, Refusals, refused_record
from muggins.local_records import answer_record
from rules import (
    DEFAULT_SAMPLES,
    PlayEvent,
    RecordError,
    Ruleset,
    Table,
    Variant,
    advise,
    advise_play,
    check_hand,
)
from rules.advice import check_request
from rules.answers import (
    chances_answer,
    discards_answer,
    discards_by_win_answer,
    hand_answer,
    night_answer,
    play_advice_answer,
    players_left_out,
    problems_of,
    seating_answer,
    seats_named,
)
from rules.chances import (
    ChanceTable,
    Part,
    PlayToWin,
    Seen,
    chances_of,
    discard_chances,
    shipped_tables,
    validate_covered,
    validate_discard_chances,
    validate_position,
)
from rules.club import (
    MAX_GAMES,
    Column,
    Convention,
    Event,
    Line,
    Result,
    Scorecard,
    check_night,
    seat,
    validate_night,
    validate_roster,
)
from rules.core import MOST_TO_CRIB

__all__ = ["LocalReferee", "chance_tables"]

Body = Mapping[str, Any]


@cache
def chance_tables() -> dict[Variant, ChanceTable]:
    """The chance tables the library ships (:func:`rules.chances.shipped_tables`), read
    only by the requests that need them."""
    return shipped_tables()


def _variant(body: Body) -> Variant:
    return Variant(body.get("variant", Variant.SIX_CARD.value))


def _table(refusals: Refusals, body: Body, variant: Variant) -> Table | None:
    """The table of the request's variant and players, its problems refused."""
    try:
        return Table.seat(variant, body.get("players"))
    except RecordError as error:
        refusals.library(error.problems)
        return None


def _hand(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    hand = refusals.cards(("hand",), body["hand"])
    starter = refusals.card(("starter",), body["starter"])
    claimed = refusals.between(("claimed",), body.get("claimed"), 0, MAX_CLAIM)
    variant, crib = _variant(body), bool(body.get("crib"))
    if refusals.errors:
        from rules.show import validate_hand

        refusals.library(problems_of(lambda: validate_hand(
            hand, starter, crib=crib, claimed=claimed, variant=variant)))
        refusals.raise_any()
    assert hand is not None and starter is not None
    try:
        return hand_answer(check_hand(
            hand, starter, crib=crib, claimed=claimed, variant=variant,
            ruleset=Ruleset(body.get("ruleset", Ruleset.ACC.value)),
            muggins=bool(body.get("muggins"))))
    except RecordError as error:
        refused_record(error)


def _discards(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    cards = refusals.cards(("cards",), body["cards"])
    scores = refusals.scores(("scores",), body.get("scores"))
    variant, dealer = _variant(body), bool(body["dealer"])
    partner_deals = bool(body.get("partner_deals", False))
    needs_tables = scores is not None or refusals.refused("scores")
    tables = chance_tables() if needs_tables else {}
    if refusals.errors:
        refusals.library(problems_of(lambda: validate_discard_chances(
            cards, dealer=dealer, variant=variant, scores=scores, tables=tables,
            partner_deals=partner_deals)))
        refusals.raise_any()
    assert cards is not None
    try:
        if scores is not None:
            found = discard_chances(cards, dealer=dealer, scores=scores, tables=tables,
                                    variant=variant)
            return discards_by_win_answer(found, variant, tables[variant])
        return discards_answer(advise(cards, dealer=dealer, variant=variant,
                                      partner_deals=partner_deals), variant)
    except RecordError as error:
        refused_record(error)


def _events(refusals: Refusals, raw: list[Mapping[str, Any]]) -> list[PlayEvent | None]:
    events: list[PlayEvent | None] = []
    for i, event in enumerate(raw):
        player = refusals.name(("plays", i, "player"), event["player"])
        card = None if "card" not in event else refusals.card(("plays", i, "card"),
                                                              event["card"])
        readable = player is not None and ("card" not in event or card is not None)
        events.append(PlayEvent(player, card) if readable and player is not None else None)
    return events


def _play_advice(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    players = body.get("players")
    for i, name in enumerate(players or ()):
        refusals.name(("players", i), name)
    player = refusals.name(("player",), body["player"])
    hand = refusals.cards(("hand",), body["hand"])
    starter = refusals.card(("starter",), body["starter"])
    discards = (None if body.get("discards") is None
                else refusals.cards(("discards",), body["discards"], MOST_TO_CRIB))
    events = _events(refusals, body.get("plays", []))
    samples = refusals.between(("samples",), body.get("samples", DEFAULT_SAMPLES), 1, 1000)
    seed = refusals.between(("seed",), body.get("seed", 0), 0, 2**32 - 1)
    win = body.get("objective") == "win"
    scores = refusals.scores(("scores",), body.get("scores"))
    variant = _variant(body)
    if refusals.errors:
        if not refusals.refused("players"):
            found = _table(refusals, body, variant)
            if found is not None:
                seated: Table = found
                refusals.library(problems_of(lambda: check_request(
                    seated, player, hand, starter, discards, events)))
                if win and not refusals.refused("scores"):
                    refusals.library(problems_of(
                        lambda: validate_position(seated, scores, chance_tables())))
        refusals.raise_any()
    assert player is not None and hand is not None and starter is not None
    try:
        table = Table.seat(variant, players)
        by_chance = (PlayToWin(table, scores, chance_tables(), player, hand=hand,
                               starter=starter) if win else None)
        advice = advise_play(table=table, player=player, hand=hand, starter=starter,
                             plays=[e for e in events if e is not None], discards=discards,
                             samples=samples or DEFAULT_SAMPLES, seed=seed or 0,
                             by_chance=by_chance)
    except RecordError as error:
        refused_record(error)
    return {**play_advice_answer(advice, "win" if win else "points"), "samples": samples,
            "seed": seed}


def _chances(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    players = body.get("players")
    for i, name in enumerate(players or ()):
        refusals.name(("players", i), name)
    dealer = refusals.name(("dealer",), body.get("dealer"))
    scores = refusals.scores(("scores",), body["scores"])
    raw = body.get("seen")
    seen = None
    if raw is not None:
        player = refusals.name(("seen", "player"), raw["player"])
        parts = {key: refusals.cards(("seen", key), raw[key]) or []
                 for key in ("cards", "kept", "discard") if key in raw}
        starter = (None if "starter" not in raw
                   else refusals.card(("seen", "starter"), raw["starter"]))
        if player is not None:
            seen = Seen(player, tuple(parts.get("cards", ())), tuple(parts.get("kept", ())),
                        tuple(parts.get("discard", ())), starter)
    after = None if body.get("after") is None else Part.from_word(body["after"])
    variant, tables = _variant(body), chance_tables()
    table = None
    if not refusals.refused("players"):
        try:
            table = Table.seat(variant, players, dealer=dealer)
        except RecordError as error:
            refusals.library(error.problems)
            if dealer is not None and all(p.path == ("dealer",) for p in error.problems):
                table = Table.seat(variant, players)  # the rest checked at the seats
            else:
                refusals.library(problems_of(lambda: validate_covered(variant, tables)))
    if table is not None:
        refusals.library(p for p in problems_of(lambda: validate_position(
                             table, scores, tables, after=after, seen=seen))
                         if scores is not None or p.path != ("scores",))
    refusals.raise_any()
    assert table is not None and scores is not None
    found = chances_of(table, scores, tables, after=after, seen=seen)
    return chances_answer(found, table, scores, after, tables[variant])


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
        refusals.add(("cards",), "wrong-size", f"2 to 400 cards here, not {len(cards)}")
        refusals.raise_any()
    variant = _variant(body)
    convention = Convention(body.get("convention", Convention.ACC.value))
    event = Event(body.get("event", Event.CLUB.value))
    refusals.library(problems_of(lambda: validate_night(cards, convention, variant.spec.target)))
    refusals.raise_any()
    try:
        check = check_night(cards, convention=convention, event=event,
                            target=variant.spec.target)
    except RecordError as error:
        refused_record(error)
    return night_answer(check, event)


def _seating(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    players: list[str] = body["players"]
    if not 2 <= len(players) <= 400:
        refusals.add(("players",), "wrong-size", f"2 to 400 players here, not {len(players)}")
    names = [refusals.name(("players", i), name) for i, name in enumerate(players)]
    games = refusals.between(("games",), body["games"], 1, MAX_GAMES)
    seed = refusals.between(("seed",), body.get("seed", 0), 0, 2**63 - 1)
    if refusals.errors:
        refusals.library(problems_of(lambda: validate_roster(names))
                         if len(players) <= 400 else [])
        refusals.raise_any()
    refusals.library(problems_of(lambda: validate_roster(players)))
    refusals.raise_any()
    assert games is not None and seed is not None
    return seating_answer(seat(players, games, seed), seed)


_ANSWERS: dict[str, Callable[[Body], dict[str, Any]]] = {
    "/v1/hands/check": _hand,
    "/v1/discards/advise": _discards,
    "/v1/pegging/advise": _play_advice,
    "/v1/chances": _chances,
    "/v1/tournaments/check": _night,
    "/v1/tournaments/seating": _seating,
}


_RECORDS = frozenset({"/v1/pegging/check", "/v1/deals/check", "/v1/games/check",
                      "/v1/deals/review", "/v1/games/review", "/v1/pegging/advise"})
"""The operations that take a record, and so say how its seats are named."""


class LocalReferee:
    """The requests of the command line, answered in-process."""

    def __init__(self) -> None:
        self._app: Any = None

    def request(self, method: str, path: str, body: Any | None = None) -> Any:
        """The API's answer to ``body`` at ``path``, or its ProblemError."""
        try:
            return self._answer(method, path, body)
        except Exception as error:
            problem = getattr(error, "problem", None)
            if not (isinstance(problem, dict) and path in _RECORDS
                    and players_left_out(body)):
                raise
            # As the service says it: the seats are named with `players`.
            named = seats_named(problem.get("errors", []))
            raise type(error)({**problem, "errors": named}) from None

    def _answer(self, method: str, path: str, body: Any | None) -> Any:
        answer = _ANSWERS.get(path)
        if answer is not None and method == "POST":
            return answer(body or {})
        if method == "POST":
            found = answer_record(path, body)
            if found is not None:
                return found
        if self._app is None:  # a record malformed, or in notation: the app in-process
            from muggins.client import LocalClient

            self._app = LocalClient()
        return self._app.request(method, path, body)
