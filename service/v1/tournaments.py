"""``/v1/tournaments/check`` and ``/v1/tournaments/seating``: a club night's cards
cross-checked and ranked, and a night's seating (docs/rules.md#club-nights)."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from rules import Variant
from rules.club import (
    MAX_GAMES,
    MAX_LINES,
    MAX_ROUND,
    Checked,
    Column,
    Convention,
    Event,
    Line,
    NightCheck,
    Result,
    Scorecard,
    Totals,
    Tournament,
    check_night,
    seat,
)
from service.body import read_json
from service.errors import Coded
from service.fields import StrictBool, StrictInt
from service.v1.hands import findings_out
from service.v1.records import NAME

__all__ = ["tournaments_check", "tournaments_seating"]

MAX_PLAYERS = 400
"""The largest field: the ACC's biggest events draw a few hundred."""
MAX_SCORE = 999


class _Strict(Schema):
    class Meta:
        unknown = "raise"


class GameSchema(_Strict):
    winner = fields.String(required=True, validate=NAME)
    scores = fields.Dict(keys=fields.String(validate=NAME),
                         values=StrictInt(validate=validate.Range(0, MAX_SCORE)),
                         required=True, validate=validate.Length(2, 2))


class LineSchema(_Strict):
    round = StrictInt(validate=validate.Range(1, MAX_ROUND))
    bye = StrictBool()
    opponent = fields.String(validate=NAME)
    result = fields.String(validate=validate.OneOf(["W", "L"]))
    spread = StrictInt(validate=validate.Range(0, MAX_SCORE))
    column = fields.Enum(Column, by_value=True)
    game_points = StrictInt(validate=validate.Range(0, MAX_SCORE))
    game = fields.Nested(GameSchema)

    @validates_schema
    def _bye_or_game(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("bye"):
            extra = sorted(set(data) - {"bye", "round"})
            if extra:
                raise ValidationError(Coded("conflict", "a bye has only its round"),
                                      field_name=extra[0])
            if "round" not in data:
                raise ValidationError(Coded("required", "a bye names its round"),
                                      field_name="round")
            return
        for name in ("opponent", "result"):
            if name not in data:
                raise ValidationError(Coded("required", "a game names its opponent and "
                                            "result (or is a bye)"), field_name=name)


class TotalsSchema(_Strict):
    game_points = StrictInt(required=True, validate=validate.Range(0, 99999))
    wins = StrictInt(required=True, validate=validate.Range(0, MAX_LINES))
    spread = StrictInt(required=True, validate=validate.Range(-99999, 99999))


class CardSchema(_Strict):
    player = fields.String(required=True, validate=NAME)
    games = fields.List(fields.Nested(LineSchema), required=True,
                        validate=validate.Length(0, MAX_LINES))
    totals = fields.Nested(TotalsSchema)


class NightSchema(_Strict):
    convention = fields.Enum(Convention, by_value=True, load_default=Convention.ACC)
    event = fields.Enum(Event, by_value=True, load_default=Event.CLUB)
    tournament = fields.Enum(Tournament, by_value=True)
    variant = fields.Enum(Variant, by_value=True, load_default=Variant.SIX_CARD)
    target = StrictInt(validate=validate.Range(1, MAX_SCORE))
    cards = fields.List(fields.Nested(CardSchema), required=True,
                        validate=validate.Length(2, MAX_PLAYERS))


class SeatingSchema(_Strict):
    players = fields.List(fields.String(validate=NAME), required=True,
                          validate=validate.Length(2, MAX_PLAYERS))
    games = StrictInt(required=True, validate=validate.Range(1, MAX_GAMES))
    seed = StrictInt(load_default=0, validate=validate.Range(0, 2**63 - 1))

    @validates_schema
    def _distinct(self, data: dict[str, Any], **kwargs: Any) -> None:
        seen: set[str] = set()
        for i, name in enumerate(data["players"]):
            if name in seen:
                raise ValidationError({"players": {i: [Coded("duplicate-player",
                                                              f"{name!r} is listed twice")]}})
            seen.add(name)


_night = NightSchema()
_seating = SeatingSchema()


def _line(data: dict[str, Any]) -> Line:
    if data.get("bye"):
        return Line(None, round=data["round"])
    game = data.get("game")
    return Line(data["opponent"], Result(data["result"]), data.get("spread"),
                data.get("column"), data.get("game_points"), data.get("round"),
                None if game is None else Checked.from_scores(game["winner"], game["scores"]))


def _card(data: dict[str, Any]) -> Scorecard:
    totals = data.get("totals")
    return Scorecard(data["player"], tuple(_line(line) for line in data["games"]),
                     None if totals is None else Totals(**totals))


def _line_out(line: Line) -> dict[str, Any]:
    if line.bye:
        return {"round": line.round, "bye": True}
    out: dict[str, Any] = {} if line.round is None else {"round": line.round}
    out.update(opponent=line.opponent, result=str(line.result), spread=line.spread,
               game_points=line.game_points)
    return out


def _answer(check: NightCheck, event: Event) -> dict[str, Any]:
    qualified = set(check.cut.qualifiers)
    level = set(check.cut.playoff)
    body: dict[str, Any] = {
        "standings": [{
            "player": s.player, "rank": s.rank, "game_points": s.tally.game_points,
            "wins": s.tally.wins, "losses": s.tally.losses, "spread": s.tally.spread,
            "plus": s.tally.plus, "head_to_head": s.head_to_head,
            "tiebreak": None if s.tiebreak is None else s.tiebreak.value,
            "qualified": s.player in qualified, "playoff": s.player in level,
        } for s in check.standings],
        "cards": [{"player": card.player, "games": [_line_out(line) for line in card.lines]}
                  for card in check.cards],
        "findings": findings_out(check.findings),
        "apparent_qualifiers": list(check.apparent),
        "places": check.cut.places,
        "qualifiers": list(check.cut.qualifiers),
        "playoff": list(check.cut.playoff),
        "event": event.value,
    }
    if check.bracket is not None:
        bracket = check.bracket
        body["bracket"] = {
            "size": bracket.size,
            "seeds": [{"seed": n, "player": player}
                      for n, player in enumerate(bracket.seeds, 1)],
            "byes": list(bracket.byes),
            "first_round": [list(pair) for pair in bracket.first_round],
        }
    if check.master_points is not None and check.master_table is not None:
        body["master_points"] = {"awarded": check.master_points,
                                 "from_tables": list(check.master_table)}
    return body


def tournaments_check() -> Response:
    data = _night.load(read_json())
    target = data.get("target") or data["variant"].spec.target
    check = check_night([_card(card) for card in data["cards"]],
                        convention=data["convention"], event=data["event"], target=target,
                        tournament=data.get("tournament"))
    return jsonify(_answer(check, data["event"]))


def tournaments_seating() -> Response:
    data = _seating.load(read_json())
    plan = seat(data["players"], data["games"], data["seed"])
    return jsonify({
        "rounds": [[list(pair) for pair in tables] for tables in plan.rounds],
        "byes": [list(byes) for byes in plan.byes],
        "seed": data["seed"],
        "table_cards": str(plan),
    })
