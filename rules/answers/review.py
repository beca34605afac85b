"""Reviews as the API answers them: where the points went in a deal
(``/v1/deals/review``) or a game (``/v1/games/review``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.answers.advice import number
from rules.answers.hands import findings_answer
from rules.answers.records import CRIB
from rules.core import Variant
from rules.review import (
    Counted,
    CountReview,
    DealChances,
    DealReview,
    DiscardReview,
    GameRating,
    GameReview,
    Lost,
    Objective,
    PlayReview,
    Rating,
    objective_of,
)

__all__ = ["OBJECTIVES", "deal_review_answer", "game_review_answer"]

_FIRST = "reaching the target first during the play ranks above any difference"
OBJECTIVES = {
    Objective.PLAYERS: f"the play point difference between the two players; {_FIRST}",
    Objective.PARANOID: ("the play point difference between each player and the other two "
                         "together (paranoid: the other two play against the player "
                         f"reviewed); {_FIRST}"),
    Objective.PARTNERSHIPS: f"the play point difference between the partnerships; {_FIRST}",
}
"""What a review's play values measure, in words (``objective`` in the answer)."""


def _discard(review: DiscardReview) -> dict[str, Any]:
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
        "within_interval": review.within_interval,
        "exact": {"loss": str(review.loss), "net_ev": str(chosen.net),
                  "best_net_ev": str(best.net)},
    }


def _play(review: PlayReview) -> dict[str, Any]:
    return {
        "cards": [{"index": c.index, "player": c.player, "card": c.card.text, "loss": c.loss,
                   "best": [b.text for b in c.best], "game": c.game,
                   "win_loss": None if c.win_loss is None else round(c.win_loss, 6)}
                  for c in review.cards],
        "stopped_at": review.stopped_at,
        "reason": review.reason,
    }


def _count(review: CountReview) -> dict[str, Any]:
    # What was counted: "heels", the player's name for their hand, or "crib".
    what = {Counted.HEELS: "heels", Counted.CRIB: CRIB}.get(review.what, review.player)
    return {"what": what, "player": review.player, "claimed": review.claimed,
            "true": review.true, "pegged": review.pegged, "conceded": review.conceded,
            "loss": review.loss}


def _lost(lost: dict[str, Lost]) -> dict[str, Any]:
    return {player: {"discard": number(each.discard), "play": each.play, "count": each.count,
                     "exact": {"discard": str(each.discard)}}
            for player, each in lost.items()}


def _deal(review: DealReview) -> dict[str, Any]:
    check = review.check
    return {
        "discards": {p: _discard(d) for p, d in review.discards.items()},
        "play": None if review.play is None else _play(review.play),
        "count": [_count(c) for c in review.count],
        "lost": _lost(review.lost),
        "findings": findings_answer(check.findings),
        "scores_after": check.scores_after,
        "winner": check.winner,
        "won_during": None if check.won_during is None else check.won_during.value,
    }


def deal_review_answer(review: DealReview) -> dict[str, Any]:
    return {"objective": OBJECTIVES[objective_of(review.check.table.variant)], **_deal(review),
            "target": review.check.target}


def _players(found: dict[str, Rating] | None,
             rated: dict[str, GameRating] | None = None) -> dict[str, Any] | None:
    """Each player's error rate and luck (docs/chances.md), and with ``rated`` their play
    rating and luck-adjusted result (docs/rating.md); None where no table covers the
    game."""
    if found is None:
        return None
    # "+ 0.0": a figure that rounds to nothing is 0.0, never -0.0.
    answer: dict[str, Any] = {
        player: {"error_rate": round(r.error_rate, 6), "decisions": r.decisions,
                 "luck": round(r.luck, 6) + 0.0} for player, r in found.items()}
    for player, each in (rated or {}).items():
        play = each.play
        answer[player].update({
            "rating": {"value": round(play.rating, 3) + 0.0, "band": play.band,
                       **{part: round(value, 3) + 0.0 for part, value in play.parts.items()}},
            "result": each.result,
            "net_luck": round(each.net_luck, 6) + 0.0,
            "luck_adjusted": round(each.luck_adjusted, 6) + 0.0,
        })
    return answer


def _rounded(chances: dict[str, float]) -> dict[str, float]:
    return {side: round(value, 6) for side, value in chances.items()}


def _chances(found: Sequence[DealChances] | None) -> list[dict[str, Any]] | None:
    """Each deal's chances of winning (docs/chances.md); None where no table covers the
    game."""
    if found is None:
        return None
    return [{"deal": n, "win": _rounded(deal.before),
             "after_play": None if deal.after_play is None else _rounded(deal.after_play),
             "after_show": None if deal.after_show is None else _rounded(deal.after_show)}
            for n, deal in enumerate(found)]


def game_review_answer(review: GameReview, variant: Variant,
                       chances: Sequence[DealChances] | None,
                       ratings: dict[str, Rating] | None,
                       rated: dict[str, GameRating] | None = None) -> dict[str, Any]:
    """The review of a game of ``variant``, with its deals' ``chances``
    (``game_chances``), each player's ``ratings`` (``rate_game``) and their play ratings
    (``rate_play``)."""
    check = review.check
    return {
        "objective": OBJECTIVES[objective_of(variant)],
        "deals": [{"deal": n, "dealer": dealer, **_deal(deal)}
                  for n, (deal, dealer) in enumerate(zip(review.deals, check.dealers,
                                                         strict=True))],
        "lost": _lost(review.lost),
        "scores": check.scores,
        "winner": check.winner,
        "margin": None if check.margin is None else check.margin.value,
        "findings": findings_answer(check.findings),
        "target": check.target,
        "chances": _chances(chances),
        "players": _players(ratings, rated),
    }
