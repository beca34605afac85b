"""``/v1/deals/review`` and ``/v1/games/review``: where the points went.

They take the checks' own records (and schemas): a review is the check's ruling
followed by the discard, the play and the count judged against the best.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from flask import Response, jsonify
from marshmallow import ValidationError, validates_schema

from rules import (
    Counted,
    CountReview,
    DealReview,
    DiscardReview,
    Lost,
    PlayReview,
    objective_of,
    review_deal,
    review_game,
)
from rules.review import DealChances, Rating, game_chances, rate_game
from service.errors import Coded, load_request
from service.observability import count_findings
from service.v1.chances import load_tables
from service.v1.deals import DealCheckSchema
from service.v1.games import GameCheckSchema
from service.v1.hands import findings_out
from service.v1.notation import Kind, read_record
from service.v1.records import (
    CRIB,
    deal_checks,
    deal_record,
    game_checks,
    game_table,
    table_of,
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


def number(value: Fraction) -> float:
    return round(float(value), 6)


def _discard_out(review: DiscardReview) -> dict[str, Any]:
    chosen, best = review.chosen, review.best
    return {
        "discard": [c.text for c in chosen.discard],
        "keep": [c.text for c in chosen.keep],
        "net_ev": number(chosen.net),
        "best": {"discard": [c.text for c in best.discard], "keep": [c.text for c in best.keep],
                 "net_ev": number(best.net)},
        "loss": number(review.loss),
        "rank": review.rank,
        "options": review.options,
        # The chance of winning given up (docs/chances.md); null where no table covers
        # the game, and then win_by is null too.
        "win_loss": None if review.win_loss is None else round(review.win_loss, 6),
        "win_by": None if review.win_by is None else review.win_by.value,
        "best_by_win": None if review.best_by_win is None else {
            "discard": [c.text for c in review.best_by_win.discard],
            "keep": [c.text for c in review.best_by_win.keep]},
        "exact": {"loss": str(review.loss), "net_ev": str(chosen.net),
                  "best_net_ev": str(best.net)},
    }


def _play_out(review: PlayReview) -> dict[str, Any]:
    return {
        "cards": [{"index": c.index, "player": c.player, "card": c.card.text, "loss": c.loss,
                   "best": [b.text for b in c.best], "game": c.game,
                   "win_loss": None if c.win_loss is None else round(c.win_loss, 6)}
                  for c in review.cards],
        "stopped_at": review.stopped_at,
        "reason": review.reason,
    }


def _count_out(review: CountReview) -> dict[str, Any]:
    # What was counted: "heels", the player's name for their hand, or "crib".
    what = {Counted.HEELS: "heels", Counted.CRIB: CRIB}.get(review.what, review.player)
    return {"what": what, "player": review.player, "claimed": review.claimed,
            "true": review.true, "pegged": review.pegged, "conceded": review.conceded,
            "loss": review.loss}


def _lost_out(lost: dict[str, Lost]) -> dict[str, Any]:
    return {player: {"discard": number(each.discard), "play": each.play, "count": each.count,
                     "exact": {"discard": str(each.discard)}}
            for player, each in lost.items()}


def deal_review_out(review: DealReview) -> dict[str, Any]:
    check = review.check
    return {
        "discards": {p: _discard_out(d) for p, d in review.discards.items()},
        "play": None if review.play is None else _play_out(review.play),
        "count": [_count_out(c) for c in review.count],
        "lost": _lost_out(review.lost),
        "findings": findings_out(check.findings),
        "scores_after": check.scores_after,
        "winner": check.winner,
        "won_during": None if check.won_during is None else check.won_during.value,
    }


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
    data = load_request(_deal_schema, read_record(Kind.DEAL, _deal_schema), deal_checks)
    review = review_deal(deal_record(data), table=table_of(data), ruleset=data["ruleset"],
                         muggins=data["muggins"], scores_before=data.get("scores_before"),
                         tables=load_tables())
    count_findings(review.check.findings)
    return jsonify({"objective": objective_of(data["variant"]), **deal_review_out(review),
                    "target": review.check.target})


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
    body = read_record(Kind.GAME, _game_schema)
    data = load_request(_game_schema, body, game_checks)
    deals = [deal_record(d) for d in data["deals"]]
    review = review_game(game_table(data, body), deals,
                         ruleset=data["ruleset"], muggins=data["muggins"],
                         scores_before=data.get("scores_before"), tables=load_tables())
    check = review.check
    count_findings(check.findings)
    return jsonify({
        "objective": objective_of(data["variant"]),
        "deals": [{"deal": number_, "dealer": dealer, **deal_review_out(deal)}
                  for number_, (deal, dealer) in enumerate(zip(review.deals, check.dealers,
                                                               strict=True))],
        "lost": _lost_out(review.lost),
        "scores": check.scores,
        "winner": check.winner,
        "margin": None if check.margin is None else check.margin.value,
        "findings": findings_out(check.findings),
        "target": check.target,
        "chances": _chances_out(game_chances(check, game_table(data, body), load_tables())),
        "players": _players_out(rate_game(review, deals, load_tables())),
    })


def _players_out(found: dict[str, Rating] | None) -> dict[str, Any] | None:
    """Each player's error rate and luck (docs/chances.md); None where no table covers
    the game."""
    if found is None:
        return None
    # "+ 0.0": a luck that rounds to nothing is 0.0, never -0.0.
    return {player: {"error_rate": round(r.error_rate, 6), "decisions": r.decisions,
                     "luck": round(r.luck, 6) + 0.0} for player, r in found.items()}


def _chances_out(found: tuple[DealChances, ...] | None) -> list[dict[str, Any]] | None:
    """Each deal's chances of winning (docs/chances.md); None where no table covers the
    game."""
    if found is None:
        return None
    return [{"deal": number, "win": _rounded(deal.before),
             "after_play": None if deal.after_play is None else _rounded(deal.after_play),
             "after_show": None if deal.after_show is None else _rounded(deal.after_show)}
            for number, deal in enumerate(found)]


def _rounded(chances: dict[str, float]) -> dict[str, float]:
    return {side: round(value, 6) for side, value in chances.items()}
