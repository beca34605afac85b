"""The shapes of the API's answers, for type checkers: each the contract's own schema,
as muggins/schema.py has it (generated from openapi.yaml by ``make clients``), under
the name the client gives it. Nothing here is written by hand but the names, and the
finding codes known today (the contract lists them as ``x-extensible-enum``, a plain
string to a generator; tests/service/test_lists.py holds them equal to the library's)."""

from __future__ import annotations

from typing import Literal

from muggins import schema

__all__ = [
    "Advice", "Award", "CardEvent", "CardReview", "ChanceTableFacts", "Chances", "DealCheck",
    "DealPart", "DealReview", "DiscardOption", "DiscardReview", "Finding", "FindingCode",
    "GameCheck", "GameDealReview", "GameReview", "GoEvent", "HandCheck", "Lost", "Margin",
    "Next", "PegKind", "PegScore", "PeggingCheck", "Phase", "PlayAdvice", "PlayEvent",
    "PlayOption", "PlayReview", "PlayerFigures", "Problem", "Ruleset", "ScoredEvent",
    "ShowItem", "Stage", "Variant",
]

Variant = schema.Variant
Ruleset = schema.Ruleset
FindingCode = Literal["overcount", "undercount", "muggins", "impossible-claim", "over-31",
                      "out-of-turn", "renege", "card-not-held", "card-already-played",
                      "cards-left-unplayed", "heels-forfeited", "misdeal",
                      "false-claim-of-game", "ambiguous-record", "spread-disagreement",
                      "spread-on-one-card", "results-disagree", "spread-wrong-column",
                      "game-points-corrected", "totals-corrected", "no-harm-no-foul",
                      "game-on-one-card", "spread-missing", "game-record-outranks"]
PegKind = schema.PegKind
Stage = schema.Stage
"""The part of a deal in which it was won, or None."""
Margin = schema.Margin
"""How a game was won, or None while it is not."""
Phase = schema.Phase
DealPart = schema.DealPart
"""The parts of a deal in the order they are pegged (``/v1/chances``'s ``after``)."""

# What a client sends.
PlayEvent = schema.PlayEvent
"""A card laid or a go, never both: a card event with ``go``, or a go with a ``card``,
is refused by the type checker (``Never``) as by the service (422 ``card-and-go``)."""
CardEvent = schema.CardEvent
GoEvent = schema.GoEvent

# What comes back.
Problem = schema.Problem
Finding = schema.Finding
ShowItem = schema.ShowItem
Award = schema.Award
HandCheck = schema.HandCheckResult
PegScore = schema.PegScore
ScoredEvent = schema.ScoredEvent
Next = schema.Next
PeggingCheck = schema.PeggingCheckResult
DealCheck = schema.DealCheckResult
GameCheck = schema.GameCheckResult
DiscardOption = schema.AdviseOption
Advice = schema.AdviseResult
CardReview = schema.CardReview
PlayReview = schema.PlayReview
Lost = schema.PlayerLoss
"""One player's losses over a deal or a game (a review's ``lost`` holds one a player)."""
DiscardReview = schema.DiscardReview
PlayerFigures = schema.PlayerFigures
DealReview = schema.DealReviewResult
GameDealReview = schema.GameDealReview
"""A deal of a game's review: the deal's review with its number and dealer."""
GameReview = schema.GameReviewResult
PlayOption = schema.PlayOption
PlayAdvice = schema.PeggingAdviseResult
ChanceTableFacts = schema.ChanceTableFacts
Chances = schema.ChancesResult
