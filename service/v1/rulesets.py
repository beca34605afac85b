"""``GET /v1/rulesets``: each profile and its remedies in words."""

from __future__ import annotations

from flask import Response, jsonify

from rules import Ruleset


def rulesets() -> Response:
    """The rulesets and their remedies, in words

    ---
    operationId: listRulesets
    tags: [reference]
    responses:
      200:
        description: Every ruleset.
        schema: Rulesets
    """
    return jsonify({
        "rulesets": [
            {
                "id": ruleset.value,
                "name": ruleset.spec.name,
                "source": ruleset.spec.source,
                "default": ruleset is Ruleset.ACC,
                "remedies": ruleset.spec.remedies,
            }
            for ruleset in Ruleset
        ],
        "muggins": "a switch on every ruleset, off by default: the opponent may take points a "
        "player missed (never heels, penalties, or a missed muggins)",
    })
