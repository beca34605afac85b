"""A deal or a game as a share link holds it (docs/notation.md#share-links), written as
the API writes it: the record's canonical text, its parts by seat for a client to fill
its fields with, the seats of the next deal, and the link. A client keeps no copy of the
notation, the link format or the seat rotation: each comes from here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.core import Ruleset, Table, quote_name
from rules.deal import DealRecord
from rules.notation import Deal, Game, LinkError, Options, deal_lines, event_text, link_text

__all__ = ["names_answer", "shared_answer"]


def shared_answer(record: Deal | Game, ruleset: Ruleset, muggins: bool) -> dict[str, Any]:
    """The record read, with the rules it is ruled under (the record's own options win)
    and its link, or why it has none."""
    ruleset = record.options.ruleset or ruleset
    muggins = muggins if record.options.muggins is None else record.options.muggins
    bare = replace(record, options=Options())
    table = record.table
    deals = record.deals if isinstance(record, Game) else (record.record,)
    tables = [table]
    for _ in deals:
        tables.append(tables[-1].next_deal())
    out: dict[str, Any] = {
        "kind": "game" if isinstance(record, Game) else "deal",
        "notation": str(bare) + "\n",
        "variant": table.variant.value,
        "ruleset": ruleset.value,
        "muggins": muggins,
        "target": table.target,
        "players": list(table.seats),
        "sides": [side.name for side in table.sides],
        "scores_before": None if record.scores_before is None else dict(record.scores_before),
        "deals": [_deal(deal, seated, table) for deal, seated in zip(deals, tables, strict=False)],
        "in_progress": isinstance(record, Deal) and record.in_progress,
        "next_players": list(tables[-1].seats),
    }
    try:
        out["link"] = link_text(bare, ruleset, muggins)
    except LinkError as error:
        out["link"] = None
        out["no_link"] = str(error)
    return out


def _deal(deal: DealRecord, seated: Table, first: Table) -> dict[str, Any]:
    seats = seated.seats
    claims = deal.claims
    discards = deal.discards or {}
    return {
        "players": list(seats),
        "dealt": {player: [card.text for card in deal.dealt.get(player, ())] for player in seats},
        "discards": {player: [card.text for card in discards.get(player, ())] for player in seats},
        "crib_card": None if deal.crib_card is None else deal.crib_card.text,
        "starter": None if deal.starter is None else deal.starter.text,
        "heels": None if claims is None else claims.heels,
        "play": None if deal.plays is None else [event_text(event) for event in deal.plays],
        "hands": {} if claims is None else dict(claims.hands),
        "crib": None if claims is None else claims.crib,
        # As a game writes it: the names of its first table, in that table's order.
        "lines": deal_lines(deal, first.seats),
    }


def names_answer(names: Sequence[str]) -> dict[str, Any]:
    """Each name as the notation writes it (bare, or quoted: docs/notation.md#names)."""
    return {"names": [{"name": name, "notation": quote_name(name)} for name in names]}
