"""``/v1/tournaments/check`` and ``/v1/tournaments/seating``: a club night's cards
cross-checked and ranked, and a night's seating (docs/rules.md#club-nights)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify
from marshmallow import ValidationError, validates_schema

from rules import Problem, Variant
from rules.answers import (
    MAX_CSV,
    MAX_ROSTER,
    MAX_SCORECARD,
    cards_answer,
    night_answer,
    problems_of,
    seating_answer,
)
from rules.club import (
    MAX_GAMES,
    MAX_LINES,
    MAX_ROUND,
    Checked,
    Column,
    Convention,
    CsvError,
    Event,
    Line,
    Result,
    Scorecard,
    Totals,
    Tournament,
    check_night,
    read_cards,
    seat,
    validate_night,
    validate_roster,
)
from service.body import read_json
from service.errors import Coded, InvalidRequest, Refused, load_request
from service.fields import (
    Between,
    Dict,
    Enum,
    List,
    Nested,
    Size,
    StrictBool,
    StrictInt,
    StrictSchema,
    String,
    variant_field,
)
from service.v1.records import NAME, name_field

__all__ = ["scorecard", "tournaments_check", "tournaments_read", "tournaments_seating"]

MAX_PLAYERS = MAX_ROSTER
MAX_SCORE = MAX_SCORECARD


class GameSchema(StrictSchema):
    description = "What /v1/games/check ruled for this game; it outranks both cards."

    winner = name_field(required=True)
    scores = Dict(keys=String(validate=NAME),
                  values=StrictInt(validate=Between(0, MAX_SCORE)),
                  required=True, validate=Size(2, 2, "players"))


class LineSchema(StrictSchema):
    component = "ScorecardLine"
    description = "A game (`opponent` and `result`) or a bye (`bye` and `round` only)."

    round = StrictInt(validate=Between(1, MAX_ROUND), metadata={
        "description": "Required where the same two players meet twice, and for a bye."})
    bye = StrictBool()
    opponent = name_field()
    result = Enum(Result, metadata={"description": "The game-points column: won or lost."})
    spread = StrictInt(validate=Between(0, MAX_SCORE), metadata={
        "description": "The points of difference, positive; 1 to the target."})
    column = Enum(Column, metadata={"description": "Where the card wrote the spread, when not "
                                    "the column its result calls for."})
    game_points = StrictInt(validate=Between(0, MAX_SCORE))
    game = Nested(GameSchema)

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


class TotalsSchema(StrictSchema):
    description = "The totals written at the card's foot, checked under ACC 12.2.g."

    game_points = StrictInt(required=True, validate=Between(0, 99999))
    wins = StrictInt(required=True, validate=Between(0, MAX_LINES))
    spread = StrictInt(required=True, validate=Between(-99999, 99999))


class CardSchema(StrictSchema):
    component = "Scorecard"

    player = name_field(required=True)
    games = List(Nested(LineSchema), required=True, validate=Size(0, MAX_LINES, "games"))
    totals = Nested(TotalsSchema)


class NightSchema(StrictSchema):
    component = "TournamentCheckRequest"

    convention = Enum(Convention, load_default=Convention.ACC, metadata={
        "description": "How a game becomes game points (docs/rules.md#club-conventions)."})
    event = Enum(Event, load_default=Event.CLUB)
    tournament = Enum(Tournament, metadata={
        "description": "With a sanctioned event: the master points the sources let us "
        "compute."})
    variant = variant_field()
    target = StrictInt(validate=Between(1, MAX_SCORE), metadata={
        "description": "The game's target; the spread is 1 to it. Default: the variant's."})
    cards = List(Nested(CardSchema), required=True, validate=Size(2, MAX_PLAYERS, "cards"))


class SeatingSchema(StrictSchema):
    component = "SeatingRequest"

    # A name twice is a 422 from the library (validate_roster), pointed at the second.
    players = List(name_field(), required=True, validate=Size(2, MAX_PLAYERS, "players"),
                   metadata={"uniqueItems": True})
    games = StrictInt(required=True, validate=Between(1, MAX_GAMES))
    seed = StrictInt(load_default=0, validate=Between(0, 2**63 - 1))


_night = NightSchema()
_line_schema = LineSchema()
_seating = SeatingSchema()


def _readable_line(raw: Any, refused: Refused, *at: str | int) -> Line | None:
    """A line the schema refused in part, read without its refused fields (None if what
    is left is not a line: its opponent or result refused, say)."""
    if not isinstance(raw, Mapping):
        return None
    kept = {key: value for key, value in raw.items()
            if isinstance(key, str) and not refused(*at, key)}
    try:
        return _line(_line_schema.load(kept))
    except ValidationError:
        return None


def night_checks(loaded: Mapping[str, Any], body: Any,
                 refused: Refused) -> list[Problem]:
    """The library's problems with a night the schema refused in part (every problem at
    once): each card whose player was read, with the lines that could be read; the
    spreads against the game's target only when the variant and target were read, the
    game points only when the convention was. The library's paths name the lines it was
    given: each is put back at the line's own place in the request."""
    raw_cards = body.get("cards") if isinstance(body, Mapping) else None
    if not isinstance(raw_cards, list) or len(raw_cards) > MAX_PLAYERS:
        return []
    cards: list[Scorecard | None] = []
    places: list[list[int]] = []
    for i, raw in enumerate(raw_cards):
        player = raw.get("player") if isinstance(raw, Mapping) else None
        if not isinstance(player, str) or refused("cards", i, "player"):
            cards.append(None)
            places.append([])
            continue
        games = raw.get("games")
        lines: list[Line] = []
        kept: list[int] = []
        if isinstance(games, list) and len(games) <= MAX_LINES:
            for j, raw_line in enumerate(games):
                line = _readable_line(raw_line, refused, "cards", i, "games", j)
                if line is not None:
                    lines.append(line)
                    kept.append(j)
        cards.append(Scorecard(player, tuple(lines)))
        places.append(kept)
    read_target = not (refused("variant") or refused("target"))
    target = (loaded.get("target") or loaded.get("variant", Variant.SIX_CARD).spec.target
              if read_target else None)
    convention = None if refused("convention") else loaded.get("convention", Convention.ACC)
    problems = problems_of(lambda: validate_night(cards, convention, target))
    return [_put_back(problem, places) for problem in problems]


