"""Reviews: a refereed deal or game judged against the best discard, play and count."""

from typing import TYPE_CHECKING

from rules.core.face import lazy

if TYPE_CHECKING:
    from rules.review.chances import DealChances, game_chances
    from rules.review.deal import (
        REVIEW_POSITIONS,
        Counted,
        CountReview,
        DealReview,
        DiscardReview,
        GameReview,
        Lost,
        Objective,
        objective_of,
        review_deal,
        review_game,
    )
    from rules.review.discard_win import NEAR_END, REVIEW_DEALS, REVIEW_SAMPLES, WinBy
    from rules.review.play import CardReview, PlayReview
    from rules.review.rating import SEAT_MEAN, Rating, rate_game
    from rules.review.skill import (
        BANDS,
        LUCK_WEIGHT,
        GameRating,
        PlayRating,
        band_of,
        rate_games,
        rate_play,
    )
    from rules.review.value import point_value

__all__ = [
    "BANDS",
    "LUCK_WEIGHT",
    "NEAR_END",
    "REVIEW_DEALS",
    "REVIEW_POSITIONS",
    "REVIEW_SAMPLES",
    "SEAT_MEAN",
    "CardReview",
    "CountReview",
    "Counted",
    "DealChances",
    "DealReview",
    "DiscardReview",
    "GameRating",
    "GameReview",
    "Lost",
    "Objective",
    "PlayRating",
    "PlayReview",
    "Rating",
    "WinBy",
    "band_of",
    "game_chances",
    "objective_of",
    "point_value",
    "rate_game",
    "rate_games",
    "rate_play",
    "review_deal",
    "review_game",
]

__getattr__, __dir__ = lazy(__name__)  # each name loaded when first used
