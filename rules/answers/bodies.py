"""Records as the API takes them: a play, a deal or a game read from notation
(:mod:`rules.notation`) written as the JSON fields it stands for, so that a record in
notation is refereed as the same record sent as JSON (by the service, and by the
command line, which answers without it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import PARTNERS, Card, Table
from rules.deal import DealRecord
from rules.notation import Deal, Game, Options, Play
from rules.play import PlayEvent

__all__ = ["advice_body", "deal_body", "game_body", "options_body", "play_body"]


def options_body(options: Options) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if options.ruleset is not None:
        out["ruleset"] = options.ruleset.value
    if options.muggins is not None:
        out["muggins"] = options.muggins
    return out


def _cards(cards: Sequence[Card]) -> list[str]:
    return [card.text for card in cards]


def _by_player(mapping: Mapping[str, Sequence[Card]]) -> dict[str, list[str]]:
    return {player: _cards(cards) for player, cards in mapping.items()}


def _event(event: PlayEvent) -> dict[str, Any]:
    out: dict[str, Any] = {"player": event.player}
    if event.card is None:
        out["go"] = True
    else:
        out["card"] = event.card.text
    if event.claimed is not None:
        out["claimed"] = event.claimed
    if event.claimed_go is not None:
        out["claimed_go"] = event.claimed_go
    return out


def play_body(play: Play) -> tuple[dict[str, Any], Options]:
    out: dict[str, Any] = {"players": list(play.table.seats), "variant": play.table.variant.value,
                           "plays": [_event(e) for e in play.events]}
    if play.hands is not None:
        out["hands"] = _by_player(play.hands)
    if play.in_progress:
        out["in_progress"] = True
    return out, play.options


def advice_body(play: Play) -> tuple[dict[str, Any], Options]:
    """The play so far; the advised player's hand, starter and discards stay JSON."""
    out: dict[str, Any] = {"players": list(play.table.seats), "variant": play.table.variant.value,
                           "plays": [_event(e) for e in play.events]}
    if play.hands is not None:
        out["hands"] = _by_player(play.hands)  # refused by the schema: the hand is "hand"
    return out, play.options


def _deal_fields(record: DealRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"dealt": _by_player(record.dealt)}
    if record.discards is not None:
        out["discards"] = _by_player(record.discards)
    if record.crib_card is not None:
        out["crib_card"] = record.crib_card.text
    if record.starter is not None:
        out["starter"] = record.starter.text
    if record.plays is not None:
        out["plays"] = [_event(e) for e in record.plays]
    claims = record.claims
    if claims is not None:
        said: dict[str, Any] = {}
        if claims.heels is not None:
            said["heels"] = claims.heels
        if claims.hands:
            said["hands"] = dict(claims.hands)
        if claims.crib is not None:
            said["crib"] = claims.crib
        out["claims"] = said
    return out


def _side_names(table: Table) -> dict[str, str]:
    """The table's side names as the JSON record names them: from the seats in order
    (``a&c`` and ``b&d`` for seats a b c d), which is what it is unless the table says
    ``; sides``."""
    names: dict[str, str] = {}
    for partnership in table.variant.spec.partnerships:
        members = [table.seats[i] for i in partnership]
        names[table.side_of(members[0]).name] = PARTNERS.join(members)
    return names


def deal_body(deal: Deal) -> tuple[dict[str, Any], Options]:
    table = deal.table
    out: dict[str, Any] = {"players": list(table.seats), "variant": table.variant.value,
                           "target": table.target, **_deal_fields(deal.record)}
    if deal.scores_before is not None:
        names = _side_names(table)
        out["scores_before"] = {names.get(side, side): score
                                for side, score in deal.scores_before.items()}
    if deal.in_progress:
        out["in_progress"] = True
    return out, deal.options


def game_body(game: Game) -> tuple[dict[str, Any], Options]:
    table = game.table
    seats = list(table.seats)
    # The game names its partnerships from its players in the order sent: turn the seats
    # so that they name the table's sides.
    wanted = {side.name for side in table.sides}
    for turn in range(len(seats)):
        turned = seats[turn:] + seats[:turn]
        if {side.name for side in Table.seat(table.variant, turned).sides} == wanted:
            seats = turned
            break
    out: dict[str, Any] = {"players": seats, "first_dealer": table.dealer,
                           "variant": table.variant.value, "target": table.target,
                           "deals": [_deal_fields(record) for record in game.deals]}
    if game.scores_before is not None:
        # The seats were turned to name the table's sides: the scores' names are theirs.
        out["scores_before"] = dict(game.scores_before)
    return out, game.options
