"""``/v1/games/check``: referee a whole game from its deals."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import ValidationError, validates_schema

from rules import check_game
from rules.answers import game_answer
from service.errors import Coded
from service.fields import CommonSchema, List, Nested, Size
from service.observability import count_findings
from service.v1.deals import scores_field, target_field
from service.v1.notation import Kind, notation_field, read_record
from service.v1.records import (
    DealFieldsSchema,
    game_checks,
    name_field,
    no_player_named_crib,
    player_names,
)

MAX_DEALS = 60
"""The most deals of any game: one to 181 (the seven-card game) or further."""
DEALS_TO_121 = 40
"""The most deals of a game to 121 or less: a real one takes about a dozen, a long one 20."""


def max_deals(target: int) -> int:
    return DEALS_TO_121 if target <= 121 else MAX_DEALS


class GameCheckSchema(CommonSchema):
    component = "GameCheckRequest"

    notation = notation_field(Kind.GAME, metadata={
        "description": "A game (docs/notation.md#a-game), in place of every other field but "
        "`ruleset` and `muggins`."})
    players = player_names(required=True, metadata={
        "description": "The table in play order: each player's left-hand neighbour follows "
        "them."})
    first_dealer = name_field(required=True)
    deals = List(Nested(DealFieldsSchema), required=True,
                 validate=Size(1, MAX_DEALS, "deals"), metadata={
                     "description": f"At most {DEALS_TO_121} deals in a game to 121 or less (61 "
                     f"and 121 points), at most {MAX_DEALS} in a longer one (the seven-card "
                     "game's 181): more than any real game reaches."})
    target = target_field()
    scores_before = scores_field(metadata={"description": (
        "The scores the game was joined at, by side as a deal's (a player, or in the "
        "four-player game a partnership named `a&c`), each below the target; a side left out "
        "has 0. The first deal sent is played from them and is deal 0. In the five-card game "
        "the three for last is counted in them: given, nothing is added "
        "(docs/rules.md#joined-game). Left out, the game is checked from its start.")})

    @validates_schema(skip_on_field_errors=False)  # beside any field's problem
    def _no_crib(self, data: dict[str, Any], **kwargs: Any) -> None:
        no_player_named_crib(data.get("players"))

    @validates_schema  # only when the variant, the target and the deals were all read
    def _deal_count(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "deals" not in data:
            return  # left to the notation (a notation that did not parse: read_record)
        target = data.get("target") or data["variant"].spec.target
        if len(data["deals"]) > max_deals(target):
            raise ValidationError(Coded("wrong-size", f"a game to {target} has at most "
                                        f"{max_deals(target)} deals, not {len(data['deals'])}"),
                                  field_name="deals")


_schema = GameCheckSchema()


def games_check() -> Response:
    """Referee a whole game from its deals

    Chains the deals from `first_dealer`, the deal passing to the left after each
    deal (a misdeal is dealt again by the same dealer), each deal starting from the
    scores the previous one left.
    ---
    operationId: checkGame
    tags: [play]
    request: GameCheckRequest
    responses:
      200:
        description: The game refereed.
        schema: GameCheckResult
    """
    sent = read_record(Kind.GAME, _schema, game_checks)
    data = sent.data
    table, deals, scores_before = sent.game()
    result = check_game(table, deals, ruleset=data["ruleset"], muggins=data["muggins"],
                        scores_before=scores_before)
    count_findings(result.findings)
    return jsonify(game_answer(result))
