"""``/v1/deals/review`` and ``/v1/games/review``: where the points went.

They take the checks' own records (and schemas): a review is the check's ruling
followed by the discard, the play and the count judged against the best.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import ValidationError, validates_schema

from rules import review_deal, review_game
from rules.answers import deal_review_answer, game_review_answer
from rules.review import game_chances, rate_game, rate_play
from service.errors import Coded
from service.observability import count_findings
from service.v1.chances import load_tables
from service.v1.deals import DealCheckSchema
from service.v1.games import GameCheckSchema
from service.v1.notation import Kind, read_record
from service.v1.records import (
    deal_checks,
    game_checks,
)


class DealReviewSchema(DealCheckSchema):
    """The check's record, finished: a review judges the whole deal."""

    @validates_schema(skip_on_field_errors=False)  # beside any field's problem
    def _finished(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("in_progress"):
            raise ValidationError(Coded("conflict", "a review needs the whole deal: "
                                        "in_progress must be false"), field_name="in_progress")


_deal_schema = DealReviewSchema()
_game_schema = GameCheckSchema()


def deals_review() -> Response:
    """Review one deal against the best discard, play and count

    Takes the `/v1/deals/check` record and referees it, then judges each player's
    discard against the best by exact net expected value for their seat, each
    card laid against the best legal alternative with every hand known
    (double-dummy, by exhaustive search), and each claim the check ruled on.

    The play's objective: the play point difference, between the two players,
    between the partnerships, or (three players, "paranoid") between the player
    whose card it is and the other two together. Values compare first on the
    game, then on the difference: a line on which the player's side reaches the
    target first during the play ranks above every line on which no side does,
    which ranks above every line on which another side does; among lines alike
    in that, the greater difference (up to the moment the game is won) is better.

    A card's `loss` is the difference given up against the best alternative (0
    for a best play); a card that gives up the game has `game: true` and its
    `loss` counts only the difference, never below 0. A go is forced and carries
    no loss. The review stops where the record leaves legal play (see the
    findings), once the game is won, or where the request's search budget is
    spent; cards from there have `loss: null`.
    ---
    operationId: reviewDeal
    tags: [review]
    request: DealCheckRequest
    responses:
      200:
        description: The deal reviewed.
        schema: DealReviewResult
    """
    sent = read_record(Kind.DEAL, _deal_schema, deal_checks, finished=True)
    data = sent.data
    table, record, scores_before, _ = sent.deal()
    review = review_deal(record, table=table, ruleset=data["ruleset"], muggins=data["muggins"],
                         scores_before=scores_before, tables=load_tables())
    count_findings(review.check.findings)
    return jsonify(deal_review_answer(review))


def games_review() -> Response:
    """Review a whole game, deal by deal

    Takes the `/v1/games/check` record; each deal is reviewed as by
    `/v1/deals/review`, from the scores the game had reached, and `lost` sums each
    player's losses over the game.
    ---
    operationId: reviewGame
    tags: [review]
    request: GameCheckRequest
    responses:
      200:
        description: The game reviewed.
        schema: GameReviewResult
    """
    sent = read_record(Kind.GAME, _game_schema, game_checks)
    data = sent.data
    table, deals, scores_before = sent.game()
    review = review_game(table, deals, ruleset=data["ruleset"], muggins=data["muggins"],
                         scores_before=scores_before, tables=load_tables())
    check = review.check
    count_findings(check.findings)
    rated = rate_game(review, deals, load_tables())
    return jsonify(game_review_answer(review, table.variant,
                                      game_chances(check, table, load_tables()), rated,
                                      rate_play(review, deals, load_tables(), rated)))