def _put_back(problem: Problem, places: list[list[int]]) -> Problem:
    path = problem.path
    if len(path) >= 4 and path[0] == "cards" and path[2] == "games":
        card, line = path[1], path[3]
        assert isinstance(card, int) and isinstance(line, int)
        return Problem((*path[:3], places[card][line], *path[4:]), problem.code,
                       problem.message)
    return problem


def seating_checks(loaded: Mapping[str, Any], body: Any,
                   refused: Refused) -> list[Problem]:
    """A name listed twice, among the names the schema could read."""
    names = body.get("players") if isinstance(body, Mapping) else None
    if not isinstance(names, list) or len(names) > MAX_PLAYERS:
        return []
    return problems_of(lambda: validate_roster(
        [name if isinstance(name, str) and not refused("players", i) else None
         for i, name in enumerate(names)]))


def _line(data: dict[str, Any]) -> Line:
    if data.get("bye"):
        return Line(None, round=data["round"])
    game = data.get("game")
    return Line(data["opponent"], Result(data["result"]), data.get("spread"),
                data.get("column"), data.get("game_points"), data.get("round"),
                None if game is None else Checked.from_scores(game["winner"], game["scores"]))


def scorecard(data: dict[str, Any]) -> Scorecard:
    totals = data.get("totals")
    return Scorecard(data["player"], tuple(_line(line) for line in data["games"]),
                     None if totals is None else Totals(**totals))


def tournaments_check() -> Response:
    """Cross-check a night's scorecards and rank the field

    Every player's scorecard as written, game by game. Each pair of lines is
    cross-checked as ACC Rule 12.2 rules (each ruling a finding citing "ACC 12.2.a"
    to "ACC 12.2.h"); the answer gives the corrected cards, the standings with every
    tiebreak, the apparent qualifiers the rulings used, the qualifiers (one in four,
    rounded up), and for a sanctioned event the first-round bracket with its byes. A
    line may carry a refereed game's result (`game`), which outranks both cards. A
    night that cannot be cross-checked (a player with two cards, an opponent without
    one, a spread beyond the target, game points contradicting the result) is a 422
    pointing at the card and line. See docs/rules.md#club-nights.
    ---
    operationId: checkTournament
    tags: [club]
    request: TournamentCheckRequest
    responses:
      200:
        description: The night cross-checked and ranked.
        schema: TournamentCheckResult
    """
    data = load_request(_night, read_json(), night_checks)
    target = data.get("target") or data["variant"].spec.target
    check = check_night([scorecard(card) for card in data["cards"]],
                        convention=data["convention"], event=data["event"], target=target,
                        tournament=data.get("tournament"))
    return jsonify(night_answer(check, data["event"]))


def tournaments_seating() -> Response:
    """A round-robin seating plan with byes

    For a roster and a number of games: no repeated opponent until everyone has met
    everyone, one bye a round for an odd roster, the same plan for the same seed.
    `table_cards` is the plan as text to print. See docs/rules.md#club-seating.
    ---
    operationId: seatTournament
    tags: [club]
    request: SeatingRequest
    responses:
      200:
        description: The seating plan.
        schema: SeatingResult
    """
    data = load_request(_seating, read_json(), seating_checks)
    validate_roster(data["players"])
    plan = seat(data["players"], data["games"], data["seed"])
    return jsonify(seating_answer(plan, data["seed"]))




class CardsFileSchema(StrictSchema):
    component = "ScorecardsFileRequest"
    description = "A night's scorecards as a CSV file's text (docs/rules.md#club-csv)."

    csv = String(required=True, validate=Size(1, MAX_CSV, "characters"), metadata={
        "description": "The file's text: a header (player, opponent, result; round, spread, "
        "game_points may be there too), then a row per game, as `muggins night` reads it.",
        "examples": ["player,round,opponent,result,spread\nann,1,bob,W,12\nbob,1,ann,L,12\n"]})


_cards_file = CardsFileSchema()


def tournaments_read() -> Response:
    """Read a night's scorecards from a CSV file

    The file's rows as the scorecards `/v1/tournaments/check` takes, read as `muggins
    night` reads them (docs/rules.md#club-csv). A file with a bad row is a 422 with a
    problem per row at `#/csv`: its `line` in the file, and the column in its `detail`.
    Nothing is cross-checked here.
    ---
    operationId: readScorecards
    tags: [club]
    request: ScorecardsFileRequest
    responses:
      200:
        description: The scorecards the file holds.
        schema: ScorecardsFile
    """
    data = load_request(_cards_file, read_json())
    try:
        cards = read_cards(data["csv"])
    except CsvError as error:
        raise InvalidRequest([{"pointer": "#/csv", "code": problem.code.value,
                               "detail": f"{problem.path[1]}: {problem.message}",
                               "line": problem.path[0]} for problem in error.problems]) from None
    return jsonify(cards_answer(cards))
