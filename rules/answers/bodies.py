"""Records as the API takes them: a play, a deal or a game read from notation
(:mod:`rules.notation`) written as the JSON fields it stands for, so that a record in
notation is refereed as the same record sent as JSON (by the service, and by the
command line, which answers without it)."""

from __future__ import annotations

from typing import Any

from rules.deal import (
    deal_to_json,
    event_to_json,
    game_table_to_json,
    hands_to_json,
    scores_to_json,
    table_to_json,
)
from rules.notation import Deal, Game, Options, Play

__all__ = ["advice_body", "deal_body", "game_body", "options_body", "play_body"]


def options_body(options: Options) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if options.ruleset is not None:
        out["ruleset"] = options.ruleset.value
    if options.muggins is not None:
        out["muggins"] = options.muggins
    return out


def play_body(play: Play) -> tuple[dict[str, Any], Options]:
    out: dict[str, Any] = {"players": list(play.table.seats), "variant": play.table.variant.value,
                           "plays": [event_to_json(e) for e in play.events]}
    if play.hands is not None:
        out["hands"] = hands_to_json(play.hands)
    if play.in_progress:
        out["in_progress"] = True
    return out, play.options


def advice_body(play: Play) -> tuple[dict[str, Any], Options]:
    """The play so far; the advised player's hand, starter and discards stay JSON."""
    out: dict[str, Any] = {"players": list(play.table.seats), "variant": play.table.variant.value,
                           "plays": [event_to_json(e) for e in play.events]}
    if play.hands is not None:
        out["hands"] = hands_to_json(play.hands)  # refused by the schema: the hand is "hand"
    return out, play.options


def deal_body(deal: Deal) -> tuple[dict[str, Any], Options]:
    table = deal.table
    out: dict[str, Any] = {**table_to_json(table), **deal_to_json(deal.record)}
    if deal.scores_before is not None:
        out["scores_before"] = scores_to_json(deal.scores_before, table)
    if deal.in_progress:
        out["in_progress"] = True
    return out, deal.options


def game_body(game: Game) -> tuple[dict[str, Any], Options]:
    out: dict[str, Any] = {**game_table_to_json(game.table),
                           "deals": [deal_to_json(record) for record in game.deals]}
    if game.scores_before is not None:
        # The players were turned to name the table's sides: the scores' names are theirs.
        out["scores_before"] = dict(game.scores_before)
    return out, game.options
