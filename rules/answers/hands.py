"""A hand's count and the ruling on its claim, as ``/v1/hands/check`` answers them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import ClaimRuling, Finding
from rules.show import HandCheck

__all__ = ["findings_answer", "hand_answer"]


def findings_answer(findings: Sequence[Finding]) -> list[dict[str, object]]:
    return [finding.to_dict() for finding in findings]


def hand_answer(result: HandCheck) -> dict[str, Any]:
    show = result.show
    out: dict[str, Any] = {
        "hand": [card.text for card in show.hand],
        "starter": show.starter.text,
        "crib": show.crib,
        "total": show.total,
        "breakdown": show.breakdown,
        "items": [
            # ItemKind is a str: its value as is, without the enum's property lookup
            {"kind": item.kind, "cards": [card.text for card in item.cards],
             "points": item.points}
            for item in show.items
        ],
        "call": show.call,
    }
    if result.ruling is not None:
        out.update(_ruling_answer(result.ruling))
    return out


_RULINGS: dict[int, tuple[ClaimRuling, dict[str, Any]]] = {}
_KEPT_RULINGS = 8192


def _ruling_answer(ruling: ClaimRuling) -> dict[str, Any]:
    """The ruling's part of an answer. Rulings cannot change and rules.show.hands hands out
    the same one for the same claim, so each is written once (and never modified:
    answers are only serialised)."""
    kept = _RULINGS.get(id(ruling))
    if kept is not None and kept[0] is ruling:
        return kept[1]
    out = {
        "claimed": ruling.claimed,
        "verdict": ruling.verdict.value,
        "findings": findings_answer(ruling.findings),
        "award": {"player": ruling.player_pegs, "opponent": ruling.opponent_pegs},
    }
    if len(_RULINGS) >= _KEPT_RULINGS:
        _RULINGS.clear()
    _RULINGS[id(ruling)] = (ruling, out)
    return out
