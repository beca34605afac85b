"""The chance of winning from a position, as ``/v1/chances`` answers it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.answers.advice import table_answer
from rules.chances import ChanceTable, Part, PositionChances
from rules.club import Convention
from rules.core import Table

__all__ = ["chances_answer"]


def _by_side(pair: tuple[float, float], names: tuple[str, str]) -> dict[str, float]:
    return {name: round(value, 6) for name, value in zip(names, pair, strict=True)}


def chances_answer(found: PositionChances, table: Table, scores: Mapping[str, int],
                   after: Part | None, chance_table: ChanceTable) -> dict[str, Any]:
    """Each side's chances, and game points as the ACC awards them."""
    names = (found.pone, found.dealer)
    points = Convention.ACC.spec
    return {
        "variant": table.variant.value,
        "target": table.target,
        "pone": found.pone,
        "dealer": found.dealer,
        "scores": {name: scores[name] for name in names},
        "after": None if after is None else after.word,
        "win": _by_side(found.chances.win, names),
        "skunk": _by_side(found.chances.skunk, names),
        "double_skunk": _by_side(found.chances.double_skunk, names),
        "game_points": _by_side(found.chances.game_points(
            points.win, points.skunk, points.double_skunk), names),
        "interval": round(found.chances.interval, 6),
        "samples": found.samples,
        "table": table_answer(chance_table),
    }
