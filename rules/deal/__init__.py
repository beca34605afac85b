"""Whole deals and games: the cards dealt, heels, the play and the show pegged in order,
and the deal passing to the left until a side reaches the target."""

from rules.deal.check import Count, DealCheck, Heels, Stage, check_deal
from rules.deal.game import GameCheck, Margin, check_game, margin_lines
from rules.deal.record import DealClaims, DealRecord, check_scores, deal_problems, kept

__all__ = [
    "Count",
    "DealCheck",
    "DealClaims",
    "DealRecord",
    "GameCheck",
    "Heels",
    "Margin",
    "Stage",
    "check_deal",
    "check_game",
    "check_scores",
    "deal_problems",
    "kept",
    "margin_lines",
]
