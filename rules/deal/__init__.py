"""Whole deals and games: the cards dealt, heels, the play and the show pegged in order,
and the deal passing to the left until a side reaches the target; a deal's record, its
events and its table to and from JSON (:mod:`rules.deal.json_form`)."""

from rules.deal.check import Count, DealCheck, Heels, Stage, check_deal
from rules.deal.game import GameCheck, Margin, check_game, margin_lines
from rules.deal.json_form import (
    cards_from_json,
    deal_from_json,
    deal_to_json,
    event_from_json,
    event_to_json,
    events_from_json,
    game_table_from_json,
    game_table_to_json,
    hands_from_json,
    hands_to_json,
    scores_to_json,
    table_from_json,
    table_to_json,
)
from rules.deal.record import DealClaims, DealRecord, check_scores, kept, validate_deal

__all__ = [
    "Count",
    "DealCheck",
    "DealClaims",
    "DealRecord",
    "GameCheck",
    "Heels",
    "Margin",
    "Stage",
    "cards_from_json",
    "check_deal",
    "check_game",
    "check_scores",
    "deal_from_json",
    "deal_to_json",
    "event_from_json",
    "event_to_json",
    "events_from_json",
    "game_table_from_json",
    "game_table_to_json",
    "hands_from_json",
    "hands_to_json",
    "kept",
    "margin_lines",
    "scores_to_json",
    "table_from_json",
    "table_to_json",
    "validate_deal",
]
