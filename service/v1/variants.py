"""``GET /v1/variants``: every fact a client needs to lay out a table, from the library."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from rules.core import TWO_PLAYERS, Ruleset, Variant
from rules.deal import margin_lines


def variant_out(variant: Variant) -> dict[str, Any]:
    spec = variant.spec
    return {
        "name": variant.value,
        "players": spec.players,
        "dealt": spec.dealt,
        "kept": spec.hand_size,
        "to_crib": spec.to_crib,
        "crib_card": spec.crib_cards_dealt,
        "crib": spec.crib_size,
        "target": spec.target,
        "single_count": spec.single_count,
        "last_for_three": spec.last_for_three,
        "partnerships": [list(pair) for pair in spec.partnerships],
        # Only the two-player game names its seats by default; bigger tables name theirs.
        "seats": list(TWO_PLAYERS) if spec.players == len(TWO_PLAYERS) else None,
        "margins": {ruleset.value: _margins(spec.target, ruleset) for ruleset in Ruleset},
    }


def _margins(target: int, ruleset: Ruleset) -> dict[str, Any]:
    return {"rule": ruleset.spec.margin.value,
            "below": {won_by.value: line for won_by, line in margin_lines(target, ruleset).items()}}


_ANSWER = {"variants": [variant_out(variant) for variant in Variant]}


def variants() -> Response:
    """Each variant's facts, to lay out a table

    One entry per variant, in the order of the `Variant` enum: the seats, the cards
    dealt and kept, what goes to the crib, the target, and how each ruleset measures
    a big win. Taken from the library's own tables, so a client need keep no copy.
    ---
    operationId: listVariants
    tags: [reference]
    responses:
      200:
        description: Every variant.
        schema: Variants
    """
    return jsonify(_ANSWER)
