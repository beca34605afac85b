"""``/v1/tournaments/ratings``: a club season's nights rated from their results
(docs/ratings.md)."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from rules.answers import season_answer
from rules.club import MAX_NIGHTS, Convention, rate_season
from service.body import read_json
from service.errors import load_request
from service.fields import Between, Enum, List, Nested, Size, StrictInt, StrictSchema, variant_field
from service.v1.tournaments import MAX_PLAYERS, MAX_SCORE, CardSchema, scorecard

__all__ = ["tournaments_ratings"]


class SeasonNightSchema(StrictSchema):
    component = "SeasonNight"
    description = "One club night: every player's scorecard, as /v1/tournaments/check takes them."

    cards = List(Nested(CardSchema), required=True, validate=Size(2, MAX_PLAYERS, "cards"))


class SeasonSchema(StrictSchema):
    component = "TournamentRatingsRequest"

    convention = Enum(Convention, load_default=Convention.ACC, metadata={
        "description": "How a game becomes game points, for the cross-check of each night."})
    variant = variant_field()
    target = StrictInt(validate=Between(1, MAX_SCORE), metadata={
        "description": "The game's target; the spread is 1 to it. Default: the variant's."})
    nights = List(Nested(SeasonNightSchema), required=True,
                  validate=Size(1, MAX_NIGHTS, "nights"), metadata={
                      "description": "The season's nights in the order they were played."})


_season = SeasonSchema()


def tournaments_ratings() -> Response:
    """Rate a club season's players from their results

    Each night's scorecards are cross-checked as `/v1/tournaments/check` does, then every
    game, won or lost, is fed in order (night by night; in a night, by round) to an
    OpenSkill (Weng-Lin Plackett-Luce) model, which keeps each player's rating and its
    uncertainty. The answer gives the ratings after the last night and after each night
    (ranked by `low`, the rating less three uncertainties), and the chance that each
    player beats each other. A night the cross-check refuses, one player named twice
    (two names that differ only in capitals or spacing) and an empty season are a 422
    pointing at the night, card and line. See docs/ratings.md.
    ---
    operationId: rateTournamentSeason
    tags: [club]
    request: TournamentRatingsRequest
    responses:
      200:
        description: The season's ratings.
        schema: SeasonRatings
    """
    data: dict[str, Any] = load_request(_season, read_json())
    target = data.get("target") or data["variant"].spec.target
    nights = [[scorecard(card) for card in night["cards"]] for night in data["nights"]]
    # A season the library refuses is its RecordError: the error layer's 422, pointed.
    season = rate_season(nights, convention=data["convention"], target=target)
    return jsonify(season_answer(season))
