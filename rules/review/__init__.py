"""Reviews: a refereed deal or game judged against the best discard, play and count."""

from rules.review.chances import DealChances, game_chances
from rules.review.deal import (
    REVIEW_POSITIONS,
    Counted,
    CountReview,
    DealReview,
    DiscardReview,
    GameReview,
    Lost,
    objective_of,
    review_deal,
    review_game,
)
from rules.review.play import CardReview, PlayReview

__all__ = [
    "REVIEW_POSITIONS",
    "CardReview",
    "CountReview",
    "Counted",
    "DealChances",
    "DealReview",
    "DiscardReview",
    "GameReview",
    "Lost",
    "PlayReview",
    "game_chances",
    "objective_of",
    "review_deal",
    "review_game",
]
